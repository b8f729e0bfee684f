/**
 * Account use cases (issue 2 §3; spec p1 §5, §7, p2 §5): registration with image captcha and SMS,
 * password and SMS login, password reset and change, logout. Passwords argon2id; every state change
 * writes an audit row in the same transaction.
 */
import crypto from 'node:crypto';
import { hash, hashSync, verify } from '@node-rs/argon2';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal, Sessions, UserRow } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { randomDigits, randomToken, type SecretBox } from '../../platform/secrets.ts';
import { failureGate, type GateRule } from '../../platform/failureGate.ts';
import type { CaptchaService } from './captcha.ts';
import type { PowService } from './pow.ts';
import * as repo from './repo.ts';
import type { SmsCodeService, SmsScene } from './smsCodes.ts';
import { toUserInfo, type UserInfo } from './userInfo.ts';
import { newsText, notify } from '../notifications/notify.ts';
import { MSG } from '@cunzheng/contract/messages';

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

export interface NewUser {
  mobile: string;
  password: string;
  /** 1 personal, 2 company. */
  type: 1 | 2;
  name: string;
  company: string;
  role?: 'user' | 'operator';
  /** userStatus; 3 = verified. */
  userStatus?: number;
  /** Starting points balance, hundredths (replaces the welcome grant; `user:create --points`). */
  points?: number;
}

export interface AuthDeps {
  db: Db;
  sessions: Sessions;
  limiter: RateLimiter;
  captcha: CaptchaService;
  smsCodes: SmsCodeService;
  /** Proof of work spent by every SMS send (issue 9 §3). */
  pow: PowService;
  /** Seals extraction codes at rest (issue 9 §4). */
  codes: SecretBox;
  /** Unread notifications of a user (userInfo.newsNum); 0 when absent. */
  unreadCount?: (userId: number) => Promise<number>;
  /** Runs in the account-creating transaction (issue 13: welcome grant / starting points); returns the balance. */
  onUserCreated?: (tx: DbOrTx, userId: number, points?: number) => Promise<number>;
}

/** Password-login failure rules (issue 9 §3): the captcha is required from the 5th failure on an account or the 20th from a client in 15 minutes. */
export const LOGIN_GATE = { perAccount: 5, perClient: 20, windowSeconds: 900 } as const;

const loginRules = (mobile: string, ip: string): GateRule[] => [
  { key: `loginfail:m:${mobile}`, threshold: LOGIN_GATE.perAccount, windowSeconds: LOGIN_GATE.windowSeconds },
  { key: `loginfail:ip:${ip}`, threshold: LOGIN_GATE.perClient, windowSeconds: LOGIN_GATE.windowSeconds },
];

