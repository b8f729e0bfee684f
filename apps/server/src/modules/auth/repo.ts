/** Users table access for the auth context. */
import { and, count, desc, eq, ilike, inArray, notLike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from '../../platform/auth.ts';

/** User by mobile, or null. */
export async function findByMobile(db: DbOrTx, mobile: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return rows[0] ?? null;
}

/** User by id, or null. */
export async function findById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a user; returns the row. Unique violation on mobile propagates (caller checks first). */
export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(row).returning();
  return rows[0] as UserRow;
}

/** Replaces the password hash. */
export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Sets userStatus (and the verified name / company when given). */
export async function setVerification(db: DbOrTx, id: number, c: { userStatus: number; name?: string; company?: string }): Promise<void> {
  await db.update(users).set({ userStatus: c.userStatus, ...(c.name !== undefined ? { name: c.name } : {}), ...(c.company !== undefined ? { company: c.company } : {}) }).where(eq(users.id, id));
}

/** Users whose extraction code is still stored in clear (no `v1:` prefix). */
export async function clearExtractCodes(db: DbOrTx): Promise<Array<{ id: number; extractCode: string }>> {
  return db.select({ id: users.id, extractCode: users.extractCode }).from(users).where(notLike(users.extractCode, 'v1:%'));
}

/** Replaces a user's stored extraction code if it still equals `from`; true when a row changed. */
export async function replaceExtractCode(db: DbOrTx, id: number, from: string, to: string): Promise<boolean> {
  const rows = await db.update(users).set({ extractCode: to }).where(and(eq(users.id, id), eq(users.extractCode, from))).returning({ id: users.id });
  return rows.length > 0;
}

/** Ids of every operator account (alert recipients). */
export async function operatorIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'operator'));
  return rows.map((r) => r.id);
}

/** Escapes LIKE wildcards so a keyword matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of users, newest first; `keyword` matches mobile, name or company (substring, case-insensitive). */
export async function listUsers(db: DbOrTx, q: { page: number; limit: number; keyword?: string }): Promise<{ list: UserRow[]; count: number }> {
  const k = q.keyword ? `%${likeEscape(q.keyword)}%` : null;
  const where = k ? or(ilike(users.mobile, k), ilike(users.name, k), ilike(users.company, k)) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list: rows, count: total[0]?.n ?? 0 };
}

/** Ids of every account with `role` ('user' | 'operator'), in id order. */
export async function idsWithRole(db: DbOrTx, role: string): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, role)).orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Mobiles of `ids` (unknown ids are absent). */
export async function mobilesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.mobile]));
}
