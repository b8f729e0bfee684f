/** Append-only audit log, written in the same transaction as the state change it records. */
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

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
  await tx.insert(auditLog).values({
    actorId: row.actorId,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip ?? null,
    note: row.note ?? null,
  });
}
