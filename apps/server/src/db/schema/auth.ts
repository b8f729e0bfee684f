/** Accounts, sessions, captchas and SMS (spec p1 §3, p2 §3). */
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './types.ts';

export const users = pgTable('users', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 1 personal, 2 company (spec p2 §3 `status`). */
  type: smallint('type').notNull(),
  /** Personal name or contact name. */
  name: varchar('name', { length: 60 }).notNull().default(''),
  company: varchar('company', { length: 100 }).notNull().default(''),
  /** 1 not verified, 2 under review, 3 passed, 4 failed (spec p2 §4). */
  userStatus: smallint('user_status').notNull().default(1),
  /** 'user' | 'operator' */
  role: varchar('role', { length: 16 }).notNull().default('user'),
  /** Extraction code, AES-256-GCM encrypted (`v1:` + base64; platform/secrets.ts `sealCode`, issue 9 §4). */
  extractCode: varchar('extract_code', { length: 120 }).notNull(),
  /** Random salt of the owner commitment written into ledger entries (no personal data in the log). */
  ownerSalt: bytea('owner_salt').notNull(),
  /** Cached points balance in hundredths of a point (derived from points_ledger in later work). */
  points: bigint('points', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('users_mobile_uq').on(t.mobile)]);

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: bytea('token_hash').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  role: smallint('role').notNull().default(1),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]);

/** Image captchas: 4-character answers, lower-cased; valid 5 minutes, single use. */
export const captchas = pgTable('captchas', {
  id: varchar('id', { length: 40 }).primaryKey(),
  answer: varchar('answer', { length: 8 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('captchas_expires_idx').on(t.expiresAt)]);

/** One-time SMS codes, stored hashed, with the hashed smsToken handed to the client. */
export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  /** 'register' | 'login' | 'reset' | … */
  scene: varchar('scene', { length: 20 }).notNull(),
  codeHash: bytea('code_hash').notNull(),
  /** Hash of the smsToken handed to the client with the send. */
  tokenHash: bytea('token_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('sms_mobile_idx').on(t.mobile, t.scene, t.createdAt), uniqueIndex('sms_token_uq').on(t.tokenHash), index('sms_expires_idx').on(t.expiresAt)]);

/** The embedded SMS provider's outbox: what a phone would have received (embedded mode only). */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.id)]);
