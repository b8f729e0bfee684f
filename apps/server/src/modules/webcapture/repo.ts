/**
 * Table access of the forensics context (web_captures, web_batches, web_batch_items, web_previews).
 * `web_captures` is a side table of `evidence` (DESIGN.md Domain model): the owner's list and the
 * capture-with-evidence reads go through the evidence service's one list (`listWithSide`, `findWithSide`)
 * with CAPTURE_SIDE; this module never reads the `evidence` table.
 */
import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webBatches, webBatchItems, webCaptures, webPreviews } from '../../db/schema/index.ts';
import type { EvidencePart, SideTable } from '../evidence/service.ts';

export type CaptureRow = typeof webCaptures.$inferSelect;
export interface CaptureWithEvidence {
  c: CaptureRow;
  e: EvidencePart | null;
}

/** web_captures as the side table of its kind's list (evidence service `listWithSide`): keyword also matches the capture title and URL. */
export const CAPTURE_SIDE: SideTable<CaptureRow> = {
  table: webCaptures,
  id: webCaptures.id,
  userId: webCaptures.userId,
  evidenceId: webCaptures.evidenceId,
  createdAt: webCaptures.createdAt,
  deletedAt: webCaptures.deletedAt,
  keywordColumns: [webCaptures.title, webCaptures.url],
};

/** The list's own condition on capture status (undefined: all). */
export const statusWhere = (status: number | undefined): SQL[] => (status === undefined ? [] : [eq(webCaptures.status, status)]);

/** Inserts a queued capture. */
export async function insertCapture(db: DbOrTx, row: { userId: number; memberId?: number | null; url: string; title: string; batchId?: string | null }): Promise<CaptureRow> {
  const rows = await db.insert(webCaptures).values({ userId: row.userId, memberId: row.memberId ?? null, url: row.url, title: row.title, batchId: row.batchId ?? null }).returning();
  return rows[0] as CaptureRow;
}

