/**
 * Public ledger routes (issue 2 §5, DESIGN.md Trust design §2): verifier key, latest signed checkpoint,
 * inclusion proofs by certificate number or chainhash, consistency proofs. No login needed.
 * Hashes and entry bytes are standard base64; the checkpoint is the C2SP signed-note text.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, ok } from '../../platform/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { tileRoutes } from './tiles.ts';
import type { InclusionProofData, LedgerService } from './types.ts';

const zSize = z.coerce.number({ error: '树大小无效' }).int('树大小无效').min(1, '树大小无效').max(Number.MAX_SAFE_INTEGER, '树大小无效');

/** The `data` of the proof and entry routes (hashes base64). */
const proofData = (p: InclusionProofData) => ({
  leafIndex: p.leafIndex,
  treeSize: p.treeSize,
  leaf: p.leaf.toString('base64'),
  leafHash: p.leafHash.toString('base64'),
  proof: p.proof.map((h) => h.toString('base64')),
  checkpoint: p.checkpoint.note,
});

/**
 * The `data` of GET /api/ledger/entry for `chainhash` (64 hex, lower case), or null when no entry has that
 * leaf hash. Shared by the route and the explorer page's HTML, which embeds the same answer (issue 16,
 * platform/pageData.ts).
 */
export async function ledgerEntryData(ledger: Pick<LedgerService, 'findByChainhash' | 'inclusionProof'>, chainhash: string): Promise<ReturnType<typeof proofData> | null> {
  const found = await ledger.findByChainhash(chainhash);
  const p = found ? await ledger.inclusionProof(found.index) : null;
  return p ? proofData(p) : null;
}

export interface LedgerRouteDeps {
  ledger: LedgerService;
  /** Database for the tile routes (issue 10 §2: C2SP tlog-tiles under /log); unset → no tiles. */
  db?: DbOrTx;
  /** Ledger index of the evidence with this certificate number (baoquan), or null when unknown. */
  findIndexByBaoquan(baoquan: string): Promise<number | null>;
}

/** Registers the ledger routes. */
export const ledgerRoutes = (deps: LedgerRouteDeps): FastifyPluginAsyncZod => async (app) => {
  const { ledger } = deps;
  if (deps.db) await app.register(tileRoutes({ db: deps.db, latest: () => ledger.latestCheckpoint(), cosigned: () => ledger.cosignedCheckpoint() }));

  /** GET /api/ledger/key → text/plain verifier key `name+hex8(keyid)+base64(0x01‖Ed25519 pubkey)` (issue 2 §5). */
  app.get('/api/ledger/key', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(ledger.verifierKey()));

  /**
   * GET /api/ledger/checkpoint → text/plain C2SP signed note of the latest tlog-checkpoint (signed first
   * if the tree grew), followed by the cosignature/v1 lines of the witnesses that cosigned it so far
   * (issue 10 §2). 400 账本暂无记录 while the ledger is empty.
   */
  app.get('/api/ledger/checkpoint', async (_req, reply) => {
    const cp = await ledger.cosignedCheckpoint();
    if (!cp) throw badRequest('账本暂无记录');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(cp.note);
  });

  /**
   * GET /api/ledger/witnesses → `{list: [{name, key, lastSize, error}]}`: the witnesses that cosign this
   * log (issue 10 §2) — their cosignature/v1 verifier keys (for a verifier's witness policy), the largest
   * checkpoint each cosigned and its last refusal ('' when none).
   */
  app.get('/api/ledger/witnesses', async () => ok({ list: await ledger.witnessStatus() }));

  /**
   * GET /api/ledger/proof?baoquan= → `{leafIndex, treeSize, leaf, leafHash, proof[], checkpoint}`: the entry
   * bytes of the certificate number and its RFC 6962 inclusion proof against the latest signed checkpoint.
   * 400 请输入保全号 / 保全号不存在.
   */
  app.get('/api/ledger/proof', {
    schema: { querystring: z.object({ baoquan: z.string({ error: '请输入保全号' }).trim().min(1, '请输入保全号').max(64, '保全号不存在') }) },
  }, async (req) => {
    const index = await deps.findIndexByBaoquan(req.query.baoquan);
    const p = index === null ? null : await ledger.inclusionProof(index);
    if (!p) throw badRequest('保全号不存在');
    return ok(proofData(p));
  });

  /**
   * GET /api/ledger/consistency?first=&second= → `{proof[]}`: RFC 6962 consistency proof between tree
   * sizes 1 ≤ first ≤ second ≤ latest checkpoint size (empty when equal). 400 树大小无效.
   */
  app.get('/api/ledger/consistency', {
    schema: { querystring: z.object({ first: zSize, second: zSize }) },
  }, async (req) => {
    const proof = await ledger.consistencyProof(req.query.first, req.query.second);
    return ok({ proof: proof.map((h) => h.toString('base64')) });
  });

  /**
   * GET /api/ledger/entry?chainhash=<64 hex> → the same data as /api/ledger/proof for the entry with this
   * leaf hash (explorer page /ledger/{chainhash}). 400 链上哈希格式错误 / 链上哈希不存在.
   */
  app.get('/api/ledger/entry', {
    schema: { querystring: z.object({ chainhash: z.string({ error: '链上哈希格式错误' }).trim().regex(/^[0-9a-fA-F]{64}$/, '链上哈希格式错误') }) },
  }, async (req) => {
    const data = await ledgerEntryData(ledger, req.query.chainhash.toLowerCase());
    if (!data) throw badRequest('链上哈希不存在');
    return ok(data);
  });
};
