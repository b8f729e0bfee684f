/**
 * Operator console API (issue 5 §7): every /api/admin/* call answers code 401 to anonymous callers,
 * 408 to an expired session and 403 to anyone but an operator — checked before the body is validated,
 * so nothing about the call leaks. Every action writes an audit row in its transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminNotifyReq,
  ZAdminUsersQuery,
  ZAnnouncementEditReq,
  ZAnnouncementIdReq,
  ZAnnouncementListQuery,
  ZAnnouncementReq,
  ZAuditLogQuery,
} from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { Principal, Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { AnnouncementService } from '../announcements/service.ts';
import type { AdminService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an /api/admin/* request (set by the admin plugin's guard). */
    operator?: Principal;
  }
}

/** The guarded operator as an audit actor. */
const actor = (req: FastifyRequest) => ({ id: req.operator!.user.id, ip: req.ip });

/** Registers the operator routes (encapsulated: the guard applies to these routes only). */
export const adminRoutes = (deps: { admin: AdminService; announcements: AnnouncementService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { admin, announcements, sessions } = deps;

  app.addHook('preValidation', async (req) => {
    req.operator = await sessions.operator(req);
  });

  /** GET /api/admin/users (page, limit, keyword) → `{list, count}` (TAdminUsersRes). */
  app.get('/api/admin/users', { schema: { querystring: ZAdminUsersQuery } }, async (req) => ok(await admin.users(req.query)));

  /** POST /api/admin/notify (userId | all=1, str ≤ 500) → `{sent}`, msg 发送成功; 400 请选择通知对象 / 用户不存在. */
  app.post('/api/admin/notify', { schema: { body: ZAdminNotifyReq } }, async (req) => {
    const b = req.body;
    return ok(await admin.notify(actor(req), { userId: b.userId, all: b.all === '1', str: b.str }), MSG.SMS_SENT);
  });

  /** POST /api/admin/announcements (title ≤ 100, content ≤ 5000) publishes → `{id}`, msg 发布成功. */
  app.post('/api/admin/announcements', { schema: { body: ZAnnouncementReq } }, async (req) => ok(await announcements.publish(actor(req), req.body), MSG.PUBLISH_SUCCESS));

  /** POST /api/admin/announcements/edit (id, title, content) → null, msg 修改成功; 400 公告不存在. */
  app.post('/api/admin/announcements/edit', { schema: { body: ZAnnouncementEditReq } }, async (req) => {
    await announcements.edit(actor(req), req.body);
    return ok(null, MSG.UPDATE_SUCCESS);
  });

  /** POST /api/admin/announcements/withdraw (id) → null, msg 撤回成功; 400 公告不存在 / 公告已撤回. */
  app.post('/api/admin/announcements/withdraw', { schema: { body: ZAnnouncementIdReq } }, async (req) => {
    await announcements.withdraw(actor(req), req.body.id);
    return ok(null, MSG.WITHDRAW_SUCCESS);
  });

  /** GET /api/admin/announcements (page, limit) → `{list, count}` newest first (TAdminAnnouncementsRes). */
  app.get('/api/admin/announcements', { schema: { querystring: ZAnnouncementListQuery } }, async (req) => ok(await announcements.list(req.query.page, req.query.limit)));

  /** Any other /api/admin/* path: the guard answers 401/403 first; an operator gets 接口不存在 (code 404). */
  app.all('/api/admin/*', async () => ({ code: 404, msg: MSG.API_NOT_FOUND, data: null }));

  /** GET /api/admin/auditLog (page, limit, action?) → `{list, count}` newest first (TAuditLogRes). */
  app.get('/api/admin/auditLog', { schema: { querystring: ZAuditLogQuery } }, async (req) => ok(await admin.auditLog(req.query)));
};
