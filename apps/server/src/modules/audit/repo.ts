/** Storage of the continuous audit (db/schema/audit.ts): cursors, runs and alerts. */
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditAlerts, auditCursor, auditRuns } from '../../db/schema/index.ts';

export type CursorRow = typeof auditCursor.$inferSelect;
export type RunRow = typeof auditRuns.$inferSelect;
export type AlertRow = typeof auditAlerts.$inferSelect;

/** The cursor `name`, or a fresh one (position 0, no state). */
export async function cursor(db: DbOrTx, name: string): Promise<CursorRow> {
  const r = await db.select().from(auditCursor).where(eq(auditCursor.name, name)).limit(1);
  return r[0] ?? { name, position: 0, state: null, passes: 0, lastPassAt: null, updatedAt: new Date(0) };
}

/** Stores a cursor's position and state; `passCompleted` counts a finished pass. */
export async function saveCursor(db: DbOrTx, name: string, position: number, state: unknown, passCompleted: boolean): Promise<void> {
  const now = new Date();
  await db.insert(auditCursor)
    .values({ name, position, state: state ?? null, passes: passCompleted ? 1 : 0, lastPassAt: passCompleted ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: auditCursor.name,
      set: {
        position,
        state: state ?? null,
        updatedAt: now,
        ...(passCompleted ? { passes: sql`${auditCursor.passes} + 1`, lastPassAt: now } : {}),
      },
    });
}

/** Starts a run record; returns its id. */
export async function startRun(db: DbOrTx): Promise<number> {
  const r = await db.insert(auditRuns).values({}).returning({ id: auditRuns.id });
  return r[0]!.id;
}

/** Completes a run record with its counts. */
export async function finishRun(db: DbOrTx, id: number, v: Omit<typeof auditRuns.$inferInsert, 'id' | 'startedAt' | 'finishedAt'>): Promise<void> {
  await db.update(auditRuns).set({ ...v, finishedAt: new Date() }).where(eq(auditRuns.id, id));
}

/** The latest run, or null. */
export async function lastRun(db: DbOrTx): Promise<RunRow | null> {
  const r = await db.select().from(auditRuns).orderBy(desc(auditRuns.id)).limit(1);
  return r[0] ?? null;
}

/** Most recent runs first. */
export async function recentRuns(db: DbOrTx, limit: number): Promise<RunRow[]> {
  return db.select().from(auditRuns).orderBy(desc(auditRuns.id)).limit(limit);
}

/** Deletes run records older than `before` (alerts are kept). */
export async function pruneRuns(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(auditRuns).where(lt(auditRuns.startedAt, before));
}

/**
 * Records an alert: a new open alert, or — when one is open for the same kind and target — refreshes its
 * detail and last-seen time. Returns true when a new alert was opened.
 */
export async function raiseAlert(db: DbOrTx, a: { kind: string; target: string; detail: string }): Promise<boolean> {
  const now = new Date();
  const r = await db.insert(auditAlerts)
    .values({ kind: a.kind, target: a.target.slice(0, 200), detail: a.detail.slice(0, 2000), createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [auditAlerts.kind, auditAlerts.target],
      targetWhere: sql`resolved = false`,
      set: { detail: a.detail.slice(0, 2000), lastSeenAt: now },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return r[0]?.inserted === true;
}

/** Open alerts first (newest first), then resolved ones (most recently resolved first). */
export async function listAlerts(db: DbOrTx, limit: number): Promise<AlertRow[]> {
  return db.select().from(auditAlerts).orderBy(auditAlerts.resolved, desc(sql`coalesce(${auditAlerts.resolvedAt}, ${auditAlerts.lastSeenAt})`), desc(auditAlerts.id)).limit(limit);
}

/** Number of open alerts. */
export async function openCount(db: DbOrTx): Promise<number> {
  const r = await db.select({ n: count() }).from(auditAlerts).where(eq(auditAlerts.resolved, false));
  return Number(r[0]?.n ?? 0);
}

/** Marks an open alert resolved by `userId`; returns the row before the change, or null when none is open with this id. */
export async function resolveAlert(db: DbOrTx, id: number, userId: number): Promise<AlertRow | null> {
  const r = await db.update(auditAlerts).set({ resolved: true, resolvedAt: new Date(), resolvedBy: userId })
    .where(and(eq(auditAlerts.id, id), eq(auditAlerts.resolved, false))).returning();
  return r[0] ?? null;
}
