/**
 * Route /mobile/attestation/:attestationId/:token — the compact certificate for phones and the
 * mobile app's web view: the block transaction hash and the certificate html (spec p1 §2). The
 * certificate is public, so the `token` segment is not needed to read it and is not sent anywhere.
 */
import { Link, useParams } from 'react-router';
import { Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getView } from '../../../api/certificate';
import { ApiError } from '../../../api/request';
import { zhLabels as L } from '../shared/labels';
import '../shared/certificate.css';
import './mobile.css';

/** Default export for React.lazy in the route table. */
export default function MobileAttestation() {
  const { attestationId = '' } = useParams();
  const q = useQuery({
    queryKey: ['share/getView', attestationId, 'mobile'],
    queryFn: () => getView(attestationId, true),
    retry: false,
    enabled: attestationId !== '',
  });
  if (q.isPending) {
    return (
      <div className="mcert" style={{ textAlign: 'center', paddingTop: 64 }}>
        <Spin />
      </div>
    );
  }
  if (q.isError || !q.data) {
    const unknown = q.error instanceof ApiError && q.error.code === 400;
    return <Result status={unknown ? '404' : 'warning'} title={unknown ? L.notFound : L.loadFailed} />;
  }
  const v = q.data;
  return (
    <div className="mcert" lang="zh-CN">
      <h1 className="mcert-title">{L.pageTitle}</h1>
      {v.deleted === 1 && <div className="mcert-deleted">{L.deletedText}</div>}
      <div className="mcert-hash">
        <div className="mcert-label">{L.chainhash}</div>
        <Link to={`/ledger/${v.chainhash}`} className="cert-mono">
          {v.chainhash}
        </Link>
      </div>
      <div className="cert-html mcert-html" dangerouslySetInnerHTML={{ __html: v.html }} />
    </div>
  );
}
