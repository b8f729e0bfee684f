/**
 * Operator console use cases (issue 5 §7): the users list with search, notifications to one user or to
 * every user, and the audit log. Announcements are in modules/announcements. Every operator action writes
 * an audit row in the same transaction as its change. A read model over users, evidence and audit_log.
 */
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { TAdminUsersRes, TAuditLogRes } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { auditLog, notifications, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Actor } from '../announcements/service.ts';
import { notify } from '../notifications/notify.ts';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
/** Escapes LIKE wildcards so a keyword matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Builds the operator service. */
export function adminService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * GET /api/admin/users: newest first; `keyword` matches mobile, name or company (substring,
     * case-insensitive) → `{list: [{userId, mobile, name, company, type, userStatus, role, createdAt, evidenceCount}], count}`.
     */
    async users(q: { page: number; limit: number; keyword?: string }): Promise<TAdminUsersRes> {
      const k = q.keyword ? `%${likeEscape(q.keyword)}%` : null;
      const where = k ? or(ilike(users.mobile, k), ilike(users.name, k), ilike(users.company, k)) : undefined;
      // Qualified by hand: inside a template drizzle renders bare column names, which would resolve to the inner table.
      const evidenceCount = sql<number>`(select count(*)::int from "evidence" e where e.user_id = "users"."id" and e.deleted_at is null)`;
      const [rows, total] = await Promise.all([
        db
          .select({ u: users, evidenceCount })
          .from(users)
          .where(where)
          .orderBy(desc(users.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return {
        list: rows.map(({ u, evidenceCount: n }) => ({
          userId: u.id,
          mobile: u.mobile,
          name: u.name,
          company: u.company,
          type: u.type,
          userStatus: u.userStatus,
          role: u.role === 'operator' ? 'operator' : 'user',
          createdAt: unix(u.createdAt),
          evidenceCount: Number(n),
        })),
        count: total[0]?.n ?? 0,
      };
    },

    /**
     * POST /api/admin/notify: `str` to user `userId` (400 用户不存在) or, with `all`, to every account whose
     * role is 'user' → `{sent}`. One audit row 'admin.notify' in the same transaction.
     */
    async notify(actor: Actor, p: { userId?: number; all: boolean; str: string }): Promise<{ sent: number }> {
      return db.transaction(async (tx) => {
        if (p.all) {
          const r = await tx.execute(
            sql`with ins as (insert into ${notifications} (user_id, kind, str) select id, 'operator', ${p.str} from ${users} where role = 'user' returning 1) select count(*)::int as n from ins`,
          );
          const sent = Number((r as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
          await writeAudit(tx, { actorId: actor.id, action: 'admin.notify', target: 'users:all', after: { str: p.str, sent }, ip: actor.ip });
          return { sent };
        }
        const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, p.userId!)).limit(1);
        if (!u) throw badRequest(MSG.USER_NOT_FOUND);
        await notify(tx, u.id, p.str, 'operator');
        await writeAudit(tx, { actorId: actor.id, action: 'admin.notify', target: `user:${u.id}`, after: { str: p.str, sent: 1 }, ip: actor.ip });
        return { sent: 1 };
      });
    },

    /**
     * GET /api/admin/auditLog: newest first, optionally one `action` → `{list: [{id, actorId, actorMobile,
     * action, target, before, after, ip, at}], count}` (at Unix s).
     */
    async auditLog(q: { page: number; limit: number; action?: string }): Promise<TAuditLogRes> {
      const where = q.action ? eq(auditLog.action, q.action) : undefined;
      const [rows, total] = await Promise.all([
        db
          .select({ a: auditLog, mobile: users.mobile })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        list: rows.map(({ a, mobile }) => ({ id: a.id, actorId: a.actorId, actorMobile: mobile, action: a.action, target: a.target, before: a.before, after: a.after, ip: a.ip, at: unix(a.at) })),
        count: total[0]?.n ?? 0,
      };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
