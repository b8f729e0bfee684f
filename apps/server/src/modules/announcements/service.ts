/**
 * Announcements 公告 (issue 5 §3, §7; spec p2 §1–2): the current announcement (latest published, not
 * withdrawn) shown once per user in the 公告 dialog, the per-user read mark, and the operator's publish,
 * edit, withdraw and list. Every operator change writes an audit row in the same transaction.
 * Editing keeps the read marks (an edit corrects the text; publish a new one to show it again).
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TAdminAnnouncement, TAdminAnnouncementsRes, TNotice } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';

type Row = typeof announcements.$inferSelect;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Who acts in an operator call (for the audit row). */
export interface Actor {
  id: number;
  ip: string | null;
}

/** Builds the announcement service on `db`. */
export function announcementService(deps: { db: Db }) {
  const { db } = deps;

  const currentRow = async (): Promise<Row | null> => {
    const rows = await db.select().from(announcements).where(isNull(announcements.withdrawnAt)).orderBy(desc(announcements.publishedAt), desc(announcements.id)).limit(1);
    return rows[0] ?? null;
  };

  const snapshot = (r: Row) => ({ title: r.title, content: r.content, withdrawnAt: r.withdrawnAt ? unix(r.withdrawnAt) : null });

  return {
    /**
     * GET /api/news/notice: the current announcement `{id, title, content, publishedAt, read}` or null.
     * `read` is true when `userId` confirmed it; false for anonymous callers (userId null).
     */
    async current(userId: number | null): Promise<TNotice | null> {
      const r = await currentRow();
      if (!r) return null;
      let read = false;
      if (userId !== null) {
        const m = await db.select({ a: announcementReads.announcementId }).from(announcementReads).where(and(eq(announcementReads.announcementId, r.id), eq(announcementReads.userId, userId))).limit(1);
        read = m.length > 0;
      }
      return { id: r.id, title: r.title, content: r.content, publishedAt: unix(r.publishedAt), read };
    },

    /** POST /api/news/noticeRead: records that `userId` saw announcement `id` (idempotent). 400 公告不存在 when unknown or withdrawn. */
    async markRead(userId: number, id: number): Promise<void> {
      const rows = await db.select({ id: announcements.id }).from(announcements).where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt))).limit(1);
      if (!rows[0]) throw badRequest(MSG.NOTICE_NOT_FOUND);
      await db.insert(announcementReads).values({ announcementId: id, userId }).onConflictDoNothing();
    },

    /** POST /api/admin/announcements: publishes now → `{id}`; audit 'announcement.publish'. */
    async publish(actor: Actor, p: { title: string; content: string }): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(announcements).values({ title: p.title, content: p.content, createdBy: actor.id }).returning();
        await writeAudit(tx, { actorId: actor.id, action: 'announcement.publish', target: `announcement:${row!.id}`, after: snapshot(row!), ip: actor.ip });
        return { id: row!.id };
      });
    },

    /** POST /api/admin/announcements/edit: replaces title and content; 400 公告不存在; audit 'announcement.edit'. */
    async edit(actor: Actor, p: { id: number; title: string; content: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(announcements).where(eq(announcements.id, p.id)).for('update');
        if (!before) throw badRequest(MSG.NOTICE_NOT_FOUND);
        const [after] = await tx.update(announcements).set({ title: p.title, content: p.content, updatedAt: new Date() }).where(eq(announcements.id, p.id)).returning();
        await writeAudit(tx, { actorId: actor.id, action: 'announcement.edit', target: `announcement:${p.id}`, before: snapshot(before), after: snapshot(after!), ip: actor.ip });
      });
    },

    /** POST /api/admin/announcements/withdraw: hides it from users; 400 公告不存在 / 公告已撤回; audit 'announcement.withdraw'. */
    async withdraw(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
        if (!before) throw badRequest(MSG.NOTICE_NOT_FOUND);
        if (before.withdrawnAt) throw badRequest(MSG.NOTICE_ALREADY_WITHDRAWN);
        const [after] = await tx.update(announcements).set({ withdrawnAt: new Date() }).where(eq(announcements.id, id)).returning();
        await writeAudit(tx, { actorId: actor.id, action: 'announcement.withdraw', target: `announcement:${id}`, before: snapshot(before), after: snapshot(after!), ip: actor.ip });
      });
    },

    /** GET /api/admin/announcements: newest first, with status, read count and which one is current. */
    async list(page: number, limit: number): Promise<TAdminAnnouncementsRes> {
      const [rows, total, cur] = await Promise.all([
        db
          .select({ a: announcements, reads: count(announcementReads.userId) })
          .from(announcements)
          .leftJoin(announcementReads, eq(announcementReads.announcementId, announcements.id))
          .groupBy(announcements.id)
          .orderBy(desc(announcements.publishedAt), desc(announcements.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(announcements),
        currentRow(),
      ]);
      const list: TAdminAnnouncement[] = rows.map(({ a, reads }) => ({
        id: a.id,
        title: a.title,
        content: a.content,
        status: a.withdrawnAt ? 'withdrawn' : 'published',
        publishedAt: unix(a.publishedAt),
        updatedAt: unix(a.updatedAt),
        withdrawnAt: a.withdrawnAt ? unix(a.withdrawnAt) : null,
        current: cur?.id === a.id,
        reads,
      }));
      return { list, count: total[0]?.n ?? 0 };
    },
  };
}

export type AnnouncementService = ReturnType<typeof announcementService>;
