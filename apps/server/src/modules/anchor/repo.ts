/** Storage of anchors (db/schema/anchor.ts). Every function accepts the database or a transaction. */
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { anchors } from '../../db/schema/index.ts';

export type AnchorRow = typeof anchors.$inferSelect;
export type NewAnchor = typeof anchors.$inferInsert;

/** Inserts a pending anchor; false when a live anchor of this checkpoint and chain already exists. */
export async function insertPending(db: DbOrTx, row: NewAnchor): Promise<boolean> {
  const r = await db.insert(anchors).values({ ...row, status: 'pending' }).onConflictDoNothing().returning({ id: anchors.id });
  return r.length === 1;
}

/** Marks an anchor confirmed in `blockNumber` at `blockTime` (Unix seconds). */
export async function confirm(db: DbOrTx, id: number, blockNumber: number, blockTime: number): Promise<void> {
  await db.update(anchors).set({ status: 'confirmed', blockNumber, blockTime, confirmedAt: new Date(), error: null }).where(eq(anchors.id, id));
}

/** Marks an anchor failed with an English reason (the checkpoint may then be anchored again). */
export async function fail(db: DbOrTx, id: number, error: string): Promise<void> {
  await db.update(anchors).set({ status: 'failed', error: error.slice(0, 2000) }).where(eq(anchors.id, id));
}

/** Pending anchors, oldest first. */
export async function pending(db: DbOrTx, limit = 20): Promise<AnchorRow[]> {
  return db.select().from(anchors).where(eq(anchors.status, 'pending')).orderBy(asc(anchors.id)).limit(limit);
}

/** The confirmed anchor of the largest checkpoint, or null. */
export async function latestConfirmed(db: DbOrTx): Promise<AnchorRow | null> {
  const r = await db.select().from(anchors).where(eq(anchors.status, 'confirmed')).orderBy(desc(anchors.size), desc(anchors.id)).limit(1);
  return r[0] ?? null;
}

/** The confirmed anchor of the smallest checkpoint covering leaf `index` (size > index), or null. */
export async function firstCovering(db: DbOrTx, index: number): Promise<AnchorRow | null> {
  const r = await db.select().from(anchors)
    .where(and(eq(anchors.status, 'confirmed'), gt(anchors.size, index)))
    .orderBy(asc(anchors.size), asc(anchors.blockNumber), asc(anchors.id)).limit(1);
  return r[0] ?? null;
}

/** Anchors (any status) with id > `afterId`, ascending, at most `limit` (for the continuous audit). */
export async function after(db: DbOrTx, afterId: number, limit: number): Promise<AnchorRow[]> {
  return db.select().from(anchors).where(gt(anchors.id, afterId)).orderBy(asc(anchors.id)).limit(limit);
}

/** Number of confirmed anchors. */
export async function confirmedCount(db: DbOrTx): Promise<number> {
  const r = await db.select({ n: count() }).from(anchors).where(eq(anchors.status, 'confirmed'));
  return Number(r[0]?.n ?? 0);
}

/** Anchor by transaction hash, or null. */
export async function byTxHash(db: DbOrTx, txHash: string): Promise<AnchorRow | null> {
  const r = await db.select().from(anchors).where(eq(anchors.txHash, txHash.toLowerCase())).limit(1);
  return r[0] ?? null;
}
