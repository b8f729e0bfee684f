/**
 * Owner routes of web captures (issue 4 §2; spec p2 §7 web evidence calls; shapes in
 * @cunzheng/contract/forensics and docs/api-forensics.md). All require a session.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWebDownloadBatchQuery, ZWebIdReq, ZWebListReq, ZWebPreviewReq, ZWebSaveLabelReq, ZWebScreenshotReq, ZWebStatusQuery } from '@cunzheng/contract/forensics';
import { MSG } from '@cunzheng/contract/messages';
import { actingMemberId, type Sessions } from '../../platform/auth.ts';
import { forbidden, ok } from '../../platform/errors.ts';
import type { PreviewService } from './preview.ts';
import type { ForensicsService } from './service.ts';

const ZPreviewShotQuery = z.object({
  id: z.string().max(40),
  exp: z.coerce.number().int().min(0).max(4102444800),
  sig: z.string().max(100),
});

/** Registers the owner routes. */
export const forensicsRoutes = (deps: { forensics: ForensicsService; preview: PreviewService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { forensics, preview, sessions } = deps;

  /**
   * POST /api/webforensics/preview (url) → `{previewId, title, finalUrl, screenshotUrl}`; waits for the page
   * (≤ 30 s). 400 网页地址格式错误,请重新输入 / 目标地址不允许访问 / DNS 解析失败 / 访问超时 / HTTP 状态码 N …
   */
  app.post('/api/webforensics/preview', { schema: { body: ZWebPreviewReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await preview.preview(me.user.id, req.body.url));
  });

  /** GET /api/webforensics/previewShot?id=&exp=&sig= → the preview PNG (signed, expiring URL; 403 envelope otherwise). */
  app.get('/api/webforensics/previewShot', { schema: { querystring: ZPreviewShotQuery } }, async (req, reply) => {
    const png = await preview.screenshot(req.query);
    if (!png) throw forbidden('下载链接无效或已过期');
    reply.header('Cache-Control', 'private, max-age=300');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type('image/png').send(png);
  });

  /** POST /api/webforensics/screenshot (url, title?) → `{id}` of the queued capture (poll webstatus). */
  app.post('/api/webforensics/screenshot', { schema: { body: ZWebScreenshotReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await forensics.submit(me.user.id, { url: req.body.url, title: req.body.title, memberId: actingMemberId(me) }, req.ip), MSG.WEB_SUBMITTED);
  });

  /** GET /api/Webforensics/webstatus?id= → `{id, status, reason, baoquan, chainhash, url, title}`. 400 取证记录不存在. */
  app.get('/api/webforensics/webstatus', { schema: { querystring: ZWebStatusQuery } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await forensics.status(me.user.id, req.query));
  });

  /** POST /api/webforlist/webList (page, limit, keyword, label, startTime, endTime, status) → `{list, count}`. */
  app.post('/api/webforlist/webList', { schema: { body: ZWebListReq } }, async (req) => {
    const me = await sessions.required(req);
    const b = req.body;
    return ok(await forensics.list({ userId: me.user.id, page: b.page, limit: b.limit, keyword: b.keyword, label: b.label, startTime: b.startTime, endTime: b.endTime, status: b.status }));
  });

  /** POST /api/webforlist/saveLabel (id, label). 400 取证记录不存在 / 取证尚未完成. */
  app.post('/api/webforlist/saveLabel', { schema: { body: ZWebSaveLabelReq } }, async (req) => {
    const me = await sessions.required(req);
    await forensics.saveLabel(me.user.id, req.body.id, req.body.label);
    return ok(null, MSG.OPERATION_SUCCESS);
  });

  /** POST /api/webforlist/webDel (id): removes it from the list (the ledger entry and certificate stay). */
  app.post('/api/webforlist/webDel', { schema: { body: ZWebIdReq } }, async (req) => {
    const me = await sessions.required(req);
    await forensics.remove(me.user.id, req.body.id);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/webforlist/webDownload (id) → `{downUrl}` of the WACZ. 400 取证尚未完成. */
  app.post('/api/webforlist/webDownload', { schema: { body: ZWebIdReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await forensics.download(me.user.id, req.body.id));
  });

  /** POST /api/webforlist/clickWebFor (id) → `{capture (row + provenance), artefacts, screenshotUrl}`. */
  app.post('/api/webforlist/clickWebFor', { schema: { body: ZWebIdReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await forensics.detail(me.user.id, req.body.id));
  });

  /**
   * GET /down/downloadBatch?ids=1,2,3 (capture ids, bearer token): one zip of the WACZ files of the done
   * ones. `Accept: application/json` → envelope `{downUrl}`; otherwise 302 to that signed URL. 400 无下载文件.
   */
  app.get('/down/downloadBatch', { schema: { querystring: ZWebDownloadBatchQuery } }, async (req, reply) => {
    const me = await sessions.required(req);
    const r = await forensics.zipUrl(me.user.id, req.query.ids);
    if (/application\/json/i.test(req.headers.accept ?? '')) return ok(r);
    return reply.redirect(r.downUrl, 302);
  });
};
