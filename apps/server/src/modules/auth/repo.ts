/** Users table access for the auth context. */
import { and, eq, notLike } from 'drizzle-orm';
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
