/**
 * Route /evidencesWeb/:evidencesId — the public certificate of a web capture (spec p2 §2; issue 4 §3).
 * evidencesId is the baoquan. Loads GET /api/share/getWebView and shows, around the shared
 * certificate body (number, chainhash linking to /ledger/{chainhash}, the certificate html, QR for
 * the owner, print note, PDF): the screenshot, the address and final address, the WACZ package's
 * SHA-256, the artefact table and the archived page (the server's sandboxed, script-free snapshot,
 * in a sandboxed iframe or a new tab). The WACZ itself: the owner downloads it (the shared owner
 * download of the evidence, whatever its kind), anyone else extracts it with the owner's code
 * (证据提取 → POST /api/share/webDownload).
 */
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getWebView, webShareDownload } from '../../../api/forensics';
import { ApiError } from '../../../api/request';
import { PageLoading } from '../../../components/PageLoading';
import { useSession } from '../../../stores/session';
import { CertificateBody } from '../shared/CertificateBody';
import { zhLabels, type CertLabels } from '../shared/labels';
import { PlainResult } from '../shared/PlainResult';
import { viewerOf } from '../shared/rules';
import { ArtefactTable, ReplayButton, ReplayPanel, useReplay, WebCaptureSummary } from './WebSections';
import './web-certificate.css';

/** The certificate copy, titled for a web capture. */
export const webLabels: CertLabels = { ...zhLabels, pageTitle: '网页取证保全证书' };

/** Path of a web capture's certificate. */
const pathOf = (baoquan: string) => `/evidencesWeb/${encodeURIComponent(baoquan)}`;

/** Default export for React.lazy in the route table. */
export default function WebCertificate() {
  const { evidencesId = '' } = useParams();
  const { token } = useSession();
  const replay = useReplay();
  // The token is part of the key: isSelf depends on who asks (spec p1 §6).
  const q = useQuery({
    queryKey: ['share/getWebView', evidencesId, token],
    queryFn: () => getWebView(evidencesId, true),
    retry: false,
    enabled: evidencesId !== '',
  });

  if (q.isError || evidencesId === '') {
    const unknown = evidencesId === '' || (q.error instanceof ApiError && q.error.code === 400);
    const detail = unknown ? evidencesId : q.error instanceof ApiError ? q.error.msg : undefined;
    return <PlainResult kind={unknown ? 'notFound' : 'warning'} title={unknown ? webLabels.notFound : webLabels.loadFailed} detail={detail} homeLabel={webLabels.back} />;
  }
  if (!q.data) return <PageLoading />;
  const view = q.data;
  return (
    <CertificateBody
      view={view}
      viewer={viewerOf(view, token !== '')}
      labels={webLabels}
      html={view.html}
      pageUrl={`${window.location.origin}${pathOf(view.baoquan)}`}
      extract={webShareDownload}
      intro={<WebCaptureSummary view={view} />}
      actions={view.replayUrl ? <ReplayButton replay={replay} /> : null}
    >
      {view.replayUrl ? <ReplayPanel replay={replay} url={view.replayUrl} title={view.title} /> : null}
      <ArtefactTable artefacts={view.artefacts} />
    </CertificateBody>
  );
}
