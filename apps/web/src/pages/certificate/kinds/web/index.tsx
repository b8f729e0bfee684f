/**
 * The web-capture certificate /evidencesWeb/{evidencesId} (spec p2 §2; issue 4 §3): titled 网页取证保全证书;
 * GET /api/share/getWebView; around the shared body the capture summary (screenshot, address, final
 * address, WACZ SHA-256), the 查看网页快照 button and panel (the server's sandboxed, script-free
 * snapshot) and the artefact table (WebBlocks, loaded on demand so a data certificate does not carry
 * them). Extraction by code: POST /api/share/webDownload. No English page.
 */
import { lazy } from 'react';
import type { WebView } from '../../../../api/forensics';
import { webApi } from '../../../../api/kinds/web';
import { defineCertificateKind } from '../types';

export const webCertificate = defineCertificateKind<WebView>({ id: 'web', api: webApi, title: '网页取证保全证书', english: false, Sections: lazy(() => import('./WebBlocks')) });
