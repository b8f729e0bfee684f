/**
 * The web-capture certificate /evidencesWeb/{evidencesId} (spec p2 §2; issue 4 §3): titled 网页取证保全证书;
 * GET /api/share/getWebView; around the shared body the capture summary (screenshot, address, final
 * address, WACZ SHA-256), the 查看网页快照 button and panel (the server's sandboxed, script-free
 * snapshot) and the artefact table (WebBlocks, loaded on demand so a data certificate does not carry
 * them). Extraction by code: POST /api/share/webDownload. No English page.
 */
import { lazy } from 'react';
import type { WebView } from '../../../../api/forensics';
import { lazyKindApi } from '../lazyApi';
import { defineCertificateKind } from '../types';

/** webApi's certificate calls, loaded on first use (other kinds' certificates do not carry them). */
export const webCertApi = lazyKindApi<WebView>({ list: 'webforlist/webList', view: 'share/getWebView' }, () => import('../../../../api/kinds/web').then((m) => m.webApi));

export const webCertificate = defineCertificateKind<WebView>({ id: 'web', api: webCertApi, title: '网页取证保全证书', english: false, Sections: lazy(() => import('./WebBlocks')) });
