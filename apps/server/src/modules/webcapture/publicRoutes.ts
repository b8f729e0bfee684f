/**
 * Public and batch routes of web captures (issue 4 §2; spec p2 §7): the capture's certificate, WACZ
 * extraction with the owner's code, the sandboxed replay, and batch capture (login required).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetWebViewQuery, ZWebBatchDataReq, ZWebBatchPayReq, ZWebReplayQuery, ZWebShareDownReq } from '@cunzheng/contract/forensics';
import { actingMemberId, type Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { BatchService } from './batch.ts';
import { REPLAY_HEADERS, type WebShareService } from './share.ts';

/** Registers the public and batch routes. */
export const forensicsPublicRoutes = (deps: { share: WebShareService; batch: BatchService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { share, batch, sessions } = deps;

  /**
   * GET /api/share/getWebView?baoquan= → every getView field (html names it 网页取证 with URL, final URL and
   * capture time) + `{url, finalUrl, captureTime, artefacts, screenshotUrl, replayUrl, provenance}`.
   * 400 请输入保全号 / 保全号不存在 (also for a number that is not a web capture).
   */
  app.get('/api/share/getWebView', { schema: { querystring: ZGetWebViewQuery } }, async (req) => ok(await share.getWebView(req.query.baoquan, await sessions.optional(req))));

  /**
   * POST /api/share/webDownload (baoquan, code) → `{downUrl}` of the WACZ when `code` is the owner's
   * extraction code; the same errors and limits as /api/share/downBaoquan.
   */
  app.post('/api/share/webDownload', { schema: { body: ZWebShareDownReq } }, async (req) =>
    ok(await share.extract(req.body.baoquan, req.body.code, req.ip, { captchaId: req.body.captchaId, imgCode: req.body.imgCode })),
  );

  /**
   * GET /api/share/webReplay?baoquan= → text/html (not an envelope): the archived page as the script-free
   * snapshot inside the WACZ, served under `Content-Security-Policy: sandbox` with no network
   * (default-src 'none'; images and fonts only as data:). Errors answer the envelope (400 该网页快照不可查看).
   */
  app.get('/api/share/webReplay', { schema: { querystring: ZWebReplayQuery } }, async (req, reply) => {
    const r = await share.replay(req.query.baoquan, req.ip);
    reply.headers({ ...REPLAY_HEADERS, 'Content-Length': String(r.length) });
    return reply.send(r.stream);
  });

  /** POST /api/webbatch/getData (urls: one per line, ≤ 100) → `{batchId, items: [{url, valid, reason}]}`. */
  app.post('/api/webbatch/getData', { schema: { body: ZWebBatchDataReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await batch.getData(me.user.id, req.body.urls));
  });

  /** POST /api/webbatch/pay (batchId) → `{batchId, ids, free: false, msg}` (each valid URL charged at deposit; issue 13); progress through webstatus. */
  app.post('/api/webbatch/pay', { schema: { body: ZWebBatchPayReq } }, async (req) => {
    const me = await sessions.required(req);
    const r = await batch.pay(me.user.id, req.body.batchId, req.ip, actingMemberId(me));
    return ok(r, r.msg);
  });
};
