/**
 * Web page evidence calls (网页取证; issue 4; spec p2 §7 "Web evidence" names the paths, the shapes are
 * ours and are documented in docs/api-forensics.md). Requests are form-encoded (numbers arrive as
 * strings) or JSON; every answer is the `{code, msg, data}` envelope and these schemas describe `data`.
 *
 * Ids: `id` everywhere in this file is the CAPTURE id (a capture exists from submission on, before it
 * becomes evidence), not the evidence id of the data-deposit calls.
 */
import { z } from 'zod';
import { ZCertificateView, zBaoquan } from './certificate.ts';
import { noSpecialChars, zFormIntOpt, zId, zPaged, zPaging, zUnixOpt } from './common.ts';
import { KEYWORD_MAX, LABEL_MAX, PAGE_SIZE, TITLE_MAX } from './constants.ts';
import { ZEvidenceBase, zDataIdStr, zLabel } from './evidence.ts';
import { zEvidenceUrl } from './fields.ts';
import { MSG } from './messages.ts';

// ── Constants ─────────────────────────────────────────────────────────────

/** Capture status (webstatus, webList): 0 queued, 1 capturing, 2 done (evidence preserved), 3 failed. */
export const WEB_CAPTURE_STATUS = { queued: 0, capturing: 1, done: 2, failed: 3 } as const;
export type TWebCaptureStatus = 0 | 1 | 2 | 3;
export const WEB_CAPTURE_STATUS_LABEL: Readonly<Record<number, string>> = { 0: '排队中', 1: '取证中', 2: '已完成', 3: '失败' };
/** Most URLs one batch accepts (issue 4 §2). */
export const WEB_BATCH_MAX = 100;
/** Suggested polling interval of webstatus while a capture is queued or running, ms. */
export const WEB_STATUS_POLL_MS = 2000;

/** Failure reason of a capture whose page answered with an HTTP error status, e.g. `HTTP 状态码 404`. */
export const msgHttpStatus = (status: number): string => `HTTP 状态码 ${status}`;

/** A capture id (`id`); wrong → 证据编号错误. */
export const zCaptureId = () => zId(MSG.EVIDENCE_ID_INVALID);

/** Optional title of a capture: at most 100 characters, no special characters; '' → the page's own title. */
const zWebTitle = () => z.string({ error: MSG.BAD_PARAM }).trim().max(TITLE_MAX, MSG.TITLE_TOO_LONG).superRefine(noSpecialChars('标题')).optional();

/** Optional filter text: '' or missing → undefined. */
const filterText = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string({ error: MSG.BAD_PARAM }).trim().max(max, tooLong).optional());

// ── Preview and single capture ────────────────────────────────────────────

/** POST /api/webforensics/preview: url (http(s), else 网页地址格式错误,请重新输入). */
export const ZWebPreviewReq = z.object({ url: zEvidenceUrl() });
export type TWebPreviewReq = z.infer<typeof ZWebPreviewReq>;

/**
 * Answer of preview: a quick look before preserving (nothing is preserved). `screenshotUrl` is a signed,
 * expiring URL of a 1366×768 viewport PNG; `finalUrl` the address after redirects; `previewId` names the
 * cached preview (a repeat within 5 minutes answers the same one).
 */
export const ZWebPreviewRes = z.object({
  previewId: z.string().max(64),
  title: z.string().max(500),
  finalUrl: z.string().max(4096),
  screenshotUrl: z.string().max(4096),
});
export type TWebPreviewRes = z.infer<typeof ZWebPreviewRes>;

/** POST /api/webforensics/screenshot: url and optional title (≤ 100, default the page title). */
export const ZWebScreenshotReq = z.object({ url: zEvidenceUrl(), title: zWebTitle() });
export type TWebScreenshotReq = z.infer<typeof ZWebScreenshotReq>;

/** Answer of screenshot: the capture id to poll with webstatus. */
export const ZWebScreenshotRes = z.object({ id: z.number().int() });
export type TWebScreenshotRes = z.infer<typeof ZWebScreenshotRes>;

