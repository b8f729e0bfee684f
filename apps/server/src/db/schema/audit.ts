/**
 * Continuous audit (issue 3 §5): rolling cursors, the record of each bounded run, and the alerts
 * operators see. (The append-only `audit_log` of state changes is a different table, platform.ts.)
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Where each rolling audit stopped: 'ledger' (leaf index + recomputed tree edge), 'blobs' (evidence id), 'anchors' (anchor id). */
export const auditCursor = pgTable('audit_cursor', {
  name: varchar('name', { length: 20 }).primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  /** Resumable state of the check (JSON), e.g. the ledger's recomputed right edge. */
  state: jsonb('state'),
  passes: integer('passes').notNull().default(0),
  lastPassAt: timestamp('last_pass_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One bounded audit run and what it covered. */
export const auditRuns = pgTable('audit_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  blobsChecked: integer('blobs_checked').notNull().default(0),
  bytesChecked: bigint('bytes_checked', { mode: 'number' }).notNull().default(0),
  leavesChecked: integer('leaves_checked').notNull().default(0),
  checkpointsChecked: integer('checkpoints_checked').notNull().default(0),
  anchorsChecked: integer('anchors_checked').notNull().default(0),
  problems: integer('problems').notNull().default(0),
  /** Cursors that completed a full pass in this run. */
  completed: jsonb('completed').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  error: text('error'),
}, (t) => [index('audit_runs_started_idx').on(t.startedAt)]);

/** A mismatch found by the audit; at most one open alert per (kind, target). */
export const auditAlerts = pgTable('audit_alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: varchar('kind', { length: 20 }).notNull(),
  target: varchar('target', { length: 200 }).notNull(),
  detail: text('detail').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  resolved: boolean('resolved').notNull().default(false),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: bigint('resolved_by', { mode: 'number' }),
}, (t) => [
  uniqueIndex('audit_alerts_open_uq').on(t.kind, t.target).where(sql`resolved = false`),
  index('audit_alerts_created_idx').on(t.createdAt),
]);
