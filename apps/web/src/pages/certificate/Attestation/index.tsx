/**
 * Route /attestation/:attestationId — the preservation certificate (保全证书) in Chinese
 * (spec p1 §2 "Preservation certificate page", p1 §6; issue 2 §7). attestationId is the baoquan.
 * Query parameters fileUrl, label, key, appType and type may be present; the page does not need them.
 */
import { useParams } from 'react-router';
import { CertificatePage } from '../shared/CertificatePage';
import { zhLabels } from '../shared/labels';

/** Default export for React.lazy in the route table. */
export default function Attestation() {
  const { attestationId = '' } = useParams();
  return <CertificatePage baoquan={attestationId} labels={zhLabels} />;
}
