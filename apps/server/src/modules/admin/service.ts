/**
 * Operator console use cases (issue 5 §7): the users list with search, notifications to one user or to
 * every user, and the audit log. Announcements are in modules/announcements. Every operator action writes
 * an audit row in the same transaction as its change. A read model over the auth service (users), the
 * evidence service (counts) and the platform audit log; it owns no table.
 */
import type { TAdminUsersRes, TAuditLogRes } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { listAuditLog, writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Actor } from '../announcements/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { notify, notifyMany } from '../notifications/notify.ts';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Builds the operator service. */
export function adminService(deps: { db: Db; evidence: Pick<EvidenceService, 'liveCounts'>; auth: Pick<AuthService, 'findUser' | 'listUsers' | 'userIdsWithRole' | 'mobilesOf'> }) {
  const { db } = deps;
  return {
    /**
     * GET /api/admin/users: newest first; `keyword` matches mobile, name or company (substring,
     * case-insensitive) → `{list: [{userId, mobile, name, company, type, userStatus, role, createdAt, evidenceCount}], count}`.
     */
    async users(q: { page: number; limit: number; keyword?: string }): Promise<TAdminUsersRes> {
      const page = await deps.auth.listUsers(q);
      const counts = await deps.evidence.liveCounts(page.list.map((u) => u.id));
      const rows = page.list.map((u) => ({ u, evidenceCount: counts.get(u.id) ?? 0 }));
      const total = [{ n: page.count }];
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
      // Read through the auth service before the transaction (PGlite has one connection: a query outside `tx` would wait for it).
      const recipients = p.all ? await deps.auth.userIdsWithRole('user') : [];
      const u = p.all ? null : await deps.auth.findUser(p.userId!);
      return db.transaction(async (tx) => {
        if (p.all) {
          const sent = await notifyMany(tx, recipients, p.str, 'operator');
          await writeAudit(tx, { actorId: actor.id, action: 'admin.notify', target: 'users:all', after: { str: p.str, sent }, ip: actor.ip });
          return { sent };
        }
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
      const page = await listAuditLog(deps.db, q);
      const mobiles = await deps.auth.mobilesOf([...new Set(page.list.map((a) => a.actorId).filter((x): x is number => x !== null))]);
      const rows = page.list.map((a) => ({ a, mobile: a.actorId === null ? null : (mobiles.get(a.actorId) ?? null) }));
      const total = [{ n: page.count }];
      return {
        list: rows.map(({ a, mobile }) => ({ id: a.id, actorId: a.actorId, actorMobile: mobile, action: a.action, target: a.target, before: a.before, after: a.after, ip: a.ip, at: unix(a.at) })),
        count: total[0]?.n ?? 0,
      };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
