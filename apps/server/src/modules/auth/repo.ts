/** Users table access for the auth context. */
import { eq } from 'drizzle-orm';
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
