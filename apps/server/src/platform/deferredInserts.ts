/**
 * Inserts deferred to the end of a group commit (issue 16, modules/ledger/batch.ts): a group-commit body
 * may hand rows that nothing reads back inside the transaction (ledger leaves and subtree hashes, the
 * time-stamp token, the audit and notification rows) to its batch instead of sending one INSERT each. The
 * batch keeps each body's rows apart while the body runs: a body that throws loses its rows with its
 * savepoint; the rows of the bodies that succeeded are written as multi-row INSERTs (one per table, in the
 * order the tables were first used) after the last body and BEFORE the commit — so every body's rows still
 * commit together, in the one transaction, and nobody is answered before that commit (issue 9). A failing
 * flush fails the whole batch (nothing is acknowledged, nothing committed).
 *
 * Outside a batch body `insertRows` simply inserts (the same statement as before).
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** Rows deferred per table, in first-use order of the tables. */
export type DeferredRows = Map<PgTable, Array<Record<string, unknown>>>;

const sinks = new WeakMap<object, DeferredRows>();

/** Lets `tx` (one batch body's transaction) defer its inserts into `rows`. */
export function acceptDeferredInserts(tx: object, rows: DeferredRows): void {
  sinks.set(tx, rows);
}

/**
 * Inserts `rows` into `table` through `tx`, or defers them to the batch commit when `tx` is a group-commit
 * body's transaction. Only for rows nothing in the same transaction reads back, whose database defaults
 * (serial ids, now()) may be taken at the flush, and whose failure may fail the whole batch.
 */
export async function insertRows<T extends PgTable>(tx: DbOrTx, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const sink = sinks.get(tx);
  if (!sink) {
    await tx.insert(table).values(rows as never);
    return;
  }
  const list = sink.get(table);
  if (list) list.push(...(rows as Array<Record<string, unknown>>));
  else sink.set(table, (rows as Array<Record<string, unknown>>).slice());
}

/** Appends the rows of one body that succeeded (`from`) to the batch's (`into`), keeping the order. */
export function mergeDeferred(into: DeferredRows, from: DeferredRows): void {
  for (const [table, rows] of from) {
    const list = into.get(table);
    if (list) list.push(...rows);
    else into.set(table, rows);
  }
}

/** PostgreSQL's limit of bind parameters per statement. */
const MAX_PARAMS = 65_535;

/**
 * Writes every deferred row through `tx`: one multi-row INSERT per table (split under the bind-parameter
 * limit), tables in first-use order (a table's foreign keys point at rows written directly or earlier).
 * Rejects with the database's error (the caller then fails the whole batch).
 */
export async function flushDeferred(tx: DbOrTx, rows: DeferredRows): Promise<void> {
  for (const [table, list] of rows) {
    const per = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length));
    for (let i = 0; i < list.length; i += per) await tx.insert(table).values(list.slice(i, i + per) as never);
  }
}
