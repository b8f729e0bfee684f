/**
 * Operations endpoints (issue 17 §3): liveness, readiness and Prometheus metrics. Served by every role
 * (a `ROLE=worker` process answers only these and `/api/health`).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { MSG } from '@cunzheng/contract/messages';

export interface OpsDeps {
  database: Database;
  blobs: Pick<BlobStore, 'ping'>;
  metrics: Metrics;
  role: 'all' | 'api' | 'worker';
  /** Chromium binary used by the capture and certificate browser pools. */
  chromiumPath: string;
  /** METRICS_TOKEN; unset: /metrics answers 404. */
  metricsToken?: string;
  /** Seconds a checkpoint may lag behind appended leaves before the process is not ready. */
  checkpointMaxAgeSeconds: number;
  ledgerSize(): Promise<number>;
  lastCheckpoint(): Promise<{ size: number; time: number } | null>;
}

interface Check {
  ok: boolean;
  /** Milliseconds the check took. */
  ms: number;
  /** Short, fixed reason when not ok (never an error message: no paths, SQL or hosts). */
  reason?: string;
  [k: string]: unknown;
}

/** Runs `f` with a 5 s limit; a throw or timeout becomes `{ok:false, reason}`. */
async function timed(reason: string, f: () => Promise<Record<string, unknown> | void>): Promise<Check> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([f(), new Promise<never>((_, rej) => { timer = setTimeout(() => rej(new Error('timeout')), 5000); })]);
    return { ok: true, ms: Math.round(performance.now() - t0), ...extra };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - t0), reason };
  } finally {
    clearTimeout(timer);
  }
}

/** Constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const a = crypto.createHash('sha256').update(m[1]!).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

export const opsRoutes = (deps: OpsDeps): FastifyPluginAsyncZod => async (app) => {
  /**
   * GET /api/health/live → 200 `{code:200, data:{live:true, role, uptimeSeconds}}` while the event loop
   * answers (no dependency is checked: a load balancer restarts only a wedged process).
   */
  app.get('/api/health/live', { schema: { hide: true } }, async () => ({ code: 200, msg: 'ok', data: { live: true, role: deps.role, uptimeSeconds: Math.round(process.uptime()) } }));

  /**
   * GET /api/health/ready → `{code, msg, data:{ready, role, checks:{database, blobStore, browser, checkpoint}}}`;
   * HTTP 200 with code 200 when every check passes, else HTTP 503 with code 503 (load balancers take the
   * process out). `checkpoint`: not ok when leaves wait and the newest checkpoint is older than
   * READY_CHECKPOINT_MAX_AGE_SECONDS (`ageSeconds`, `lagLeaves` reported). `browser`: the Chromium binary is
   * executable (pools start it lazily).
   */
  app.get('/api/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    const [database, blobStore, browser, checkpoint] = await Promise.all([
      timed('database unreachable', async () => {
        await deps.database.query('select 1');
      }),
      timed('blob store unreachable', () => deps.blobs.ping()),
      timed('chromium not executable', () => fsp.access(deps.chromiumPath, fsp.constants.X_OK)),
      timed('checkpoint stale', async () => {
        const [size, cp] = await Promise.all([deps.ledgerSize(), deps.lastCheckpoint()]);
        const lagLeaves = size - (cp?.size ?? 0);
        const ageSeconds = cp ? Math.max(0, Math.round(Date.now() / 1000 - cp.time)) : null;
        if (lagLeaves > 0 && (ageSeconds === null || ageSeconds > deps.checkpointMaxAgeSeconds)) throw new Error('stale');
        return { lagLeaves, ageSeconds };
      }),
    ]);
    const checks = { database, blobStore, browser, checkpoint };
    const ready = Object.values(checks).every((c) => c.ok);
    reply.status(ready ? 200 : 503);
    return { code: ready ? 200 : 503, msg: ready ? 'ok' : MSG.SERVER_BUSY, data: { ready, role: deps.role, checks } };
  });

  /**
   * GET /metrics → Prometheus text exposition (prom-client) with `Authorization: Bearer <METRICS_TOKEN>`;
   * wrong or missing token → HTTP 401 (no body detail); METRICS_TOKEN unset → the API's 404 envelope.
   */
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!deps.metricsToken) return reply.status(200).send({ code: 404, msg: MSG.API_NOT_FOUND, data: null });
    if (!tokenMatches(req.headers.authorization, deps.metricsToken)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.status(401).send({ code: 401, msg: MSG.FORBIDDEN, data: null });
    }
    reply.type(deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });
};
