/**
 * /personage-kyc 个人实名认证 (issue 14 §1; spec p2 §2–6). Personal accounts only (companies are sent to
 * /organization-kyc). userStatus 1 or 4: the form (PersonalForm). 2: under review (1–2 days, SMS on the
 * result). 3: verified — face-verified users whose supplementary ID upload is needed (repairType 1 or 4) get
 * the upload form here, under review (2) a notice; otherwise a link to 认证信息. With `?bizSeqNo=` (the face
 * provider's return) or after starting face recognition: polling every 3 s.
 */
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Result, Spin } from 'antd';
import { USER_STATUS_TIP } from '@cunzheng/contract/constants';
import { useSession } from '../../../stores/session';
import { PersonalForm } from './PersonalForm';
import { RepairForm } from '../shared/RepairForm';
import { useFacePolling } from '../shared/useFacePolling';
import { useAuthInfo } from '../shared/useKyc';
import '../shared/kyc.css';

export default function PersonageKycPage() {
  const { userInfo } = useSession();
  const [params] = useSearchParams();
  const [face, setFace] = useState<{ bizSeqNo: string; url: string } | null>(null);
  const bizSeqNo = face?.bizSeqNo ?? params.get('bizSeqNo');
  const polling = useFacePolling(bizSeqNo);
  const q = useAuthInfo();
  if (Number(userInfo?.status) === 2) return <Navigate to="/organization-kyc" replace />;
  const status = Number(q.data?.userStatus ?? userInfo?.userStatus ?? 1);
  const info = q.data;

  let body: ReactNode;
  if (bizSeqNo && polling !== 'failed') {
    body = (
      <Result
        icon={<Spin size="large" />}
        title="人脸识别结果查询中…"
        subTitle="请在新打开的页面中完成人脸识别，本页每3秒查询一次结果"
        extra={face ? <Button type="primary" href={face.url} target="_blank" rel="noopener">打开人脸识别页面</Button> : null}
      />
    );
  } else if (q.isPending) {
    body = <Spin />;
  } else if (status === 2) {
    body = <Result status="info" title="审核中" subTitle={USER_STATUS_TIP[2]} />;
  } else if (status === 3) {
    const repair = info?.repairType ?? 0;
    if (info?.type === 2 && (repair === 1 || repair === 4)) {
      body = (
        <>
          <Alert type={repair === 4 ? 'error' : 'warning'} showIcon style={{ marginBottom: 16 }} message={repair === 4 ? `补传未通过${info.pending?.reason ? `：${info.pending.reason}` : ''}，请重新上传` : '您已通过人脸识别实名认证。办理在线公证前，请补传身份证照片'} />
          <RepairForm company={false} kycType={2} defaultAddress={info.address} />
        </>
      );
    } else if (repair === 2) {
      body = <Result status="info" title="实名补传审核中" subTitle="实名补传还未通过，请耐心等待" />;
    } else {
      body = <Result status="success" title="实名认证成功" extra={<Link to="/person-info"><Button type="primary">查看认证信息</Button></Link>} />;
    }
  } else {
    body = <PersonalForm info={info} onFaceStarted={(b, url) => { setFace({ bizSeqNo: b, url }); window.open(url, '_blank', 'noopener'); }} />;
  }
  return (
    <div className="kyc-page">
      <Card title="个人实名认证">{body}</Card>
    </div>
  );
}
