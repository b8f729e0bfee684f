/**
 * Prometheus metrics of one process (issue 17 §3) with prom-client: a private registry per app instance
 * (tests build several apps in one process). Exposed by `GET /metrics` (modules/system/ops.ts), guarded by
 * METRICS_TOKEN.
 *
 * - `cz_http_request_duration_seconds{method,route,status}` histogram: every request, `route` is the
 *   route pattern (`/api/evidence/:id`), never the raw URL (bounded label set, no secrets).
 * - `cz_deposits_total` counter: deposits this process committed (one per `ledger.committed()` call).
 * - `cz_capture_duration_seconds{outcome}` histogram: web-capture jobs run by this process.
 * - gauges read at scrape time from the database (cluster-wide): `cz_ledger_size` (leaves),
 *   `cz_checkpoint_lag_leaves`, `cz_checkpoint_age_seconds`, `cz_job_queue_depth{queue}`.
 * - prom-client's default process metrics (CPU, memory, event-loop lag) prefixed `cz_`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';

export interface ClusterReadings {
  /** Leaves in the ledger. */
  ledgerSize(): Promise<number>;
  /** Size and signing time (Unix seconds) of the newest checkpoint, or null. */
  lastCheckpoint(): Promise<{ size: number; time: number } | null>;
  /** Jobs waiting per queue (ready + deferred), or {} when this process runs no job queue. */
  queueDepths(): Promise<Record<string, number>>;
}

export interface Metrics {
  registry: Registry;
  deposits: Counter;
  captureSeconds: Histogram<'outcome'>;
  /** Adds the request-latency hook to `app` (call before routes are registered). */
  instrument(app: FastifyInstance): void;
  /** Sets where the scrape-time gauges read from (after the services exist). */
  readFrom(r: ClusterReadings): void;
}

/** Builds the registry and its metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cz_' });
  let readings: ClusterReadings | null = null;
  const latency = new Histogram({
    name: 'cz_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const deposits = new Counter({ name: 'cz_deposits_total', help: 'Deposits committed by this process', registers: [registry] });
  const captureSeconds = new Histogram({
    name: 'cz_capture_duration_seconds',
    help: 'Web capture job duration in this process, seconds',
    labelNames: ['outcome'] as const,
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers: [registry],
  });
  // Reading these gauges fails soft: a broken database shows as a missing sample, and /ready says why.
  new Gauge({
    name: 'cz_ledger_size',
    help: 'Leaves in the ledger (cluster-wide)',
    registers: [registry],
    async collect() {
      if (readings) this.set(await readings.ledgerSize().catch(() => NaN));
    },
  });
  new Gauge({
    name: 'cz_checkpoint_lag_leaves',
    help: 'Leaves appended but not yet covered by a signed checkpoint',
    registers: [registry],
    async collect() {
      if (!readings) return;
      const [n, cp] = await Promise.all([readings.ledgerSize(), readings.lastCheckpoint()]).catch(() => [NaN, null] as const);
      this.set(Number.isNaN(n) ? NaN : n - (cp?.size ?? 0));
    },
  });
  new Gauge({
    name: 'cz_checkpoint_age_seconds',
    help: 'Seconds since the newest checkpoint was signed (0 when none yet)',
    registers: [registry],
    async collect() {
      if (!readings) return;
      const cp = await readings.lastCheckpoint().catch(() => null);
      this.set(cp ? Math.max(0, Date.now() / 1000 - cp.time) : 0);
    },
  });
  new Gauge({
    name: 'cz_job_queue_depth',
    help: 'Jobs waiting in each background queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      if (!readings) return;
      this.reset();
      for (const [queue, n] of Object.entries(await readings.queueDepths().catch(() => ({})))) this.set({ queue }, n);
    },
  });
  return {
    registry,
    deposits,
    captureSeconds,
    instrument(app) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url ?? 'unmatched';
        latency.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
    },
    readFrom(r) {
      readings = r;
    },
  };
}
