/**
 * Route /mobile/attestation/:attestationId/:token — the compact certificate for phones and the
 * mobile app's web view: the block transaction hash and the certificate html (spec p1 §2). The
 * certificate is public, so the `token` segment is not needed to read it and is not sent anywhere.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getView } from '../../../api/certificate';
import { ApiError } from '../../../api/request';
import { PageLoading } from '../../../components/PageLoading';
import { zhLabels as L } from '../shared/labels';
import { PlainResult } from '../shared/PlainResult';
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
  if (q.isError) {
    const unknown = q.error instanceof ApiError && q.error.code === 400;
    return <PlainResult kind={unknown ? 'notFound' : 'warning'} title={unknown ? L.notFound : L.loadFailed} detail={unknown ? attestationId : undefined} />;
  }
  if (!q.data) return <PageLoading />;
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
