/**
 * Operator routes of the continuous audit (issue 3 §5): recent runs and alerts, and resolving an alert.
 * Operator sessions only (ctx.sessions.operator: 401 without login, 408 expired, 403 for other users).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditResolveReq } from '@cunzheng/contract/audit';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { AuditService } from './service.ts';

/** Registers GET /api/admin/audit and POST /api/admin/audit/resolve. */
export const auditRoutes = (deps: { audit: Pick<AuditService, 'overview' | 'resolve'>; sessions: Pick<Sessions, 'operator'> }): FastifyPluginAsyncZod => async (app) => {
  /**
   * GET /api/admin/audit → contract ZAuditOverview `{runs, alerts, openAlerts, ledger, blobs, anchoring}`:
   * the 50 latest runs with their counts, open alerts then recently resolved ones (200 at most), the
   * rolling positions and the anchoring state. Operators only (403 无权访问 otherwise).
   */
  app.get('/api/admin/audit', async (req, reply) => {
    await deps.sessions.operator(req);
    reply.header('cache-control', 'no-store');
    return ok(await deps.audit.overview());
  });

  /**
   * POST /api/admin/audit/resolve (id) → marks the open alert resolved (audit-log row written).
   * 400 告警不存在或已处理 for an unknown or already resolved id. Operators only.
   */
  app.post('/api/admin/audit/resolve', { schema: { body: ZAuditResolveReq } }, async (req) => {
    const p = await deps.sessions.operator(req);
    if (!(await deps.audit.resolve(req.body.id, p.user.id, req.ip))) throw badRequest(MSG.AUDIT_ALERT_NOT_FOUND);
    return ok(null);
  });
};
