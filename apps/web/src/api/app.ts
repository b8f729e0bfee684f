/**
 * App evidence calls (App取证, issue 12 §1; spec p1 §7): the list (GET /api/data/getAppDataList, the
 * getList filters), the deposit of a capture (POST /api/app/capture after a resumable tus upload to
 * /api/app/uploads), the owner's preview ticket and the media check of /mobile/previewProgress.
 */
import type { TAppDeviceFields, TAppItem, TAppMediaStatus, TAppPreviewRes } from '@cunzheng/contract/app';
import { request } from './request';
import type { DataListQuery } from './data';
import type { Paged } from './types';

export type AppItem = TAppItem;
export type AppPreview = TAppPreviewRes;
export type DeviceInfo = TAppDeviceFields;

/** GET /api/data/getAppDataList (page, limit 20, label, keyword, type, startTime, endTime) → `{list, count}`. */
export const getAppDataList = (q: DataListQuery) =>
  request<Paged<AppItem>>({
    method: 'GET',
    url: '/api/data/getAppDataList',
    data: { ...q, label: q.label || undefined, keyword: q.keyword || undefined, type: q.type || undefined },
  });

/** What a capture sends with its upload: type code (10/12/11/13/6), capture times (Unix seconds), phone info, optional title and label. */
export interface CaptureInput extends DeviceInfo {
  uploadId: string;
  captureType: number;
  startTime: number;
  endTime: number;
  title?: string;
  label?: string;
}

/** POST /api/app/capture (uploadId of a completed upload, phone info, times) → the new evidence. */
export const depositCapture = (c: CaptureInput) => request<AppItem>({ method: 'POST', url: '/api/app/capture', data: { ...c } });

/** GET /api/app/previewUrl (baoquan) → the parts of /mobile/preview/{fileUrl}/{key}/{type}/{baoquan} (owner only). */
export const getPreviewUrl = (baoquan: string) => request<AppPreview>({ method: 'GET', url: '/api/app/previewUrl', data: { baoquan } });

/** GET /api/app/mediaStatus/{token}: the file checked against its hash → ready, size, sha256, mime, name. */
export const getMediaStatus = (token: string, signal?: AbortSignal) => request<TAppMediaStatus>({ method: 'GET', url: `/api/app/mediaStatus/${encodeURIComponent(token)}`, signal });

/** The ranged media URL of a preview token (video and audio players fetch it with Range requests). */
export const mediaUrl = (token: string) => `/api/app/media/${encodeURIComponent(token)}`;

/** The preview page path of an owner's evidence (spec p1 §2: /mobile/preview/{encoded fileUrl}/{encoded key}/{type}/{attestationId}). */
export const previewPath = (p: Pick<AppPreview, 'fileUrl' | 'key' | 'type' | 'baoquan'>) =>
  `/mobile/preview/${encodeURIComponent(p.fileUrl)}/${encodeURIComponent(p.key)}/${encodeURIComponent(p.type)}/${encodeURIComponent(p.baoquan)}`;

/** The preparation page of a preview (spec p2 §2: /mobile/previewProgress/{fileUrl}/{key}). */
export const previewProgressPath = (p: Pick<AppPreview, 'fileUrl' | 'key'>) => `/mobile/previewProgress/${encodeURIComponent(p.fileUrl)}/${encodeURIComponent(p.key)}`;
