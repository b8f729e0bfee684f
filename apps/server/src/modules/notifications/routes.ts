/**
 * Notification routes (issue 5 §2; spec p1 §7 "POST /api/News/listing (page); /read (newsId,
 * comma-separated); /del (newsId)"; p2 §2 header badge). Login required: 401 / 408 otherwise.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNewsDelReq, ZNewsListReq, ZNewsReadReq } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { NotificationService } from './service.ts';

/** Registers the notification routes. */
export const notificationRoutes = (deps: { notifications: NotificationService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { notifications, sessions } = deps;

  /** POST /api/News/listing (page) → `{list: [{newsId, str, addTime, isRead}], count, unread}`, 10 per page. */
  app.post('/api/News/listing', { schema: { body: ZNewsListReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await notifications.list(me.actor.id, req.body.page));
  });

  /** POST /api/News/read (newsId: comma-separated ids or 'all') → null, 操作成功. */
  app.post('/api/News/read', { schema: { body: ZNewsReadReq } }, async (req) => {
    const me = await sessions.required(req);
    await notifications.markRead(me.actor.id, req.body.newsId);
    return ok(null, MSG.OPERATION_SUCCESS);
  });

  /** POST /api/News/del (newsId: comma-separated ids) → null, 删除成功. */
  app.post('/api/News/del', { schema: { body: ZNewsDelReq } }, async (req) => {
    const me = await sessions.required(req);
    await notifications.remove(me.actor.id, req.body.newsId);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** GET /api/News/unread → `{count}` of unread notifications (header badge, polled by the web). */
  app.get('/api/News/unread', async (req) => {
    const me = await sessions.required(req);
    return ok({ count: await notifications.unreadCount(me.actor.id) });
  });
};
