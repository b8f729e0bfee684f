/** Cross-cutting tables: rate-limit counters and the append-only audit log. */
import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every API process (no in-memory limits outside embedded mode). */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 200 }).notNull(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

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