/** GET /api/Webforensics/webstatus?id= (owner only). */
export const ZWebStatusQuery = z.object({ id: zCaptureId() });
export type TWebStatusQuery = z.infer<typeof ZWebStatusQuery>;

/**
 * Answer of webstatus. `reason` is '' unless failed (then a Chinese sentence: DNS 解析失败, 访问超时,
 * HTTP 状态码 404, 目标地址不允许访问 …); `baoquan` and `chainhash` are '' until status 2.
 */
export const ZWebStatus = z.object({
  id: z.number().int(),
  status: z.literal([0, 1, 2, 3]),
  reason: z.string().max(200),
  baoquan: z.string().max(32),
  chainhash: z.string().max(64),
  url: z.string().max(4096),
  title: z.string().max(255),
});
export type TWebStatus = z.infer<typeof ZWebStatus>;

// ── List, labels, delete, download, detail ────────────────────────────────

/**
 * POST /api/webforlist/webList: page (1), limit (20, ≤ 100), keyword (title, URL or number), label,
 * startTime/endTime (Unix seconds, inclusive; end = chosen day + 86399), status ('' all, else 0–3).
 */
export const ZWebListReq = z
  .object({
    ...zPaging(PAGE_SIZE.evidence),
    keyword: filterText(KEYWORD_MAX, MSG.KEYWORD_TOO_LONG),
    label: filterText(LABEL_MAX, MSG.LABEL_TOO_LONG),
    startTime: zUnixOpt(),
    endTime: zUnixOpt(),
    status: zFormIntOpt(MSG.BAD_PARAM, 0, 3),
  })
  .superRefine((o, ctx) => {
    if (o.startTime !== undefined && o.endTime !== undefined && o.startTime > o.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: MSG.DATE_RANGE_INVALID });
    }
  });
export type TWebListReq = z.infer<typeof ZWebListReq>;

/**
 * One capture in the list: the evidence base item (ZEvidenceBase) with the capture's URL, status and reason. `saveTime`: Unix seconds, the deposit time once done, else the submission time.
 * `baoquan`, `chainhash`, `sha256` ('' before done) and `size` (bytes, 0 before done) describe the WACZ
 * package that is the evidence. `finalUrl` is '' until the page was loaded.
 */
export const ZWebItem = z.object({
  id: ZEvidenceBase.shape.id,
  baoquan: ZEvidenceBase.shape.baoquan,
  title: ZEvidenceBase.shape.title,
  url: z.string().max(4096),
  finalUrl: z.string().max(4096),
  status: z.literal([0, 1, 2, 3]),
  reason: z.string().max(200),
  label: ZEvidenceBase.shape.label,
  saveTime: ZEvidenceBase.shape.saveTime,
  chainhash: ZEvidenceBase.shape.chainhash,
  size: ZEvidenceBase.shape.size,
  sha256: ZEvidenceBase.shape.sha256,
});
export type TWebItem = z.infer<typeof ZWebItem>;

/** Answer of webList: `{list, count}`, newest first. */
export const ZWebListRes = zPaged(ZWebItem);
export type TWebListRes = z.infer<typeof ZWebListRes>;

/** POST /api/webforlist/saveLabel: id and label ('' clears it; ≤ 20 characters). Only for done captures. */
export const ZWebSaveLabelReq = z.object({ id: zCaptureId(), label: zLabel().default('') });
export type TWebSaveLabelReq = z.infer<typeof ZWebSaveLabelReq>;

/** POST /api/webforlist/webDel, webDownload, clickWebFor: id. */
export const ZWebIdReq = z.object({ id: zCaptureId() });
export type TWebIdReq = z.infer<typeof ZWebIdReq>;

