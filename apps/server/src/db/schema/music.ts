/**
 * Music evidence (音乐作品存证; issue 12 §2): the work's metadata beside its `evidence` row (kind 'music').
 * The audio is the evidence file; lyrics and score are `evidence_artefacts` (roles lyrics, score).
 */
import { bigint, bigserial, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { evidence } from './evidence.ts';

export const musicWorks = pgTable('music_works', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  evidenceId: bigint('evidence_id', { mode: 'number' }).notNull().references(() => evidence.id),
  workTitle: varchar('work_title', { length: 100 }).notNull(),
  lyricist: varchar('lyricist', { length: 50 }).notNull().default(''),
  composer: varchar('composer', { length: 50 }).notNull().default(''),
  performer: varchar('performer', { length: 50 }).notNull().default(''),
  album: varchar('album', { length: 100 }).notNull().default(''),
  /** ISO 3901 ISRC without hyphens ('' none). */
  isrc: varchar('isrc', { length: 12 }).notNull().default(''),
  /** Duration read from the audio by ffprobe, milliseconds (0 unknown). */
  durationMs: integer('duration_ms').notNull().default(0),
  /** Audio codec named by ffprobe ('' unknown). */
  codec: varchar('codec', { length: 40 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('music_works_evidence_uq').on(t.evidenceId)]);

/**
 * SM3 digests of evidence main files (issue 12 §3 electronicData: look a certificate up by its file's SM3).
 * Filled after each deposit and by a catch-up job over older evidence; the SHA-256 is the evidence row's.
 */
export const evidenceSm3 = pgTable('evidence_sm3', {
  evidenceId: bigint('evidence_id', { mode: 'number' }).primaryKey().references(() => evidence.id),
  sm3: varchar('sm3', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('evidence_sm3_digest_idx').on(t.sm3, t.evidenceId)]);
