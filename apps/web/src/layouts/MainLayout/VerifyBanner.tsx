/**
 * The verification-tip banner (spec p2 §2 "A banner shows the verification tip with an action
 * link"; tips of p2 §4): shown while logged in with userStatus ≠ 3. Not verified (1) and failed (4)
 * link to the KYC page of the account type (/organization-kyc for companies, /personage-kyc for
 * individuals); under review (2) only informs. Company members see the parent-company tip instead.
 * Plain markup.
 */
import { Link } from 'react-router';
import { COMPANY_NOT_VERIFIED_TIP, USER_STATUS, USER_STATUS_TIP } from '@cunzheng/contract/constants';
import type { UserInfo } from '../../api/types';

/** The KYC page of an account: companies (status 2) /organization-kyc, others /personage-kyc. */
export const kycPath = (u: Pick<UserInfo, 'status'>): string => (Number(u.status) === 2 ? '/organization-kyc' : '/personage-kyc');

export function VerifyBanner({ userInfo, role }: { userInfo: UserInfo | null; role: string }) {
  if (!userInfo) return null;
  const status = Number(userInfo.userStatus);
  if (role === '2') {
    const company = Number(userInfo.companyStatus);
    if (userInfo.companyStatus === undefined || company === USER_STATUS.passed) return null;
    return (
      <div className="verify-banner verify-banner-warning" role="status">
        <span>{COMPANY_NOT_VERIFIED_TIP}</span>
      </div>
    );
  }
  if (status === USER_STATUS.passed) return null;
  const tip = USER_STATUS_TIP[status] ?? USER_STATUS_TIP[USER_STATUS.notVerified];
  const kind = status === USER_STATUS.failed ? 'error' : status === USER_STATUS.underReview ? 'info' : 'warning';
  return (
    <div className={`verify-banner verify-banner-${kind}`} role="status">
      <span>{tip}</span>
      {status !== USER_STATUS.underReview ? (
        <Link to={kycPath(userInfo)} className="verify-banner-link">
          {status === USER_STATUS.failed ? '重新认证' : '立即认证'}
        </Link>
      ) : null}
    </div>
  );
}
