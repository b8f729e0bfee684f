/**
 * Certificate check and sharing routes (spec p1 §7 "Certificate check and sharing"; p1 §2, §6; p2 §2
 * dialog 证据提取; issue 2 §6). None needs a login; a bearer token, when present, only decides `isSelf`.
 * Request schemas come from @cunzheng/contract/certificate (every string bounded, Chinese messages).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCheckBqnoReq, ZCheckBqviewReq, ZDownCertificateReq, ZGetViewQuery, ZShareDownReq } from '@cunzheng/contract/certificate';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { CertificateService } from './service.ts';
import { encodedBody, etagMatches, pickEncoding, type CachedBody } from './viewCache.ts';

/** downCertificate also accepts `lang` (zh default, en for the English certificate page). */
const ZDownCertificateBody = ZDownCertificateReq.extend({ lang: z.enum(['zh', 'en'], { error: '证书语言错误' }).optional() });

/**
 * Sends a cached certificate answer (issue 16): 304 without a body when If-None-Match names its ETag.
 * Cache-Control: `no-cache` (stored, revalidated on every use: a deletion shows at once) — `public` for an
 * anonymous request, `private` when it carries a session; Vary: Authorization (owner and others differ).
 * The body goes out br / gzip compressed by Accept-Encoding, compressed once per cached answer (the routes
 * opt out of the app's per-answer compression: `compress: false`).
 */
function sendCached(req: FastifyRequest, reply: FastifyReply, c: CachedBody): FastifyReply | string {
  reply.header('etag', c.etag).header('cache-control', req.headers.authorization ? 'private, no-cache' : 'public, no-cache').header('vary', 'Authorization, Accept-Encoding');
  if (req.method === 'GET' && etagMatches(req.headers['if-none-match'], c.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const enc = c.body.length >= 1024 ? pickEncoding(req.headers['accept-encoding']) : null;
  return enc ? reply.header('content-encoding', enc).send(encodedBody(c, enc)) : reply.send(c.body);
}

/** Registers the certificate routes. */
export const certificateRoutes = (deps: { certificate: CertificateService; sessions: Pick<Sessions, 'optional'> }): FastifyPluginAsyncZod => async (app) => {
  const { certificate, sessions } = deps;

  /**
   * GET /api/share/getView?baoquan= → the certificate view (evidence fields of spec p1 §3: id (owner only,
   * else 0), baoquan, title, fileName, fileType, mime, size, sha256, label (owner only), saveTime, chainhash,
   * html, htmlEn, isSelf, isDownload, isApp, mp4Path, deleted, ledgerIndex, treeSize).
   * 400 请输入保全号 / 保全号不存在.
   */
  app.get('/api/share/getView', { schema: { querystring: ZGetViewQuery }, compress: false }, async (req, reply) =>
    sendCached(req, reply, await certificate.cachedView(req.query.baoquan, await sessions.optional(req))),
  );

  /** POST /api/check/bqno (no) → `{viewToken}` valid 30 minutes for this number. 400 请输入保全号 / 保全号不存在. */
  app.post('/api/check/bqno', { schema: { body: ZCheckBqnoReq } }, async (req) => ok(await certificate.bqno(req.body.no)));

  /**
   * POST /api/check/bqview (viewToken, no) → the same data as getView. 400 查看凭证已失效，请重新查询 for a
   * forged, expired or other number's token; 400 保全号不存在.
   */
  app.post('/api/check/bqview', { schema: { body: ZCheckBqviewReq }, compress: false }, async (req, reply) =>
    sendCached(req, reply, await certificate.cachedBqview(req.body.viewToken, req.body.no, await sessions.optional(req))),
  );

  /**
   * POST /api/share/downBaoquan (baoquan, code) → `{downUrl}` (signed, expiring) of the evidence file when
   * `code` is the owner's extraction code. 400 请输入证据提取码 / 证据提取码不能超过30个字符 / 证据提取码错误 /
   * 证据缺失不可下载 / 保全号不存在; after repeated wrong codes for the owner 请输入图形验证码 with data
   * `{needCaptcha: 1}` (retry with captchaId and imgCode; issue 9 §3).
   */
  app.post('/api/share/downBaoquan', { schema: { body: ZShareDownReq } }, async (req) =>
    ok(await certificate.extract(req.body.baoquan, req.body.code, req.ip, { captchaId: req.body.captchaId, imgCode: req.body.imgCode })),
  );

  /**
   * POST /api/check/downCertificate (no[, lang=zh|en]) → `{downUrl}` of the A4 certificate PDF named
   * 保全证书-<baoquan>.pdf, rendered by Chromium from the getView html. 400 保全号不存在.
   */
  app.post('/api/check/downCertificate', { schema: { body: ZDownCertificateBody } }, async (req) => {
    const r = await certificate.downCertificate(req.body.no, req.ip, req.body.lang ?? 'zh');
    if (r.ms > 0) req.log.info({ baoquan: req.body.no, ms: r.ms }, 'certificate pdf rendered');
    return ok({ downUrl: r.downUrl });
  });
};
