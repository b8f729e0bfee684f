/**
 * Certificate and sharing calls (spec p1 §7 "Certificate check and sharing", p1 §7 "Data deposit"
 * downBaoquan). Public pages use these; every call goes through the shared request wrapper, which
 * resolves to the envelope's `data` on code 200 and throws `ApiError` (after an error toast) otherwise.
 */
import type { TCertificateView, TPhoneInfo } from '@cunzheng/contract/certificate';
import { request } from './request';
import { takePrefetchedView } from './viewPrefetch';

/**
 * The certificate view of one evidence (GET /api/share/getView, POST /api/check/bqview), as defined by
 * @cunzheng/contract (ZCertificateView): times Unix seconds, size bytes, `html`/`htmlEn` rendered by the
 * server from escaped data, isSelf 1 only for the logged-in owner, isDownload 1/0/2 (spec p1 §4),
 * deleted 1 when the owner removed the file (the ledger entry stays); `id` is 0 except for the owner.
 */
export type CertificateView = TCertificateView;

/** A signed, expiring download URL. */
export interface DownUrl {
  downUrl: string;
}

/**
 * GET /api/share/getView (baoquan) → the certificate view. Code 400 保全号不存在 for unknown numbers
 * (thrown as ApiError). `silent` suppresses the wrapper's error toast (the page shows its own result).
 */
export async function getView(baoquan: string, silent = false): Promise<CertificateView> {
  // Issue 16: the entry may have asked already (api/viewPrefetch.ts); anything but a view falls back to asking.
  const early = await takePrefetchedView<CertificateView>(baoquan);
  return early ?? request<CertificateView>({ method: 'GET', url: '/api/share/getView', data: { baoquan }, silent });
}

/** POST /api/check/bqno (no) → data.viewToken, the first step of the by-number check (spec p1 §7). */
export function checkBqno(no: string): Promise<{ viewToken: string }> {
  return request<{ viewToken: string }>({ method: 'POST', url: '/api/check/bqno', data: { no } });
}

/** POST /api/check/bqview (viewToken, no) → the same certificate view as getView (spec p1 §7). */
export function checkBqview(viewToken: string, no: string): Promise<CertificateView> {
  return request<CertificateView>({ method: 'POST', url: '/api/check/bqview', data: { viewToken, no } });
}

/**
 * POST /api/share/downBaoquan (baoquan, code) → downUrl when `code` is the owner's extraction code
 * (spec p2 §3 "Extraction code payload", p2 §7 "Web evidence"). Wrong codes and rate limits: ApiError;
 * after repeated wrong codes the server asks for an image captcha (`needsCaptcha`), sent with the retry.
 */
export function extractEvidence(baoquan: string, code: string, captcha?: { captchaId: string; imgCode: string }): Promise<DownUrl> {
  return request<DownUrl>({ method: 'POST', url: '/api/share/downBaoquan', data: { baoquan, code, ...captcha } });
}

/** POST /api/data/downBaoquan (dataId) → downUrl: the owner's own download (needs the session token). */
export function ownerDownload(dataId: number): Promise<DownUrl> {
  return request<DownUrl>({ method: 'POST', url: '/api/data/downBaoquan', data: { dataId } });
}

/**
 * POST /api/check/downCertificate (no, lang) → downUrl of the certificate PDF (spec p1 §7); `lang`
 * 'en' renders the English certificate (the English page), default Chinese.
 */
export function downloadCertificatePdf(no: string, lang: 'zh' | 'en' = 'zh'): Promise<DownUrl> {
  return request<DownUrl>({ method: 'POST', url: '/api/check/downCertificate', data: { no, lang } });
}

/** Phone information of mobile-app evidence (spec p1 §3 "Phone info (forensics)"). */
export type PhoneInfo = TPhoneInfo;

/** GET /api/share/getAppInfo (baoquan) → phone info; only meaningful when the view's isApp is 1. */
export function getAppInfo(baoquan: string): Promise<PhoneInfo> {
  return request<PhoneInfo>({ method: 'GET', url: '/api/share/getAppInfo', data: { baoquan } });
}
