/**
 * Route /mobile/attestation/:attestationId/:token — the compact certificate for phones and the
 * mobile app's web view: the block transaction hash and the certificate html (spec p1 §2). The
 * certificate is public, so the `token` segment is not needed to read it and is not sent anywhere.
 * Loads like the certificate layout (useKindView); its own small module so a phone's first visit stays light.
 */
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../../components/PageLoading';
import { dataCertificate } from '../kinds/data';
import { zhLabels as L } from '../shared/labels';
import { useKindView, ViewError } from '../shared/useKindView';
import '../shared/certificate.css';
import './mobile.css';

/** Default export for React.lazy in the route table. */
export default function MobileAttestation() {
  const { attestationId = '' } = useParams();
  const q = useKindView(dataCertificate, attestationId, 'mobile');
  if (q.isError) return <ViewError baoquan={attestationId} error={q.error} labels={{ notFound: L.notFound, loadFailed: L.loadFailed }} withDetail={false} />;
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
