/** Cross-cutting tables: rate-limit counters and the append-only audit log. */
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (no in-memory limits outside embedded mode). */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull().default(0),
  /** End of the window, Unix seconds (the purge job deletes rows past it; null on rows written before issue 9). */
  expiresAt: bigint('expires_at', { mode: 'number' }),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_expires_idx').on(t.expiresAt)]);

/** Spent proof-of-work challenges (issue 9 §3): one solution buys one SMS send; kept until the challenge expires. */
export const powSpent = pgTable('pow_spent', {
  /** SHA-256 hex of the challenge signature. */
  id: varchar('id', { length: 64 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('pow_spent_expires_idx').on(t.expiresAt)]);

/** Append-only: actor, action, target, before/after, time (DESIGN.md Domain model). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: bigint('actor_id', { mode: 'number' }),
  action: varchar('action', { length: 60 }).notNull(),
  target: varchar('target', { length: 120 }).notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: varchar('ip', { length: 64 }),
  note: text('note'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
