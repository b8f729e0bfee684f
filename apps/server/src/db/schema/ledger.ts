/** RFC 6962 log storage (DESIGN.md Trust design §2). Rows are only ever inserted. */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

/** One row per leaf: `leaf` is the exact canonical-JSON entry bytes. */
export const ledgerEntries = pgTable('ledger_entries', {
  idx: bigint('idx', { mode: 'number' }).primaryKey(),
  leaf: bytea('leaf').notNull(),
  leafHash: bytea('leaf_hash').notNull(),
  evidenceId: bigint('evidence_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ledger_leafhash_idx').on(t.leafHash)]);

/**
 * Hashes of complete (perfect) subtrees: the node at `level` L and position `idx` i covers
 * leaves [i·2^L, (i+1)·2^L). Level 0 duplicates the leaf hashes so proofs read one table.
 */
export const ledgerHashes = pgTable('ledger_hashes', {
  level: integer('level').notNull(),
  idx: bigint('idx', { mode: 'number' }).notNull(),
  hash: bytea('hash').notNull(),
}, (t) => [primaryKey({ columns: [t.level, t.idx] })]);

/** Signed checkpoints (C2SP tlog-checkpoint inside a C2SP signed note). */
export const checkpoints = pgTable('checkpoints', {
  size: bigint('size', { mode: 'number' }).primaryKey(),
  root: bytea('root').notNull(),
  note: text('note').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
