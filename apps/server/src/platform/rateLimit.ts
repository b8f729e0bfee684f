/**
 * Fixed-window attempt counters in the database, shared by every API process
 * (login, SMS, extraction codes …; DESIGN.md Security rules).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateCounters } from '../db/schema/index.ts';
import { tooMany } from './errors.ts';

export interface RateRule {
  /** Counter key, e.g. `login:ip:1.2.3.4`. Bounded to 200 characters. */
  key: string;
  /** Attempts allowed per window. */
  max: number;
  /** Window length, seconds. */
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt for each rule; throws AppError 429 (with `msg`) if any rule is over its limit. */
  hit(rules: RateRule[], msg?: string): Promise<void>;
  /** Forgets the counters of `key` in the current window (e.g. after a successful login). */
  reset(key: string, windowSeconds: number): Promise<void>;
}

/** Builds the limiter on `db`. With `disabled` it counts nothing (test runs that hammer one IP). */
export function rateLimiter(deps: { db: DbOrTx; disabled?: boolean }): RateLimiter {
  const windowOf = (w: number) => Math.floor(Date.now() / 1000 / w) * w;
  return {
    async hit(rules, msg) {
      if (deps.disabled) return;
      for (const r of rules) {
        const key = r.key.slice(0, 200);
        const rows = await deps.db
          .insert(rateCounters)
          .values({ key, windowStart: windowOf(r.windowSeconds), count: 1 })
          .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
          .returning({ count: rateCounters.count });
        if ((rows[0]?.count ?? 0) > r.max) throw tooMany(msg);
      }
    },
    async reset(key, windowSeconds) {
      await deps.db.delete(rateCounters).where(sql`${rateCounters.key} = ${key.slice(0, 200)} and ${rateCounters.windowStart} = ${windowOf(windowSeconds)}`);
    },
  };
}
