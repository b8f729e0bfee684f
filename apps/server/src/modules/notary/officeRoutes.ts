/**
 * Routes of the notary office's console (issue 15 §2) and the operator's office administration. A notary
 * is a user with a `notary_staff` row (the notary role): every console route answers 403
 * 您不是公证机构工作人员 to anyone else, and sees only its own office's orders.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@cunzheng/contract/messages';
import { ZAdminOfficeReq, ZAdminStaffReq, ZNotaryDocReq, ZNotaryOrderReq, ZOfficeAnnounceReq, ZOfficeInterviewReq, ZOfficeIssueReq, ZOfficeOrdersQuery, ZOfficeTerminateReq } from '@cunzheng/contract/notary';
import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { NotaryConsole } from './console.ts';
import type { OfficeService } from './offices.ts';
import type { NotaryQueries } from './queries.ts';

/** Registers the console and admin routes. */
export const notaryOfficeRoutes = (deps: { console: NotaryConsole; offices: OfficeService; queries: NotaryQueries; sessions: Sessions; findUserByMobile(mobile: string): Promise<number | null> }): FastifyPluginAsyncZod => async (app) => {
  const { sessions, offices } = deps;
  const c = deps.console;
  /** The logged-in notary (own account, role 1) and their office. */
  const staff = async (req: FastifyRequest) => {
    const me = await sessions.mainRole(req);
    return { me: me.actor, office: await offices.officeOfStaff(me.actor.id) };
  };

  /**
   * GET /api/notaryOffice/me → `{officeId, name, certPrefix, fee}` of the caller's office, or null for anyone
   * who is not a notary (not 403: the web app logs a user out on 403, spec p2 §8, and this only asks).
   */
  app.get('/api/notaryOffice/me', async (req) => {
    const me = await sessions.mainRole(req);
    if (!(await offices.isStaff(me.actor.id))) return ok(null);
    const office = await offices.officeOfStaff(me.actor.id);
    return ok({ officeId: office.id, name: office.name, certPrefix: office.certPrefix, fee: office.feePerEvidence });
  });

  /** GET /api/notaryOffice/orders (page, limit, status) → `{list, count, office}`. */
  app.get('/api/notaryOffice/orders', { schema: { querystring: ZOfficeOrdersQuery } }, async (req) => {
    const { office } = await staff(req);
    return ok(await c.orders(office, req.query));
  });

  /** GET /api/notaryOffice/order (orderId) → the order with its evidence and verdicts (re-verified when opened after the grant). */
  app.get('/api/notaryOffice/order', { schema: { querystring: ZNotaryOrderReq } }, async (req) => {
    const { me, office } = await staff(req);
    return ok(await c.order(office, req.query.orderId, me, req.ip));
  });

  /** POST /api/notaryOffice/accept (orderId) → null; acceptance notice generated. */
  app.post('/api/notaryOffice/accept', { schema: { body: ZNotaryOrderReq } }, async (req) => {
    const { me, office } = await staff(req);
    await c.accept(office, req.body.orderId, me, req.ip);
    return ok(null);
  });

  /** POST /api/notaryOffice/interview (orderId, place, content) → null; interview record generated. */
  app.post('/api/notaryOffice/interview', { schema: { body: ZOfficeInterviewReq } }, async (req) => {
    const { me, office } = await staff(req);
    await c.interview(office, req.body.orderId, req.body, me, req.ip);
    return ok(null);
  });

  /** POST /api/notaryOffice/issue (orderId, matter?) → `{certNo}`; the 公证书 issued. */
  app.post('/api/notaryOffice/issue', { schema: { body: ZOfficeIssueReq } }, async (req) => {
    const { me, office } = await staff(req);
    return ok(await c.issue(office, req.body.orderId, req.body.matter || undefined, me, req.ip));
  });

  /** POST /api/notaryOffice/terminate (orderId, reason, failed 0|1) → null. */
  app.post('/api/notaryOffice/terminate', { schema: { body: ZOfficeTerminateReq } }, async (req) => {
    const { me, office } = await staff(req);
    await c.terminate(office, req.body.orderId, req.body.reason, req.body.failed === 1, me, req.ip);
    return ok(null);
  });

  /** POST /api/notaryOffice/download (orderId, type 1–5) → `{downUrl}` of a document of the office's order. */
  app.post('/api/notaryOffice/download', { schema: { body: ZNotaryDocReq } }, async (req) => {
    const { office } = await staff(req);
    return ok(await deps.queries.docUrl(null, req.body.orderId, req.body.type, office.id));
  });

  /** POST /api/notaryOffice/announce (title, content) → `{id}`: shown in the 公告 dialog. */
  app.post('/api/notaryOffice/announce', { schema: { body: ZOfficeAnnounceReq } }, async (req) => {
    const { me, office } = await staff(req);
    return ok(await c.announce(office, req.body, me, req.ip));
  });

  /** GET /api/admin/notary/offices → every notary office with its staff count (operator). */
  app.get('/api/admin/notary/offices', async (req) => {
    await sessions.operator(req);
    return ok(await offices.list());
  });

  /** POST /api/admin/notary/office (name, certPrefix, fee fen) → `{id}` (operator; issues the office certificate). */
  app.post('/api/admin/notary/office', { schema: { body: ZAdminOfficeReq } }, async (req) => {
    const me = await sessions.operator(req);
    const o = await offices.create(me.user.id, req.body, req.ip);
    return ok({ id: o.id });
  });

  /** POST /api/admin/notary/staff (officeId, mobile) → null: the user becomes a notary of the office (operator). */
  app.post('/api/admin/notary/staff', { schema: { body: ZAdminStaffReq } }, async (req) => {
    const me = await sessions.operator(req);
    const userId = await deps.findUserByMobile(req.body.mobile);
    if (!userId) throw badRequest(MSG.USER_NOT_FOUND);
    await offices.addStaff(me.user.id, req.body.officeId, userId, req.ip);
    return ok(null);
  });
};
