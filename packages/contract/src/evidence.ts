/**
 * Data-deposit calls (issue 2 §4; spec p1 §3, §4, §7, §9): upload, list with filters, labels, delete,
 * owner downloads and batch downloads. Requests are form-encoded (numbers arrive as strings) or JSON;
 * the upload is multipart and its text fields are parsed with ZDataUploadFields by the route.
 */
import { z } from 'zod';
import { noSpecialChars, zFormIntDefault, zId, zPaged, zPaging, zUnixOpt } from './common.ts';
import { BATCH_DOWNLOAD_MAX, KEYWORD_MAX, LABEL_MAX, PAGE_SIZE, TITLE_MAX } from './constants.ts';
import { MSG } from './messages.ts';

/** An evidence label: trimmed, at most 20 characters (标签不能超过20个字), no special characters. */
export const zLabel = () =>
  z
    .string({ error: MSG.BAD_PARAM })
    .trim()
    .max(LABEL_MAX, MSG.LABEL_TOO_LONG)
    .superRefine(noSpecialChars('标签'));

/** An evidence id sent as `dataId`; wrong → 证据编号错误. */
export const zDataId = () => zId(MSG.EVIDENCE_ID_INVALID);

// ── Upload ────────────────────────────────────────────────────────────────

/**
 * Text fields of POST /api/data/upload (multipart `file` plus these): optional `title` (at most 100
 * characters, default the file name) and `label`. '' means "none".
 */
export const ZDataUploadFields = z.object({
  title: z.string({ error: MSG.BAD_PARAM }).trim().max(TITLE_MAX, MSG.TITLE_TOO_LONG).superRefine(noSpecialChars('标题')).optional(),
  label: zLabel().optional(),
});
export type TDataUploadFields = z.infer<typeof ZDataUploadFields>;

/**
 * The fields every evidence item of every kind carries (issue 11 §1: one item schema, kinds extend it):
 * `id` (the list's record id), `baoquan` the certificate number, `title`, the owner's `label`, `saveTime`
 * Unix seconds, `chainhash` hex, and the main artefact's `size` (bytes) and `sha256` (hex). A record that
 * is not evidence yet (a queued capture) carries '' and 0.
 */
export const ZEvidenceBase = z.object({
  id: z.number().int(),
  baoquan: z.string().max(32),
  title: z.string().max(255),
  label: z.string().max(40),
  saveTime: z.number().int(),
  chainhash: z.string().max(64),
  size: z.number().int().min(0),
  sha256: z.string().max(64),
});
export type TEvidenceBase = z.infer<typeof ZEvidenceBase>;
const B = ZEvidenceBase.shape;

/** The file fields of a file evidence (spec p1 §3): name, p1 §9 type code (1 documents … 5 other), media type sniffed from the bytes. */
export const ZEvidenceFile = z.object({
  fileName: z.string().max(255),
  fileType: z.number().int().min(1).max(5),
  mime: z.string().max(120),
});
const F = ZEvidenceFile.shape;

/**
 * One evidence as deposited and listed (spec p1 §3): ZEvidenceBase with the file fields (ZEvidenceFile)
 * and isDownload 1 downloadable, 0 not (spec p1 §4).
 */
export const ZEvidenceItem = z.object({
  id: B.id,
  baoquan: B.baoquan,
  title: B.title,
  fileName: F.fileName,
  fileType: F.fileType,
  mime: F.mime,
  size: B.size,
  sha256: B.sha256,
  label: B.label,
  saveTime: B.saveTime,
  chainhash: B.chainhash,
  isDownload: z.number().int().min(0).max(2),
});
export type TEvidenceItem = z.infer<typeof ZEvidenceItem>;

/** Answer of POST /api/data/upload: {id, baoquan, title, fileType, size, sha256, label, saveTime, chainhash, …}. */
export const ZDataUploadRes = ZEvidenceItem;
export type TDataUploadRes = TEvidenceItem;

// ── List ──────────────────────────────────────────────────────────────────

/** Optional filter text: '' or missing → undefined. */
const filterText = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string({ error: MSG.BAD_PARAM }).trim().max(max, tooLong).optional());

