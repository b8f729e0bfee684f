/**
 * Web page evidence calls (网页取证; issue 4 §2; spec p2 §7 "Web evidence"). Shapes are the zod
 * schemas of `@cunzheng/contract/forensics` (documented in docs/api-forensics.md). Each call
 * resolves to the envelope's `data` or throws ApiError after the wrapper's error toast (unless
 * `silent`). Ids are CAPTURE ids (a capture exists from submission on, before it is evidence).
 */
import type {
  TWebBatchDataRes,
  TWebBatchPayRes,
  TWebDetailRes,
  TWebItem,
  TWebListRes,
  TWebPreviewRes,
  TWebScreenshotRes,
  TWebStatus,
  TWebView,
} from '@cunzheng/contract/forensics';
import { captureListData, type CaptureListQuery } from './listQuery';
import { request } from './request';

export type WebPreview = TWebPreviewRes;
export type WebStatus = TWebStatus;
export type WebItem = TWebItem;
export type WebDetail = TWebDetailRes;
export type WebView = TWebView;
export type WebBatchData = TWebBatchDataRes;
export type WebBatchPay = TWebBatchPayRes;

/** A signed, expiring download URL. */
export interface DownUrl {
  downUrl: string;
}

/**
 * POST /api/webforensics/preview (url) → `{previewId, title, finalUrl, screenshotUrl}`: a quick look
 * (viewport screenshot) before preserving; nothing is preserved. Bad address → 网页地址格式错误,请重新输入.
 */
export const previewWeb = (url: string, signal?: AbortSignal) =>
  request<WebPreview>({ method: 'POST', url: '/api/webforensics/preview', data: { url }, signal });

/** POST /api/webforensics/screenshot (url, optional title ≤ 100) → `{id}` of the queued capture. */
export const startCapture = (url: string, title?: string) =>
  request<TWebScreenshotRes>({ method: 'POST', url: '/api/webforensics/screenshot', data: { url, title: title || undefined } });

/**
 * GET /api/Webforensics/webstatus?id= → status 0 queued | 1 capturing | 2 done | 3 failed, with
 * `reason` when failed and `baoquan`/`chainhash` once done. Silent: pollers decide what to show.
 */
export const getWebStatus = (id: number, signal?: AbortSignal) =>
  request<WebStatus>({ method: 'GET', url: '/api/Webforensics/webstatus', data: { id }, silent: true, signal });

/** Filters of POST /api/webforlist/webList; times Unix seconds (end = chosen day + 86399), status 0–3 or all. */
export type WebListQuery = CaptureListQuery;

/** POST /api/webforlist/webList → `{list, count}`, newest first. Empty filters are left out. */
export const getWebList = (q: WebListQuery) => request<TWebListRes>({ method: 'POST', url: '/api/webforlist/webList', data: captureListData(q) });

/** POST /api/webforlist/saveLabel (id, label; '' clears). */
export const saveWebLabel = (id: number, label: string) => request<unknown>({ method: 'POST', url: '/api/webforlist/saveLabel', data: { id, label } });

/** POST /api/webforlist/webDel (id): removes the capture from the owner's list (the ledger entry stays). */
export const delWeb = (id: number) => request<unknown>({ method: 'POST', url: '/api/webforlist/webDel', data: { id } });

/** POST /api/webforlist/webDownload (id) → `{downUrl}` of the capture's WACZ package. */
export const webDownload = (id: number) => request<DownUrl>({ method: 'POST', url: '/api/webforlist/webDownload', data: { id } });

/** POST /api/webforlist/clickWebFor (id) → the capture with provenance, its artefacts and a screenshot URL. */
export const clickWebFor = (id: number) => request<WebDetail>({ method: 'POST', url: '/api/webforlist/clickWebFor', data: { id } });

/** GET /api/share/getWebView?baoquan= → the public certificate of a capture (no login needed). */
export const getWebView = (baoquan: string, silent = false) =>
  request<WebView>({ method: 'GET', url: '/api/share/getWebView', data: { baoquan }, silent });

/**
 * POST /api/share/webDownload (baoquan, code, captcha once asked for) → `{downUrl}` of the WACZ with the
 * owner's extraction code (after repeated wrong codes the server asks for an image captcha, issue 9 §3).
 */
export const webShareDownload = (baoquan: string, code: string, captcha?: { captchaId: string; imgCode: string }) =>
  request<DownUrl>({ method: 'POST', url: '/api/share/webDownload', data: { baoquan, code, ...captcha } });

/** POST /api/webbatch/getData (urls, one per line, ≤ 100) → `{batchId, items: [{url, valid, reason}]}`. */
export const batchGetData = (urls: string) => request<WebBatchData>({ method: 'POST', url: '/api/webbatch/getData', data: { urls } });

/** POST /api/webbatch/pay (batchId) → `{batchId, ids, free, msg}`: one capture per valid URL, ids in line order. */
export const batchPay = (batchId: string) => request<WebBatchPay>({ method: 'POST', url: '/api/webbatch/pay', data: { batchId } });

/**
 * GET /down/downloadBatch?ids=1,2,3 (capture ids; bearer token; `Accept: application/json`) →
 * `{downUrl}` of one zip of the WACZ files. None downloadable → 400 无下载文件.
 */
export const downloadWebBatch = (ids: readonly number[]) => request<DownUrl>({ method: 'GET', url: '/down/downloadBatch', data: { ids: ids.join(',') } });
