/**
 * Settings /setting (issue 5 §1; spec p1 §2 tab 证据提取码): reset of the caller's extraction code,
 * confirmed by an SMS to their own mobile (scene 'extract', image captcha first). The new random 6-digit
 * code replaces the old one in the same transaction as its notification and audit row, so the old code
 * stops working the moment the answer is sent (extraction reads the code from the database each time).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { randomDigits, type SecretBox } from '../../platform/secrets.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { SmsCodeService } from '../auth/smsCodes.ts';
import type { PowService } from '../auth/pow.ts';
import { newsText, notify } from '../notifications/notify.ts';

/** Builds the settings service. */
export function settingsService(deps: { db: Db; captcha: Pick<CaptchaService, 'consume'>; smsCodes: SmsCodeService; pow: Pick<PowService, 'spend'>; codes: SecretBox }) {
  const { db } = deps;
  return {
    /**
     * POST /api/user/resetExtractCode/sendSMS: spends the proof of work `altcha` (400 人机验证失败，请重试; issue 9 §3),
     * checks the image captcha (400 图形验证码不正确), then sends a code to the caller's own mobile → `{token}`.
     * 400 on resend within 60 s or over the SMS limits.
     */
    async sendSms(me: Principal, p: { captchaId: string; imgCode: string; altcha: string }, ip: string): Promise<{ token: string }> {
      await deps.pow.spend(p.altcha);
      await deps.captcha.consume(p.captchaId, p.imgCode);
      return deps.smsCodes.send('extract', me.user.mobile, ip);
    },

    /**
     * POST /api/user/resetExtractCode: consumes the SMS code (400 请获取短信验证码 / 短信验证码错误,请重新输入 /
     * 短信验证码已过期 / 验证码错误次数过多，请重新获取), then sets a new random 6-digit code (always different
     * from the old one) → `{extractCode}`. Notification and audit row (codes not logged) in the same transaction.
     */
    async reset(me: Principal, p: { smsCode: string; smsToken: string }, ip: string): Promise<{ extractCode: string }> {
      await deps.smsCodes.consume('extract', me.user.mobile, p.smsToken, p.smsCode);
      return db.transaction(async (tx) => {
        const [cur] = await tx.select({ code: users.extractCode }).from(users).where(eq(users.id, me.user.id)).for('update');
        const old = cur ? deps.codes.open(cur.code) : null;
        let extractCode = randomDigits(6);
        while (extractCode === old) extractCode = randomDigits(6);
        await tx.update(users).set({ extractCode: deps.codes.seal(extractCode) }).where(eq(users.id, me.user.id));
        await notify(tx, me.user.id, newsText.extractCode(), 'extractCode');
        await writeAudit(tx, { actorId: me.user.id, action: 'user.extractCode.reset', target: `user:${me.user.id}`, ip });
        return { extractCode };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
