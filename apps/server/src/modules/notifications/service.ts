/**
 * Notifications 消息通知 (issue 5 §2; spec p1 §2, §3, §4, §7, §9): the owner's paged list (10 per page,
 * newest first), mark read (ids or all), delete, and the unread count of the header badge.
 * Every call works on the caller's own rows only: an id that is not one of the caller's (another
 * user's, or missing/deleted) makes read/del answer 400 消息不存在或已删除 and change nothing; the
 * answer is the same for both cases, so it reveals nothing about other users' ids (issue 8 §3).
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import type { TNewsItem, TNewsListRes } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { notifications } from '../../db/schema/index.ts';

type Row = typeof notifications.$inferSelect;

/** Wire shape of a row (spec p1 §3): addTime Unix seconds, isRead '0' | '1'. */
export const toNewsItem = (r: Pick<Row, 'id' | 'str' | 'createdAt' | 'readAt'>): TNewsItem => ({
  newsId: r.id,
  str: r.str,
  addTime: Math.floor(r.createdAt.getTime() / 1000),
  isRead: r.readAt ? '1' : '0',
});

/** Builds the notification service on `db`. */
export function notificationService(deps: { db: DbOrTx }) {
  const { db } = deps;
  const mine = (userId: number) => eq(notifications.userId, userId);

  /** Throws 400 NEWS_NOT_FOUND unless every id in `ids` is a message of `userId`. */
  const assertMine = async (userId: number, ids: number[]): Promise<void> => {
    const wanted = [...new Set(ids)];
    const rows = await db.select({ id: notifications.id }).from(notifications).where(and(mine(userId), inArray(notifications.id, wanted)));
    if (rows.length !== wanted.length) throw badRequest(MSG.NEWS_NOT_FOUND);
  };

  /** Unread notifications of `userId` (the badge; userInfo.newsNum). */
  const unreadCount = async (userId: number): Promise<number> => {
    const r = await db.select({ n: count() }).from(notifications).where(and(mine(userId), isNull(notifications.readAt)));
    return r[0]?.n ?? 0;
  };

  return {
    unreadCount,

    /** POST /api/News/listing: page `page` (1-based) of 10, newest first → `{list, count, unread}`. */
    async list(userId: number, page: number): Promise<TNewsListRes> {
      const size = PAGE_SIZE.notifications;
      const [rows, total, unread] = await Promise.all([
        db.select().from(notifications).where(mine(userId)).orderBy(desc(notifications.id)).limit(size).offset((page - 1) * size),
        db.select({ n: count() }).from(notifications).where(mine(userId)),
        unreadCount(userId),
      ]);
      return { list: rows.map(toNewsItem), count: total[0]?.n ?? 0, unread };
    },

    /** The `n` newest notifications of `userId` (overview). */
    async latest(userId: number, n: number): Promise<TNewsItem[]> {
      const rows = await db.select().from(notifications).where(mine(userId)).orderBy(desc(notifications.id)).limit(n);
      return rows.map(toNewsItem);
    },

    /**
     * POST /api/News/read: marks the caller's `ids` (or all their unread ones) read; returns how many
     * changed (already-read ones count as done). Throws 400 NEWS_NOT_FOUND, changing nothing, when an id
     * is not one of the caller's messages.
     */
    async markRead(userId: number, ids: number[] | 'all'): Promise<number> {
      if (ids !== 'all') await assertMine(userId, ids);
      const where = ids === 'all' ? and(mine(userId), isNull(notifications.readAt)) : and(mine(userId), isNull(notifications.readAt), inArray(notifications.id, ids));
      const r = await db.update(notifications).set({ readAt: sql`now()` }).where(where).returning({ id: notifications.id });
      return r.length;
    },

    /**
     * POST /api/News/del: deletes the caller's `ids`; returns how many were removed. Throws 400
     * NEWS_NOT_FOUND, deleting nothing, when an id is not one of the caller's messages.
     */
    async remove(userId: number, ids: number[]): Promise<number> {
      await assertMine(userId, ids);
      const r = await db.delete(notifications).where(and(mine(userId), inArray(notifications.id, ids))).returning({ id: notifications.id });
      return r.length;
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
