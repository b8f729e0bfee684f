/**
 * Data-deposit calls (issue 2 §4; spec p1 §7 "Data deposit"). Each resolves to the envelope's
 * `data` or throws ApiError (see request.ts).
 */
import { request, type UploadProgress } from './request';
import type { DataEvidence, Paged, UploadResult } from './types';

/** Filters of GET /api/data/getList (spec p1 §7); times in Unix seconds, `type` 0–5 (p1 §9). */
export interface DataListQuery {
  page: number;
  limit: number;
  label?: string;
  keyword?: string;
  type?: number;
  startTime?: number;
  endTime?: number;
}

/** GET /api/data/getList → `{ list, count }`. Empty filters are left out of the query. */
export const getDataList = (q: DataListQuery) =>
  request<Paged<DataEvidence>>({
    method: 'GET',
    url: '/api/data/getList',
    data: { ...q, label: q.label || undefined, keyword: q.keyword || undefined, type: q.type || undefined },
  });

/** GET /api/data/getLabelList → the user's labels `[{ label }]`. */
export const getLabelList = () => request<{ label: string }[]>({ method: 'GET', url: '/api/data/getLabelList' });

/** POST /api/data/upload (multipart `file`, optional `title`, `label`) with progress → the new evidence. */
export function uploadData(input: { file: File; title?: string; label?: string }, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) {
  const form = new FormData();
  if (input.title) form.append('title', input.title);
  if (input.label) form.append('label', input.label);
  // Text fields first: the server reads them before streaming the file.
  form.append('file', input.file, input.file.name);
  return request<UploadResult>({ method: 'POST', url: '/api/data/upload', form, onUploadProgress: onProgress, signal });
}

/** POST /api/data/saveLabel (dataId, label). */
export const saveLabel = (dataId: number, label: string) => request<unknown>({ method: 'POST', url: '/api/data/saveLabel', data: { dataId, label } });

/** GET /api/data/delData?dataId= (removes it from the owner's list; the ledger entry stays). */
export const delData = (dataId: number) => request<unknown>({ method: 'GET', url: '/api/data/delData', data: { dataId } });

/** POST /api/data/downBaoquan (dataId) → `{ downUrl }` (signed, expiring). */
export const downBaoquan = (dataId: number) => request<{ downUrl: string }>({ method: 'POST', url: '/api/data/downBaoquan', data: { dataId } });

/** POST /api/data/downloadBatch (dataIdStr, comma-separated ids) → list of download URLs (spec p1 §7). */
export const downloadBatch = (ids: readonly number[]) => request<string[]>({ method: 'POST', url: '/api/data/downloadBatch', data: { dataIdStr: ids.join(',') } });

/** POST /api/data/downloadZip (dataIdStr) → `{ downUrl }` of one zip holding the chosen files. */
export const downloadZip = (ids: readonly number[]) => request<{ downUrl: string }>({ method: 'POST', url: '/api/data/downloadZip', data: { dataIdStr: ids.join(',') } });
