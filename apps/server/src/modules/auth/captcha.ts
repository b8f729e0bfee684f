/**
 * Image captcha (spec p2 §5 "Image captcha: 4 letters or digits"): svg-captcha, answer kept in the
 * database (no in-memory store; a 4-character answer gains nothing from hashing), valid 5 minutes, single use.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { DbOrTx } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { MSG } from '@cunzheng/contract/messages';

const TTL_MS = 5 * 60 * 1000;

export interface CaptchaService {
  /** New captcha → `{captchaId, img}` where img is an SVG document string. */
  create(): Promise<{ captchaId: string; img: string }>;
  /** Consumes the captcha; throws 400 图形验证码不正确 when unknown, used, expired or wrong (case-insensitive). */
  consume(captchaId: string, answer: string): Promise<void>;
}

/** Builds the captcha service on `db`. */
export function captchaService(deps: { db: DbOrTx }): CaptchaService {
  return {
    async create() {
      const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f5fa' });
      const captchaId = crypto.randomUUID();
      await deps.db.insert(captchas).values({ id: captchaId, answer: c.text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) });
      return { captchaId, img: c.data };
    },
    async consume(captchaId, answer) {
      // Single use: mark used first whatever the answer, so a captcha cannot be retried.
      const rows = await deps.db
        .update(captchas)
        .set({ usedAt: new Date() })
        .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
        .returning({ answer: captchas.answer });
      const row = rows[0];
      if (!row || row.answer !== answer.toLowerCase()) throw badRequest(MSG.IMG_CODE_WRONG);
    },
  };
}
