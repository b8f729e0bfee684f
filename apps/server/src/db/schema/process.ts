/**
 * Process evidence (过程取证 and mobile 过程取证; issue 11 §2): the session side table of `evidence`. A
 * session exists from addProcess on (queued → running → saving → done | interrupted | failed, or
 * cancelled); once saved it points at the `evidence` row (kind 'process' or 'mobile') whose file is the
 * WACZ package; the MP4 and the navigation screenshots are blobs referenced from here.
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { evidence } from './evidence.ts';

export const processSessions = pgTable('process_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** The enterprise member (user id) who started it in the company's name (role 2, issue 14 §4); null otherwise. */
  memberId: bigint('member_id', { mode: 'number' }),
  /** Spec p2 §9 evidence type: 2 process (desktop), 4 mobile process. */
  type: smallint('type').notNull(),
  /** 0 queued, 1 running, 2 saving, 3 done, 4 interrupted (saved), 5 failed, 6 cancelled (contract PROCESS_STATUS). */
  status: smallint('status').notNull().default(0),
  /** The title chosen by the user, or '' (then 过程取证 + start time). */
  title: varchar('title', { length: 200 }).notNull().default(''),
  /** Start address ('' = a blank page). */
  url: varchar('url', { length: 2100 }).notNull().default(''),
  /** Last address shown. */
  finalUrl: text('final_url').notNull().default(''),
  /** Chinese note: why it was interrupted, video failure … ('' when none). */
  note: varchar('note', { length: 500 }).notNull().default(''),
  /** Random nonce bound into the stream token (rotated never; the token also carries the session id). */
  streamNonce: varchar('stream_nonce', { length: 40 }).notNull(),
  /** Recorded milliseconds (0 until ended). */
  durationMs: integer('duration_ms').notNull().default(0),
  /** The evidence holding the WACZ once saved. */
  evidenceId: bigint('evidence_id', { mode: 'number' }).references(() => evidence.id),
  /** Files inside the WACZ and the MP4: [{name, path, size, sha256, mime}]. */
  artefacts: jsonb('artefacts').notNull().default([]),
  /** Provenance summary (contract ZProProvenance), null until saved. */
  provenance: jsonb('provenance'),
  /** Action log (contract ZProAction[]), written when saved. */
  actions: jsonb('actions').notNull().default([]),
  /** Navigation screenshots: [{t, url, sha256}] (blobs). */
  shots: jsonb('shots').notNull().default([]),
  /** Blob of the MP4 ('' when none). */
  videoSha: varchar('video_sha', { length: 64 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Issue 17: internal base URL of the API process running the session ('' while queued); other processes relay its viewers there. */
  ownerUrl: varchar('owner_url', { length: 300 }).notNull().default(''),
  /** Issue 17: when the running session ends by itself (PROCESS_MAX_SECONDS), for every process to answer. */
  deadlineAt: timestamp('deadline_at', { withTimezone: true }),
  /** Issue 17: 结束取证 / cancel asked through another process: 0 none, 1 stop (save), 2 cancel; the owner polls it. */
  stopRequest: smallint('stop_request').notNull().default(0),
  /** Issue 17: refreshed every 2 s by the owner while running or saving; stale (60 s) = the owner died. */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
}, (t) => [
  index('process_sessions_owner_idx').on(t.userId, t.type, t.createdAt),
  index('process_sessions_status_idx').on(t.status, t.id),
  uniqueIndex('process_sessions_evidence_uq').on(t.evidenceId),
]);
