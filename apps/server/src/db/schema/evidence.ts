/** One evidence table for every kind, and the content-addressed blob index (DESIGN.md Domain model). */
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Metadata of stored bytes; the blob store holds the bytes under their SHA-256. */
export const blobs = pgTable('blobs', {
  sha256: varchar('sha256', { length: 64 }).primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  mime: varchar('mime', { length: 120 }).notNull(),
  refcount: integer('refcount').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const evidence = pgTable('evidence', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** 'data' | 'web' | 'process' | 'mobile' | 'music' | 'app' */
  kind: varchar('kind', { length: 16 }).notNull(),
  baoquan: varchar('baoquan', { length: 32 }).notNull(),
  title: varchar('title', { length: 200 }).notNull(),
  label: varchar('label', { length: 40 }).notNull().default(''),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  /** p1 §9 type code: 1 documents, 2 images, 3 audio, 4 video, 5 other. */
  fileType: smallint('file_type').notNull(),
  mime: varchar('mime', { length: 120 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull().references(() => blobs.sha256),
  /** Deposit time, Unix seconds (the `time` of the ledger entry). */
  saveTime: bigint('save_time', { mode: 'number' }).notNull(),
  ledgerIndex: bigint('ledger_index', { mode: 'number' }).notNull(),
  chainhash: varchar('chainhash', { length: 64 }).notNull(),
  /** 1 preserved. */
  status: smallint('status').notNull().default(1),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  note: text('note'),
  /** The enterprise member (their own user id) who deposited in the company's name (role 2, issue 14 §4); null otherwise. */
  memberId: bigint('member_id', { mode: 'number' }),
}, (t) => [
  uniqueIndex('evidence_baoquan_uq').on(t.baoquan),
  index('evidence_owner_idx').on(t.userId, t.kind, t.saveTime),
  index('evidence_sha_idx').on(t.sha256),
  index('evidence_chainhash_idx').on(t.chainhash),
]);

/**
 * The artefacts of an evidence besides its main file (issue 11 §1): e.g. the MP4 video and its WACZ of a
 * process evidence. Roles are the `ArtefactRole`s of the contract's evidence-kind registry. Each row holds a
 * blob reference (`blobs.refcount`), written in the deposit transaction. The main artefact stays
 * `evidence.sha256` (the ledger entry's hash); a kind whose other artefacts must be committed to by the
 * ledger lists their hashes inside the main artefact (a WACZ's datapackage).
 */
export const evidenceArtefacts = pgTable('evidence_artefacts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  evidenceId: bigint('evidence_id', { mode: 'number' }).notNull().references(() => evidence.id),
  role: varchar('role', { length: 16 }).notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull().references(() => blobs.sha256),
  size: bigint('size', { mode: 'number' }).notNull(),
  mime: varchar('mime', { length: 120 }).notNull(),
}, (t) => [uniqueIndex('evidence_artefacts_uq').on(t.evidenceId, t.role, t.name)]);
