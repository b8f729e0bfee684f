/**
 * Public query pages (issue 12 §3; spec p1 §7 "Certificate check and sharing", p2 §2 /queryAuthentication,
 * /English/safekeeping, /dama/{id}) and the help centre's articles (GET /api/Education, POST
 * /api/Education/downPdf). No call here needs a login.
 */
import { z } from 'zod';
import { zBaoquan } from './certificate.ts';
import { MSG } from './messages.ts';

/** POST /api/check/checkNo (no): any certificate number of any kind. 400 请输入保全号 / 保全号不存在. */
export const ZCheckNoReq = z.object({ no: zBaoquan() });

/**
 * Answer of POST /api/check/checkNo and one item of POST /api/check/checkDigest: the public facts of a
 * certificate — kind (registry id) and its Chinese name, the certificate page path of its kind, the main
 * file's SHA-256 and size (bytes), title, deposit time (Unix seconds), chainhash, ledger index, deleted 1
 * when the owner deleted the file (the certificate stays valid).
 */
export const ZCheckNoRes = z.object({
  baoquan: z.string().max(32),
  kind: z.string().max(20),
  kindName: z.string().max(40),
  evidenceType: z.number().int(),
  certificatePath: z.string().max(200),
  title: z.string().max(255),
  fileName: z.string().max(255),
  size: z.number().int().min(0),
  sha256: z.string().max(64),
  saveTime: z.number().int(),
  chainhash: z.string().max(64),
  ledgerIndex: z.number().int().min(0),
  deleted: z.literal([0, 1]),
});
export type TCheckNoRes = z.infer<typeof ZCheckNoRes>;

/** Digest algorithms of the electronicData query. */
export const DIGEST_ALGOS = ['sha256', 'sm3'] as const;

/**
 * POST /api/check/checkDigest (ours; the electronicData tab): `digest` 64 hex digits (case ignored) and
 * `algo` sha256 (default) or sm3 → data `{ list: ZCheckNoRes[] }` (at most 20, newest first; empty list when
 * nothing was deposited with that digest). 400 请输入64位十六进制的SHA-256或SM3摘要值 / 摘要算法只能是SHA-256或SM3.
 */
export const ZCheckDigestReq = z.object({
  digest: z.string({ error: MSG.DIGEST_INVALID }).trim().toLowerCase().regex(/^[0-9a-f]{64}$/, MSG.DIGEST_INVALID),
  algo: z.enum(DIGEST_ALGOS, { error: MSG.DIGEST_ALGO_INVALID }).default('sha256'),
});
export type TCheckDigestReq = z.infer<typeof ZCheckDigestReq>;

/** One help-centre article (GET /api/Education → data `{ list }`): id, category 法律法规 | 操作指南, title, summary, sections. */
export const ZArticle = z.object({
  id: z.string().max(40),
  category: z.string().max(20),
  title: z.string().max(100),
  summary: z.string().max(300),
  /** Source of a law text (e.g. the issuing body and date); '' for how-to articles. */
  source: z.string().max(200),
  sections: z.array(z.object({ heading: z.string().max(100), paragraphs: z.array(z.string().max(2000)).max(40) })).max(30),
});
export type TArticle = z.infer<typeof ZArticle>;

/** POST /api/Education/downPdf (id) → data `{downUrl}` of the article's PDF. 400 文章不存在. */
export const ZEducationPdfReq = z.object({ id: z.string({ error: MSG.ARTICLE_NOT_FOUND }).trim().min(1, MSG.ARTICLE_NOT_FOUND).max(40, MSG.ARTICLE_NOT_FOUND) });
