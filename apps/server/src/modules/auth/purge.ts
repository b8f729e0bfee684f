/**
 * Purge of expired short-lived rows (issue 9 §3), run by the `auth.purge` cron job: image captchas,
 * SMS codes, sessions, rate-limit counters and spent proof-of-work challenges, each once past its expiry
 * plus a grace period (so an answer being checked right now is never pulled away). Download URLs are
 * signed and stateless (platform/downloads.ts): there is no ticket row to purge.
 */
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchas, powSpent, sessions, smsCodes } from '../../db/schema/index.ts';
import { purgeRateCounters } from '../../platform/rateLimit.ts';

/** Rows older than their expiry by this much are deleted, ms. */
export const PURGE_GRACE_MS = 60 * 60 * 1000;
/** Counter rows written before they carried `expires_at` are deleted after this, seconds (longest window). */
const LEGACY_COUNTER_AGE_S = 2 * 24 * 3600;

export interface PurgeCounts {
  captchas: number;
  smsCodes: number;
  sessions: number;
  rateCounters: number;
  powSpent: number;
}

/** Deletes what expired before `now - PURGE_GRACE_MS`; returns the number of rows deleted per table. */
export async function purgeExpired(db: DbOrTx, now: Date = new Date()): Promise<PurgeCounts> {
  const cut = new Date(now.getTime() - PURGE_GRACE_MS);
  const cutS = Math.floor(cut.getTime() / 1000);
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    captchas: await count(db.delete(captchas).where(lt(captchas.expiresAt, cut)).returning({ id: captchas.id })),
    smsCodes: await count(db.delete(smsCodes).where(lt(smsCodes.expiresAt, cut)).returning({ id: smsCodes.id })),
    sessions: await count(db.delete(sessions).where(lt(sessions.expiresAt, cut)).returning({ id: sessions.id })),
    rateCounters: await purgeRateCounters(db, cutS, cutS - LEGACY_COUNTER_AGE_S),
    powSpent: await count(db.delete(powSpent).where(lt(powSpent.expiresAt, cut)).returning({ id: powSpent.id })),
  };
}
