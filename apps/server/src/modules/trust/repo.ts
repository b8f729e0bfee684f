/** `timestamps` table access (issue 3 §1). Rows are only inserted. Other modules use the trust service. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { timestamps } from '../../db/schema/index.ts';
import { insertRows } from '../../platform/deferredInserts.ts';

export type TimestampRow = typeof timestamps.$inferSelect;

/** Stores the token of an evidence (inside the deposit transaction). */
export async function insertTimestamp(db: DbOrTx, row: { evidenceId: number; token: Buffer; genTime: number; serial: string; tsaName: string; sha256: string }): Promise<void> {
  // In a group-commit body the row joins the batch's multi-row INSERT before its commit (issue 16).
  await insertRows(db, timestamps, [{ ...row, tsaName: row.tsaName.slice(0, 500), serial: row.serial.slice(0, 200) }]);
}

/** The token row of an evidence; null when it has none (deposits before issue 3). */
export async function findTimestamp(db: DbOrTx, evidenceId: number): Promise<TimestampRow | null> {
  const rows = await db.select().from(timestamps).where(eq(timestamps.evidenceId, evidenceId)).limit(1);
  return rows[0] ?? null;
}
