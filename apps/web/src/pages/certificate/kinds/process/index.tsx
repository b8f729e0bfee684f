/**
 * The process-evidence certificate /evidencesPro/{evidencesId} (spec p2 §2; issue 11 §2), for 过程取证 and
 * 手机过程取证 alike: titled 过程取证保全证书; GET /api/share/getProView; around the shared body the session
 * summary (before), and the video beside the action log, the navigation screenshots, the WACZ files and
 * the recording environment (after). Extraction by code: POST /api/share/downProBaoquan (one zip: WACZ +
 * MP4). No English page.
 */
import type { ReactNode } from 'react';
import { mobileProcessApi, processApi } from '../../../../api/kinds/process';
import type { ProView } from '../../../../api/process';
import { defineCertificateKind, type CertificateSlots } from '../types';
import { ProAfter, ProSummary } from './ProSections';
import '../web/web-certificate.css';
import '../../../process/process.css';
import './pro-certificate.css';

function ProBlocks({ view, render }: { view: ProView; render: (slots: CertificateSlots) => ReactNode }) {
  return render({ intro: <ProSummary view={view} />, after: <ProAfter view={view} /> });
}

export const processCertificate = defineCertificateKind<ProView>({ id: 'process', api: processApi, title: '过程取证保全证书', english: false, Sections: ProBlocks });
/** The same page for a mobile session (the route serves `process`, whose view call answers both types). */
export const mobileProcessCertificate = defineCertificateKind<ProView>({ id: 'mobile', api: mobileProcessApi, title: '手机过程取证保全证书', english: false, Sections: ProBlocks });
