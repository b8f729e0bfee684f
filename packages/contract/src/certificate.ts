/**
 * Certificate calls (issue 2 §6; spec p1 §2, §3, §6, §7; p2 §3): the certificate view by number, the
 * check-by-number flow, extraction by code, the certificate PDF and phone info. All work without login;
 * `isSelf` and the owner's fields depend on who asks.
 */
import { z } from 'zod';
import { ZEvidenceBase, ZEvidenceFile } from './evidence.ts';
import { zExtractCodeInput, zOptionalCaptcha } from './fields.ts';
import { MSG } from './messages.ts';

/**
 * A certificate number (`baoquan`, also sent as `no`): trimmed, missing/blank → 请输入保全号; anything
 * but 1–32 letters, digits, '-' or '_' → 保全号不存在 (it cannot exist).
 */
export const zBaoquan = () =>
  z
    .string({ error: MSG.BAOQUAN_REQUIRED })
    .trim()
    .min(1, MSG.BAOQUAN_REQUIRED)
    .max(32, MSG.BAOQUAN_NOT_FOUND)
    .regex(/^[A-Za-z0-9_-]+$/, MSG.BAOQUAN_NOT_FOUND);

/** GET /api/share/getView query: baoquan. */
export const ZGetViewQuery = z.object({ baoquan: zBaoquan() });
export type TGetViewQuery = z.infer<typeof ZGetViewQuery>;

/**
 * The certificate view (GET /api/share/getView, POST /api/check/bqview) of every kind: the evidence item
 * fields (ZEvidenceBase + ZEvidenceFile, spec p1 §3) plus the certificate content; a kind's own certificate
 * answer (getWebView, getProView) extends this view.
 * - id: the evidence id, only for the owner (isSelf 1); 0 for everyone else (ids are not public).
 * - fileType: p1 §9 code 1–5; size bytes; sha256 and chainhash hex; saveTime Unix seconds.
 * - ledgerIndex: 0-based leaf index; treeSize: size of the latest signed checkpoint covering it.
 * - html / htmlEn: certificate content in Chinese / English, rendered by the server from escaped data
 *   (number, title, file name, size, SHA-256, masked owner name, deposit time, chainhash, ledger index,
 *   checkpoint size).
 * - isSelf 1 only for the logged-in owner with an active userStatus (spec p1 §6); isDownload 1 downloadable,
 *   0 missing, 2 uploading (spec p1 §4); isApp 1 for mobile-app evidence; mp4Path '' unless a video
 *   rendition exists; deleted 1 when the owner removed the file from their list (the entry stays).
 */
export const ZCertificateView = z.object({
  id: ZEvidenceBase.shape.id.min(0),
  baoquan: ZEvidenceBase.shape.baoquan,
  title: ZEvidenceBase.shape.title,
  fileName: ZEvidenceFile.shape.fileName,
  fileType: ZEvidenceFile.shape.fileType,
  mime: ZEvidenceFile.shape.mime,
  size: ZEvidenceBase.shape.size,
  sha256: ZEvidenceBase.shape.sha256,
  label: ZEvidenceBase.shape.label,
  saveTime: ZEvidenceBase.shape.saveTime,
  chainhash: ZEvidenceBase.shape.chainhash,
  ledgerIndex: z.number().int().min(0),
  treeSize: z.number().int().min(0),
  html: z.string().max(200_000),
  htmlEn: z.string().max(200_000),
  isSelf: z.literal([0, 1]),
  isDownload: z.literal([0, 1, 2]),
  isApp: z.literal([0, 1]),
  mp4Path: z.string().max(2048),
  deleted: z.literal([0, 1]),
});
export type TCertificateView = z.infer<typeof ZCertificateView>;

/** POST /api/check/bqno: no (the certificate number) → data `{viewToken}` (ZViewToken). */
export const ZCheckBqnoReq = z.object({ no: zBaoquan() });
export type TCheckBqnoReq = z.infer<typeof ZCheckBqnoReq>;

/** Answer of POST /api/check/bqno. */
export const ZViewToken = z.object({ viewToken: z.string().max(500) });
export type TViewToken = z.infer<typeof ZViewToken>;

/** POST /api/check/bqview: viewToken (missing or bad → 查看凭证已失效，请重新查询) and no → ZCertificateView. */
export const ZCheckBqviewReq = z.object({
  viewToken: z.string({ error: MSG.VIEW_TOKEN_INVALID }).trim().min(1, MSG.VIEW_TOKEN_INVALID).max(500, MSG.VIEW_TOKEN_INVALID),
  no: zBaoquan(),
});
export type TCheckBqviewReq = z.infer<typeof ZCheckBqviewReq>;

/**
 * POST /api/share/downBaoquan (spec p2 §3 extraction code payload): baoquan and code (the 证据提取 field:
 * 请输入证据提取码 when blank, 证据提取码不能超过30个字符 above 30) → data `{downUrl}` (ZDownUrl) when the
 * code is the owner's; 证据提取码错误 otherwise. After repeated wrong codes for this owner from this client
 * (or many for the owner from everyone) it asks for an image captcha: 请输入图形验证码 / 图形验证码不正确 with
 * data `{needCaptcha: 1}` (issue 9 §3); captchaId and imgCode then come with the retry.
 */
export const ZShareDownReq = z.object({ baoquan: zBaoquan(), code: zExtractCodeInput(), ...zOptionalCaptcha() });
export type TShareDownReq = z.infer<typeof ZShareDownReq>;

/** POST /api/check/downCertificate: no → data `{downUrl}` (ZDownUrl) of the certificate PDF. */
export const ZDownCertificateReq = z.object({ no: zBaoquan() });
export type TDownCertificateReq = z.infer<typeof ZDownCertificateReq>;

/** GET /api/share/getAppInfo query: baoquan → phone info (ZPhoneInfo). */
export const ZAppInfoQuery = z.object({ baoquan: zBaoquan() });
export type TAppInfoQuery = z.infer<typeof ZAppInfoQuery>;

/** Phone information of mobile-app evidence (spec p1 §3 "Phone info (forensics)"). */
export const ZPhoneInfo = z.object({
  name: z.string().max(100),
  model_name: z.string().max(100),
  version: z.string().max(100),
  processor: z.string().max(100),
  core: z.string().max(100),
  appAddress: z.string().max(500),
});
export type TPhoneInfo = z.infer<typeof ZPhoneInfo>;
