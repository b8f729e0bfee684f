/**
 * Aggregates of an owner's live evidence for the overview (issue 5 §5): counts and bytes by kind, the
 * latest deposits, deposits per Asia/Shanghai day since `sinceS`. Read-only, on the owner index.
 */
import { and, count, desc, eq, gte, isNull, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { evidence } from '../../db/schema/index.ts';

/** Asia/Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_S = 8 * 3600;
const DAY_S = 86400;

/** What the overview shows of one owner's live evidence. `day` = Shanghai day number (days since 1970-01-01 in UTC+8). */
export interface OwnerStats {
  byKind: Array<{ kind: string; n: number; bytes: number }>;
  recent: Array<{ baoquan: string; title: string; kind: string; saveTime: number }>;
  perDay: Array<{ day: number; n: number }>;
}

/** Aggregates of `userId`'s live evidence; `recentN` latest deposits; per-day counts of deposits at or after `sinceS` (Unix s). */
export async function ownerStats(db: DbOrTx, userId: number, sinceS: number, recentN: number): Promise<OwnerStats> {
  const mine = and(eq(evidence.userId, userId), isNull(evidence.deletedAt));
  // Constants inlined (not parameters) so GROUP BY matches the selected expression.
  const dayExpr = sql<number>`((${evidence.saveTime} + ${sql.raw(String(SHANGHAI_OFFSET_S))}) / ${sql.raw(String(DAY_S))})::int`;
  const [byKind, recent, perDay] = await Promise.all([
    db.select({ kind: evidence.kind, n: count(), bytes: sum(evidence.size) }).from(evidence).where(mine).groupBy(evidence.kind),
    db
      .select({ baoquan: evidence.baoquan, title: evidence.title, kind: evidence.kind, saveTime: evidence.saveTime })
      .from(evidence)
      .where(mine)
      .orderBy(desc(evidence.saveTime), desc(evidence.id))
      .limit(recentN),
    db.select({ day: dayExpr, n: count() }).from(evidence).where(and(mine, gte(evidence.saveTime, sinceS))).groupBy(dayExpr),
  ]);
  return {
    byKind: byKind.map((r) => ({ kind: r.kind, n: r.n, bytes: Number(r.bytes ?? 0) })),
    recent,
    perDay: perDay.map((r) => ({ day: Number(r.day), n: r.n })),
  };
}

/** Live evidence counts of each of `userIds` (operator users list). */
export async function liveCounts(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: evidence.userId, n: count() })
    .from(evidence)
    .where(and(sql`${evidence.userId} in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`, isNull(evidence.deletedAt)))
    .groupBy(evidence.userId);
  return new Map(rows.map((r) => [Number(r.userId), r.n]));
}
