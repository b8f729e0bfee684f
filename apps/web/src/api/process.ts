/**
 * Process evidence calls (过程取证 and mobile 过程取证; issue 11 §2; spec p2 §7 "Process evidence"). Shapes
 * are the zod schemas of `@cunzheng/contract/process`. Each call resolves to the envelope's `data` or
 * throws ApiError after the wrapper's error toast (unless `silent`). Ids are SESSION ids (a session exists
 * from addProcess on, before it is evidence). The live stream is a WebSocket (`streamUrl`).
 */
import type { TProcessSession, TProDetailRes, TProItem, TProListRes, TProView, TProcessType } from '@cunzheng/contract/process';
import { captureListData, type CaptureListQuery } from './listQuery';
import { apiUrl, request } from './request';

export type ProcessSession = TProcessSession;
export type ProDetail = TProDetailRes;
export type ProView = TProView;
export type ProItem = TProItem;

/** A signed, expiring download URL. */
export interface DownUrl {
  downUrl: string;
}

/**
 * POST /api/processforensics/addProcess (type 2 desktop | 4 mobile, optional url and title) → the session;
 * a user with a live session gets that one back (`resumed`). Too many waiting → 排队人数过多，请稍后再试.
 */
export const addProcess = (type: TProcessType, url?: string, title?: string) =>
  request<ProcessSession>({ method: 'POST', url: '/api/processforensics/addProcess', data: { type, url: url || undefined, title: title || undefined } });

/** POST /api/processlist/look (id) → the session with, once saved, its item, artefacts, action log, shots and video URL. */
export const lookProcess = (id: number, silent = false, signal?: AbortSignal) =>
  request<ProDetail>({ method: 'POST', url: '/api/processlist/look', data: { id }, silent, signal });

/** POST /api/processlist/cancelButton (id): a queued or running session ends with nothing saved. */
export const cancelProcess = (id: number) => request<unknown>({ method: 'POST', url: '/api/processlist/cancelButton', data: { id } });

/** POST /api/processforensics/endProcess (id): 结束取证 without the socket (save and end). */
export const endProcess = (id: number) => request<unknown>({ method: 'POST', url: '/api/processforensics/endProcess', data: { id } });

/** Filters of POST /api/processlist/getProList; times Unix seconds (end = chosen day + 86399), status 0–6 or all. */
export interface ProListQuery extends CaptureListQuery {
  type: TProcessType;
}

/** POST /api/processlist/getProList → `{list, count}`, newest first. */
export const getProList = (q: ProListQuery) => request<TProListRes>({ method: 'POST', url: '/api/processlist/getProList', data: captureListData(q) });

/** POST /api/processlist/getLabelList (type) → the caller's distinct labels of that kind. */
export const getProLabelList = (type: TProcessType) => request<{ label: string }[]>({ method: 'POST', url: '/api/processlist/getLabelList', data: { type } });

/** POST /api/processlist/saveLabel (id, label; '' clears). Only for saved sessions. */
export const saveProLabel = (id: number, label: string) => request<unknown>({ method: 'POST', url: '/api/processlist/saveLabel', data: { id, label } });

/** POST /api/processlist/delPro (id): removes the session from the owner's list (the ledger entry stays). */
export const delPro = (id: number) => request<unknown>({ method: 'POST', url: '/api/processlist/delPro', data: { id } });

/** POST /api/processlist/downProBaoquan (id) → `{downUrl}` of one zip with the session's WACZ and MP4. */
export const downProBaoquan = (id: number) => request<DownUrl>({ method: 'POST', url: '/api/processlist/downProBaoquan', data: { id } });

/** POST /api/processlist/downloadBatch (ids '1,2,3', ≤ 100) → `{downUrl}` of one zip; none saved → 无下载文件. */
export const downloadProBatch = (ids: readonly number[]) => request<DownUrl>({ method: 'POST', url: '/api/processlist/downloadBatch', data: { ids: ids.join(',') } });

/** GET /api/share/getProView?baoquan= → the public certificate of a process evidence (no login needed). */
export const getProView = (baoquan: string, silent = false) => request<ProView>({ method: 'GET', url: '/api/share/getProView', data: { baoquan }, silent });

/** POST /api/share/downProBaoquan (baoquan, code, captcha once asked for) → `{downUrl}` of the zip (WACZ + MP4). */
export const proShareDownload = (baoquan: string, code: string, captcha?: { captchaId: string; imgCode: string }) =>
  request<DownUrl>({ method: 'POST', url: '/api/share/downProBaoquan', data: { baoquan, code, ...captcha } });

/**
 * The WebSocket address of a session's live stream: `streamPath?id=&streamToken=` on the configured API base
 * (ws: for http, wss: for https).
 */
export function streamUrl(s: Pick<ProcessSession, 'id' | 'streamToken' | 'streamPath'>): string {
  const u = new URL(apiUrl(s.streamPath));
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.searchParams.set('id', String(s.id));
  u.searchParams.set('streamToken', s.streamToken);
  return u.href;
}
