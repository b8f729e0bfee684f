/**
 * Image captcha (spec p2 §5 "Image captcha: 4 letters or digits"): a raster PNG with noise and
 * distortion (captchaImage.ts; issue 9 §3), answer kept in the database (no in-memory store; a
 * 4-character answer gains nothing from hashing), valid 5 minutes, single use, issued at most
 * CAPTCHA_PER_CLIENT_10MIN times per client address per 10 minutes.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { captchaText, renderCaptchaPng } from './captchaImage.ts';
import { MSG } from '@cunzheng/contract/messages';

const TTL_MS = 5 * 60 * 1000;

export interface CaptchaService {
  /**
   * New captcha for the client at `ip` → `{captchaId, img}` where img is a `data:image/png;base64,…` URL.
   * 400 操作过于频繁，请稍后再试 past the per-client issuance limit.
   */
  create(ip: string): Promise<{ captchaId: string; img: string }>;
  /** True when `answer` is right for a live unused captcha; consumes it either way (single use). */
  check(captchaId: string, answer: string): Promise<boolean>;
  /** Consumes the captcha; throws 400 图形验证码不正确 when unknown, used, expired or wrong (case-insensitive). */
  consume(captchaId: string, answer: string): Promise<void>;
}

/** Builds the captcha service on `db`. */
export function captchaService(deps: { db: DbOrTx; limiter: RateLimiter; perClient10Min: number }): CaptchaService {
  const check = async (captchaId: string, answer: string): Promise<boolean> => {
    // Single use: mark used first whatever the answer, so a captcha cannot be retried.
    const rows = await deps.db
      .update(captchas)
      .set({ usedAt: new Date() })
      .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
      .returning({ answer: captchas.answer });
    const row = rows[0];
    return !!row && row.answer === answer.trim().toLowerCase();
  };
  return {
    async create(ip) {
      await deps.limiter.hit([{ key: `captcha:ip:${ip}`, max: deps.perClient10Min, windowSeconds: 600 }]);
      const text = captchaText(4);
      const captchaId = crypto.randomUUID();
      await deps.db.insert(captchas).values({ id: captchaId, answer: text, expiresAt: new Date(Date.now() + TTL_MS) });
      return { captchaId, img: `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}` };
    },
    check,
    async consume(captchaId, answer) {
      if (!(await check(captchaId, answer))) throw badRequest(MSG.IMG_CODE_WRONG);
    },
  };
}
