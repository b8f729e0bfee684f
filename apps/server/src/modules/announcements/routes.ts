/**
 * Announcement routes for users (issue 5 §3; spec p1 §7 GET /api/news/notice; p2 §1–2 公告 dialog).
 * The operator's routes are in modules/admin/routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNoticeReadReq } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { AnnouncementService } from './service.ts';

/** Registers the announcement routes. */
export const announcementRoutes = (deps: { announcements: AnnouncementService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { announcements, sessions } = deps;

  /**
   * GET /api/news/notice (login optional) → `{id, title, content, publishedAt, read}` of the current
   * announcement, or null. Anonymous callers always get read=false (the web remembers them locally).
   */
  app.get('/api/news/notice', async (req) => {
    const me = await sessions.optional(req);
    return ok(await announcements.current(me?.user.id ?? null));
  });

  /** POST /api/news/noticeRead (id), login required: the dialog was shown to this user → null, 操作成功. */
  app.post('/api/news/noticeRead', { schema: { body: ZNoticeReadReq } }, async (req) => {
    const me = await sessions.required(req);
    await announcements.markRead(me.user.id, req.body.id);
    return ok(null, MSG.OPERATION_SUCCESS);
  });
};
