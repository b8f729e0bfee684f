/**
 * Failure gate (issue 9 §3): limits that slow a guesser down without locking the rightful user out.
 * Failures are counted per key (e.g. per account and per client) in the shared rate counters; once any key
 * reaches its threshold the call needs an image captcha (400 请输入图形验证码 / 图形验证码不正确 with data
 * `{needCaptcha: 1}`) and is answered after a delay growing with the excess (0.5 s, 1 s, 2 s, capped at 4 s).
 * Whoever solves the captcha still gets an answer to the right secret: nothing is refused for everyone.
 */
import { MSG } from '@cunzheng/contract/messages';
import { badRequest } from './errors.ts';
import type { RateLimiter } from './rateLimit.ts';

export interface GateRule {
  /** Counter key of the failures, e.g. `loginfail:m:<mobile>`. */
  key: string;
  /** Failures after which the captcha is required. */
  threshold: number;
  /** Window of the failure counter, seconds. */
  windowSeconds: number;
}

export interface GateCaptcha {
  captchaId?: string;
  imgCode?: string;
}

export interface FailureGate {
  /** Before checking a secret: requires and consumes the captcha and waits when a rule is over its threshold. */
  enter(rules: GateRule[], captcha: GateCaptcha): Promise<void>;
  /** After a wrong secret: counts one failure on every rule. */
  fail(rules: GateRule[]): Promise<void>;
}

/** data of the answer asking for a captcha. */
export const NEED_CAPTCHA = { needCaptcha: 1 } as const;

/** Delay before answering when `excess` failures are past the threshold, ms. */
export const gateDelayMs = (excess: number): number => Math.min(4000, 500 * 2 ** Math.max(0, excess));

/** Builds a gate on the limiter; `checkCaptcha` consumes a captcha and says whether the answer was right. */
export function failureGate(deps: { limiter: RateLimiter; checkCaptcha: (captchaId: string, answer: string) => Promise<boolean>; sleep?: (ms: number) => Promise<void> }): FailureGate {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return {
    async enter(rules, captcha) {
      let excess = -1;
      for (const r of rules) {
        const n = await deps.limiter.count(r.key, r.windowSeconds);
        if (n >= r.threshold) excess = Math.max(excess, n - r.threshold);
      }
      if (excess < 0) return;
      if (!captcha.captchaId || !captcha.imgCode) throw badRequest(MSG.IMG_CODE_REQUIRED, NEED_CAPTCHA);
      if (!(await deps.checkCaptcha(captcha.captchaId, captcha.imgCode))) throw badRequest(MSG.IMG_CODE_WRONG, NEED_CAPTCHA);
      await sleep(gateDelayMs(excess));
    },
    async fail(rules) {
      for (const r of rules) await deps.limiter.add(r.key, r.windowSeconds);
    },
  };
}
