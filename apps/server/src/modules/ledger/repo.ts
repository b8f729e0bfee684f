/**
 * Storage of the ledger (tables of db/schema/ledger.ts). Rows are only ever inserted: nothing here
 * updates or deletes. Every function accepts the database or an open transaction.
 */
import { and, asc, desc, eq, getTableColumns, gt, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checkpoints, ledgerEntries, ledgerHashes } from '../../db/schema/index.ts';
import { insertRows } from '../../platform/deferredInserts.ts';
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

/** Rows of a raw statement, for both drivers (PGlite and node-postgres both answer `{ rows }`). */
async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/**
 * Tree size and the right edge of the tree (the complete subtrees tiling [0, size), largest first) in
 * one statement: the size from the last level-0 hash (one index probe), then one primary-key probe per
 * set bit of the size (≈ 10 at a million leaves; issue 16: probing all 63 levels cost a third of an
 * append). Hashes travel as hex text, which both drivers decode faster than bytea.
 */
export async function frontier(db: DbOrTx): Promise<{ size: number; edge: Array<NodeId & { hash: Buffer }> }> {
  const r = await rows<{ level: number; idx: string | number; h: string | null }>(db, sql`
    with s as (select coalesce(max(idx) + 1, 0)::bigint as n from ${ledgerHashes} where level = 0)
    select -1 as level, s.n as idx, null as h from s
    union all
    select k.level, (s.n >> k.level) - 1, encode(h.hash, 'hex') from s
    cross join generate_series(0, 62) as k(level)
    left join ${ledgerHashes} as h on h.level = k.level and h.idx = (s.n >> k.level) - 1
    where ((s.n >> k.level) & 1) = 1`);
  const size = Number(r.find((x) => Number(x.level) === -1)?.idx ?? 0);
  const edge: Array<NodeId & { hash: Buffer }> = [];
  for (const x of r) {
    const level = Number(x.level);
    if (level === -1) continue;
    if (x.h === null) throw new Error(`ledger: missing subtree hash ${level}:${Number(x.idx)}`);
    edge.push({ level, idx: Number(x.idx), hash: Buffer.from(x.h, 'hex') });
  }
  edge.sort((a, b) => b.level - a.level);
  return { size, edge };
}

/**
 * Hashes of the given complete subtrees in one statement (one primary-key probe each), plus the bytes
 * of leaf `leafIdx` when given. Throws Error if a node is missing.
 */
export async function readNodesAndLeaf(db: DbOrTx, ids: readonly NodeId[], leafIdx?: number): Promise<{ nodes: Map<string, Buffer>; leaf: Buffer | null }> {
  const nodes = new Map<string, Buffer>();
  if (ids.length === 0 && leafIdx === undefined) return { nodes, leaf: null };
  const levels = `{${ids.map((n) => n.level).join(',')}}`;
  const idxs = `{${ids.map((n) => n.idx).join(',')}}`;
  const leafPart = leafIdx === undefined ? sql`` : sql` union all select -1, e.idx, encode(e.leaf, 'hex') from ${ledgerEntries} as e where e.idx = ${leafIdx}`;
  const r = await rows<{ level: number; idx: string | number; h: string }>(db, sql`
    select k.level, k.idx, encode(n.hash, 'hex') as h from unnest(${levels}::int[], ${idxs}::bigint[]) as k(level, idx)
    join ${ledgerHashes} as n on n.level = k.level and n.idx = k.idx${leafPart}`);
  let leaf: Buffer | null = null;
  for (const x of r) {
    if (Number(x.level) === -1) leaf = Buffer.from(x.h, 'hex');
    else nodes.set(nodeKey({ level: Number(x.level), idx: Number(x.idx) }), Buffer.from(x.h, 'hex'));
  }
  for (const n of ids) if (!nodes.has(nodeKey(n))) throw new Error(`ledger: missing subtree hash ${nodeKey(n)}`);
  return { nodes, leaf };
}

/** Hashes of the given complete subtrees in one statement; throws Error if one is missing. */
export async function readNodes(db: DbOrTx, ids: readonly NodeId[]): Promise<Map<string, Buffer>> {
  return (await readNodesAndLeaf(db, ids)).nodes;
}

/** Inserts leaf rows (index, exact bytes, leaf hash, evidence id). */
export async function insertLeaves(tx: DbOrTx, rows: Array<{ idx: number; leaf: Buffer; leafHash: Buffer; evidenceId: number | null }>): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(ledgerEntries).values(rows.slice(i, i + 5000));
}

/**
 * Inserts one leaf row and its subtree hashes in a single statement (the one-entry append path,
 * saving a round trip).
 */
export async function insertLeafWithNodes(tx: DbOrTx, leaf: { idx: number; leaf: Buffer; leafHash: Buffer; evidenceId: number | null }, nodes: Array<{ level: number; idx: number; hash: Buffer }>): Promise<void> {
  const values = sql.join(nodes.map((n) => sql`(${n.level}::int, ${n.idx}::bigint, ${n.hash}::bytea)`), sql`, `);
  await tx.execute(sql`with e as (insert into ${ledgerEntries} (idx, leaf, leaf_hash, evidence_id) values (${leaf.idx}::bigint, ${leaf.leaf}::bytea, ${leaf.leafHash}::bytea, ${leaf.evidenceId}::bigint))
    insert into ${ledgerHashes} (level, idx, hash) values ${values}`);
}

/**
 * Leaf rows and subtree hashes of a group-commit body: deferred to the batch's multi-row INSERTs before
 * its commit (dropped with the body if it throws); inserted at once outside a batch body.
 */
export async function deferLeavesAndNodes(tx: DbOrTx, leaves: Array<{ idx: number; leaf: Buffer; leafHash: Buffer; evidenceId: number | null }>, nodes: Array<{ level: number; idx: number; hash: Buffer }>): Promise<void> {
  await insertRows(tx, ledgerEntries, leaves);
  await insertRows(tx, ledgerHashes, nodes);
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

/** Tree size and the latest checkpoint, in one round trip once a checkpoint exists (the proof path). */
export async function sizeAndLatest(db: DbOrTx): Promise<{ size: number; latest: CheckpointRow | null }> {
  const r = await db
    .select({ n: sql<string | number | null>`(select max(${ledgerEntries.idx}) from ${ledgerEntries})`, cp: getTableColumns(checkpoints) })
    .from(checkpoints).orderBy(desc(checkpoints.size)).limit(1);
  const row = r[0];
  if (!row) return { size: await treeSize(db), latest: null };
  return { size: row.n === null ? 0 : Number(row.n) + 1, latest: row.cp };
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

/** The checkpoint with the smallest size > `index` (the first one covering leaf `index`), or null. */
export async function firstCheckpointAbove(db: DbOrTx, index: number): Promise<CheckpointRow | null> {
  const r = await db.select().from(checkpoints).where(gt(checkpoints.size, index)).orderBy(asc(checkpoints.size)).limit(1);
  return r[0] ?? null;
}

/** The checkpoint of exactly `size` leaves, or null. */
export async function checkpointOfSize(db: DbOrTx, size: number): Promise<CheckpointRow | null> {
  const r = await db.select().from(checkpoints).where(eq(checkpoints.size, size)).limit(1);
  return r[0] ?? null;
}

/** Stores a checkpoint unless one of that size exists (another process may have signed it first). */
export async function insertCheckpoint(db: DbOrTx, row: { size: number; root: Buffer; note: string }): Promise<void> {
  await db.insert(checkpoints).values(row).onConflictDoNothing({ target: checkpoints.size });
}
