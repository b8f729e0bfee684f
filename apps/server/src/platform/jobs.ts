/**
 * Background jobs on pg-boss 12 (DESIGN.md Domain model `jobs`), on the same database as the app:
 * PostgreSQL through its own pool, embedded PGlite through pg-boss's `db` adapter (multi-statement SQL
 * goes through `exec`, see STACK-NOTES). Started by `main.ts` (and by tests that need jobs); modules
 * register their workers and schedules through `Jobs`.
 */
import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export interface JobOptions {
  /** Jobs handled at once by this process. */
  concurrency?: number;
  /** Retries after a failure (pg-boss `retryLimit`). */
  retryLimit?: number;
  /** Seconds before retrying. */
  retryDelay?: number;
  /** Seconds a job may run before it counts as failed. */
  expireInSeconds?: number;
  /**
   * Jobs of one group (`send`'s `group`, e.g. a user) handled at once by this process (pg-boss
   * `localGroupConcurrency`: exact in-memory tracking, a job of a group at its cap is put back and the
   * fetch skips that group; capped at `concurrency`). pg-boss's database-wide `groupConcurrency` lets two
   * workers of one process race past the cap on PostgreSQL, so it is not used.
   */
  groupConcurrency?: number;
}

export interface Jobs {
  /** The pg-boss instance (for what this wrapper does not cover). */
  boss: PgBoss;
  /** Creates the queue if needed and starts handling it; `handler` gets one job's data at a time. */
  work<T extends object>(name: string, opts: JobOptions, handler: (data: T, jobId: string) => Promise<void>): Promise<void>;
  /** Enqueues a job; returns its id. */
  send(name: string, data: object, opts?: { singletonKey?: string; startAfter?: number; group?: string; priority?: number }): Promise<string | null>;
  /**
   * Runs `name` on a cron schedule (UTC), replacing an earlier schedule of the same name. Cluster-wide
   * singleton: one job per tick, never two running at once in any number of processes (`stately` queue).
   */
  every(name: string, cron: string, opts: JobOptions, handler: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts pg-boss on `database` (creating its schema on first start). */
export async function startJobs(deps: { database: Database; databaseUrl?: string; log: FastifyBaseLogger }): Promise<Jobs> {
  const boss = deps.databaseUrl
    ? new PgBoss({ connectionString: deps.databaseUrl, max: 4 })
    : new PgBoss({ db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await deps.database.query(text, values) }) } });
  boss.on('error', (err: unknown) => deps.log.error({ err }, 'jobs: pg-boss error'));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (name: string, opts: JobOptions, policy: 'standard' | 'stately' = 'standard') => {
    if (queues.has(name)) return;
    await boss.createQueue(name, {
      policy,
      retryLimit: opts.retryLimit ?? 1,
      retryDelay: opts.retryDelay ?? 5,
      expireInSeconds: opts.expireInSeconds ?? 900,
    });
    queues.add(name);
  };
  return {
    boss,
    async work(name, opts, handler) {
      await ensureQueue(name, opts);
      const group = opts.groupConcurrency ? { localGroupConcurrency: Math.min(opts.groupConcurrency, opts.concurrency ?? 1) } : {};
      await boss.work<object>(name, { batchSize: 1, localConcurrency: opts.concurrency ?? 1, pollingIntervalSeconds: 0.5, ...group }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, job.id);
      });
    },
    async send(name, data, opts) {
      const { group, ...rest } = opts ?? {};
      const id = await boss.send(name, data, group ? { ...rest, group: { id: group } } : rest);
      // Issue 16: a job due now wakes this process's idle workers of its queue at once instead of waiting
      // out their poll (0.5 s: ≈ 80–250 ms per web capture). Other processes still find it by polling.
      if (id && !rest.startAfter) for (const w of boss.getWipData()) if (w.name === name && w.count === 0) boss.notifyWorker(w.id);
      return id;
    },
    async every(name, cron, opts, handler) {
      // Issue 17 §2: a scheduled job is a cluster-wide singleton elected by the database. The cron gives one
      // job per tick across processes; the `stately` policy keeps at most one queued and one ACTIVE job, so a
      // run longer than the period (anchoring waiting for its block) never overlaps another worker's run.
      // Queues created before this (policy `standard`) are re-created once: they hold only cron ticks.
      const existing = await boss.getQueue(name);
      if (existing && existing.policy !== 'stately') await boss.deleteQueue(name);
      await ensureQueue(name, { retryLimit: 0, ...opts }, 'stately');
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
      await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 1 }, async () => handler());
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
