/** Health and other platform-level routes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ok } from '../../platform/errors.ts';
import { ledgerEntries } from '../../db/schema/index.ts';

/**
 * GET /api/health → `{code:200, data:{version, database:'pglite'|'postgres', ledgerSize}}` (issue 2 §2).
 * ledgerSize is the number of leaves in the ledger.
 */
export const systemRoutes = (deps: { database: Database; version: string }): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/health', async () => {
    const rows = await deps.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    return ok({ version: deps.version, database: deps.database.kind, ledgerSize: Number(rows[0]?.n ?? 0) });
  });
};
