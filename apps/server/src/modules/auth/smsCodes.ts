/**
 * One-time SMS codes (issue 2 §3): 6 digits, valid 5 minutes, single use, resend after 60 s,
 * at most 5 wrong attempts per code. Sends are limited per mobile, per client and for the whole platform
 * per hour (issue 9 §3: SMS_PER_MOBILE_HOUR, SMS_PER_CLIENT_HOUR, SMS_GLOBAL_HOUR); the first refusal by
 * the global limit in an hour calls `onGlobalLimit` (operator alert). Codes and the smsToken handed to the
 * client are stored hashed; the text goes to the SMS provider (the embedded one keeps an outbox).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { randomDigits, randomToken, sha256 } from '../../platform/secrets.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import { MSG } from '@cunzheng/contract/messages';

/** 'member' = companymember/sendMsg type 7 (add), 'memberStop' = type 8 (stop, unbind) (spec p1 §9). */
export type SmsScene = 'register' | 'login' | 'reset' | 'extract' | 'member' | 'memberStop';

const SCENE_TEXT: Record<SmsScene, string> = {
  register: '注册',
  login: '登录',
  reset: '重置密码',
  extract: '重置证据提取码',
  member: '企业成员绑定',
  memberStop: '企业成员停用/解绑',
};

const CODE_TTL_S = 300;
const RESEND_S = 60;
const MAX_ATTEMPTS = 5;

export interface SmsCodeService {
  /**
   * Sends a new code to `mobile` for `scene`; returns the smsToken. 400 when asked again within 60 s or over the limits.
   * With `deliver: false` (an unregistered number asking for a login or reset code) everything happens the
   * same — limits, a stored code, a token — except that no SMS leaves: the answer does not tell whether the
   * number has an account, and the token only ever meets 短信验证码错误.
   */
  send(scene: SmsScene, mobile: string, ip: string, opts?: { deliver?: boolean }): Promise<{ token: string }>;
  /**
   * Checks and consumes a code. 400 请获取短信验证码 (no such send), 短信验证码已过期,
   * 短信验证码错误,请重新输入 (wrong; counts an attempt), 验证码错误次数过多，请重新获取 (too many).
   */
  consume(scene: SmsScene, mobile: string, smsToken: string, code: string): Promise<void>;
}

export interface SmsLimits {
  perMobileHour: number;
  perClientHour: number;
  globalHour: number;
}

/** Builds the SMS code service. */
export function smsCodeService(deps: {
  db: DbOrTx;
  sms: SmsProvider;
  limiter: RateLimiter;
  limits?: SmsLimits;
  /** Called once per hour when the global limit first refuses a send (never throws into the caller). */
  onGlobalLimit?: (limit: number) => Promise<void>;
}): SmsCodeService {
  const limits = deps.limits ?? { perMobileHour: 10, perClientHour: 30, globalHour: 1000 };
  return {
    async send(scene, mobile, ip, opts = {}) {
      const last = await deps.db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      if (last[0] && Date.now() - last[0].createdAt.getTime() < RESEND_S * 1000) throw badRequest(MSG.SMS_TOO_FREQUENT);
      await deps.limiter.hit(
        [
          { key: `sms:m:${mobile}`, max: limits.perMobileHour, windowSeconds: 3600 },
          { key: `sms:ip:${ip}`, max: limits.perClientHour, windowSeconds: 3600 },
        ],
        MSG.SMS_TOO_MANY,
      );
      const global = await deps.limiter.add('sms:global', 3600);
      if (global > limits.globalHour) {
        if (global === limits.globalHour + 1) await deps.onGlobalLimit?.(limits.globalHour).catch(() => undefined);
        throw badRequest(MSG.SMS_TOO_MANY);
      }
      const code = randomDigits(6);
      const token = randomToken(24);
      const text = `【存证】您的${SCENE_TEXT[scene]}验证码为${code}，5分钟内有效，请勿泄露给他人。`;
      await deps.db.insert(smsCodes).values({
        mobile,
        scene,
        codeHash: sha256(`${mobile}:${code}`),
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + CODE_TTL_S * 1000),
      });
      if (opts.deliver !== false) await deps.sms.send(mobile, text);
      return { token };
    },
    async consume(scene, mobile, smsToken, code) {
      const rows = await deps.db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.tokenHash, sha256(smsToken)), eq(smsCodes.mobile, mobile), eq(smsCodes.scene, scene)))
        .limit(1);
      const row = rows[0];
      if (!row || row.usedAt) throw badRequest(MSG.SMS_NOT_REQUESTED);
      if (row.expiresAt.getTime() < Date.now()) throw badRequest(MSG.SMS_CODE_EXPIRED);
      if (row.attempts >= MAX_ATTEMPTS) throw badRequest(MSG.SMS_CODE_TOO_MANY_ATTEMPTS);
      if (!row.codeHash.equals(sha256(`${mobile}:${code}`))) {
        await deps.db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.id, row.id));
        throw badRequest(MSG.SMS_CODE_WRONG);
      }
      const used = await deps.db
        .update(smsCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(smsCodes.id, row.id), sql`${smsCodes.usedAt} is null`, gt(smsCodes.expiresAt, new Date())))
        .returning({ id: smsCodes.id });
      if (used.length === 0) throw badRequest(MSG.SMS_NOT_REQUESTED);
    },
  };
}
