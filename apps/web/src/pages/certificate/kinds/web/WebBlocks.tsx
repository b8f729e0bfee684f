/**
 * The blocks of the web-capture certificate around the shared body (issue 4 §3): the capture summary
 * before it, 查看网页快照 in the action column (opening the snapshot panel below), the snapshot panel and
 * the artefact table after it. Loaded only by web certificates (its own chunk).
 */
import type { ReactNode } from 'react';
import type { WebView } from '../../../../api/forensics';
import type { CertificateSlots } from '../types';
import { ArtefactTable, ReplayButton, ReplayPanel, useReplay, WebCaptureSummary } from './WebSections';
import './web-certificate.css';

/** Default export for React.lazy in the kind's config. */
export default function WebBlocks({ view, render }: { view: WebView; render: (slots: CertificateSlots) => ReactNode }) {
  const replay = useReplay();
  return render({
    intro: <WebCaptureSummary view={view} />,
    actions: view.replayUrl ? <ReplayButton replay={replay} /> : null,
    after: (
      <>
        {view.replayUrl ? <ReplayPanel replay={replay} url={view.replayUrl} title={view.title} /> : null}
        <ArtefactTable artefacts={view.artefacts} />
      </>
    ),
  });
}