/** One file inside the WACZ package: its path in the zip, bytes, hex SHA-256 and media type. */
export const ZWebArtefact = z.object({
  name: z.string().max(100),
  path: z.string().max(300),
  size: z.number().int().min(0),
  sha256: z.string().max(64),
  mime: z.string().max(120),
});
export type TWebArtefact = z.infer<typeof ZWebArtefact>;

/** A host the page contacted: its resolved addresses (as pinned for the capture). */
export const ZWebHost = z.object({ host: z.string().max(300), ips: z.array(z.string().max(64)).max(32) });

/** TLS of one https origin, as seen on the connection that carried its responses. */
export const ZWebTls = z.object({
  origin: z.string().max(400),
  /** true when the chain verified against the system's trusted roots. */
  authorized: z.boolean(),
  /** OpenSSL's verification error ('' when authorized), e.g. DEPTH_ZERO_SELF_SIGNED_CERT. */
  error: z.string().max(200),
  protocol: z.string().max(40),
  cipher: z.string().max(100),
  /** Certificates in the recorded chain (leaf first). */
  chainLength: z.number().int().min(0),
  /** Subject CN / issuer CN / validity of the leaf certificate. */
  subject: z.string().max(300),
  issuer: z.string().max(300),
  validFrom: z.string().max(60),
  validTo: z.string().max(60),
  /** Hex SHA-256 fingerprint of the leaf certificate. */
  fingerprint256: z.string().max(120),
});

/**
 * The provenance summary of a capture (also capture/provenance.json inside the WACZ, with the full
 * request list). Times: `captureTime` Unix seconds, `captureTimeIso` RFC 3339 UTC.
 * `timestampToken` is the base64 RFC 3161 token over the package hash, or '' with `timestampNote`
 * saying why (not available until the platform timestamp service exists).
 */
export const ZWebProvenance = z.object({
  captureTime: z.number().int(),
  captureTimeIso: z.string().max(40),
  url: z.string().max(4096),
  finalUrl: z.string().max(4096),
  title: z.string().max(500),
  /** HTTP status of the final page. */
  statusCode: z.number().int(),
  browser: z.string().max(200),
  os: z.string().max(200),
  userAgent: z.string().max(500),
  /** The capture server's public address as configured (CAPTURE_PUBLIC_ADDRESS), '' when not configured. */
  publicAddress: z.string().max(200),
  viewport: z.string().max(20),
  locale: z.string().max(20),
  timezone: z.string().max(60),
  software: z.string().max(100),
  requestCount: z.number().int().min(0),
  /** Bytes of every recorded response body. */
  totalBytes: z.number().int().min(0),
  /** true when the size or time limit stopped recording before the page was complete. */
  truncated: z.boolean(),
  notes: z.array(z.string().max(500)).max(20),
  hosts: z.array(ZWebHost).max(500),
  tls: z.array(ZWebTls).max(200),
  timestampToken: z.string().max(20_000),
  timestampNote: z.string().max(200),
  /** WACZ signing (wacz-auth 0.1.0 anonymous mode): algorithm and base64 SPKI public key. */
  signature: z.object({ algorithm: z.string().max(60), publicKey: z.string().max(1000) }),
});
export type TWebProvenance = z.infer<typeof ZWebProvenance>;

/** Answer of clickWebFor: the list row + provenance (null until done), the artefacts, a signed screenshot URL ('' until done). */
export const ZWebDetailRes = z.object({
  capture: ZWebItem.extend({ provenance: ZWebProvenance.nullable() }),
  artefacts: z.array(ZWebArtefact).max(500),
  screenshotUrl: z.string().max(4096),
});
export type TWebDetailRes = z.infer<typeof ZWebDetailRes>;

// ── Public certificate and extraction ─────────────────────────────────────

/** GET /api/share/getWebView?baoquan=. */
export const ZGetWebViewQuery = z.object({ baoquan: zBaoquan() });
export type TGetWebViewQuery = z.infer<typeof ZGetWebViewQuery>;

