/** Health and other platform-level routes. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { ok } from '../../platform/errors.ts';

/**
 * GET /api/health → `{code:200, data:{version, database:'pglite'|'postgres', ledgerSize}}` (issue 2 §2).
 * ledgerSize is the number of leaves in the ledger.
 */
export const systemRoutes = (deps: { database: Database; version: string; ledgerSize: () => Promise<number> }): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/health', async () => {
    return ok({ version: deps.version, database: deps.database.kind, ledgerSize: await deps.ledgerSize() });
  });
};
