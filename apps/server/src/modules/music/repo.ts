/** Table access of the music context (`music_works`, the side table of evidence kind 'music'). */
import { inArray, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { musicWorks } from '../../db/schema/index.ts';

export type MusicWorkRow = typeof musicWorks.$inferSelect;

export async function insert(tx: DbOrTx, row: Omit<typeof musicWorks.$inferInsert, 'id' | 'createdAt'>): Promise<MusicWorkRow> {
  return (await tx.insert(musicWorks).values(row).returning())[0] as MusicWorkRow;
}

export async function byEvidence(db: DbOrTx, evidenceId: number): Promise<MusicWorkRow | null> {
  return (await db.select().from(musicWorks).where(eq(musicWorks.evidenceId, evidenceId)).limit(1))[0] ?? null;
}

export async function byEvidenceIds(db: DbOrTx, ids: number[]): Promise<Map<number, MusicWorkRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(musicWorks).where(inArray(musicWorks.evidenceId, ids));
  return new Map(rows.map((r) => [r.evidenceId, r]));
}
