/**
 * External anchors of ledger checkpoints (DESIGN.md Trust design §4, issue 3 §3): one row per anchor
 * transaction written to an EVM chain. The signed raw transaction is kept so a pending anchor can be
 * re-broadcast after a crash; the row becomes `confirmed` with its block once the receipt is seen.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

export const anchors = pgTable('anchors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** EIP-155 chain id. */
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  /** Display name at anchoring time (ANCHOR_CHAIN_NAME or `EVM chain <id>`). */
  chainName: varchar('chain_name', { length: 100 }).notNull(),
  /** Tree size of the anchored checkpoint. */
  size: bigint('size', { mode: 'number' }).notNull(),
  /** 32-byte root of the anchored checkpoint. */
  root: bytea('root').notNull(),
  /** SHA-256 of the anchored signed note. */
  noteSha256: bytea('note_sha256').notNull(),
  /** 0x-prefixed transaction hash. */
  txHash: varchar('tx_hash', { length: 66 }).notNull(),
  /** Anchoring account (sender and recipient). */
  fromAddress: varchar('from_address', { length: 42 }).notNull(),
  /** The signed serialized transaction (re-broadcast while pending). */
  rawTx: bytea('raw_tx').notNull(),
  /** 'pending' | 'confirmed' | 'failed'. */
  status: varchar('status', { length: 12 }).notNull().default('pending'),
  blockNumber: bigint('block_number', { mode: 'number' }),
  /** Block timestamp, Unix seconds. */
  blockTime: bigint('block_time', { mode: 'number' }),
  /** Explorer link of the transaction at anchoring time ('' when no template is configured). */
  txUrl: varchar('tx_url', { length: 2000 }).notNull().default(''),
  /** Why a failed anchor failed (English, for operators). */
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
}, (t) => [
  // One live anchor per checkpoint and chain; a failed one may be retried.
  uniqueIndex('anchors_chain_size_uq').on(t.chainId, t.size).where(sql`status <> 'failed'`),
  uniqueIndex('anchors_tx_uq').on(t.txHash),
  index('anchors_status_size_idx').on(t.status, t.size),
]);
