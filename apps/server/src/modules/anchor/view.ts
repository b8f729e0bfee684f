/**
 * Read side of anchoring (issue 3 §3): for a ledger entry, the FIRST confirmed anchor whose checkpoint
 * covers it, with the RFC 6962 consistency proof from the entry's checkpoint (the first signed checkpoint
 * covering the entry) to the anchored checkpoint. Once found, the answer for an index never changes
 * (anchors are confirmed in checkpoint order and never rewritten), so found answers are memoised.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TAnchorProof, TAnchorView } from '@cunzheng/contract/anchor';
import { encodeAnchorCalldata } from '@cunzheng/contract/anchor';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/types.ts';
import * as repo from './repo.ts';

const MEMO_MAX = 10_000;

export interface AnchorViewDeps {
  db: Db;
  ledger: Pick<LedgerService, 'checkpointCovering' | 'checkpointAt' | 'consistencyProof'>;
  configured: boolean;
  /** Display name of the configured chain. */
  chainName(): string;
  explorerTxUrl?: string;
  /** Chain id of the configured node once known, else null. */
  currentChainId(): number | null;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Builds the read functions. */
export function anchorViews(deps: AnchorViewDeps) {
  const memo = new Map<number, TAnchorProof>();
  const link = (row: repo.AnchorRow) =>
    row.txUrl || (deps.explorerTxUrl && deps.currentChainId() === row.chainId ? deps.explorerTxUrl.split('{tx}').join(row.txHash) : '');

  async function proofFor(index: number): Promise<TAnchorProof | null> {
    const hit = memo.get(index);
    if (hit) return hit;
    const row = await repo.firstCovering(deps.db, index);
    if (!row || row.blockNumber === null) return null;
    const [entryCp, anchored] = await Promise.all([deps.ledger.checkpointCovering(index), deps.ledger.checkpointAt(row.size)]);
    if (!entryCp || !anchored || entryCp.size > row.size || !anchored.root.equals(row.root)) {
      // The continuous audit raises the alert; the public answer just shows no anchor.
      deps.log.error({ index, anchor: row.txHash }, 'anchor: stored anchor does not match the ledger checkpoints');
      return null;
    }
    const consistency = entryCp.size === row.size ? [] : await deps.ledger.consistencyProof(entryCp.size, row.size);
    const origin = anchored.note.slice(0, anchored.note.indexOf('\n'));
    const proof: TAnchorProof = {
      chainId: row.chainId,
      chainName: row.chainName,
      blockNumber: row.blockNumber,
      blockTime: row.blockTime ?? 0,
      txHash: row.txHash,
      txUrl: link(row),
      from: row.fromAddress,
      calldata: encodeAnchorCalldata({ origin, size: row.size, root: row.root, noteSha256: row.noteSha256 }),
      size: row.size,
      root: row.root.toString('base64'),
      noteSha256: row.noteSha256.toString('hex'),
      anchoredCheckpoint: anchored.note,
      entryCheckpoint: { size: entryCp.size, root: entryCp.root.toString('base64'), note: entryCp.note },
      consistency: consistency.map((h) => h.toString('base64')),
    };
    if (crypto.createHash('sha256').update(anchored.note, 'utf8').digest().equals(row.noteSha256)) {
      if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as number);
      memo.set(index, proof);
    }
    return proof;
  }

  return {
    /** See AnchorService.anchorFor. */
    async anchorFor(index: number): Promise<TAnchorView> {
      const anchor = Number.isSafeInteger(index) && index >= 0 ? await proofFor(index) : null;
      return { configured: deps.configured, chainName: anchor?.chainName ?? (deps.configured ? deps.chainName() : ''), anchor };
    },

    /** Operator summary: configured, chain name, confirmed anchors, the latest one. */
    async summary() {
      const [latest, count] = await Promise.all([repo.latestConfirmed(deps.db), repo.confirmedCount(deps.db)]);
      return {
        configured: deps.configured,
        chainName: deps.configured ? deps.chainName() : (latest?.chainName ?? ''),
        count,
        latest: latest
          ? { size: latest.size, blockNumber: latest.blockNumber ?? 0, txHash: latest.txHash, txUrl: link(latest), at: latest.blockTime ?? Math.floor(latest.createdAt.getTime() / 1000) }
          : null,
      };
    },
  };
}
