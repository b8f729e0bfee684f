/**
 * The blocks of the process-evidence certificate around the shared body (issue 11 §2): the session
 * summary before it; the video beside the action log, the navigation screenshots, the WACZ files and the
 * recording environment after it. Loaded only by process certificates (its own chunk).
 */
import type { ReactNode } from 'react';
import type { ProView } from '../../../../api/process';
import type { CertificateSlots } from '../types';
import { ProAfter, ProSummary } from './ProSections';
import '../web/web-certificate.css';
import '../../../process/process.css';
import './pro-certificate.css';

/** Default export for React.lazy in the kind's config. */
export default function ProBlocks({ view, render }: { view: ProView; render: (slots: CertificateSlots) => ReactNode }) {
  return render({ intro: <ProSummary view={view} />, after: <ProAfter view={view} /> });
}
