/**
 * Public anchoring route (issue 3 §3): the first anchored checkpoint covering a ledger entry, for the
 * explorer page /ledger/{chainhash} and anyone checking a certificate. No login.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAnchorQuery } from '@cunzheng/contract/anchor';
import { ok } from '../../platform/errors.ts';
import type { AnchorService } from './service.ts';

/** Registers GET /api/ledger/anchor. */
export const anchorRoutes = (deps: { anchor: Pick<AnchorService, 'anchorFor'> }): FastifyPluginAsyncZod => async (app) => {
  /**
   * GET /api/ledger/anchor?index=<leaf index> → `{configured, chainName, anchor}` (contract ZAnchorView):
   * `anchor` is the first confirmed anchor whose checkpoint covers the leaf, with chain, block, transaction
   * hash and explorer link, the calldata, the anchored and the entry's signed checkpoints and the
   * consistency proof between them; null while none covers it. 400 账本索引无效 for a bad index.
   */
  app.get('/api/ledger/anchor', { schema: { querystring: ZAnchorQuery } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await deps.anchor.anchorFor(req.query.index));
  });
};
