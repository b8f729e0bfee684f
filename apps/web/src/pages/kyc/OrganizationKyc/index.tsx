/**
 * /organization-kyc 企业认证 (issue 14 §2; spec p2 §2–5). Company accounts only (personal accounts are sent to
 * /personage-kyc). userStatus 1 or 4: the form; 2: under review; 3: verified → link to /kyc-info.
 */
import { Link, Navigate } from 'react-router';
import { Button, Card, Result, Spin } from 'antd';
import { USER_STATUS_TIP } from '@cunzheng/contract/constants';
import { useSession } from '../../../stores/session';
import { useAuthInfo } from '../shared/useKyc';
import { EnterpriseForm } from './EnterpriseForm';
import '../shared/kyc.css';

export default function OrganizationKycPage() {
  const { userInfo } = useSession();
  const q = useAuthInfo();
  if (userInfo && Number(userInfo.status) !== 2) return <Navigate to="/personage-kyc" replace />;
  const status = Number(q.data?.userStatus ?? userInfo?.userStatus ?? 1);
  let body;
  if (q.isPending) body = <Spin />;
  else if (status === 2) body = <Result status="info" title="审核中" subTitle={USER_STATUS_TIP[2]} />;
  else if (status === 3) body = <Result status="success" title="企业认证成功" extra={<Link to="/kyc-info"><Button type="primary">查看认证信息</Button></Link>} />;
  else body = <EnterpriseForm info={q.data} />;
  return (
    <div className="kyc-page">
      <Card title="企业认证">{body}</Card>
    </div>
  );
}
