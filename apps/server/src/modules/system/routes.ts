/** Health and other platform-level routes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { ok } from '../../platform/errors.ts';

/**
 * Shares one call of `f` among callers that arrive while it runs (issue 16: under load the health route
 * reads the ledger size once per database round trip, not once per request; a call arriving after it
 * settled starts a new one, so sequential callers always see a fresh value).
 */
export function singleFlight<T>(f: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= f().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * A value read through `f`, kept `ttlMs` (issue 16: the health route must not cost a database round trip per
 * call). `invalidate()` (e.g. after this process committed a ledger append) makes the next read fresh; a read
 * begun before an invalidation is not kept. Concurrent reads share one call of `f`.
 */
export function freshFor<T>(f: () => Promise<T>, ttlMs: number): { get(): Promise<T>; invalidate(): void } {
  let value: { v: T; at: number } | null = null;
  let generation = 0;
  const load = singleFlight(async () => {
    const gen = generation;
    const v = await f();
    if (gen === generation) value = { v, at: performance.now() };
    return v;
  });
  return {
    get: () => (value && performance.now() - value.at < ttlMs ? Promise.resolve(value.v) : load()),
    invalidate() {
      generation++;
      value = null;
    },
  };
}

/**
 * GET /api/health → `{code:200, data:{version, database:'pglite'|'postgres', ledgerSize}}` (issue 2 §2).
 * ledgerSize is the number of leaves in the ledger (concurrent requests share one read: `singleFlight`).
 */
export const systemRoutes = (deps: { database: Database; version: string; ledgerSize: () => Promise<number> }): FastifyPluginAsyncZod => async (app) => {
  const ledgerSize = singleFlight(deps.ledgerSize);
  app.get('/api/health', async () => {
    return ok({ version: deps.version, database: deps.database.kind, ledgerSize: await ledgerSize() });
  });
};
