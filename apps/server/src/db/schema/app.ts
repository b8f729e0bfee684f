/**
 * App evidence (App取证, issue 12 §1; spec p1 §2–3, §9): captures made with a phone (or the mobile web
 * capture page) — photo, video, audio, screen recording, audio-video — stamped with the phone's
 * information of spec p1 §3. `app_evidence` is the side table of `evidence` (kind 'app'); `app_uploads`
 * and `app_upload_parts` hold resumable uploads (tus 1.0 core protocol) until they are deposited.
 */
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { evidence } from './evidence.ts';

export const appEvidence = pgTable('app_evidence', {
  evidenceId: bigint('evidence_id', { mode: 'number' }).primaryKey().references(() => evidence.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** Order type code of spec p1 §9: 10 photo, 12 video, 11 audio, 13 screen recording, 6 audio-video. */
  captureType: smallint('capture_type').notNull(),
  /** Phone info (spec p1 §3 "Phone info (forensics)"): device name, model, system version, processor, cores, address. */
  name: varchar('name', { length: 100 }).notNull().default(''),
  modelName: varchar('model_name', { length: 100 }).notNull().default(''),
  version: varchar('version', { length: 100 }).notNull().default(''),
  processor: varchar('processor', { length: 100 }).notNull().default(''),
  core: varchar('core', { length: 100 }).notNull().default(''),
  appAddress: varchar('app_address', { length: 500 }).notNull().default(''),
  /** The capturing client's user agent (web capture page) or app identifier. */
  userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  /** 'web' (mobile web capture page) or 'app' (native app API). */
  source: varchar('source', { length: 8 }).notNull().default('web'),
  /** Capture start and end, Unix seconds as the device reported them. */
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  endedAt: bigint('ended_at', { mode: 'number' }).notNull(),
  /** Recorded seconds (0 for a photo). */
  duration: integer('duration').notNull().default(0),
  /** Price units charged (started minutes for a per-minute order type; 1 otherwise). */
  units: integer('units').notNull().default(1),
}, (t) => [index('app_evidence_owner_idx').on(t.userId, t.captureType)]);

/** A resumable upload (tus 1.0: creation, HEAD, PATCH, termination) of one user; deposited once complete. */
export const appUploads = pgTable('app_uploads', {
  id: varchar('id', { length: 40 }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** Declared total length, bytes. */
  length: bigint('length', { mode: 'number' }).notNull(),
  /** Bytes received so far (sum of the parts). */
  offset: bigint('offset', { mode: 'number' }).notNull().default(0),
  fileName: varchar('file_name', { length: 255 }).notNull().default(''),
  mime: varchar('mime', { length: 120 }).notNull().default(''),
  /** The evidence it became (the deposit is idempotent per upload); null until deposited. */
  evidenceId: bigint('evidence_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('app_uploads_owner_idx').on(t.userId, t.updatedAt)]);

/** The received parts of an upload: bytes `offset`…`offset+size-1` are the (unreferenced, temporary) blob `sha256`. */
export const appUploadParts = pgTable('app_upload_parts', {
  uploadId: varchar('upload_id', { length: 40 }).notNull().references(() => appUploads.id),
  offset: bigint('offset', { mode: 'number' }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
}, (t) => [primaryKey({ columns: [t.uploadId, t.offset] })]);
