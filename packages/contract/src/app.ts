/**
 * App evidence (App取证, issue 12 §1; spec p1 §2–3, §7, §9): captures of photo, video, audio, screen
 * recording and audio-video made with a phone app or the mobile web capture page, uploaded resumably
 * (tus 1.0 core protocol under /api/app/uploads) and deposited with the phone information of spec p1 §3.
 */
import { z } from 'zod';
import { formNumber, MAX_UNIX_S, noSpecialChars } from './common.ts';
import { ZEvidenceItem, zLabel } from './evidence.ts';
import { ORDER_TYPE, TITLE_MAX } from './constants.ts';
import { MSG } from './messages.ts';

/** Messages of the app capture calls (not in the spec; written as a Chinese user expects them). */
export const APP_MSG = {
  CAPTURE_TYPE_INVALID: '取证类型错误',
  CAPTURE_TIME_INVALID: '取证时间错误',
  DEVICE_FIELD_TOO_LONG: '手机信息过长',
  UPLOAD_NOT_FOUND: '上传任务不存在或已过期，请重新上传',
  UPLOAD_INCOMPLETE: '文件尚未上传完成',
  UPLOAD_TOO_LARGE: '文件大小超过限制',
  UPLOAD_CHECK_FAILED: '文件校验失败，请重新上传',
  UPLOAD_OR_FILE: '请选择要上传的文件',
  PREVIEW_INVALID: '预览链接无效或已过期',
  NO_APP_INFO: '该证据没有手机信息',
  TYPE_MISMATCH: '文件类型与取证类型不符',
  UPLOADS_TOO_MANY: '未完成的上传过多，请先完成或取消后再试',
} as const;

/** The capture types (order type codes of spec p1 §9) an app evidence can have. */
export const APP_CAPTURE_TYPES = [ORDER_TYPE.photo, ORDER_TYPE.video, ORDER_TYPE.audio, ORDER_TYPE.screenRecording, ORDER_TYPE.audioVideo] as const;
export type AppCaptureType = (typeof APP_CAPTURE_TYPES)[number];

/**
 * The type word of spec p1 §2 (certificate page query `type`: 图片, 视频, 音频, 文档) of a capture type;
 * a screen recording and an audio-video capture are videos.
 */
export const APP_TYPE_WORD: Readonly<Record<AppCaptureType, '图片' | '视频' | '音频'>> = { 10: '图片', 12: '视频', 11: '音频', 13: '视频', 6: '视频' };

/** The four preview types of /mobile/preview/{fileUrl}/{key}/{type}/{baoquan} (spec p1 §2). */
export const PREVIEW_TYPES = ['图片', '视频', '音频', '文档'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** Preview type of an evidence file type code (spec p1 §9: 2 images, 3 audio, 4 video, else document). */
export const previewTypeOf = (fileType: number): PreviewType => (fileType === 2 ? '图片' : fileType === 4 ? '视频' : fileType === 3 ? '音频' : '文档');

/** Resumable uploads: the tus protocol version, the client's chunk size (bytes) and how long an idle upload is kept (seconds). */
export const TUS_VERSION = '1.0.0';
export const APP_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
export const APP_UPLOAD_TTL_SECONDS = 12 * 3600;
/** Most unfinished resumable uploads one account may hold at once. */
export const APP_UPLOADS_MAX = 10;
/** Longest capture accepted, seconds (24 h). */
export const APP_CAPTURE_MAX_SECONDS = 24 * 3600;

const device = (max: number) => z.string({ error: APP_MSG.DEVICE_FIELD_TOO_LONG }).trim().max(max, APP_MSG.DEVICE_FIELD_TOO_LONG).default('');

/** Phone information as the capture sends it (spec p1 §3 "Phone info (forensics)"; every field optional, bounded). */
export const ZAppDeviceFields = z.object({
  name: device(100),
  model_name: device(100),
  version: device(100),
  processor: device(100),
  core: device(100),
  appAddress: device(500),
});
export type TAppDeviceFields = z.infer<typeof ZAppDeviceFields>;

const unix = z.preprocess(formNumber, z.number({ error: APP_MSG.CAPTURE_TIME_INVALID }).int(APP_MSG.CAPTURE_TIME_INVALID).min(1, APP_MSG.CAPTURE_TIME_INVALID).max(MAX_UNIX_S, APP_MSG.CAPTURE_TIME_INVALID));

/**
 * Fields of POST /api/app/capture (form, JSON, or multipart text fields beside `file`): `captureType`
 * (10 photo, 12 video, 11 audio, 13 screen recording, 6 audio-video), `uploadId` of a completed
 * resumable upload (or a multipart `file` instead), optional `title` (≤ 100) and `label` (≤ 20), the
 * phone info, `startTime`/`endTime` Unix seconds (end ≥ start, at most 24 h apart), `userAgent` (≤ 500).
 */
export const ZAppCaptureFields = ZAppDeviceFields.extend({
  captureType: z.preprocess(formNumber, z.literal(APP_CAPTURE_TYPES, { error: APP_MSG.CAPTURE_TYPE_INVALID })),
  uploadId: z.string().trim().max(40, APP_MSG.UPLOAD_NOT_FOUND).regex(/^[A-Za-z0-9_-]*$/, APP_MSG.UPLOAD_NOT_FOUND).optional(),
  title: z.string({ error: MSG.BAD_PARAM }).trim().max(TITLE_MAX, MSG.TITLE_TOO_LONG).superRefine(noSpecialChars('标题')).optional(),
  label: zLabel().optional(),
  startTime: unix,
  endTime: unix,
  userAgent: z.string().trim().max(500, APP_MSG.DEVICE_FIELD_TOO_LONG).default(''),
}).superRefine((o, ctx) => {
  if (o.endTime < o.startTime || o.endTime - o.startTime > APP_CAPTURE_MAX_SECONDS) ctx.addIssue({ code: 'custom', path: ['endTime'], message: APP_MSG.CAPTURE_TIME_INVALID });
});
export type TAppCaptureFields = z.infer<typeof ZAppCaptureFields>;

/** One app evidence as listed and deposited: the evidence item plus isApp 1, its capture type (appType), the type word and the recorded seconds. */
export const ZAppItem = ZEvidenceItem.extend({
  isApp: z.literal(1),
  appType: z.number().int(),
  type: z.enum(['图片', '视频', '音频', '文档']),
  duration: z.number().int().min(0),
  units: z.number().int().min(1),
});
export type TAppItem = z.infer<typeof ZAppItem>;

/** GET /api/app/previewUrl (dataId) → the preview page's path parts (owner only). */
export const ZAppPreviewRes = z.object({ fileUrl: z.string().max(4000), key: z.string().max(64), type: z.enum(PREVIEW_TYPES), baoquan: z.string().max(32), mime: z.string().max(120), size: z.number().int() });
export type TAppPreviewRes = z.infer<typeof ZAppPreviewRes>;

/** GET /api/app/mediaStatus/:token → whether the file is checked and ready to play, its size, SHA-256 and media type. */
export const ZAppMediaStatus = z.object({ ready: z.boolean(), size: z.number().int(), sha256: z.string().max(64), mime: z.string().max(120), name: z.string().max(255) });
export type TAppMediaStatus = z.infer<typeof ZAppMediaStatus>;
