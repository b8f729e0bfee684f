/**
 * The storage side of the Merkle log: appending raw leaves together with every complete subtree they
 * finish (DESIGN.md Trust design §2). Callers hold a transaction; the sequencer lock is taken here.
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { hashChildren, hashLeaf, type NodeReader } from './merkle.ts';
import { batchState } from './batch.ts';
import * as repo from './repo.ts';

/** A node reader over `db` (one query per call). */
export const nodeReader = (db: DbOrTx): NodeReader => (ids) => repo.readNodes(db, ids);

/** A leaf appended by appendLeaves. */
export interface AppendedLeaf {
  index: number;
  leaf: Buffer;
  leafHash: Buffer;
}

/**
 * Appends raw leaves in order inside transaction `tx`: takes the sequencer advisory lock (held until
 * commit), reads the size and the O(log n) right edge of the tree in one statement, inserts the leaf
 * rows, their level-0 hashes and every newly completed subtree hash.
 */
export async function appendLeaves(tx: DbOrTx, items: ReadonlyArray<{ leaf: Buffer; evidenceId: number | null }>): Promise<AppendedLeaf[]> {
  if (items.length === 0) return [];
  // Outside a transaction the advisory lock would end with its own statement and appends could collide.
  if (!is(tx, PgTransaction)) throw new Error('ledger: append must run inside a transaction');
  // Inside a group-commit body (batch.ts) the lock is held and the right edge is known: no statement.
  const batch = batchState(tx);
  if (!batch) await repo.lockSequencer(tx);
  const { size: n, edge } = batch ? batch.frontier : await repo.frontier(tx);
  const stack = edge.slice();
  const nodes: Array<{ level: number; idx: number; hash: Buffer }> = [];
  const leaves: Array<{ idx: number; leaf: Buffer; leafHash: Buffer; evidenceId: number | null }> = [];
  const out: AppendedLeaf[] = [];
  items.forEach(({ leaf, evidenceId }, i) => {
    const idx = n + i;
    const lh = hashLeaf(leaf);
    leaves.push({ idx, leaf, leafHash: lh, evidenceId });
    out.push({ index: idx, leaf, leafHash: lh });
    let top = { level: 0, idx, hash: lh };
    nodes.push(top);
    while (stack.length && stack[stack.length - 1]!.level === top.level) {
      const left = stack.pop()!;
      top = { level: top.level + 1, idx: left.idx / 2, hash: hashChildren(left.hash, top.hash) };
      nodes.push(top);
    }
    stack.push(top);
  });
  // In a group-commit body the rows go out with the batch's multi-row INSERTs just before its commit
  // (platform/deferredInserts.ts): nothing in the batch reads them back (the right edge is in memory).
  if (batch) await repo.deferLeavesAndNodes(tx, leaves, nodes);
  else if (leaves.length === 1) await repo.insertLeafWithNodes(tx, leaves[0]!, nodes);
  else {
    await repo.insertLeaves(tx, leaves);
    await repo.insertNodes(tx, nodes);
  }
  if (batch) batch.frontier = { size: n + items.length, edge: stack };
  return out;
}
