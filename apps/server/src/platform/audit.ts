/** Append-only audit log, written in the same transaction as the state change it records. */
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { insertRows } from './deferredInserts.ts';

export interface AuditRow {
  actorId: number | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  note?: string;
}

/** Inserts one audit row through `tx` (pass the transaction that carries the change). */
export async function writeAudit(tx: DbOrTx, row: AuditRow): Promise<void> {
  // In a group-commit body the row joins the batch's multi-row INSERT before its commit (issue 16).
  await insertRows(tx, auditLog, [{
    actorId: row.actorId,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip ?? null,
    note: row.note ?? null,
  }]);
}

/** One page of the audit log, newest first, optionally one `action` (the operator console). */
export async function listAuditLog(db: DbOrTx, q: { page: number; limit: number; action?: string }): Promise<{ list: Array<typeof auditLog.$inferSelect>; count: number }> {
  const where = q.action ? eq(auditLog.action, q.action) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { list: rows, count: total[0]?.n ?? 0 };
}
