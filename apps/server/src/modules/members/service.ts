/**
 * Enterprise members (issue 14 §3; spec p1 §2–9 "Company members"): a company main account adds verified
 * individuals as members (SMS to the member, authorisation letter, operator review), edits or deletes
 * failed rows, stops bound members; a member unbinds itself. Every state change writes its audit row in the
 * same transaction; SMS leave after commit. Roles and the acting account are in `roles.ts`.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MEMBER_STATUS_LABEL } from '@cunzheng/contract/constants';
import type { TMember, TMemberAddReq } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal, UserRow } from '../../platform/auth.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { SmsCodeService } from '../auth/smsCodes.ts';
import { notify } from '../notifications/notify.ts';
import * as repo from './repo.ts';

/** Largest authorisation-letter image (bytes): 10 MB, the enterprise KYC image limit (spec p2 §9). */
export const LETTER_MAX_BYTES = 10 * 1024 * 1024;

/** What the members service needs from outside (narrowed). */
export interface MembersDeps {
  db: Db;
  blobs: BlobStore;
  downloads: DownloadSigner;
  sms: SmsProvider;
  smsCodes: SmsCodeService;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** A user row by id (auth service). */
  findUser: (id: number) => Promise<UserRow | null>;
  /** A user row by mobile (auth service), or null when not registered. */
  findUserByMobile: (mobile: string) => Promise<UserRow | null>;
  /** "Registered, verified (userStatus 3) individual" (kyc service `isVerifiedIndividual`, CONTRACTS §1). */
  isVerifiedIndividual: (userId: number) => Promise<boolean>;
}

