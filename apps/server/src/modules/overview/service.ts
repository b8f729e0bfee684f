/**
 * Overview (issue 5 §5; spec p1 §7 GET /api/Overview/getInfo, p2 §2 /overview): counts of the owner's
 * live evidence by kind, storage used, points balance, the last 5 deposits, the last 5 notifications, and
 * deposits per day over the last 30 days (Asia/Shanghai calendar days, oldest first, ending today).
 * A read model over the evidence service's aggregates (`ownerStats`) and the notification service.
 */
import { EVIDENCE_KINDS, type EvidenceKind } from '@cunzheng/contract/constants';
import type { TKindCounts, TNewsItem, TOverviewRes } from '@cunzheng/contract/account';
import type { EvidenceService } from '../evidence/service.ts';

/** Asia/Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_S = 8 * 3600;
const DAY_S = 86400;
export const OVERVIEW_DAYS = 30;

/** 'YYYY-MM-DD' of Shanghai day number `d` (days since 1970-01-01 in UTC+8). */
export const shanghaiDate = (d: number): string => new Date(d * DAY_S * 1000).toISOString().slice(0, 10);
/** Shanghai day number of Unix seconds `t`. */
export const shanghaiDay = (t: number): number => Math.floor((t + SHANGHAI_OFFSET_S) / DAY_S);

/** Builds the overview service. `latestNews` comes from the notification service, `evidence` aggregates from the evidence service. */
export function overviewService(deps: { evidence: Pick<EvidenceService, 'ownerStats'>; latestNews: (userId: number, n: number) => Promise<TNewsItem[]> }) {
  return {
    /**
     * GET /api/Overview/getInfo for `user` (id and cached points balance in hundredths) → TOverviewRes.
     * `now` (Unix s) is the reference time of the 30-day chart (default: now).
     */
    async info(user: { id: number; points: number }, now: number = Math.floor(Date.now() / 1000)): Promise<TOverviewRes> {
      const today = shanghaiDay(now);
      const first = today - (OVERVIEW_DAYS - 1);
      const firstS = first * DAY_S - SHANGHAI_OFFSET_S;
      const [stats, news] = await Promise.all([deps.evidence.ownerStats(user.id, firstS, 5), deps.latestNews(user.id, 5)]);
      const { byKind, recent, perDay: perDayRows } = stats;
      const counts = Object.fromEntries([...EVIDENCE_KINDS, 'total'].map((k) => [k, 0])) as TKindCounts;
      let storageBytes = 0;
      for (const r of byKind) {
        if ((EVIDENCE_KINDS as readonly string[]).includes(r.kind)) counts[r.kind as EvidenceKind] += r.n;
        counts.total += r.n;
        storageBytes += r.bytes;
      }
      const perDayMap = new Map(perDayRows.map((r) => [r.day, r.n]));
      const perDay = Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({ date: shanghaiDate(first + i), count: perDayMap.get(first + i) ?? 0 }));
      return {
        counts,
        storageBytes,
        points: user.points,
        recent: recent.map((r) => ({ ...r, kind: r.kind as EvidenceKind })),
        notifications: news,
        perDay,
      };
    },
  };
}

export type OverviewService = ReturnType<typeof overviewService>;
