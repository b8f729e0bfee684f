/**
 * Roles of enterprise members (issue 14 §4; spec p1 §6, p2 §2–6): role 1 is the account itself, role 2 a
 * bound member acting within its company. The ROLE header is resolved once, centrally, by the session
 * service through `actingResolver` (CONTRACTS §2): for role 2 the principal's `user` is the company's
 * account, so every module that owns, charges or lists by `me.user` acts for the company.
 */
import { MEMBER_STATUS_LABEL } from '@cunzheng/contract/constants';
import type { TMemberCompanyInfo, TRoleItem } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { ActingResolver, Principal, UserRow } from '../../platform/auth.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './repo.ts';

const unix = (d: Date | null | undefined): number => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Builds the role functions. */
export function rolesService(deps: {
  db: Db;
  downloads: DownloadSigner;
  findUser: (id: number) => Promise<UserRow | null>;
  /** Credit code and address of a verified company (kyc), when known. */
  qualification?: (companyId: number) => Promise<{ creditCode: string; address: string } | null>;
}) {
  const { db } = deps;

  /** The company and row of a user bound (status 3) to one, or null. */
  const boundCompany = async (userId: number): Promise<{ company: UserRow; row: repo.MemberRow } | null> => {
    const row = await repo.boundOf(db, userId);
    if (!row) return null;
    const company = await deps.findUser(row.pid);
    return company ? { company, row } : null;
  };

  /** The session service's role-2 resolver: bound members act for their company; anyone else gets null (403). */
  const actingResolver: ActingResolver = async (userId) => {
    const b = await boundCompany(userId);
    return b ? { company: b.company, memberId: b.row.id } : null;
  };

  return {
    actingResolver,

    /**
     * GET /api/companymember/getCurrentRole → the roles the logged-in person can take (spec p2 §3 role list
     * item `{role, pid, user_id, name}`): role 1 (itself, pid 0) and, when bound, role 2 (pid = company).
     */
    async roles(me: Principal): Promise<TRoleItem[]> {
      const self = me.actor;
      const out: TRoleItem[] = [{ role: 1, pid: 0, user_id: self.id, name: self.type === 2 ? self.company || self.name : self.name || self.mobile }];
      const b = await boundCompany(self.id);
      if (b) out.push({ role: 2, pid: b.company.id, user_id: self.id, name: b.company.company || b.company.name });
      return out;
    },

    /**
     * POST /api/companymember/switchRole (pid, uid, role, client) → `{role, pid}`: checks that the person may
     * take `role` (2 only while bound to `pid`), audits the switch. The web app then stores ROLE and sends it
     * with every request. 400 无可切换的角色.
     */
    async switchRole(me: Principal, p: { role: 1 | 2; pid?: number }, ip: string): Promise<{ role: number; pid: number }> {
      let pid = 0;
      if (p.role === 2) {
        const b = await boundCompany(me.actor.id);
        if (!b || (p.pid && p.pid !== b.company.id)) throw badRequest(MSG.ROLE_NOT_AVAILABLE);
        pid = b.company.id;
      }
      await db.transaction((tx) => writeAudit(tx, { actorId: me.actor.id, action: 'member.switchRole', target: `user:${me.actor.id}`, after: { role: p.role, pid }, ip }));
      return { role: p.role, pid };
    },

    /**
     * GET /api/companymember/companyInfo → the read-only company qualification info a member sees (spec p2
     * §6: company, credit code, address, authorisation letter, bind time, own name, bind status); 400 成员不存在
     * when the person is not bound.
     */
    async companyInfo(me: Principal): Promise<TMemberCompanyInfo> {
      const b = await boundCompany(me.actor.id);
      if (!b) throw badRequest(MSG.MEMBER_NOT_FOUND);
      const letters = await repo.lettersByIds(db, [b.row.letterId]);
      const l = letters.get(b.row.letterId);
      const q = deps.qualification ? await deps.qualification(b.company.id).catch(() => null) : null;
      return {
        member_id: b.row.id,
        son_uid: b.row.sonUid,
        company: b.company.company || b.company.name,
        creditCode: q?.creditCode ?? '',
        address: q?.address ?? '',
        file_full_path: l ? deps.downloads.url({ sha256: l.sha256, name: `授权委托书${l.mime === 'image/png' ? '.png' : '.jpg'}`, mime: l.mime }) : '',
        bind_time: unix(b.row.bindTime),
        name: b.row.name,
        mobile: b.row.mobile,
        status: String(b.row.status),
        status_name: MEMBER_STATUS_LABEL[String(b.row.status)] ?? '',
      };
    },

    /**
     * userInfo fields owned by members (spec p2 §3): bindTime, bindStatus, memberId of the person's newest
     * membership and companyStatus (the company's userStatus) while bound; zeros otherwise.
     */
    async userInfoOf(userId: number): Promise<{ bindTime: number; bindStatus: number; memberId: number; companyStatus: number }> {
      const row = await repo.latestOf(db, userId);
      if (!row) return { bindTime: 0, bindStatus: 0, memberId: 0, companyStatus: 0 };
      const company = row.status === repo.STATUS.bound ? await deps.findUser(row.pid) : null;
      return { bindTime: unix(row.bindTime), bindStatus: row.status, memberId: row.id, companyStatus: company?.userStatus ?? 0 };
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
