/** Table access of the public query context: `evidence_sm3`, the SM3 digest of each evidence's main file. */
import { desc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { evidenceSm3 } from '../../db/schema/index.ts';

/** Highest evidence id whose digest was recorded (0 when none): the catch-up cursor. */
export async function cursor(db: DbOrTx): Promise<number> {
  const r = await db.select({ m: max(evidenceSm3.evidenceId) }).from(evidenceSm3);
  return Number(r[0]?.m ?? 0);
}

/** Records the SM3 of evidence `evidenceId` ('' when its file could not be read); a second record of one id is ignored. */
export async function record(db: DbOrTx, evidenceId: number, sm3: string): Promise<void> {
  await db.insert(evidenceSm3).values({ evidenceId, sm3 }).onConflictDoNothing();
}

/** Evidence ids whose main file has SM3 `sm3`, newest first, at most `limit`. */
export async function idsBySm3(db: DbOrTx, sm3: string, limit: number): Promise<number[]> {
  const rows = await db.select({ id: evidenceSm3.evidenceId }).from(evidenceSm3).where(eq(evidenceSm3.sm3, sm3)).orderBy(desc(evidenceSm3.evidenceId)).limit(limit);
  return rows.map((r) => r.id);
}