/**
 * GET /api/data/getList query (spec p1 §7): page (default 1), limit (default 20, ≤ 100), label, startTime
 * and endTime (Unix seconds, inclusive; end = chosen day + 86399), keyword (title, file name or number),
 * type (p1 §9: 0 all … 5 other), v (cache buster, ignored). startTime after endTime → 开始时间不能晚于结束时间.
 */
export const ZDataListQuery = z
  .object({
    ...zPaging(PAGE_SIZE.evidence),
    label: filterText(LABEL_MAX, MSG.LABEL_TOO_LONG),
    startTime: zUnixOpt(),
    endTime: zUnixOpt(),
    keyword: filterText(KEYWORD_MAX, MSG.KEYWORD_TOO_LONG),
    type: zFormIntDefault(MSG.EVIDENCE_TYPE_INVALID, 0, 5, 0),
    v: z.string().max(50).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.startTime !== undefined && o.endTime !== undefined && o.startTime > o.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: MSG.DATE_RANGE_INVALID });
    }
  });
export type TDataListQuery = z.infer<typeof ZDataListQuery>;

/** Answer of GET /api/data/getList: `{list, count}`. */
export const ZDataListRes = zPaged(ZEvidenceItem);
export type TDataListRes = z.infer<typeof ZDataListRes>;

// ── Labels ────────────────────────────────────────────────────────────────

/** Answer of GET /api/data/getLabelList: the owner's distinct labels, `[{label}]` (spec p1 §3 Label). */
export const ZLabelListRes = z.array(z.object({ label: z.string().max(40) }));
export type TLabelListRes = z.infer<typeof ZLabelListRes>;

/** POST /api/data/saveLabel: dataId and label ('' clears it). */
export const ZSaveLabelReq = z.object({ dataId: zDataId(), label: zLabel().default('') });
export type TSaveLabelReq = z.infer<typeof ZSaveLabelReq>;

// ── Delete and downloads ──────────────────────────────────────────────────

/** GET /api/data/delData query: dataId (removed from the owner's list; the ledger entry stays). */
export const ZDelDataQuery = z.object({ dataId: zDataId() });
export type TDelDataQuery = z.infer<typeof ZDelDataQuery>;

/** POST /api/data/downBaoquan: dataId → data `{downUrl}` (ZDownUrl). */
export const ZDownBaoquanReq = z.object({ dataId: zDataId() });
export type TDownBaoquanReq = z.infer<typeof ZDownBaoquanReq>;

/**
 * `dataIdStr`: comma-separated evidence ids (spec p1 §7), parsed to distinct numbers in order.
 * Missing or empty → 请选择需要下载的证据; a non-numeric id → 证据编号错误; more than `max` → 单次最多下载100个证据.
 * The one id-list parser of every kind's batch download (data, web capture, process).
 */
export const zDataIdStr = (max: number = BATCH_DOWNLOAD_MAX) =>
  z
    .string({ error: MSG.SELECT_EVIDENCE_TO_DOWNLOAD })
    .max(2000, MSG.BATCH_TOO_MANY)
    .transform((s) => s.split(',').map((t) => t.trim()).filter((t) => t !== ''))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,15}$/, MSG.EVIDENCE_ID_INVALID).transform(Number))
        .min(1, MSG.SELECT_EVIDENCE_TO_DOWNLOAD)
        .transform((ids) => [...new Set(ids)])
        .pipe(z.array(z.number()).max(max, MSG.BATCH_TOO_MANY)),
    );

/** POST /api/data/downloadBatch: dataIdStr → data: one signed URL per evidence (ZDownloadBatchRes). */
export const ZDownloadBatchReq = z.object({ dataIdStr: zDataIdStr() });
export type TDownloadBatchReq = z.infer<typeof ZDownloadBatchReq>;

/** Answer of POST /api/data/downloadBatch: `[url, …]`, opened in hidden frames (spec p1 §4). */
export const ZDownloadBatchRes = z.array(z.string().max(4096));
export type TDownloadBatchRes = z.infer<typeof ZDownloadBatchRes>;

/** POST /api/data/downloadZip (ours, issue 2 §7 one-click zip): dataIdStr → data `{downUrl}` of one zip. */
export const ZDownloadZipReq = ZDownloadBatchReq;
export type TDownloadZipReq = TDownloadBatchReq;
