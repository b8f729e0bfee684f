/**
 * Web page evidence (网页取证; issue 4): the capture side table of `evidence`, batches, and the preview
 * cache. A capture exists from submission on (queued → capturing → done | failed); when done it points at
 * the `evidence` row (kind 'web') whose file is the WACZ package.
 */
import { bigint, bigserial, boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { evidence } from './evidence.ts';
import { bytea } from './types.ts';

export const webCaptures = pgTable('web_captures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** The enterprise member (user id) who started it in the company's name (role 2, issue 14 §4); null otherwise. */
  memberId: bigint('member_id', { mode: 'number' }),
  /** The batch it came from, or null for a single capture. */
  batchId: varchar('batch_id', { length: 40 }),
  url: varchar('url', { length: 2100 }).notNull(),
  /** The title chosen by the user, or '' (then the page's title is used once captured). */
  title: varchar('title', { length: 200 }).notNull().default(''),
  /** 0 queued, 1 capturing, 2 done, 3 failed. */
  status: smallint('status').notNull().default(0),
  /** Chinese failure reason ('' unless failed). */
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  /** Capture attempts started (a crashed capture is retried once). */
  attempts: smallint('attempts').notNull().default(0),
  finalUrl: text('final_url').notNull().default(''),
  /** The evidence holding the WACZ once done. */
  evidenceId: bigint('evidence_id', { mode: 'number' }).references(() => evidence.id),
  /** Files inside the WACZ: [{name, path, size, sha256, mime, offset}]. */
  artefacts: jsonb('artefacts').notNull().default([]),
  /** The provenance summary (contract ZWebProvenance), null until done. */
  provenance: jsonb('provenance'),
  /** Blob of the full-page screenshot (a copy of capture/screenshot.png for signed URLs). */
  screenshotSha: varchar('screenshot_sha', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('web_captures_owner_idx').on(t.userId, t.createdAt),
  index('web_captures_batch_idx').on(t.batchId),
  uniqueIndex('web_captures_evidence_uq').on(t.evidenceId),
]);

/** A checked list of URLs waiting to be started (kept 1 hour). */
export const webBatches = pgTable('web_batches', {
  id: varchar('id', { length: 40 }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when /api/webbatch/pay started it. */
  startedAt: timestamp('started_at', { withTimezone: true }),
}, (t) => [index('web_batches_owner_idx').on(t.userId, t.createdAt)]);

export const webBatchItems = pgTable('web_batch_items', {
  batchId: varchar('batch_id', { length: 40 }).notNull().references(() => webBatches.id),
  position: smallint('position').notNull(),
  url: varchar('url', { length: 2100 }).notNull(),
  valid: boolean('valid').notNull(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  captureId: bigint('capture_id', { mode: 'number' }),
}, (t) => [primaryKey({ columns: [t.batchId, t.position] })]);

/** Preview cache: a viewport screenshot of a URL for one user (reused for 5 minutes, removed after 1 hour). */
export const webPreviews = pgTable('web_previews', {
  id: varchar('id', { length: 40 }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  url: varchar('url', { length: 2100 }).notNull(),
  finalUrl: text('final_url').notNull(),
  title: varchar('title', { length: 500 }).notNull(),
  /** The viewport PNG (kept in the row: previews are short-lived and deleted with it). */
  screenshot: bytea('screenshot').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('web_previews_lookup_idx').on(t.userId, t.url, t.createdAt)]);
