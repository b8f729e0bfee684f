/**
 * Wiring of the auth module (issue 2 §3, issue 9 §3): captcha, proof of work, SMS codes with their hourly
 * limits and the operator alert of the global SMS limit, the auth service, and the purge job.
 */
import type { AppContext } from '../../platform/context.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { loadOrCreateSecret } from '../../platform/secrets.ts';
import { notify } from '../notifications/notify.ts';
import { captchaService } from './captcha.ts';
import { powService } from './pow.ts';
import { purgeExpired } from './purge.ts';
import * as repo from './repo.ts';
import { authService, type AuthDeps } from './service.ts';
import { smsCodeService } from './smsCodes.ts';

/** Text of the operators' notification when the global SMS limit trips. */
export const smsFloodText = (limit: number) => `短信告警：本小时全平台短信发送已达上限（${limit} 条），后续发送已被拒绝，请检查是否遭到短信轰炸。`;

/** Builds captcha, pow, smsCodes and auth for the app. */
export function buildAuth(ctx: AppContext, deps: { unreadCount?: (userId: number) => Promise<number>; onUserCreated?: AuthDeps['onUserCreated'] }) {
  const { db, config } = ctx;
  const captcha = captchaService({ db, limiter: ctx.limiter, perClient10Min: config.CAPTCHA_PER_CLIENT_10MIN });
  const pow = powService({ db, secret: loadOrCreateSecret(config.dataDir, 'pow.key', 32), cost: config.POW_COST, maxCounter: config.POW_MAX_COUNTER });
  const smsCodes = smsCodeService({
    db,
    sms: ctx.sms,
    limiter: ctx.limiter,
    limits: { perMobileHour: config.SMS_PER_MOBILE_HOUR, perClientHour: config.SMS_PER_CLIENT_HOUR, globalHour: config.SMS_GLOBAL_HOUR },
    // Operator alert (issue 9 §3): error log line, audit row and a notification to every operator, once per hour.
    onGlobalLimit: async (limit) => {
      ctx.log.error({ limit }, 'sms: ALERT global hourly SMS limit reached; further sends refused this hour');
      await db.transaction(async (tx) => {
        await writeAudit(tx, { actorId: null, action: 'alert.sms.global_limit', target: 'sms:global', after: { limit }, ip: null });
        for (const id of await repo.operatorIds(tx)) await notify(tx, id, smsFloodText(limit), 'system');
      });
    },
  });
  const auth = authService({ db, sessions: ctx.sessions, limiter: ctx.limiter, captcha, smsCodes, pow, codes: ctx.codes, unreadCount: deps.unreadCount, onUserCreated: deps.onUserCreated });
  return { captcha, pow, smsCodes, auth };
}

/** Schedules the purge of expired captchas, SMS codes, sessions, rate counters and spent challenges (hourly, minute 17). */
export async function registerAuthWorkers(jobs: Jobs, ctx: AppContext): Promise<void> {
  await jobs.every('auth.purge', '17 * * * *', { expireInSeconds: 600 }, async () => {
    const n = await purgeExpired(ctx.db);
    ctx.log.info({ purged: n }, 'auth: purged expired rows');
  });
}
