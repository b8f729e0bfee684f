/** Evidence table access (DESIGN.md Domain model `evidence`). Other modules call the service, not this. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { evidence, evidenceArtefacts } from '../../db/schema/index.ts';
import { nextId as nextSerial } from '../../platform/batchScope.ts';
import { insertRows } from '../../platform/deferredInserts.ts';
import type { EvidenceArtefactRow, EvidenceRow } from './types.ts';

/** Evidence by certificate number, deleted or not; null when unknown. */
export async function findByBaoquan(db: DbOrTx, baoquan: string): Promise<EvidenceRow | null> {
  const rows = await db.select().from(evidence).where(eq(evidence.baoquan, baoquan)).limit(1);
  return rows[0] ?? null;
}

/** Number, deposit time and chainhash of every evidence with file hash `sha256` (deleted or not), oldest first, at most `limit`. */
export async function listBySha256(db: DbOrTx, sha256: string, limit: number): Promise<Array<{ baoquan: string; saveTime: number; chainhash: string }>> {
  return db.select({ baoquan: evidence.baoquan, saveTime: evidence.saveTime, chainhash: evidence.chainhash }).from(evidence).where(eq(evidence.sha256, sha256)).orderBy(evidence.saveTime, evidence.id).limit(limit);
}

/** Evidence by id (deleted or not); null when unknown. */
export async function findById(db: DbOrTx, id: number): Promise<EvidenceRow | null> {
  const rows = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1);
  return (rows[0] as EvidenceRow | undefined) ?? null;
}

/** Evidence `id` if owned by `userId` and not deleted by the owner; null otherwise (another user's id looks missing). */
export async function findOwned(db: DbOrTx, userId: number, id: number): Promise<EvidenceRow | null> {
  const rows = await db.select().from(evidence).where(and(eq(evidence.id, id), eq(evidence.userId, userId), isNull(evidence.deletedAt))).limit(1);
  return rows[0] ?? null;
}

/** Owned, not deleted evidence among `ids`, in the order of `ids`. */
export async function findOwnedMany(db: DbOrTx, userId: number, ids: number[]): Promise<EvidenceRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(evidence).where(and(inArray(evidence.id, ids), eq(evidence.userId, userId), isNull(evidence.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is EvidenceRow => !!r);
}

/** Distinct non-empty labels of the owner's live evidence of `kind`. */
export async function labels(db: DbOrTx, userId: number, kind: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ label: evidence.label })
    .from(evidence)
    .where(and(eq(evidence.userId, userId), eq(evidence.kind, kind), isNull(evidence.deletedAt), sql`${evidence.label} <> ''`))
    .orderBy(evidence.label);
  return rows.map((r) => r.label);
}

/** Reserves the next evidence id (so the ledger entry can name it before the row exists); in a group-commit body from the batch's block. */
export async function nextId(db: DbOrTx): Promise<number> {
  return nextSerial(db, 'evidence');
}

/** Inserts the evidence row. */
export async function insert(db: DbOrTx, row: typeof evidence.$inferInsert): Promise<EvidenceRow> {
  const rows = await db.insert(evidence).values(row).returning();
  return rows[0] as EvidenceRow;
}

/**
 * The evidence row `row` as `insert` returns it, written through `insertRows` (deferred to the batch's flush in
 * a group-commit body, issue 16): only when nothing in the transaction reads it back or references it
 * directly before the flush. `row.id` must be set (`nextId`).
 */
export async function insertDeferred(db: DbOrTx, row: typeof evidence.$inferInsert & { id: number }): Promise<EvidenceRow> {
  await insertRows(db, evidence, [row]);
  return { label: '', status: 1, deletedAt: null, note: null, memberId: null, ...row } as EvidenceRow;
}

/** Sets the label of owned evidence; returns false when not found. */
export async function setLabel(db: DbOrTx, userId: number, id: number, label: string): Promise<boolean> {
  const rows = await db.update(evidence).set({ label }).where(and(eq(evidence.id, id), eq(evidence.userId, userId), isNull(evidence.deletedAt))).returning({ id: evidence.id });
  return rows.length > 0;
}

/** Marks owned evidence deleted by its owner (the ledger entry stays); returns the row before, or null. */
export async function softDelete(db: DbOrTx, userId: number, id: number): Promise<EvidenceRow | null> {
  const rows = await db.update(evidence).set({ deletedAt: new Date() }).where(and(eq(evidence.id, id), eq(evidence.userId, userId), isNull(evidence.deletedAt))).returning();
  return rows[0] ?? null;
}

/** Every evidence row with its blob address, in id order, for the auditor (`ledger:verify`). */
export async function allForAudit(db: DbOrTx, afterId: number, limit: number): Promise<EvidenceRow[]> {
  return db.select().from(evidence).where(sql`${evidence.id} > ${afterId}`).orderBy(evidence.id).limit(limit);
}

/** Inserts artefact rows (none → nothing); returns them. */
export async function insertArtefacts(db: DbOrTx, rows: Array<typeof evidenceArtefacts.$inferInsert>): Promise<EvidenceArtefactRow[]> {
  if (rows.length === 0) return [];
  return db.insert(evidenceArtefacts).values(rows).returning();
}

/** The artefacts of evidence `evidenceId` besides its main file, in insertion order. */
export async function artefactsOf(db: DbOrTx, evidenceId: number): Promise<EvidenceArtefactRow[]> {
  return db.select().from(evidenceArtefacts).where(eq(evidenceArtefacts.evidenceId, evidenceId)).orderBy(evidenceArtefacts.id);
}
