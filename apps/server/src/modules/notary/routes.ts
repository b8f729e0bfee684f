/**
 * Routes of online notarization, user side and public check (issue 15; spec p2 §7 Notarization, p1 §7
 * GET /api/evidences/orderList). Every user route uses `sessions.mainRole` (role 2 enterprise members
 * do not see notarization: 403, spec p2 §6). Paths the spec does not name are ours (contract notary.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTARY_STEP_ROUTE, ZCheckGzsNoReq, ZNotaryApplicationReq, ZNotaryConsentReq, ZNotaryCreateReq, ZNotaryDetailQuery, ZNotaryDocReq, ZNotaryEvidenceQuery,
  ZNotaryInterviewSignReq, ZNotaryListQuery, ZNotaryOrderReq, ZNotaryOrdersTabQuery, ZNotaryPayReq,
} from '@cunzheng/contract/notary';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { NotaryQueries } from './queries.ts';
import type { NotaryService } from './service.ts';
import type { InterviewSignature } from './interview.ts';

/** Registers the user-side and public notary routes. */
export const notaryRoutes = (deps: { notary: NotaryService; queries: NotaryQueries; interview: InterviewSignature; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { notary, queries, sessions } = deps;

  /** GET /api/notary/gate → null when 新增公证 is allowed; 400 您未实名不可使用该功能 / 实名补传还未通过，请耐心等待 … with data.redirect (p2 §6). */
  app.get('/api/notary/gate', async (req) => {
    const me = await sessions.mainRole(req);
    await notary.gate(me.user.id);
    return ok(null);
  });

  /** GET /api/evidences/other (page, limit, keyword, evidenceType) → `{list, count}` of the caller's evidence of every kind (p2 §3 evidence rows). */
  app.get('/api/evidences/other', { schema: { querystring: ZNotaryEvidenceQuery } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.eligible(me.user.id, req.query));
  });

  /** POST /api/notary/create (ids) → `{orderId, type}`: a new order (gated, p2 §6). */
  app.post('/api/notary/create', { schema: { body: ZNotaryCreateReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.create(me.user.id, req.body.ids.split(',').map(Number), req.ip));
  });

  /** GET /api/notary/order (orderId) → the order state with the store flags of p2 §3. */
  app.get('/api/notary/order', { schema: { querystring: ZNotaryOrderReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.order(me.user.id, req.query.orderId));
  });

  /** POST /api/notary/applicationForm → the order state (step 1). */
  app.post('/api/notary/applicationForm', { schema: { body: ZNotaryApplicationReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.application(me.user.id, req.body, req.ip), MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/notary/sign (orderId, agree) → the order state (step 2: event certificate, PAdES with the default seal). */
  app.post('/api/notary/sign', { schema: { body: ZNotaryConsentReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.sign(me.user.id, req.body.orderId, req.ip));
  });

  /** POST /api/data/downContract (orderId) → `{downUrl, list}` of the signed application documents. */
  app.post('/api/data/downContract', { schema: { body: ZNotaryOrderReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.contract(me.user.id, req.body.orderId));
  });

  /** POST /api/notary/decode (orderId, agree) → the order state (step 3: release granted to the office). */
  app.post('/api/notary/decode', { schema: { body: ZNotaryConsentReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.grant(me.user.id, req.body.orderId, req.ip));
  });

  /** POST /api/notary/pay (orderId, payType 1 points | 2 Alipay) → `{paid: true}` or `{html, order_no}`. */
  app.post('/api/notary/pay', { schema: { body: ZNotaryPayReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await notary.pay(me.user.id, req.body.orderId, req.body.payType as 1 | 2, req.ip));
  });

  /** GET /api/notary/payReturn (orderId): the provider's return URL → the pay step page (nothing is paid here). */
  app.get('/api/notary/payReturn', { schema: { hide: true, querystring: z.object({ orderId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).loose() } }, async (req, reply) =>
    reply.redirect(`/attestation-all/data/readingMaterial/${NOTARY_STEP_ROUTE[4]}/${req.query.orderId}/0`, 302),
  );

  /**
   * POST /api/notary/interviewSign (orderId, agree) → null: the applicant confirms the recorded interview and
   * signs the record with a new event certificate; the office countersigns it (incremental update; interview.ts).
   */
  app.post('/api/notary/interviewSign', { schema: { body: ZNotaryInterviewSignReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    await deps.interview.sign(me.user.id, req.body.orderId, req.ip);
    return ok(null);
  });

  /** POST /api/Evidences/stop (orderId) → null: 终止, the order becomes void (a paid one not yet accepted: the fee is refunded). */
  app.post('/api/Evidences/stop', { schema: { body: ZNotaryOrderReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    await notary.stop(me.user.id, req.body.orderId, req.ip);
    return ok(null);
  });

  /** GET /api/Evidences/listing (startTime, endTime, page, payType, notarialType, orderNo) → `{count, list}`, 10 a page. */
  app.get('/api/Evidences/listing', { schema: { querystring: ZNotaryListQuery } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.list(me.user.id, req.query));
  });

  /** GET /api/Evidences/detail (orderId, page) → `{count, info, list, invoiceInfo}`. */
  app.get('/api/Evidences/detail', { schema: { querystring: ZNotaryDetailQuery } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.detail(me.user.id, req.query.orderId, req.query.page));
  });

  /** POST /api/Evidences/downDoc (orderId, type 1–5) → `{downUrl}` of the document PDF. */
  app.post('/api/Evidences/downDoc', { schema: { body: ZNotaryDocReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.docUrl(me.user.id, req.body.orderId, req.body.type));
  });

  /** GET /api/evidences/orderList (page, startTime, endTime, type) → `{list, count}`: the 公证出证 tab. */
  app.get('/api/evidences/orderList', { schema: { querystring: ZNotaryOrdersTabQuery } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await queries.tab(me.user.id, req.query));
  });

  /** POST /api/check/checkGzsNo (no) → the issued 公证书 (public; 400 公证书编号不存在 / 请输入公证书编号). */
  app.post('/api/check/checkGzsNo', { schema: { body: ZCheckGzsNoReq } }, async (req) => ok(await queries.checkGzsNo(req.body.no)));
};
