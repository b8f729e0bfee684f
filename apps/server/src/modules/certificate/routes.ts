/**
 * Certificate check and sharing routes (spec p1 §7 "Certificate check and sharing"; p1 §2, §6; p2 §2
 * dialog 证据提取; issue 2 §6). None needs a login; a bearer token, when present, only decides `isSelf`.
 * Request schemas come from @cunzheng/contract/certificate (every string bounded, Chinese messages).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCheckBqnoReq, ZCheckBqviewReq, ZDownCertificateReq, ZGetViewQuery, ZShareDownReq, type TCertificateView } from '@cunzheng/contract/certificate';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { CertificateService } from './service.ts';

/** downCertificate also accepts `lang` (zh default, en for the English certificate page). */
const ZDownCertificateBody = ZDownCertificateReq.extend({ lang: z.enum(['zh', 'en'], { error: '证书语言错误' }).optional() });

/** Registers the certificate routes. */
export const certificateRoutes = (deps: { certificate: CertificateService; sessions: Pick<Sessions, 'optional'> }): FastifyPluginAsyncZod => async (app) => {
  const { certificate, sessions } = deps;

  /**
   * GET /api/share/getView?baoquan= → the certificate view (evidence fields of spec p1 §3: id (owner only,
   * else 0), baoquan, title, fileName, fileType, mime, size, sha256, label (owner only), saveTime, chainhash,
   * html, htmlEn, isSelf, isDownload, isApp, mp4Path, deleted, ledgerIndex, treeSize).
   * 400 请输入保全号 / 保全号不存在.
   */
  app.get('/api/share/getView', { schema: { querystring: ZGetViewQuery } }, async (req) => {
    const view: TCertificateView = await certificate.getView(req.query.baoquan, await sessions.optional(req));
    return ok(view);
  });

  /** POST /api/check/bqno (no) → `{viewToken}` valid 30 minutes for this number. 400 请输入保全号 / 保全号不存在. */
  app.post('/api/check/bqno', { schema: { body: ZCheckBqnoReq } }, async (req) => ok(await certificate.bqno(req.body.no)));

  /**
   * POST /api/check/bqview (viewToken, no) → the same data as getView. 400 查看凭证已失效，请重新查询 for a
   * forged, expired or other number's token; 400 保全号不存在.
   */
  app.post('/api/check/bqview', { schema: { body: ZCheckBqviewReq } }, async (req) => {
    const view: TCertificateView = await certificate.bqview(req.body.viewToken, req.body.no, await sessions.optional(req));
    return ok(view);
  });

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
