/**
 * Re-verification of stored anchors for the continuous audit (issue 3 §5): each anchor row must match
 * the ledger's signed checkpoint of its size (root, SHA-256 of the note), and a confirmed anchor on the
 * configured chain must still be there: the transaction read back from the node is a 0-value
 * transaction from the anchoring account to itself, in the recorded block, whose calldata decodes to
 * the same origin, size, root and note hash.
 */
import crypto from 'node:crypto';
import type { Hex } from 'viem';
import { decodeAnchorCalldata } from '@cunzheng/contract/anchor';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { AnchorChain } from './chain.ts';
import * as repo from './repo.ts';

/** A problem with one anchor (`target` = `anchor:<txHash>`). */
export interface AnchorProblem {
  target: string;
  detail: string;
}

export interface AnchorCheckResult {
  checked: number;
  /** Id of the last anchor checked (resume after it); unchanged when none. */
  lastId: number;
  /** True when the scan reached the end of the table (no pending anchor held it back). */
  done: boolean;
  problems: AnchorProblem[];
}

export interface AnchorCheckDeps {
  db: Db;
  ledger: Pick<LedgerService, 'checkpointAt'>;
  chain: AnchorChain | null;
  chainId: (() => Promise<number>) | null;
  pendingGiveUpMs: number;
}

/** Checks anchors with id > `afterId`, at most `limit`; see the file comment. RPC failures are reported as problems. */
export async function checkAnchors(deps: AnchorCheckDeps, afterId: number, limit: number): Promise<AnchorCheckResult> {
  const rows = await repo.after(deps.db, afterId, limit);
  const out: AnchorCheckResult = { checked: 0, lastId: afterId, done: rows.length < limit, problems: [] };
  let chainId: number | null = null;
  if (deps.chainId && rows.some((r) => r.status === 'confirmed')) {
    try {
      chainId = await deps.chainId();
    } catch (e) {
      out.problems.push({ target: 'anchor:rpc', detail: `cannot reach the anchoring node: ${(e as Error).message.slice(0, 300)}` });
    }
  }
  for (const row of rows) {
    const t = `anchor:${row.txHash}`;
    const bad = (detail: string) => out.problems.push({ target: t, detail: `anchor of checkpoint ${row.size} (${row.txHash}): ${detail}` });
    if (row.status === 'pending') {
      if (Date.now() - row.createdAt.getTime() > deps.pendingGiveUpMs) bad('still pending');
      out.done = false;
      break; // check it again next time
    }
    out.checked++;
    out.lastId = row.id;
    if (row.status === 'failed') {
      bad(`failed: ${row.error ?? 'unknown error'}`);
      continue;
    }
    const cp = await deps.ledger.checkpointAt(row.size);
    if (!cp) bad('no signed checkpoint of this size in the ledger');
    else {
      if (!cp.root.equals(row.root)) bad('stored root differs from the ledger checkpoint');
      if (!crypto.createHash('sha256').update(cp.note, 'utf8').digest().equals(row.noteSha256)) bad('stored note hash differs from the ledger checkpoint');
    }
    if (!deps.chain || chainId !== row.chainId) continue; // another chain than the configured one: local checks only
    try {
      const tx = await deps.chain.transaction(row.txHash as Hex);
      if (!tx) {
        bad('transaction not found on chain');
        continue;
      }
      if (tx.blockNumber !== row.blockNumber) bad(`on chain in block ${tx.blockNumber ?? 'pending'}, recorded ${row.blockNumber}`);
      if (tx.from !== row.fromAddress || tx.to !== row.fromAddress || tx.value !== 0n) bad('transaction is not a 0-value transaction from the anchoring account to itself');
      const p = decodeAnchorCalldata(tx.input);
      const origin = cp ? cp.note.slice(0, cp.note.indexOf('\n')) : p.origin;
      if (p.size !== row.size || !Buffer.from(p.root).equals(row.root) || !Buffer.from(p.noteSha256).equals(row.noteSha256) || p.origin !== origin) {
        bad('calldata on chain differs from the anchored checkpoint');
      }
    } catch (e) {
      bad(`on-chain check failed: ${(e as Error).message.slice(0, 300)}`);
    }
  }
  return out;
}
