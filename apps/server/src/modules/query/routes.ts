/**
 * Public query routes (issue 12 §3; spec p1 §7 "Certificate check and sharing": POST /api/check/checkNo,
 * GET /api/Education, POST /api/Education/downPdf; POST /api/check/checkDigest is ours, for the
 * electronicData tab). None needs a login. POST /api/check/checkGzsNo (notarial certificates) belongs to the
 * notary module (issue 15).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCheckDigestReq, ZCheckNoReq, ZEducationPdfReq } from '@cunzheng/contract/query';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { ok } from '../../platform/errors.ts';
import type { CheckService } from './check.ts';
import type { EducationService } from './education.ts';

/** Public checks per client address per minute (numbers and digests are not secrets, but lookups cost reads). */
export const CHECK_LIMIT = { max: 120, windowSeconds: 60 } as const;

/** Registers the public query routes. */
export const queryRoutes = (deps: { check: CheckService; education: EducationService; limiter: RateLimiter }): FastifyPluginAsyncZod => async (app) => {
  const { check, education, limiter } = deps;

  /**
   * POST /api/check/checkNo (no) → ZCheckNoRes: the certificate's kind, its page (certificatePath), title,
   * file name, size (bytes), SHA-256, deposit time (Unix s), chainhash, ledger index, deleted. Any kind.
   * 400 请输入保全号 / 保全号不存在.
   */
  app.post('/api/check/checkNo', { schema: { body: ZCheckNoReq } }, async (req) => {
    await limiter.hit([{ key: `check:ip:${req.ip}`, ...CHECK_LIMIT }]);
    return ok(await check.checkNo(req.body.no));
  });

  /**
   * POST /api/check/checkDigest (digest: 64 hex, algo: sha256 | sm3, default sha256) → `{list}` of
   * ZCheckNoRes (≤ 20). 400 请输入64位十六进制的SHA-256或SM3摘要值 / 摘要算法只能是SHA-256或SM3.
   */
  app.post('/api/check/checkDigest', { schema: { body: ZCheckDigestReq } }, async (req) => {
    await limiter.hit([{ key: `check:ip:${req.ip}`, ...CHECK_LIMIT }]);
    return ok(await check.checkDigest(req.body.digest, req.body.algo));
  });

  /** GET /api/Education → `{list}` of help-centre articles (ZArticle: id, category 法律法规 | 操作指南, title, summary, source, sections). */
  app.get('/api/Education', async () => ok(education.list()));

  /** POST /api/Education/downPdf (id) → `{downUrl}` of the article's A4 PDF. 400 文章不存在; 429 操作过于频繁. */
  app.post('/api/Education/downPdf', { schema: { body: ZEducationPdfReq } }, async (req) => ok(await education.pdf(req.body.id, req.ip)));
};
