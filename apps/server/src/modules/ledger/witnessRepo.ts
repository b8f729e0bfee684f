/** `witness_cosignatures` access (issue 10 §2). Rows are only inserted. */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { witnessCosignatures } from '../../db/schema/index.ts';

/** Stores a cosignature (ignored when the witness already cosigned that size). */
export async function insertCosignature(db: DbOrTx, row: { size: number; witness: string; line: string; cosignedAt: number }): Promise<void> {
  await db.insert(witnessCosignatures).values(row).onConflictDoNothing();
}

/** The largest size `witness` cosigned, or 0. */
export async function lastCosignedSize(db: DbOrTx, witness: string): Promise<number> {
  const r = await db.select({ n: sql<string | number | null>`max(${witnessCosignatures.size})` }).from(witnessCosignatures).where(eq(witnessCosignatures.witness, witness));
  const n = r[0]?.n;
  return n === null || n === undefined ? 0 : Number(n);
}

/** Cosignature lines of the checkpoint of `size` (witness name order). */
export async function cosignaturesOf(db: DbOrTx, size: number): Promise<Array<{ witness: string; line: string; cosignedAt: number }>> {
  return db.select({ witness: witnessCosignatures.witness, line: witnessCosignatures.line, cosignedAt: witnessCosignatures.cosignedAt }).from(witnessCosignatures).where(eq(witnessCosignatures.size, size)).orderBy(witnessCosignatures.witness);
}

/**
 * The largest size > `index` cosigned by at least `quorum` of `witnesses`, or null (the newest
 * witnessed checkpoint that covers leaf `index`).
 */
export async function latestWitnessedAbove(db: DbOrTx, index: number, witnesses: readonly string[], quorum: number): Promise<number | null> {
  if (witnesses.length === 0) return null;
  const r = await db
    .select({ size: witnessCosignatures.size })
    .from(witnessCosignatures)
    .where(and(gt(witnessCosignatures.size, index), inArray(witnessCosignatures.witness, [...witnesses])))
    .groupBy(witnessCosignatures.size)
    .having(sql`count(*) >= ${quorum}`)
    .orderBy(desc(witnessCosignatures.size))
    .limit(1);
  return r[0] ? Number(r[0].size) : null;
}