/**
 * Answer of getWebView: every field of getView (its `html` names the evidence 网页取证 with the URL, final
 * URL and capture time) plus the capture: `screenshotUrl` (signed, expiring full-page PNG), `replayUrl`
 * (the archived page as a sandboxed, script-free HTML snapshot: open it in an iframe or a new tab; '' when
 * deleted), the artefacts and the provenance. The WACZ itself only through webDownload with the code.
 */
export const ZWebView = ZCertificateView.extend({
  url: z.string().max(4096),
  finalUrl: z.string().max(4096),
  captureTime: z.number().int(),
  artefacts: z.array(ZWebArtefact).max(500),
  screenshotUrl: z.string().max(4096),
  replayUrl: z.string().max(4096),
  provenance: ZWebProvenance,
});
export type TWebView = z.infer<typeof ZWebView>;

/** GET /api/share/webReplay?baoquan= → text/html (not an envelope): the sandboxed snapshot. */
export const ZWebReplayQuery = z.object({ baoquan: zBaoquan() });
export type TWebReplayQuery = z.infer<typeof ZWebReplayQuery>;

/** POST /api/share/webDownload: baoquan and code (the owner's extraction code) → data `{downUrl}` of the WACZ. */
export { ZShareDownReq as ZWebShareDownReq, type TShareDownReq as TWebShareDownReq } from './certificate.ts';

// ── Batch ─────────────────────────────────────────────────────────────────

/** POST /api/webbatch/getData: urls, one per line (blank lines ignored), at most 100 → 单次最多提交100个网址. */
export const ZWebBatchDataReq = z.object({
  urls: z.string({ error: MSG.WEB_URLS_REQUIRED }).max(WEB_BATCH_MAX * 2100, MSG.WEB_BATCH_TOO_MANY),
});
export type TWebBatchDataReq = z.infer<typeof ZWebBatchDataReq>;

/** One line of a batch: `valid` false with a Chinese `reason` (format, duplicate, refused address, DNS). */
export const ZWebBatchItem = z.object({ url: z.string().max(2100), valid: z.boolean(), reason: z.string().max(200) });
export type TWebBatchItem = z.infer<typeof ZWebBatchItem>;

/** Answer of getData: the batch (kept 1 hour) and its checked lines in input order. */
export const ZWebBatchDataRes = z.object({ batchId: z.string().max(64), items: z.array(ZWebBatchItem).max(WEB_BATCH_MAX) });
export type TWebBatchDataRes = z.infer<typeof ZWebBatchDataRes>;

/** POST /api/webbatch/pay: batchId → starts one capture per valid URL. */
export const ZWebBatchPayReq = z.object({
  batchId: z.string({ error: MSG.WEB_BATCH_NOT_FOUND }).trim().min(1, MSG.WEB_BATCH_NOT_FOUND).max(64, MSG.WEB_BATCH_NOT_FOUND),
});
export type TWebBatchPayReq = z.infer<typeof ZWebBatchPayReq>;

/** Answer of pay: capture ids in the order of the valid lines; `free` true and msg 批量取证暂不收费 until points exist. */
export const ZWebBatchPayRes = z.object({
  batchId: z.string().max(64),
  ids: z.array(z.number().int()).max(WEB_BATCH_MAX),
  free: z.boolean(),
  msg: z.string().max(200),
});
export type TWebBatchPayRes = z.infer<typeof ZWebBatchPayRes>;

/**
 * GET /down/downloadBatch?ids=1,2,3 (capture ids, ≤ 100; bearer token). With `Accept: application/json`
 * the answer is the envelope with data `{downUrl}` (a signed, expiring URL of one zip of the WACZ files:
 * open it in a hidden frame); otherwise a 302 redirect to that URL. Only done captures are included;
 * none → 400 无下载文件.
 */
export const ZWebDownloadBatchQuery = z.object({
  ids: zDataIdStr(WEB_BATCH_MAX),
});
export type TWebDownloadBatchQuery = z.infer<typeof ZWebDownloadBatchQuery>;
