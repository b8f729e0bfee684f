/**
 * Route /English/attestation/:attestationId — the preservation certificate in English: same
 * structure as /attestation, English labels and the English certificate html (spec p1 §2).
 */
import { useParams } from 'react-router';
import { CertificatePage } from '../shared/CertificatePage';
import { enLabels } from '../shared/labels';

/** Default export for React.lazy in the route table. */
export default function EnglishAttestation() {
  const { attestationId = '' } = useParams();
  return <CertificatePage baoquan={attestationId} labels={enLabels} />;
}
