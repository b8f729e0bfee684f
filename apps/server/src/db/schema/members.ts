/**
 * Enterprise members (issue 14 §3–4; spec p1 §2–9, p2 §2–7): the company ↔ member relation of the
 * members module and the uploaded authorisation letters (授权委托书). Status codes of spec p1 §4:
 * 1 pending the operator's review of the letter, 2 audit failed, 3 bound, 4 stopped (irreversible; also
 * the state after the member unbinds).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Authorisation-letter images uploaded by a main account (POST /api/companymember/upload). */
export const memberLetters = pgTable('member_letters', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Opaque reference handed to the client as data.path (random, 32 characters). */
  path: varchar('path', { length: 40 }).notNull(),
  /** The main account that uploaded it (only it and operators may see it). */
  ownerId: bigint('owner_id', { mode: 'number' }).notNull().references(() => users.id),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  mime: varchar('mime', { length: 40 }).notNull(),
  /** Bytes. */
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('member_letters_path_uq').on(t.path), index('member_letters_owner_idx').on(t.ownerId)]);

/** Company members (spec p1 §3 "Company member"). */
export const companyMembers = pgTable('company_members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The main (company) account. */
  pid: bigint('pid', { mode: 'number' }).notNull().references(() => users.id),
  /** The member's own (personal, verified) account. */
  sonUid: bigint('son_uid', { mode: 'number' }).notNull().references(() => users.id),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  /** The member's verified name at the time of adding. */
  name: varchar('name', { length: 60 }).notNull(),
  /** 1 pending review, 2 audit failed, 3 bound, 4 stopped. */
  status: smallint('status').notNull().default(1),
  letterId: bigint('letter_id', { mode: 'number' }).notNull().references(() => memberLetters.id),
  /** The operator's reason when the letter is rejected (spec audit_content). */
  auditContent: varchar('audit_content', { length: 200 }).notNull().default(''),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  bindTime: timestamp('bind_time', { withTimezone: true }),
  stopTime: timestamp('stop_time', { withTimezone: true }),
  stopReason: varchar('stop_reason', { length: 200 }).notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by `del` (failed rows only); the row stays for the audit trail. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('company_members_pid_idx').on(t.pid, t.createdAt),
  index('company_members_son_idx').on(t.sonUid),
  index('company_members_review_idx').on(t.status, t.createdAt),
  // A person is pending with or bound to at most one company ("not bound elsewhere", spec p1 §5).
  uniqueIndex('company_members_active_uq').on(t.sonUid).where(sql`${t.status} in (1, 3) and ${t.deletedAt} is null`),
]);
