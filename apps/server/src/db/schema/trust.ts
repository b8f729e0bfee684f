/** Trusted time (DESIGN.md Trust design §3; issue 3 §1): the RFC 3161 token of each evidence. Insert-only. */
import { bigint, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { evidence } from './evidence.ts';
import { bytea } from './types.ts';

/** One time-stamp token per evidence, written in the deposit transaction. */
export const timestamps = pgTable('timestamps', {
  evidenceId: bigint('evidence_id', { mode: 'number' }).primaryKey().references(() => evidence.id),
  /** DER ContentInfo (SignedData over TSTInfo) exactly as the TSA returned it. */
  token: bytea('token').notNull(),
  /** The token's genTime, Unix seconds (= evidence.save_time). */
  genTime: bigint('gen_time', { mode: 'number' }).notNull(),
  /** The token's serial number, hex. */
  serial: text('serial').notNull(),
  /** Name of the TSA (CN of its certificate). */
  tsaName: text('tsa_name').notNull(),
  /** The stamped SHA-256 (the evidence file's), hex. */
  sha256: varchar('sha256', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
