/**
 * Tables of the members module (issue 14 §3–4): `company_members` and `member_letters`. Only this module
 * reads or writes them; other modules ask the members service.
 */
import { and, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, memberLetters } from '../../db/schema/index.ts';

export type MemberRow = typeof companyMembers.$inferSelect;
export type LetterRow = typeof memberLetters.$inferSelect;

/** Status codes of spec p1 §4. */
export const STATUS = { pending: 1, failed: 2, bound: 3, stopped: 4 } as const;

export async function insertLetter(tx: DbOrTx, row: typeof memberLetters.$inferInsert): Promise<LetterRow> {
  const [r] = await tx.insert(memberLetters).values(row).returning();
  return r!;
}

/** The letter with client reference `path` uploaded by `ownerId`, or null. */
export async function letterByPath(db: DbOrTx, ownerId: number, path: string): Promise<LetterRow | null> {
  const r = await db.select().from(memberLetters).where(and(eq(memberLetters.path, path), eq(memberLetters.ownerId, ownerId))).limit(1);
  return r[0] ?? null;
}

export async function lettersByIds(db: DbOrTx, ids: number[]): Promise<Map<number, LetterRow>> {
  if (!ids.length) return new Map();
  const r = await db.select().from(memberLetters).where(inArray(memberLetters.id, ids));
  return new Map(r.map((l) => [l.id, l]));
}

export async function insertMember(tx: DbOrTx, row: typeof companyMembers.$inferInsert): Promise<MemberRow> {
  const [r] = await tx.insert(companyMembers).values(row).returning();
  return r!;
}

/** A live (not deleted) member row by id, locked FOR UPDATE when `lock`. */
export async function byId(db: DbOrTx, id: number, lock = false): Promise<MemberRow | null> {
  const q = db.select().from(companyMembers).where(and(eq(companyMembers.id, id), isNull(companyMembers.deletedAt))).limit(1);
  const r = lock ? await q.for('update') : await q;
  return r[0] ?? null;
}

/** The live row where `sonUid` is pending (1) or bound (3), any company — at most one (unique index). */
export async function activeOf(db: DbOrTx, sonUid: number): Promise<MemberRow | null> {
  const r = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.sonUid, sonUid), inArray(companyMembers.status, [STATUS.pending, STATUS.bound]), isNull(companyMembers.deletedAt)))
    .limit(1);
  return r[0] ?? null;
}

/** The row of `sonUid` bound (3) to a company, or null. */
export async function boundOf(db: DbOrTx, sonUid: number): Promise<MemberRow | null> {
  const r = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.sonUid, sonUid), eq(companyMembers.status, STATUS.bound), isNull(companyMembers.deletedAt)))
    .limit(1);
  return r[0] ?? null;
}

/** The newest live row of `sonUid` whatever its status (the member's own view of its membership). */
export async function latestOf(db: DbOrTx, sonUid: number): Promise<MemberRow | null> {
  const r = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.sonUid, sonUid), isNull(companyMembers.deletedAt)))
    .orderBy(desc(companyMembers.id))
    .limit(1);
  return r[0] ?? null;
}

/** One page of a company's members, newest first; `keyword` matches name or mobile. */
export async function listOf(db: DbOrTx, pid: number, q: { page: number; limit: number; keyword?: string }): Promise<{ list: MemberRow[]; count: number }> {
  const c = [eq(companyMembers.pid, pid), isNull(companyMembers.deletedAt)];
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(or(ilike(companyMembers.name, k), ilike(companyMembers.mobile, k))!);
  }
  const w = and(...c);
  const [rows, n] = await Promise.all([
    db.select().from(companyMembers).where(w).orderBy(desc(companyMembers.createdAt), desc(companyMembers.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(companyMembers).where(w),
  ]);
  return { list: rows, count: Number(n[0]?.n ?? 0) };
}

/** Review queue: one page of rows with `status`, oldest first. */
export async function listByStatus(db: DbOrTx, status: number, q: { page: number; limit: number }): Promise<{ list: MemberRow[]; count: number }> {
  const w = and(eq(companyMembers.status, status), isNull(companyMembers.deletedAt));
  const [rows, n] = await Promise.all([
    db.select().from(companyMembers).where(w).orderBy(companyMembers.createdAt, companyMembers.id).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(companyMembers).where(w),
  ]);
  return { list: rows, count: Number(n[0]?.n ?? 0) };
}

/** Updates a row; returns it, or null when `expectStatus` no longer holds (a concurrent change). */
export async function update(tx: DbOrTx, id: number, expectStatus: number, set: Partial<typeof companyMembers.$inferInsert>): Promise<MemberRow | null> {
  const r = await tx
    .update(companyMembers)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(companyMembers.id, id), eq(companyMembers.status, expectStatus), isNull(companyMembers.deletedAt)))
    .returning();
  return r[0] ?? null;
}

/** True when the unique index "one pending or bound company per person" refused an insert/update. */
export const isActiveConflict = (e: unknown): boolean => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  return code === '23505';
};