/** Builds the auth service. */
export function authService(deps: AuthDeps) {
  const { db } = deps;
  const gate = failureGate({ limiter: deps.limiter, checkCaptcha: (id, answer) => deps.captcha.check(id, answer) });
  /** Contributions of other contexts to userInfo (KYC type/repairType, membership …), registered after build. */
  const infoExtensions: UserInfoExtension[] = [];
  /** userInfo of a row with the live unread count (p2 §3 newsNum) and every registered extension. */
  const info = async (u: UserRow): Promise<UserInfo> => {
    let out: UserInfo = {
      ...toUserInfo(u),
      extractCode: deps.codes.open(u.extractCode),
      newsNum: deps.unreadCount ? await deps.unreadCount(u.id) : 0,
    };
    for (const ext of infoExtensions) out = { ...out, ...(await ext(u.id, out)) };
    return out;
  };

  const createUser = async (u: NewUser, actorId: number | null, ip: string | null): Promise<UserRow> => {
    const passwordHash = await hash(u.password);
    return db.transaction(async (tx) => {
      if (await repo.findByMobile(tx, u.mobile)) throw badRequest(MSG.MOBILE_REGISTERED);
      const row = await repo.insertUser(tx, {
        mobile: u.mobile,
        passwordHash,
        type: u.type,
        name: u.name,
        company: u.company,
        role: u.role ?? 'user',
        userStatus: u.userStatus ?? 1,
        extractCode: deps.codes.seal(randomDigits(6)),
        ownerSalt: crypto.randomBytes(32),
      });
      if (deps.onUserCreated) row.points = await deps.onUserCreated(tx, row.id, u.points);
      await writeAudit(tx, { actorId: actorId ?? row.id, action: 'user.create', target: `user:${row.id}`, after: { mobile: row.mobile, type: row.type, role: row.role, userStatus: row.userStatus }, ip });
      return row;
    });
  };

  const startSession = async (user: UserRow, ip: string, action: string): Promise<LoginResult> => {
    const token = await db.transaction(async (tx) => {
      const t = await deps.sessions.create(tx, user.id);
      await writeAudit(tx, { actorId: user.id, action, target: `user:${user.id}`, ip });
      return t;
    });
    return { token, userInfo: await info(user) };
  };

  return {
    createUser,

    /**
     * Registers a contributor to userInfo (p2 §3 "User info"): called with the user id and the info so far,
     * it answers the fields it owns (kyc: type, repairType; members: companyStatus, bindTime, bindStatus,
     * memberId …). Called once per module at wiring time.
     */
    extendUserInfo(ext: UserInfoExtension): void {
      infoExtensions.push(ext);
    },

    /**
     * Changes the verification state of an account (spec p2 §4 userStatus 1–4) inside the caller's
     * transaction `tx` (the KYC decision and this change commit together), with its own audit row.
     * `name` / `company` (when given) replace the display name / company name with the verified ones.
     * The only writer of users.user_status besides account creation (issue 14; CONTRACTS §1).
     */
    async setVerification(tx: DbOrTx, userId: number, change: { userStatus: 1 | 2 | 3 | 4; name?: string; company?: string }, actorId: number | null, ip: string | null): Promise<void> {
      const before = await repo.findById(tx, userId);
      if (!before) throw badRequest(MSG.USER_NOT_FOUND);
      await repo.setVerification(tx, userId, change);
      await writeAudit(tx, {
        actorId,
        action: 'user.verification',
        target: `user:${userId}`,
        before: { userStatus: before.userStatus },
        after: { userStatus: change.userStatus, ...(change.name !== undefined ? { nameChanged: change.name !== before.name } : {}), ...(change.company !== undefined ? { company: change.company } : {}) },
        ip,
      });
    },

    /**
     * POST /api/Register/sendSMS, /api/login/sendLoginSMS, /api/Register/sendResetSMS: proof of work, captcha,
     * then SMS → `{token}`. The answer never tells whether the number is registered (issue 9 §3): a register
     * code goes to any number (POST /api/Register says 手机号已注册 only after the code checks), and a login or
     * reset code for an unregistered number is answered alike but never sent.
     */
    async sendSms(scene: SmsScene, p: { mobile: string; captchaId: string; imgCode: string; altcha: string }, ip: string): Promise<{ token: string }> {
      await deps.pow.spend(p.altcha);
      await deps.captcha.consume(p.captchaId, p.imgCode);
      const existing = scene === 'register' ? null : await repo.findByMobile(db, p.mobile);
      return deps.smsCodes.send(scene, p.mobile, ip, { deliver: scene === 'register' || existing !== null });
    },

    /** POST /api/Register → `{token, userInfo}`. 400 on a bad SMS code or a registered mobile. */
    async register(p: { mobile: string; smsCode: string; smsToken: string; password: string; type: 1 | 2; name: string; company: string }, ip: string): Promise<LoginResult> {
      await deps.smsCodes.consume('register', p.mobile, p.smsToken, p.smsCode);
      const user = await createUser({ mobile: p.mobile, password: p.password, type: p.type, name: p.name, company: p.company }, null, ip);
      return startSession(user, ip, 'user.register');
    },

    /**
     * POST /api/login (mobile, password, captchaId?, imgCode?) → `{token, userInfo}`. After LOGIN_GATE failures
     * for the account or the client the captcha is required and answers slow down (platform/failureGate.ts,
     * issue 9 §3); the right password with a solved captcha always logs in. A client is refused outright
     * (登录尝试次数过多…) only past 60 attempts in 15 minutes of its own.
     */
    async loginPassword(p: { mobile: string; password: string; captchaId?: string; imgCode?: string }, ip: string): Promise<LoginResult> {
      await deps.limiter.hit([{ key: `login:ip:${ip}`, max: 60, windowSeconds: 900 }], MSG.LOGIN_TOO_MANY);
      const rules = loginRules(p.mobile, ip);
      await gate.enter(rules, p);
      const user = await repo.findByMobile(db, p.mobile);
      // Same message whether the mobile is unknown or the password wrong; verify against a dummy hash to even timing.
      const ok = await verify(user?.passwordHash ?? dummyHash(), p.password);
      if (!user || !ok) {
        await gate.fail(rules);
        throw badRequest(MSG.LOGIN_FAILED);
      }
      return startSession(user, ip, 'user.login');
    },

    /** POST /api/login/sms (mobile, smsCode, smsToken) → `{token, userInfo}`. */
    async loginSms(p: { mobile: string; smsCode: string; smsToken: string }, ip: string): Promise<LoginResult> {
      await deps.smsCodes.consume('login', p.mobile, p.smsToken, p.smsCode);
      const user = await repo.findByMobile(db, p.mobile);
      if (!user) throw badRequest(MSG.MOBILE_NOT_REGISTERED);
      return startSession(user, ip, 'user.login.sms');
    },

    /** POST /api/login/resetPassword: SMS-confirmed new password; ends every session of the user. */
    async resetPassword(p: { mobile: string; smsCode: string; smsToken: string; password: string }, ip: string): Promise<void> {
      await deps.smsCodes.consume('reset', p.mobile, p.smsToken, p.smsCode);
      const user = await repo.findByMobile(db, p.mobile);
      if (!user) throw badRequest(MSG.MOBILE_NOT_REGISTERED);
      const passwordHash = await hash(p.password);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, user.id, passwordHash);
        await deps.sessions.revokeAll(tx, user.id);
        await writeAudit(tx, { actorId: user.id, action: 'user.password.reset', target: `user:${user.id}`, ip });
      });
    },

    /**
     * POST /api/user/editPassword (oldPassword, password, confirmPassword; spec p1 §5): 400 旧密码错误,
     * 两次新密码不一致, 新密码不能与旧密码相同. Success ends every session (the client goes to /login).
     */
    async editPassword(me: Principal, p: { oldPassword: string; password: string }, ip: string): Promise<void> {
      await deps.limiter.hit([{ key: `editpwd:${me.user.id}`, max: 10, windowSeconds: 900 }]);
      if (!(await verify(me.user.passwordHash, p.oldPassword))) throw badRequest(MSG.OLD_PASSWORD_WRONG);
      const passwordHash = await hash(p.password);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, me.user.id, passwordHash);
        await deps.sessions.revokeAll(tx, me.user.id);
        await writeAudit(tx, { actorId: me.user.id, action: 'user.password.change', target: `user:${me.user.id}`, ip });
        await notify(tx, me.user.id, newsText.password(), 'password');
      });
    },

    /** GET /api/user/logout: ends this session server-side. */
    async logout(me: Principal): Promise<void> {
      await deps.sessions.revoke(me.sessionId);
    },

    /** Fresh userInfo of the caller (newsNum = live unread count). */
    userInfo: (me: Principal): Promise<UserInfo> => info(me.user),

    /** Display identity of a user for certificates (masked by the caller). */
    async identity(userId: number): Promise<{ name: string; company: string; type: number; mobile: string } | null> {
      const u = await repo.findById(db, userId);
      return u ? { name: u.name, company: u.company, type: u.type, mobile: u.mobile } : null;
    },

    /** The full users row of `id` (what deposits take as `owner`), or null. Read-only: users are written here and in account only. */
    findUser: (id: number): Promise<UserRow | null> => repo.findById(db, id),

    /** Ids of the operator accounts (recipients of integrity and flood alerts). */
    operatorIds: (): Promise<number[]> => repo.operatorIds(db),

    /** Operator console (read-only): one page of users, newest first, `keyword` on mobile, name or company. */
    listUsers: (q: { page: number; limit: number; keyword?: string }): Promise<{ list: UserRow[]; count: number }> => repo.listUsers(db, q),

    /** Ids of every account with `role` ('user' | 'operator'), in id order (operator notifications to all). */
    userIdsWithRole: (role: 'user' | 'operator'): Promise<number[]> => repo.idsWithRole(db, role),

    /** Mobiles of `ids` (the operator audit-log view); unknown ids are absent. */
    mobilesOf: (ids: number[]): Promise<Map<number, string>> => repo.mobilesOf(db, ids),

    /** The owner's extraction code in clear (for the certificate's extraction check; never logged). */
    async extractCodeOf(userId: number): Promise<string | null> {
      const stored = (await repo.findById(db, userId))?.extractCode;
      return stored ? deps.codes.open(stored) : null;
    },

    /**
     * Encrypts extraction codes still stored in clear (rows written before issue 9 §4); run once at start.
     * Returns how many rows were sealed. Idempotent: a row is rewritten only if it still holds the clear value.
     */
    async sealClearCodes(): Promise<number> {
      let n = 0;
      for (const row of await repo.clearExtractCodes(db)) {
        if (await repo.replaceExtractCode(db, row.id, row.extractCode, deps.codes.seal(row.extractCode))) n++;
      }
      return n;
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

/** A contributor to userInfo: answers the fields it owns for `userId` (see `extendUserInfo`). */
export type UserInfoExtension = (userId: number, info: UserInfo) => Promise<Partial<UserInfo>>;

/** argon2id hash of a random string, verified when the mobile is unknown so timing does not tell. */
let dummy: string | undefined;
const dummyHash = (): string => (dummy ??= hashSync(randomToken(16)));
