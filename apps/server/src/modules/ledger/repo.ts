/**
 * Storage of the ledger (tables of db/schema/ledger.ts). Rows are only ever inserted: nothing here
 * updates or deletes. Every function accepts the database or an open transaction.
 */
import { and, asc, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkpoints, ledgerEntries, ledgerHashes } from '../../db/schema/index.ts';
import { nodeKey, type NodeId } from './merkle.ts';

/** Key of the transaction-scoped advisory lock that sequences appends (PostgreSQL and PGlite). */
export const SEQUENCER_LOCK = 6962_9162;

export type CheckpointRow = typeof checkpoints.$inferSelect;

/** Takes the sequencer lock until the end of the current transaction. */
export async function lockSequencer(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK})`);
}

/** Number of leaves (max index + 1) visible to `db`. */
export async function treeSize(db: DbOrTx): Promise<number> {
  const r = await db.select({ n: sql<string | number | null>`max(${ledgerEntries.idx})` }).from(ledgerEntries);
  const n = r[0]?.n;
  return n === null || n === undefined ? 0 : Number(n) + 1;
}

/** Hashes of the given complete subtrees in one query; throws Error if one is missing. */
export async function readNodes(db: DbOrTx, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (ids.length === 0) return out;
  const pairs = sql.join(ids.map((n) => sql`(${n.level}::int, ${n.idx}::bigint)`), sql`, `);
  const rows = await db
    .select({ level: ledgerHashes.level, idx: ledgerHashes.idx, hash: ledgerHashes.hash })
    .from(ledgerHashes)
    .where(sql`(${ledgerHashes.level}, ${ledgerHashes.idx}) in (${pairs})`);
  for (const r of rows) out.set(nodeKey({ level: r.level, idx: Number(r.idx) }), r.hash);
  for (const n of ids) if (!out.has(nodeKey(n))) throw new Error(`ledger: missing subtree hash ${nodeKey(n)}`);
  return out;
}

/** Inserts leaf rows (index, exact bytes, leaf hash, evidence id). */
export async function insertLeaves(tx: DbOrTx, rows: Array<{ idx: number; leaf: Buffer; leafHash: Buffer; evidenceId: number | null }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(ledgerEntries).values(rows.slice(i, i + 5000));
}

/** Inserts complete-subtree hashes. */
export async function insertNodes(tx: DbOrTx, rows: Array<{ level: number; idx: number; hash: Buffer }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(ledgerHashes).values(rows.slice(i, i + 5000));
}

/** Leaf at `idx`, or null. */
export async function leafAt(db: DbOrTx, idx: number): Promise<{ idx: number; leaf: Buffer; leafHash: Buffer } | null> {
  const r = await db.select({ idx: ledgerEntries.idx, leaf: ledgerEntries.leaf, leafHash: ledgerEntries.leafHash }).from(ledgerEntries).where(eq(ledgerEntries.idx, idx));
  return r[0] ?? null;
}

/** Lowest-index leaf with this leaf hash, or null (indexed by ledger_leafhash_idx). */
export async function leafByHash(db: DbOrTx, leafHash: Buffer): Promise<{ idx: number; leaf: Buffer } | null> {
  const r = await db.select({ idx: ledgerEntries.idx, leaf: ledgerEntries.leaf }).from(ledgerEntries).where(eq(ledgerEntries.leafHash, leafHash)).orderBy(asc(ledgerEntries.idx)).limit(1);
  return r[0] ?? null;
}

/** Up to `limit` leaves from index `from` on, in order (for the audit). */
export async function leavesFrom(db: DbOrTx, from: number, limit: number) {
  return db.select({ idx: ledgerEntries.idx, leaf: ledgerEntries.leaf, leafHash: ledgerEntries.leafHash, evidenceId: ledgerEntries.evidenceId })
    .from(ledgerEntries).where(gte(ledgerEntries.idx, from)).orderBy(asc(ledgerEntries.idx)).limit(limit);
}

/** Stored nodes of `level` with from ≤ idx < to (for the audit). */
export async function nodesOfLevel(db: DbOrTx, level: number, from: number, to: number) {
  return db.select({ idx: ledgerHashes.idx, hash: ledgerHashes.hash }).from(ledgerHashes)
    .where(and(eq(ledgerHashes.level, level), gte(ledgerHashes.idx, from), lt(ledgerHashes.idx, to))).orderBy(asc(ledgerHashes.idx));
}

/** Number of stored nodes per level (for the audit: no node beyond the tree). */
export async function nodeCounts(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ level: ledgerHashes.level, n: sql<string | number>`count(*)` }).from(ledgerHashes).groupBy(ledgerHashes.level);
  return new Map(rows.map((r) => [r.level, Number(r.n)]));
}

/** The checkpoint with the largest size, or null. */
export async function latestCheckpoint(db: DbOrTx): Promise<CheckpointRow | null> {
  const r = await db.select().from(checkpoints).orderBy(desc(checkpoints.size)).limit(1);
  return r[0] ?? null;
}

/** Checkpoints with size > `after`, ascending, at most `limit` (for the audit). */
export async function checkpointsAfter(db: DbOrTx, after: number, limit: number): Promise<CheckpointRow[]> {
  return db.select().from(checkpoints).where(gt(checkpoints.size, after)).orderBy(asc(checkpoints.size)).limit(limit);
}

/** Stores a checkpoint unless one of that size exists (another process may have signed it first). */
export async function insertCheckpoint(db: DbOrTx, row: { size: number; root: Buffer; note: string }): Promise<void> {
  await db.insert(checkpoints).values(row).onConflictDoNothing({ target: checkpoints.size });
}
