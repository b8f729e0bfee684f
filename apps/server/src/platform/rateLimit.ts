/**
 * Fixed-window attempt counters in the database, shared by every API process
 * (login, SMS, extraction codes …; DESIGN.md Security rules). Each row carries the end of its window
 * (`expires_at`, Unix seconds) so the purge job (auth/purge.ts) can drop finished windows.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
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
  /** Counts one event on `key` in the current window of `windowSeconds`; returns the new count (0 when disabled). */
  add(key: string, windowSeconds: number): Promise<number>;
  /** The count of `key` in the current window, without counting (0 when disabled). */
  count(key: string, windowSeconds: number): Promise<number>;
  /** Forgets the counters of `key` in the current window (e.g. after a successful login). */
  reset(key: string, windowSeconds: number): Promise<void>;
}

/** Builds the limiter on `db`. With `disabled` it counts nothing (test runs that hammer one IP). */
export function rateLimiter(deps: { db: DbOrTx; disabled?: boolean }): RateLimiter {
  const windowOf = (w: number) => Math.floor(Date.now() / 1000 / w) * w;
  const add = async (rawKey: string, windowSeconds: number): Promise<number> => {
    if (deps.disabled) return 0;
    const key = rawKey.slice(0, 200);
    const windowStart = windowOf(windowSeconds);
    const rows = await deps.db
      .insert(rateCounters)
      .values({ key, windowStart, count: 1, expiresAt: windowStart + windowSeconds })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
      .returning({ count: rateCounters.count });
    return rows[0]?.count ?? 0;
  };
  return {
    add,
    async hit(rules, msg) {
      if (deps.disabled) return;
      for (const r of rules) {
        if ((await add(r.key, r.windowSeconds)) > r.max) throw tooMany(msg);
      }
    },
    async count(key, windowSeconds) {
      if (deps.disabled) return 0;
      const rows = await deps.db
        .select({ count: rateCounters.count })
        .from(rateCounters)
        .where(and(eq(rateCounters.key, key.slice(0, 200)), eq(rateCounters.windowStart, windowOf(windowSeconds))));
      return rows[0]?.count ?? 0;
    },
    async reset(key, windowSeconds) {
      await deps.db.delete(rateCounters).where(and(eq(rateCounters.key, key.slice(0, 200)), eq(rateCounters.windowStart, windowOf(windowSeconds))));
    },
  };
}

/**
 * Deletes counters whose window ended before `cutS` (Unix s), and rows without `expires_at` (written before
 * it existed) whose window started before `legacyCutS`; returns how many (auth/purge.ts job).
 */
export async function purgeRateCounters(db: DbOrTx, cutS: number, legacyCutS: number): Promise<number> {
  const rows = await db
    .delete(rateCounters)
    .where(or(lt(rateCounters.expiresAt, cutS), and(isNull(rateCounters.expiresAt), lt(rateCounters.windowStart, legacyCutS))))
    .returning({ key: rateCounters.key });
  return rows.length;
}
