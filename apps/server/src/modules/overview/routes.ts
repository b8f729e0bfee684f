/** Overview route (issue 5 §5; spec p1 §7 GET /api/Overview/getInfo; p2 §2 /overview). Login required. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { OverviewService } from './service.ts';

/** Registers the overview route. */
export const overviewRoutes = (deps: { overview: OverviewService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  /**
   * GET /api/Overview/getInfo → `{counts: {data, web, process, mobile, music, app, total}, storageBytes,
   * points (hundredths), recent: [{baoquan, title, kind, saveTime}] ×≤5, notifications ×≤5,
   * perDay: [{date 'YYYY-MM-DD', count}] ×30}` of the caller's own account.
   */
  app.get('/api/Overview/getInfo', async (req) => {
    const me = await deps.sessions.mainRole(req);
    return ok(await deps.overview.info({ id: me.user.id, points: me.user.points }));
  });
};
