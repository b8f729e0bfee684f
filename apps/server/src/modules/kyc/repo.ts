/** Table access of the kyc context: applications, profiles and face sessions (the vault owns kyc_images). */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kycApplications, kycFaceSessions, kycProfiles } from '../../db/schema/index.ts';

export type ApplicationRow = typeof kycApplications.$inferSelect;
export type ProfileRow = typeof kycProfiles.$inferSelect;
export type FaceRow = typeof kycFaceSessions.$inferSelect;

/** The latest application of `userId` of one of `kinds` (any status), or null. */
export async function latestApplication(db: DbOrTx, userId: number, kinds: string[]): Promise<ApplicationRow | null> {
  const rows = await db.select().from(kycApplications).where(and(eq(kycApplications.userId, userId), inArray(kycApplications.kind, kinds))).orderBy(desc(kycApplications.id)).limit(1);
  return rows[0] ?? null;
}

/** An application by id, locked for update when `lock`. */
export async function applicationById(db: DbOrTx, id: number, lock = false): Promise<ApplicationRow | null> {
  const q = db.select().from(kycApplications).where(eq(kycApplications.id, id)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Inserts an application under review; returns it. */
export async function insertApplication(db: DbOrTx, row: { userId: number; kind: string; form: string; images: Record<string, string> }): Promise<ApplicationRow> {
  const rows = await db.insert(kycApplications).values({ ...row, status: 2 }).returning();
  return rows[0]!;
}

/** Records a review decision. */
export async function decideApplication(db: DbOrTx, id: number, d: { status: 3 | 4; reason: string; reviewerId: number }): Promise<void> {
  await db.update(kycApplications).set({ status: d.status, reason: d.reason, reviewerId: d.reviewerId, reviewedAt: new Date() }).where(eq(kycApplications.id, id));
}

/** One page of applications with `status` (and `kind`), oldest first for pending, newest first otherwise. */
export async function listApplications(db: DbOrTx, q: { kind?: string; status: number; page: number; limit: number }): Promise<{ list: ApplicationRow[]; count: number }> {
  const where = and(eq(kycApplications.status, q.status), q.kind ? eq(kycApplications.kind, q.kind) : undefined);
  const order = q.status === 2 ? kycApplications.id : desc(kycApplications.id);
  const [rows, total] = await Promise.all([
    db.select().from(kycApplications).where(where).orderBy(order).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(kycApplications).where(where),
  ]);
  return { list: rows, count: total[0]?.n ?? 0 };
}

/** Profile of a user, locked for update when `lock`. */
export async function profileOf(db: DbOrTx, userId: number, lock = false): Promise<ProfileRow | null> {
  const q = db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Creates or replaces the profile of a user. */
export async function upsertProfile(db: DbOrTx, row: { userId: number; kycType: number | null; repairType: number; form: string; images: Record<string, string> }): Promise<void> {
  const now = new Date();
  await db.insert(kycProfiles).values({ ...row, verifiedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: kycProfiles.userId, set: { kycType: row.kycType, repairType: row.repairType, form: row.form, images: row.images, updatedAt: now } });
}

/** Changes a profile's repairType, form and images (amendment, repair). */
export async function updateProfile(db: DbOrTx, userId: number, set: Partial<{ repairType: number; form: string; images: Record<string, string> }>): Promise<void> {
  await db.update(kycProfiles).set({ ...set, updatedAt: new Date() }).where(eq(kycProfiles.userId, userId));
}

/** Inserts a face session. */
export async function insertFace(db: DbOrTx, row: { bizSeqNo: string; userId: number; identity: string; expiresAt: Date }): Promise<void> {
  await db.insert(kycFaceSessions).values(row);
}

/** A face session, locked for update when `lock`. */
export async function faceById(db: DbOrTx, bizSeqNo: string, lock = false): Promise<FaceRow | null> {
  const q = db.select().from(kycFaceSessions).where(eq(kycFaceSessions.bizSeqNo, bizSeqNo)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** Records the provider's result of a face session. */
export async function finishFace(db: DbOrTx, bizSeqNo: string, state: 'pass' | 'fail', note: string): Promise<void> {
  await db.update(kycFaceSessions).set({ state, note, finishedAt: new Date() }).where(eq(kycFaceSessions.bizSeqNo, bizSeqNo));
}
