/**
 * Routes of process evidence (issue 11 §2; spec p2 §7 "Process evidence"; shapes in
 * @cunzheng/contract/process, documented in docs/architecture.md). Owner routes require a session; the
 * share routes are public. The stream WebSocket is in stream.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@cunzheng/contract/messages';
import { ZAddProcessReq, ZGetProViewQuery, ZProcessIdReq, ZProDownloadBatchReq, ZProLabelListReq, ZProListReq, ZProSaveLabelReq, ZProShareDownReq } from '@cunzheng/contract/process';
import { actingMemberId, type Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { ProcessService } from './service.ts';
import type { ProcessShareService } from './share.ts';

/** Registers the owner and share routes. */
export const processRoutes = (deps: { process: ProcessService; share: ProcessShareService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { process: svc, share, sessions } = deps;

  /**
   * POST /api/processforensics/addProcess and /api/processlist/clickAddProcess (type 2|4, url?, title?) →
   * the session `{id, type, status, position, streamToken, streamPath, deadline, maxSeconds, idleSeconds,
   * resumed}`. 400 网页地址格式错误,请重新输入 / 目标地址不允许访问 / 排队人数过多，请稍后再试.
   */
  for (const path of ['/api/processforensics/addProcess', '/api/processlist/clickAddProcess']) {
    app.post(path, { schema: { body: ZAddProcessReq } }, async (req) => {
      const me = await sessions.required(req);
      return ok(await svc.add(me.user.id, req.body, req.ip, actingMemberId(me)));
    });
  }

  /** POST /api/processforensics/endProcess (id): 结束取证 — saves a running session (answers once saved) or drops a queued one. */
  app.post('/api/processforensics/endProcess', { schema: { body: ZProcessIdReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.end(me.user.id, req.body.id), MSG.PROCESS_STOPPED);
  });

  /** POST /api/processlist/cancelButton (id): a queued or running session ends unsaved. 400 该取证已结束，不能取消. */
  app.post('/api/processlist/cancelButton', { schema: { body: ZProcessIdReq } }, async (req) => {
    const me = await sessions.required(req);
    await svc.cancel(me.user.id, req.body.id);
    return ok(null, MSG.PROCESS_CANCELLED);
  });

  /** POST /api/processlist/getProList (type, page, limit, keyword, label, startTime, endTime, status) → `{list, count}`. */
  app.post('/api/processlist/getProList', { schema: { body: ZProListReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.list({ userId: me.user.id, ...req.body }));
  });

  /** POST /api/processlist/look (id) → `{session, item, provenance, artefacts, actions, shots, videoUrl}`. 400 取证记录不存在. */
  app.post('/api/processlist/look', { schema: { body: ZProcessIdReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.look(me.user.id, req.body.id));
  });

  /** POST /api/processlist/delPro (id): removed from the list (the ledger entry and certificate stay). */
  app.post('/api/processlist/delPro', { schema: { body: ZProcessIdReq } }, async (req) => {
    const me = await sessions.required(req);
    await svc.remove(me.user.id, req.body.id);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/processlist/saveLabel (id, label). 400 取证记录不存在 / 取证尚未完成. */
  app.post('/api/processlist/saveLabel', { schema: { body: ZProSaveLabelReq } }, async (req) => {
    const me = await sessions.required(req);
    await svc.saveLabel(me.user.id, req.body.id, req.body.label);
    return ok(null, MSG.OPERATION_SUCCESS);
  });

  /** POST /api/processlist/getLabelList (type) → `[{label}]`. */
  app.post('/api/processlist/getLabelList', { schema: { body: ZProLabelListReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.labels(me.user.id, req.body.type));
  });

  /** POST /api/processlist/downProBaoquan (id) → `{downUrl}` of the WACZ. 400 取证尚未完成. */
  app.post('/api/processlist/downProBaoquan', { schema: { body: ZProcessIdReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.download(me.user.id, req.body.id));
  });

  /** POST /api/processlist/downloadBatch (ids '1,2,3') → `{downUrl}` of one zip. 400 无下载文件. */
  app.post('/api/processlist/downloadBatch', { schema: { body: ZProDownloadBatchReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.zipUrl(me.user.id, req.body.ids));
  });

  /** GET /api/share/getProView?baoquan= → getView fields + the session (video, actions, screenshots, artefacts, provenance). 400 保全号不存在. */
  app.get('/api/share/getProView', { schema: { querystring: ZGetProViewQuery } }, async (req) => ok(await share.getProView(req.query.baoquan, await sessions.optional(req))));

  /** POST /api/share/downProBaoquan (baoquan, code) → `{downUrl}` of the WACZ; the errors and limits of /api/share/downBaoquan. */
  app.post('/api/share/downProBaoquan', { schema: { body: ZProShareDownReq } }, async (req) =>
    ok(await share.extract(req.body.baoquan, req.body.code, req.ip, { captchaId: req.body.captchaId, imgCode: req.body.imgCode })),
  );
};
