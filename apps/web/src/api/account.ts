/**
 * Account-area calls (issue 5; spec p1 §2–9, p2 §1–2): extraction-code reset and password change
 * (/setting), notifications and the header badge, the announcement dialog, signatures (stamps), the
 * overview and the public-page configuration. Shapes come from `@cunzheng/contract/account` as types
 * only (a value import would bundle zod into the pages). Each call resolves to the envelope's `data`
 * (or `{ data, msg }` where the page toasts the server's msg, spec p1 §8) or throws ApiError.
 */
import type {
  THomeIndex,
  TNewsListRes,
  TNewsUnreadRes,
  TNoticeRes,
  TOverviewRes,
  TResetExtractRes,
  TSignatureCreated,
  TSignatureListRes,
} from '@cunzheng/contract/account';
import { request, requestWithMsg, type Answer, type UploadProgress } from './request';

// ── Settings (spec p1 §2 /setting, §5) ──────────────────────────────────────

/** POST /api/user/resetExtractCode/sendSMS (captchaId, imgCode) → `{ token }`: an SMS to the caller's own mobile. */
export const sendResetExtractSms = (d: { captchaId: string; imgCode: string; altcha: string }) =>
  request<{ token: string }>({ method: 'POST', url: '/api/user/resetExtractCode/sendSMS', data: { ...d } });

/** POST /api/user/resetExtractCode (smsCode, smsToken) → `{ extractCode }` (the old code stops working); msg 证据提取码已重置. */
export const resetExtractCode = (d: { smsCode: string; smsToken: string }): Promise<Answer<TResetExtractRes>> =>
  requestWithMsg<TResetExtractRes>({ method: 'POST', url: '/api/user/resetExtractCode', data: { ...d } });

/** POST /api/user/editPassword (oldPassword, password, confirmPassword), spec p1 §5, §7. */
export const editPassword = (d: { oldPassword: string; password: string; confirmPassword: string }) =>
  request<unknown>({ method: 'POST', url: '/api/user/editPassword', data: { ...d } });

// ── Notifications 消息通知 (spec p1 §2–4, §7, §9) ─────────────────────────────

/** TanStack Query keys of the notification data; invalidate both after a read or delete. */
export const NEWS_KEYS = { list: ['news/listing'] as const, unread: ['news/unread'] as const };

/** POST /api/News/listing (page; 10 per page) → `{ list: [{newsId, str, addTime, isRead}], count, unread }`. */
export const newsList = (page: number) => request<TNewsListRes>({ method: 'POST', url: '/api/News/listing', data: { page } });

/** POST /api/News/read: ids (joined with commas) or 'all' (read-all); msg 操作成功. */
export const newsRead = (ids: readonly number[] | 'all'): Promise<Answer<null>> =>
  requestWithMsg<null>({ method: 'POST', url: '/api/News/read', data: { newsId: ids === 'all' ? 'all' : ids.join(',') } });

/** POST /api/News/del: ids joined with commas; msg 删除成功. */
export const newsDel = (ids: readonly number[]): Promise<Answer<null>> =>
  requestWithMsg<null>({ method: 'POST', url: '/api/News/del', data: { newsId: ids.join(',') } });

/** GET /api/News/unread → `{ count }` (the header badge; silent: it is polled). */
export const newsUnread = () => request<TNewsUnreadRes>({ method: 'GET', url: '/api/News/unread', silent: true });

// ── Announcement 公告 (spec p2 §1–2) ───────────────────────────────────────

/** GET /api/news/notice → the current announcement `{ id, title, content, publishedAt, read }` or null (silent). */
export const getNotice = () => request<TNoticeRes>({ method: 'GET', url: '/api/news/notice', silent: true });

/** POST /api/news/noticeRead (id): this logged-in user has been shown the announcement (silent). */
export const noticeRead = (id: number) => request<null>({ method: 'POST', url: '/api/news/noticeRead', data: { id }, silent: true });

// ── Signatures 签章管理 (spec p1 §2–3, §7) ───────────────────────────────────

/** POST /api/signature/listing → the caller's stamps `[{ id, name, pic_url, add_time, is_default }]`. */
export const signatureList = () => request<TSignatureListRes>({ method: 'POST', url: '/api/signature/listing' });

/** POST /api/signature/del (id); the page toasts the server's msg. */
export const signatureDel = (id: number): Promise<Answer<null>> => requestWithMsg<null>({ method: 'POST', url: '/api/signature/del', data: { id } });

/** POST /api/signature/setDefault (id); the page toasts the server's msg. */
export const signatureSetDefault = (id: number): Promise<Answer<null>> =>
  requestWithMsg<null>({ method: 'POST', url: '/api/signature/setDefault', data: { id } });

/** POST /api/signature/add: multipart `name` then `file` (a PNG), with upload progress → `{ id, pic_url }`. */
export function signatureAdd(name: string, file: Blob, fileName: string, onProgress: (p: UploadProgress) => void): Promise<Answer<TSignatureCreated>> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, fileName);
  return requestWithMsg<TSignatureCreated>({ method: 'POST', url: '/api/signature/add', form, onUploadProgress: onProgress });
}

/** POST /api/signature/generate (type company | personal, name, optional subText) → `{ id, pic_url }`. */
export const signatureGenerate = (d: { type: 'company' | 'personal'; name: string; subText?: string }): Promise<Answer<TSignatureCreated>> =>
  requestWithMsg<TSignatureCreated>({ method: 'POST', url: '/api/signature/generate', data: { ...d, subText: d.subText || undefined } });

// ── Overview and public configuration ───────────────────────────────────────

/** GET /api/Overview/getInfo → counts by kind, storageBytes, points (hundredths), recent, notifications, perDay ×30. */
export const overviewInfo = () => request<TOverviewRes>({ method: 'GET', url: '/api/Overview/getInfo' });

/** Query key of the public configuration (footer, privacy-policy date). */
export const HOME_INDEX_KEY = ['home/index'] as const;

/** GET /api/home/index → `{ siteName, filingNumber, copyright, privacyUpdatedAt }` (no login; silent). */
export const homeIndex = () => request<THomeIndex>({ method: 'GET', url: '/api/home/index', silent: true });
