/**
 * The verification-tip banner (spec p2 §2 "A banner shows the verification tip with an action
 * link"; tips of p2 §4): shown while logged in with userStatus ≠ 3. Not verified (1) and failed (4)
 * link to the KYC page of the account type (/organization-kyc for companies, /personage-kyc for
 * individuals); under review (2) only informs. Company members also see the parent-company tip.
 */
import { Link } from 'react-router';
import { Alert } from 'antd';
import { COMPANY_NOT_VERIFIED_TIP, USER_STATUS, USER_STATUS_TIP } from '@cunzheng/contract/constants';
import type { UserInfo } from '../../api/types';

/** The KYC page of an account: companies (status 2) /organization-kyc, others /personage-kyc. */
export const kycPath = (u: Pick<UserInfo, 'status'>): string => (u.status === 2 ? '/organization-kyc' : '/personage-kyc');

export function VerifyBanner({ userInfo, role }: { userInfo: UserInfo | null; role: string }) {
  if (!userInfo) return null;
  const status = Number(userInfo.userStatus);
  if (role === '2' && userInfo.companyStatus !== undefined && Number(userInfo.companyStatus) !== USER_STATUS.passed) {
    return <Alert banner type="warning" title={COMPANY_NOT_VERIFIED_TIP} />;
  }
  if (status === USER_STATUS.passed || role === '2') return null;
  const tip = USER_STATUS_TIP[status] ?? USER_STATUS_TIP[USER_STATUS.notVerified];
  const actionable = status !== USER_STATUS.underReview;
  return (
    <Alert
      banner
      type={status === USER_STATUS.failed ? 'error' : status === USER_STATUS.underReview ? 'info' : 'warning'}
      title={
        <span className="verify-banner">
          <span>{tip}</span>
          {actionable ? (
            <Link to={kycPath(userInfo)} className="verify-banner-link">
              {status === USER_STATUS.failed ? '重新认证' : '立即认证'}
            </Link>
          ) : null}
        </span>
      }
    />
  );
}
