/**
 * Account area (issue 5; spec p1 §3 Notification and Signature, p2 §1–2 announcements):
 * notifications, announcements with per-user read marks, and signatures (stamps; bytes in the blob store).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { blobs } from './evidence.ts';

/** One message to one user (spec p1 §3: newsId, str, addTime, isRead). Deleted by the user = row removed. */
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  /** What produced it: 'deposit' | 'extract' | 'password' | 'extractCode' | 'operator' | … */
  kind: varchar('kind', { length: 30 }).notNull(),
  str: varchar('str', { length: 1000 }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('notifications_user_idx').on(t.userId, t.id),
  index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
]);

/** Announcements of the platform / notary office (spec p2 §1–2), shown once per user in the 公告 dialog. */
export const announcements = pgTable('announcements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
}, (t) => [index('announcements_published_idx').on(t.publishedAt, t.id)]);

/** A user confirmed an announcement (once per announcement per user). */
export const announcementReads = pgTable('announcement_reads', {
  announcementId: bigint('announcement_id', { mode: 'number' }).notNull().references(() => announcements.id),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.announcementId, t.userId] })]);

/** Stamps (spec p1 §3 Signature): a PNG blob owned by one user; at most one live default per user. */
export const signatures = pgTable('signatures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  name: varchar('name', { length: 40 }).notNull(),
  /** 'upload' | 'company' | 'personal' (generated seals). */
  source: varchar('source', { length: 16 }).notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull().references(() => blobs.sha256),
  /** Pixels. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [
  index('signatures_user_idx').on(t.userId, t.id),
  uniqueIndex('signatures_default_uq').on(t.userId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
]);
