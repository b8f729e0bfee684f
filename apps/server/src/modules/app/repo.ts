/** `app_evidence` access (the phone-info side table of evidence kind 'app'). Other modules call the service. */
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appEvidence } from '../../db/schema/index.ts';

export type AppEvidenceRow = typeof appEvidence.$inferSelect;

/** Inserts the side row of a new app evidence (inside the deposit transaction). */
export async function insert(tx: DbOrTx, row: typeof appEvidence.$inferInsert): Promise<void> {
  await tx.insert(appEvidence).values(row);
}

/** The side row of evidence `id`, or null. */
export async function find(db: DbOrTx, evidenceId: number): Promise<AppEvidenceRow | null> {
  return (await db.select().from(appEvidence).where(eq(appEvidence.evidenceId, evidenceId)).limit(1))[0] ?? null;
}

/** Side rows of the evidence `ids`, by evidence id. */
export async function findMany(db: DbOrTx, ids: number[]): Promise<Map<number, AppEvidenceRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(appEvidence).where(inArray(appEvidence.evidenceId, ids));
  return new Map(rows.map((r) => [r.evidenceId, r]));
}
