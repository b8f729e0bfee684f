/**
 * Table access of the process-evidence context (`process_sessions`, a side table of `evidence`). The list
 * and the session-with-evidence reads are the evidence module's one list (`listWithSide`, `findWithSide`)
 * with SESSION_SIDE (issue 11 §1); this module never reads the `evidence` table, and every write to
 * `evidence` goes through the evidence service.
 */
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { processSessions } from '../../db/schema/index.ts';
import { findWithSide, listWithSide, type EvidencePart as EvidenceFields, type SideTable } from '../evidence/service.ts';

export type SessionRow = typeof processSessions.$inferSelect;
export type EvidencePart = EvidenceFields;
export interface SessionWithEvidence {
  s: SessionRow;
  e: EvidencePart | null;
}

/** process_sessions as the side table of its kinds' list: a keyword also matches the title, start URL and final URL. */
export const SESSION_SIDE: SideTable<SessionRow> = {
  table: processSessions,
  id: processSessions.id,
  userId: processSessions.userId,
  evidenceId: processSessions.evidenceId,
  createdAt: processSessions.createdAt,
  deletedAt: processSessions.deletedAt,
  keywordColumns: [processSessions.title, processSessions.url, processSessions.finalUrl],
};
const ACTIVE = [0, 1, 2];

