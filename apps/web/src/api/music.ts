/**
 * Music evidence calls (音乐作品存证, issue 12 §2; shapes in @cunzheng/contract/music, paths ours —
 * the spec names none — registered in the contract registry `EVIDENCE_KIND.music.api`). Each resolves
 * to the envelope's `data` or throws ApiError (see request.ts).
 */
import type { TMusicItem, TMusicView } from '@cunzheng/contract/music';
import type { DownUrl } from './certificate';
import { request, type UploadProgress } from './request';
import type { Paged } from './types';

export type MusicItem = TMusicItem;
export type MusicView = TMusicView;

/** Filters of GET /api/music/getList (the data list's: times Unix seconds, `type` 0–5). */
export interface MusicListQuery {
  page: number;
  limit: number;
  label?: string;
  keyword?: string;
  type?: number;
  startTime?: number;
  endTime?: number;
}

/** GET /api/music/getList → `{ list, count }` of the owner's works. */
export const getMusicList = (q: MusicListQuery) =>
  request<Paged<MusicItem>>({ method: 'GET', url: '/api/music/getList', data: { ...q, label: q.label || undefined, keyword: q.keyword || undefined, type: q.type || undefined } });

/** GET /api/music/getLabelList → `[{ label }]`. */
export const getMusicLabels = () => request<{ label: string }[]>({ method: 'GET', url: '/api/music/getLabelList' });

/** The work's fields of an upload (strings; '' = none). */
export interface MusicUploadInput {
  audio: File;
  lyrics?: File | null;
  score?: File | null;
  workTitle: string;
  lyricist?: string;
  composer?: string;
  performer?: string;
  album?: string;
  isrc?: string;
  label?: string;
}

/** POST /api/music/upload (multipart: fields first, then `audio`, `lyrics`, `score`) with progress → the new work. */
export function uploadMusic(input: MusicUploadInput, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) {
  const form = new FormData();
  for (const k of ['workTitle', 'lyricist', 'composer', 'performer', 'album', 'isrc', 'label'] as const) {
    const v = input[k];
    if (v) form.append(k, v);
  }
  form.append('audio', input.audio, input.audio.name);
  if (input.lyrics) form.append('lyrics', input.lyrics, input.lyrics.name);
  if (input.score) form.append('score', input.score, input.score.name);
  return request<MusicItem>({ method: 'POST', url: '/api/music/upload', form, onUploadProgress: onProgress, signal });
}

/** POST /api/music/saveLabel (dataId, label). */
export const saveMusicLabel = (dataId: number, label: string) => request<unknown>({ method: 'POST', url: '/api/music/saveLabel', data: { dataId, label } });
/** GET /api/music/delData (dataId). */
export const delMusic = (dataId: number) => request<unknown>({ method: 'GET', url: '/api/music/delData', data: { dataId } });
/** POST /api/music/downBaoquan (dataId) → `{downUrl}` of the audio. */
export const downMusic = (dataId: number) => request<DownUrl>({ method: 'POST', url: '/api/music/downBaoquan', data: { dataId } });
/** POST /api/music/downloadBatch (dataIdStr) → `{downUrl}` of one zip. */
export const downloadMusicZip = (ids: readonly number[]) => request<DownUrl>({ method: 'POST', url: '/api/music/downloadBatch', data: { dataIdStr: ids.join(',') } });
/** GET /api/share/getMusicView (baoquan) → the music certificate (public; URLs for the owner only). */
export const getMusicView = (baoquan: string, silent = false) => request<MusicView>({ method: 'GET', url: '/api/share/getMusicView', data: { baoquan }, silent });
/** POST /api/share/downMusicBaoquan (baoquan, code[, captcha]) → `{downUrl}` of the audio. */
export const musicShareDownload = (baoquan: string, code: string, captcha?: { captchaId: string; imgCode: string }) =>
  request<DownUrl>({ method: 'POST', url: '/api/share/downMusicBaoquan', data: { baoquan, code, ...captcha } });