const unix = (d: Date | null | undefined): number => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Detects jpg / png from the first bytes (spec p1 §5 请上传图片类型). */
export function imageMime(buf: Buffer): 'image/jpeg' | 'image/png' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** Builds the members service. */
export function membersService(deps: MembersDeps) {
  const { db } = deps;

  /** The main (company) account acting as itself; 403 for role 2, 400 for a personal account. */
  const mainAccount = (me: Principal): UserRow => {
    if (me.role === 2) throw forbidden();
    if (me.user.type !== 2) throw badRequest(MSG.MEMBER_COMPANY_ONLY);
    return me.user;
  };

  /** A live row of `company`; 400 成员不存在 for anyone else's (as if it did not exist). */
  const ownRow = async (company: UserRow, memberId: number): Promise<repo.MemberRow> => {
    const row = await repo.byId(db, memberId);
    if (!row || row.pid !== company.id) throw badRequest(MSG.MEMBER_NOT_FOUND);
    return row;
  };

  const toWire = async (rows: repo.MemberRow[]): Promise<TMember[]> => {
    const letters = await repo.lettersByIds(db, [...new Set(rows.map((r) => r.letterId))]);
    return rows.map((r) => {
      const l = letters.get(r.letterId);
      return {
        member_id: r.id,
        name: r.name,
        mobile: r.mobile,
        created_at: unix(r.createdAt),
        bind_time: unix(r.bindTime),
        stop_time: unix(r.stopTime),
        stop_reason: r.stopReason,
        status: String(r.status),
        status_name: MEMBER_STATUS_LABEL[String(r.status)] ?? '',
        file_path: l?.path ?? '',
        file_full_path: l ? deps.downloads.url({ sha256: l.sha256, name: `授权委托书${l.mime === 'image/png' ? '.png' : '.jpg'}`, mime: l.mime }) : '',
        audit_content: r.auditContent,
        pid: r.pid,
        son_uid: r.sonUid,
      };
    });
  };

  /**
   * The candidate behind `mobile` for `company`: registered, personal, verified, not pending with or bound
   * to any company. 400 该手机号未注册 / MEMBER_NOT_PERSONAL / MEMBER_NOT_VERIFIED / MEMBER_ALREADY /
   * MEMBER_BOUND_ELSEWHERE. `exceptRow` ignores the row being resubmitted (update).
   */
  const candidate = async (company: UserRow, mobile: string, exceptRow?: number): Promise<UserRow> => {
    const u = await deps.findUserByMobile(mobile);
    if (!u) throw badRequest(MSG.MOBILE_NOT_REGISTERED);
    if (u.id === company.id || u.type !== 1) throw badRequest(MSG.MEMBER_NOT_PERSONAL);
    if (!(await deps.isVerifiedIndividual(u.id))) throw badRequest(MSG.MEMBER_NOT_VERIFIED);
    const active = await repo.activeOf(db, u.id);
    if (active && active.id !== exceptRow) throw badRequest(active.pid === company.id ? MSG.MEMBER_ALREADY : MSG.MEMBER_BOUND_ELSEWHERE);
    return u;
  };

  return {
    /** GET /api/companymember/getList: one page (10) of the company's members; `keyword` on name or mobile. */
    async list(me: Principal, q: { page: number; limit: number; keyword?: string }): Promise<{ list: TMember[]; count: number }> {
      const company = mainAccount(me);
      const r = await repo.listOf(db, company.id, q);
      return { list: await toWire(r.list), count: r.count };
    },

    /** POST /api/companymember/detail (member_id): one member of the caller's company; 400 成员不存在. */
    async detail(me: Principal, memberId: number): Promise<TMember> {
      const row = await ownRow(mainAccount(me), memberId);
      return (await toWire([row]))[0]!;
    },

    /** POST /api/companymember/queryMember (mobile) → `{user_id, name}` of an addable individual (see `candidate`). */
    async queryMember(me: Principal, mobile: string): Promise<{ user_id: number; name: string }> {
      const u = await candidate(mainAccount(me), mobile);
      return { user_id: u.id, name: u.name };
    },

    /**
     * POST /api/companymember/sendMsg (mobile, type, companyName) → `{token}`. Type 7 (add): by a main
     * account to an addable individual's mobile. Type 8: by a main account to one of its bound members
     * (stop), or by a bound member to its own mobile (unbind). SMS limits of the auth module apply.
     */
    async sendMsg(me: Principal, p: { mobile: string; type: 7 | 8 }, ip: string): Promise<{ token: string }> {
      if (p.type === 7) {
        await candidate(mainAccount(me), p.mobile);
        return deps.smsCodes.send('member', p.mobile, ip);
      }
      if (me.actor.mobile === p.mobile && me.actor.type === 1) {
        if (!(await repo.boundOf(db, me.actor.id))) throw badRequest(MSG.MEMBER_NOT_FOUND);
        return deps.smsCodes.send('memberStop', p.mobile, ip);
      }
      const company = mainAccount(me);
      const u = await deps.findUserByMobile(p.mobile);
      const bound = u ? await repo.boundOf(db, u.id) : null;
      if (!bound || bound.pid !== company.id) throw badRequest(MSG.MEMBER_ONLY_BOUND);
      return deps.smsCodes.send('memberStop', p.mobile, ip);
    },

    /**
     * POST /api/companymember/upload (multipart image ≤ 10 MB) → `{path, full_path}`: stores the
     * authorisation letter (private blob, referenced) for a later add/update. 400 请上传图片类型.
     */
    async upload(me: Principal, buf: Buffer, ip: string): Promise<{ path: string; full_path: string }> {
      const company = mainAccount(me);
      const mime = imageMime(buf);
      if (!mime) throw badRequest(MSG.IMAGE_TYPE_REQUIRED);
      const path = crypto.randomBytes(24).toString('base64url');
      const letter = await db.transaction(async (tx) => {
        const sha256 = await storeBufferInTx(tx, deps.blobs, buf, mime);
        const l = await repo.insertLetter(tx, { path, ownerId: company.id, sha256, mime, size: buf.length });
        await writeAudit(tx, { actorId: company.id, action: 'member.letter.upload', target: `member_letter:${l.id}`, after: { sha256, size: buf.length }, ip });
        return l;
      });
      return { path, full_path: deps.downloads.url({ sha256: letter.sha256, name: `授权委托书${mime === 'image/png' ? '.png' : '.jpg'}`, mime }) };
    },

    /**
     * POST /api/companymember/add: checks the member's SMS code (type 7), the letter, the candidate; creates
     * the row pending review (status 1). 400 with the candidate's messages, 请上传授权委托书, SMS messages.
     */
    async add(me: Principal, p: TMemberAddReq, ip: string): Promise<{ member_id: number }> {
      const company = mainAccount(me);
      const u = await candidate(company, p.mobile);
      if (u.id !== p.son_uid) throw badRequest(MSG.MEMBER_QUERY_FIRST);
      const letter = await repo.letterByPath(db, company.id, p.filePath);
      if (!letter) throw badRequest(MSG.AUTH_LETTER_REQUIRED);
      await deps.smsCodes.consume('member', p.mobile, p.smsToken, p.smsCode);
      try {
        const row = await db.transaction(async (tx) => {
          const r = await repo.insertMember(tx, { pid: company.id, sonUid: u.id, mobile: u.mobile, name: u.name, status: repo.STATUS.pending, letterId: letter.id });
          await writeAudit(tx, { actorId: company.id, action: 'member.add', target: `company_member:${r.id}`, after: { pid: company.id, sonUid: u.id, status: 1, letter: letter.sha256 }, ip });
          return r;
        });
        return { member_id: row.id };
      } catch (e) {
        if (repo.isActiveConflict(e)) throw badRequest(MSG.MEMBER_BOUND_ELSEWHERE);
        throw e;
      }
    },

    /** POST /api/companymember/update: resubmits a failed (2) row with a new code and letter → pending (1). 400 只有审核失败的成员可以修改或删除. */
    async update(me: Principal, p: { mobile: string; member_id: number; smsToken: string; smsCode: string; filePath: string }, ip: string): Promise<void> {
      const company = mainAccount(me);
      const row = await ownRow(company, p.member_id);
      if (row.status !== repo.STATUS.failed) throw badRequest(MSG.MEMBER_ONLY_FAILED);
      if (row.mobile !== p.mobile) throw badRequest(MSG.MEMBER_QUERY_FIRST);
      await candidate(company, p.mobile, row.id);
      const letter = await repo.letterByPath(db, company.id, p.filePath);
      if (!letter) throw badRequest(MSG.AUTH_LETTER_REQUIRED);
      await deps.smsCodes.consume('member', p.mobile, p.smsToken, p.smsCode);
      try {
        await db.transaction(async (tx) => {
          const r = await repo.update(tx, row.id, repo.STATUS.failed, { status: repo.STATUS.pending, letterId: letter.id, auditContent: '', reviewedBy: null, reviewedAt: null });
          if (!r) throw badRequest(MSG.MEMBER_ONLY_FAILED);
          await writeAudit(tx, { actorId: company.id, action: 'member.update', target: `company_member:${row.id}`, before: { status: row.status, letterId: row.letterId }, after: { status: 1, letterId: letter.id }, ip });
        });
      } catch (e) {
        if (repo.isActiveConflict(e)) throw badRequest(MSG.MEMBER_BOUND_ELSEWHERE);
        throw e;
      }
    },

    /** POST /api/companymember/del (member_id): removes a failed (2) row from the list. 400 只有审核失败的成员可以修改或删除. */
    async del(me: Principal, memberId: number, ip: string): Promise<void> {
      const company = mainAccount(me);
      const row = await ownRow(company, memberId);
      if (row.status !== repo.STATUS.failed) throw badRequest(MSG.MEMBER_ONLY_FAILED);
      await db.transaction(async (tx) => {
        const r = await repo.update(tx, row.id, repo.STATUS.failed, { deletedAt: new Date() });
        if (!r) throw badRequest(MSG.MEMBER_ONLY_FAILED);
        await writeAudit(tx, { actorId: company.id, action: 'member.delete', target: `company_member:${row.id}`, before: { status: row.status }, ip });
      });
    },

    /**
     * POST /api/companymember/stop: stops a bound (3) member with the member's SMS code (type 8) and a
     * reason → status 4, irreversible; the member can no longer act for the company from its next request.
     */
    async stop(me: Principal, p: { mobile: string; member_id: number; smsToken: string; smsCode: string; stop_reason: string }, ip: string): Promise<void> {
      const company = mainAccount(me);
      const row = await ownRow(company, p.member_id);
      if (row.status !== repo.STATUS.bound) throw badRequest(MSG.MEMBER_ONLY_BOUND);
      if (row.mobile !== p.mobile) throw badRequest(MSG.MEMBER_NOT_FOUND);
      await deps.smsCodes.consume('memberStop', p.mobile, p.smsToken, p.smsCode);
      await db.transaction(async (tx) => {
        const r = await repo.update(tx, row.id, repo.STATUS.bound, { status: repo.STATUS.stopped, stopTime: new Date(), stopReason: p.stop_reason });
        if (!r) throw badRequest(MSG.MEMBER_ONLY_BOUND);
        await writeAudit(tx, { actorId: company.id, action: 'member.stop', target: `company_member:${row.id}`, before: { status: 3 }, after: { status: 4, reason: p.stop_reason }, ip });
        await notify(tx, row.sonUid, `您在「${company.company || company.name}」的企业成员身份已被停用，原因：${p.stop_reason}`, 'system');
      });
    },

    /**
     * POST /api/companymember/unbind (member_id, smsCode, smsToken): the member leaves the company (its own
     * SMS code, type 8) → status 4 with reason 成员主动解绑; its sessions end (the web app logs out).
     */
    async unbind(me: Principal, p: { member_id: number; smsToken: string; smsCode: string }, ip: string, endSessions: (tx: DbOrTx, userId: number) => Promise<void>): Promise<void> {
      const row = await repo.byId(db, p.member_id);
      if (!row || row.sonUid !== me.actor.id || row.status !== repo.STATUS.bound) throw badRequest(MSG.MEMBER_NOT_FOUND);
      await deps.smsCodes.consume('memberStop', me.actor.mobile, p.smsToken, p.smsCode);
      await db.transaction(async (tx) => {
        const r = await repo.update(tx, row.id, repo.STATUS.bound, { status: repo.STATUS.stopped, stopTime: new Date(), stopReason: '成员主动解绑' });
        if (!r) throw badRequest(MSG.MEMBER_NOT_FOUND);
        await writeAudit(tx, { actorId: me.actor.id, action: 'member.unbind', target: `company_member:${row.id}`, before: { status: 3 }, after: { status: 4 }, ip });
        await notify(tx, row.pid, `成员${row.name}（${row.mobile}）已解除与企业的绑定`, 'system');
        await endSessions(tx, me.actor.id);
      });
    },

    /** Operator queue: one page of rows pending review (status 1), oldest first, with company name and letter URL. */
    async pending(q: { page: number; limit: number }): Promise<{ list: Array<TMember & { company: string; companyMobile: string }>; count: number }> {
      const r = await repo.listByStatus(db, repo.STATUS.pending, q);
      const wire = await toWire(r.list);
      const out = [];
      for (const m of wire) {
        const c = await deps.findUser(m.pid);
        out.push({ ...m, company: c?.company || c?.name || '', companyMobile: c?.mobile ?? '' });
      }
      return { list: out, count: r.count };
    },

    /**
     * Operator decision on a pending (1) row: pass → bound (3, bind time now), else failed (2) with
     * `reason` (audit_content; required). Audit row and notifications to company and member in the same
     * transaction; an SMS to the company after commit. 400 该成员申请已审核… when already decided.
     */
    async review(operatorId: number, p: { member_id: number; pass: 0 | 1; reason?: string }, ip: string): Promise<void> {
      const reason = p.reason?.trim() ?? '';
      if (!p.pass && !reason) throw badRequest(MSG.AUDIT_REASON_REQUIRED);
      const row = await repo.byId(db, p.member_id);
      if (!row) throw badRequest(MSG.MEMBER_NOT_FOUND);
      const company = await deps.findUser(row.pid);
      const companyName = company?.company || company?.name || '';
      try {
        await db.transaction(async (tx) => {
          const now = new Date();
          const set = p.pass ? { status: repo.STATUS.bound, bindTime: now, reviewedBy: operatorId, reviewedAt: now, auditContent: '' } : { status: repo.STATUS.failed, reviewedBy: operatorId, reviewedAt: now, auditContent: reason };
          const r = await repo.update(tx, row.id, repo.STATUS.pending, set);
          if (!r) throw badRequest(MSG.MEMBER_REVIEWED);
          await writeAudit(tx, { actorId: operatorId, action: p.pass ? 'member.approve' : 'member.reject', target: `company_member:${row.id}`, before: { status: 1 }, after: { status: set.status, reason: reason || undefined }, ip });
          const text = p.pass ? `成员${row.name}（${row.mobile}）的授权委托书审核通过，已绑定为企业成员` : `成员${row.name}（${row.mobile}）的授权委托书审核未通过，原因：${reason}`;
          await notify(tx, row.pid, text, 'operator');
          await notify(tx, row.sonUid, p.pass ? `您已成为「${companyName}」的企业成员，可在账户菜单中切换角色` : `「${companyName}」添加您为企业成员的申请未通过审核`, 'operator');
        });
      } catch (e) {
        if (repo.isActiveConflict(e)) throw badRequest(MSG.MEMBER_BOUND_ELSEWHERE);
        throw e;
      }
      if (company) {
        await deps.sms
          .send(company.mobile, `【存证】您的企业成员${row.name}的授权委托书${p.pass ? '已审核通过' : `审核未通过，原因：${reason}`}。`)
          .catch(() => deps.log?.warn({ member: row.id }, 'members: review SMS failed'));
      }
    },

    /** The member row of `memberId` in `company` (member detail, orders). 400 成员不存在. */
    rowOf: (company: UserRow, memberId: number) => ownRow(company, memberId),
    mainAccount,
    toWire,
  };
}

export type MembersService = ReturnType<typeof membersService>;
