/**
 * The process-evidence certificate /evidencesPro/{evidencesId} (spec p2 §2; issue 11 §2), for 过程取证 and
 * 手机过程取证 alike: titled 过程取证保全证书; GET /api/share/getProView; around the shared body the session
 * summary (before), and the video beside the action log, the navigation screenshots, the WACZ files and
 * the recording environment (after) — ProBlocks, loaded on demand so other kinds' certificates do not
 * carry them. Extraction by code: POST /api/share/downProBaoquan (the WACZ; the MP4 is the certificate's
 * video). No English page.
 */
import { lazy } from 'react';
import type { ProView } from '../../../../api/process';
import { lazyKindApi } from '../lazyApi';
import { defineCertificateKind } from '../types';

const loadProcessApi = () => import('../../../../api/kinds/process');
/** processApi's and mobileProcessApi's certificate calls, loaded on first use. */
export const processCertApi = lazyKindApi<ProView>({ list: 'processlist/getProList/2', view: 'share/getProView' }, () => loadProcessApi().then((m) => m.processApi));
export const mobileProcessCertApi = lazyKindApi<ProView>({ list: 'processlist/getProList/4', view: 'share/getProView' }, () => loadProcessApi().then((m) => m.mobileProcessApi));

const ProBlocks = lazy(() => import('./ProBlocks'));

export const processCertificate = defineCertificateKind<ProView>({ id: 'process', api: processCertApi, title: '过程取证保全证书', english: false, Sections: ProBlocks });
/** The same page for a mobile session (the route serves `process`, whose view call answers both types). */
export const mobileProcessCertificate = defineCertificateKind<ProView>({ id: 'mobile', api: mobileProcessCertApi, title: '手机过程取证保全证书', english: false, Sections: ProBlocks });
