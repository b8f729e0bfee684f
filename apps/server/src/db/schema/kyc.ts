/**
 * Real-name verification (issue 14 §1, §2, §5; spec p2 §3–6): applications under operator review, the
 * verified identity of each account, the encrypted image vault and face-verification sessions.
 * Personal data (names, ID numbers, forms) is stored sealed (AES-256-GCM, `v1:` form of platform/secrets.ts);
 * image bytes are encrypted with a per-image data key before they reach the blob store.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One submission reviewed by an operator. kind: 'personal' (photo upload, p2 §3), 'enterprise'
 * (companyAuthorize), 'amend' (updateAuthor), 'repair' (supplementary ID upload, informationRepair).
 * status: 2 under review, 3 passed, 4 failed (spec p2 §4).
 */
export const kycApplications = pgTable('kyc_applications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  kind: varchar('kind', { length: 16 }).notNull(),
  status: smallint('status').notNull().default(2),
  /** The form fields (JSON), sealed. */
  form: text('form').notNull(),
  /** Image field → kyc_images.id. */
  images: jsonb('images').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** Reject reason shown to the user (≤ 200 characters). */
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  reviewerId: bigint('reviewer_id', { mode: 'number' }).references(() => users.id),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('kyc_app_user_idx').on(t.userId, t.id),
  index('kyc_app_queue_idx').on(t.kind, t.status, t.id),
]);

/**
 * The verified identity of an account (one row per user, written when an application passes or a face
 * verification succeeds). kycType 1 photo upload, 2 face recognition; repairType 0 none, 1 needed,
 * 2 under review, 3 passed, 4 failed (spec p2 §4).
 */
export const kycProfiles = pgTable('kyc_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id),
  kycType: smallint('kyc_type'),
  repairType: smallint('repair_type').notNull().default(0),
  /** The accepted form (JSON), sealed. */
  form: text('form').notNull(),
  images: jsonb('images').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An ID or licence image in the vault: bytes AES-256-GCM encrypted with `dataKey` (itself sealed with the
 * vault key) stored in the blob store under the SHA-256 of the ciphertext. Deletion wipes the data key
 * (crypto-shredding) and drops the blob reference so the garbage collector removes the bytes.
 */
export const kycImages = pgTable('kyc_images', {
  id: varchar('id', { length: 32 }).primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' }).notNull().references(() => users.id),
  field: varchar('field', { length: 30 }).notNull(),
  mime: varchar('mime', { length: 30 }).notNull(),
  /** Plain size, bytes. */
  size: bigint('size', { mode: 'number' }).notNull(),
  /** Blob address of the ciphertext; null once deleted. */
  blobSha: varchar('blob_sha', { length: 64 }),
  /** Sealed per-image key; null once deleted. */
  dataKey: text('data_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the owner asked for deletion; the image is deleted once `purgeAfter` has passed. */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  purgeAfter: timestamp('purge_after', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('kyc_images_owner_idx').on(t.ownerId),
  index('kyc_images_purge_idx').on(t.purgeAfter).where(sql`${t.deletedAt} is null`),
]);

/**
 * A face-verification session of the H5 protocol (spec p2 §4): bizSeqNo, the provider's state
 * ('0000' waiting, 'pass', 'fail'), the sealed identity it checks, and expiry.
 */
export const kycFaceSessions = pgTable('kyc_face_sessions', {
  bizSeqNo: varchar('biz_seq_no', { length: 40 }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** Sealed JSON {name, idCard, address, sex}. */
  identity: text('identity').notNull(),
  state: varchar('state', { length: 8 }).notNull().default('0000'),
  /** Failure reason of the provider (short, no personal data). */
  note: varchar('note', { length: 100 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('kyc_face_user_idx').on(t.userId, t.createdAt)]);