/** Serialises session starts of one user (the one-active-session rule) until `tx` ends. */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(8810, ${userId}::int)`);
}

export async function insert(tx: DbOrTx, row: { userId: number; memberId?: number | null; type: number; url: string; title: string; streamNonce: string }): Promise<SessionRow> {
  return (await tx.insert(processSessions).values(row).returning())[0] as SessionRow;
}

export async function findById(db: DbOrTx, id: number): Promise<SessionRow | null> {
  return (await db.select().from(processSessions).where(eq(processSessions.id, id)).limit(1))[0] ?? null;
}

/** The user's live session (queued, running or saving), or null. */
export async function findActive(db: DbOrTx, userId: number, memberId: number | null = null): Promise<SessionRow | null> {
  // One active session per person acting for the account: the account itself (memberId null) or each of its enterprise members.
  const who = memberId === null ? isNull(processSessions.memberId) : eq(processSessions.memberId, memberId);
  const rows = await db.select().from(processSessions).where(and(eq(processSessions.userId, userId), who, inArray(processSessions.status, ACTIVE))).orderBy(desc(processSessions.id)).limit(1);
  return rows[0] ?? null;
}

/** Sessions waiting in the queue. */
export async function countQueued(db: DbOrTx): Promise<number> {
  return (await db.select({ n: count() }).from(processSessions).where(eq(processSessions.status, 0)))[0]?.n ?? 0;
}

/** 1-based place of queued session `id` (sessions are served in id order). */
export async function position(db: DbOrTx, id: number): Promise<number> {
  return (await db.select({ n: count() }).from(processSessions).where(and(eq(processSessions.status, 0), lte(processSessions.id, id))))[0]?.n ?? 0;
}

/**
 * Takes the oldest queued session (status 0 → 1, startedAt now, owned by `ownerUrl`: the internal address of
 * this process), or null; safe against other processes. One statement: the claimed row comes back with the
 * claim, so no claim can be left behind by a failed second read.
 */
export async function claimNext(db: DbOrTx, ownerUrl = ''): Promise<SessionRow | null> {
  const next = sql`(select id from process_sessions where status = 0 order by id limit 1 for update skip locked)`;
  const rows = await db.update(processSessions)
    .set({ status: 1, startedAt: sql`now()`, ownerUrl, heartbeatAt: sql`now()`, stopRequest: 0 })
    .where(eq(processSessions.id, next))
    .returning();
  return rows[0] ?? null;
}

/**
 * Gives a claimed session back to the queue (status 1 → 0, no owner, keeping its place: the queue is in id
 * order) when its owner `ownerUrl` could not start it; false when it is no longer that owner's claim.
 */
export async function releaseClaim(db: DbOrTx, id: number, ownerUrl: string): Promise<boolean> {
  const rows = await db.update(processSessions)
    .set({ status: 0, startedAt: null, ownerUrl: '', heartbeatAt: null, deadlineAt: null, stopRequest: 0 })
    .where(and(eq(processSessions.id, id), eq(processSessions.status, 1), eq(processSessions.ownerUrl, ownerUrl)))
    .returning({ id: processSessions.id });
  return rows.length > 0;
}

/** Sets `status` (and more) only when the session is still in one of `from`; returns whether it changed. */
export async function transition(db: DbOrTx, id: number, from: number[], patch: Partial<typeof processSessions.$inferInsert>): Promise<boolean> {
  const rows = await db.update(processSessions).set(patch).where(and(eq(processSessions.id, id), inArray(processSessions.status, from))).returning({ id: processSessions.id });
  return rows.length > 0;
}

export async function update(db: DbOrTx, id: number, patch: Partial<typeof processSessions.$inferInsert>): Promise<void> {
  await db.update(processSessions).set(patch).where(eq(processSessions.id, id));
}

/** The owner's not-deleted session with its evidence part, or null (another user's id looks missing). */
export async function findOwned(db: DbOrTx, userId: number, id: number): Promise<SessionWithEvidence | null> {
  return findWithSide(db, SESSION_SIDE, userId, id);
}

/** Evidence ids of the owner's saved, not-deleted sessions among `ids`. */
export async function evidenceIdsOf(db: DbOrTx, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ e: processSessions.evidenceId })
    .from(processSessions)
    .where(and(eq(processSessions.userId, userId), inArray(processSessions.id, ids), isNull(processSessions.deletedAt)));
  return rows.map((r) => r.e).filter((e): e is number => e !== null);
}

/** The session behind an evidence id (certificate, share), or null. */
export async function findByEvidence(db: DbOrTx, evidenceId: number): Promise<SessionRow | null> {
  return (await db.select().from(processSessions).where(eq(processSessions.evidenceId, evidenceId)).limit(1))[0] ?? null;
}

export interface ListFilter {
  userId: number;
  type: number;
  page: number;
  limit: number;
  keyword?: string;
  label?: string;
  startTime?: number;
  endTime?: number;
  status?: number;
}

/** One page of the owner's sessions of `type`, newest first, with the total count (the evidence module's one list). */
export async function list(db: DbOrTx, f: ListFilter): Promise<{ list: SessionWithEvidence[]; count: number }> {
  const where: SQL[] = [eq(processSessions.type, f.type)];
  if (f.status !== undefined) where.push(eq(processSessions.status, f.status));
  // `type` here is the session type (2/4); the shared list's file-type filter is `fileType`, not set here.
  return listWithSide(db, SESSION_SIDE, f, where);
}

/** Sessions left running or saving by a process that stopped (embedded mode: all of them at start). */
export async function orphaned(db: DbOrTx): Promise<SessionRow[]> {
  return db.select().from(processSessions).where(inArray(processSessions.status, [1, 2]));
}

/** Asks the process running session `id` to end it (1 stop → saved, 2 cancel); false when it is not running. */
export async function requestStop(db: DbOrTx, id: number, kind: 1 | 2): Promise<boolean> {
  return transition(db, id, [1], { stopRequest: kind });
}

/** Stop requests pending for sessions among `ids` (the owner's running ones). */
export async function stopRequests(db: DbOrTx, ids: number[]): Promise<Array<{ id: number; kind: number }>> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: processSessions.id, kind: processSessions.stopRequest }).from(processSessions)
    .where(and(inArray(processSessions.id, ids), inArray(processSessions.status, [1]), gt(processSessions.stopRequest, 0)));
  return rows;
}

/** The owner is alive: heartbeat of its running/saving sessions `ids`. */
export async function heartbeat(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(processSessions).set({ heartbeatAt: new Date() }).where(and(inArray(processSessions.id, ids), inArray(processSessions.status, [1, 2])));
}

/** Running/saving sessions whose owner stopped its heartbeat more than `staleSeconds` ago become failed (中断 note); returns how many. */
export async function failStale(db: DbOrTx, staleSeconds: number, note: string): Promise<number> {
  const rows = await db.update(processSessions).set({ status: 5, note, endedAt: new Date() })
    .where(and(inArray(processSessions.status, [1, 2]), lt(processSessions.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`)))
    .returning({ id: processSessions.id });
  return rows.length;
}