/** Capture by id (any owner), or null. */
export async function findCapture(db: DbOrTx, id: number): Promise<CaptureRow | null> {
  const rows = await db.select().from(webCaptures).where(eq(webCaptures.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The capture behind an evidence id (for the certificate), or null. */
export async function findByEvidence(db: DbOrTx, evidenceId: number): Promise<CaptureRow | null> {
  const rows = await db.select().from(webCaptures).where(eq(webCaptures.evidenceId, evidenceId)).limit(1);
  return rows[0] ?? null;
}

export interface ListFilter {
  userId: number;
  page: number;
  limit: number;
  keyword?: string;
  label?: string;
  startTime?: number;
  endTime?: number;
  status?: number;
}

/** The owner's done, not-deleted captures among `ids` → their evidence ids, in the order of `ids`. */
export async function evidenceIdsOf(db: DbOrTx, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: webCaptures.id, ev: webCaptures.evidenceId })
    .from(webCaptures)
    .where(and(inArray(webCaptures.id, ids), eq(webCaptures.userId, userId), isNull(webCaptures.deletedAt), eq(webCaptures.status, 2)));
  const byId = new Map(rows.map((r) => [r.id, r.ev]));
  return ids.map((id) => byId.get(id)).filter((x): x is number => typeof x === 'number');
}

/** Marks a capture started (status 1, attempts + 1) unless it is deleted or already done/failed; returns it or null. */
export async function markStarted(db: DbOrTx, id: number): Promise<CaptureRow | null> {
  const rows = await db
    .update(webCaptures)
    .set({ status: 1, attempts: sql`${webCaptures.attempts} + 1`, startedAt: new Date() })
    .where(and(eq(webCaptures.id, id), isNull(webCaptures.deletedAt), inArray(webCaptures.status, [0, 1])))
    .returning();
  return rows[0] ?? null;
}

/** Fails a capture still running (status 1) with `reason`; true when it was running (issue 9 §6 hard deadline). */
export async function failIfRunning(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(webCaptures)
    .set({ status: 3, reason: reason.slice(0, 200), finishedAt: new Date() })
    .where(and(eq(webCaptures.id, id), eq(webCaptures.status, 1)))
    .returning({ id: webCaptures.id });
  return rows.length > 0;
}

/** Sets a capture's fields. */
export async function updateCapture(db: DbOrTx, id: number, set: Partial<typeof webCaptures.$inferInsert>): Promise<void> {
  await db.update(webCaptures).set(set).where(eq(webCaptures.id, id));
}

/** Marks the owner's capture deleted; returns the row before, or null. */
export async function softDelete(db: DbOrTx, userId: number, id: number): Promise<CaptureRow | null> {
  const rows = await db
    .update(webCaptures)
    .set({ deletedAt: new Date() })
    .where(and(eq(webCaptures.id, id), eq(webCaptures.userId, userId), isNull(webCaptures.deletedAt)))
    .returning();
  return rows[0] ?? null;
}

/** Number of the owner's captures still queued or capturing. */
export async function countActive(db: DbOrTx, userId: number): Promise<number> {
  const r = await db.select({ n: count() }).from(webCaptures).where(and(eq(webCaptures.userId, userId), inArray(webCaptures.status, [0, 1]), isNull(webCaptures.deletedAt)));
  return Number(r[0]?.n ?? 0);
}

// ── Batches ───────────────────────────────────────────────────────────────

/** Stores a checked batch and its lines. */
export async function insertBatch(db: DbOrTx, id: string, userId: number, items: Array<{ url: string; valid: boolean; reason: string }>): Promise<void> {
  await db.insert(webBatches).values({ id, userId });
  if (items.length) await db.insert(webBatchItems).values(items.map((it, position) => ({ batchId: id, position, url: it.url, valid: it.valid, reason: it.reason })));
}

/** The owner's batch created after `since`, with its lines in order; null when unknown or expired. */
export async function findBatch(db: DbOrTx, userId: number, id: string, since: Date) {
  const b = (await db.select().from(webBatches).where(and(eq(webBatches.id, id), eq(webBatches.userId, userId), gte(webBatches.createdAt, since))).limit(1))[0];
  if (!b) return null;
  const items = await db.select().from(webBatchItems).where(eq(webBatchItems.batchId, id)).orderBy(webBatchItems.position);
  return { batch: b, items };
}

/** Marks a batch started; false when it already was (only one caller wins). */
export async function startBatch(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.update(webBatches).set({ startedAt: new Date() }).where(and(eq(webBatches.id, id), isNull(webBatches.startedAt))).returning({ id: webBatches.id });
  return rows.length > 0;
}

/** Links a batch line to the capture it started. */
export async function setBatchItemCapture(db: DbOrTx, batchId: string, position: number, captureId: number): Promise<void> {
  await db.update(webBatchItems).set({ captureId }).where(and(eq(webBatchItems.batchId, batchId), eq(webBatchItems.position, position)));
}

// ── Previews ──────────────────────────────────────────────────────────────

export type PreviewRow = typeof webPreviews.$inferSelect;

/** The user's latest preview of `url` made after `since`, or null. */
export async function findPreview(db: DbOrTx, userId: number, url: string, since: Date): Promise<PreviewRow | null> {
  const rows = await db
    .select()
    .from(webPreviews)
    .where(and(eq(webPreviews.userId, userId), eq(webPreviews.url, url), gte(webPreviews.createdAt, since)))
    .orderBy(desc(webPreviews.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores a preview. */
export async function insertPreview(db: DbOrTx, row: typeof webPreviews.$inferInsert): Promise<void> {
  await db.insert(webPreviews).values(row);
}

/** Removes previews created before `before`; returns how many. */
export async function purgePreviews(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(webPreviews).where(lt(webPreviews.createdAt, before)).returning({ id: webPreviews.id });
  return rows.length;
}

/** A preview by id (any owner; the id is a random capability), or null. */
export async function findPreviewById(db: DbOrTx, id: string): Promise<PreviewRow | null> {
  const rows = await db.select().from(webPreviews).where(eq(webPreviews.id, id)).limit(1);
  return rows[0] ?? null;
}
