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
 * Outside a batch body `insertRows` simply inserts (the same statement as before). `upsertAdd` defers an
 * "insert or add to a counter" (blob references): the batch sums the rows per key and sends one multi-row
 * INSERT … ON CONFLICT DO UPDATE (a multi-row ON CONFLICT cannot touch one row twice). Tables are flushed
 * referenced-first (their foreign keys), else in first-use order.
 */
import { getTableColumns, SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/** How the rows of a table deferred by `upsertAdd` merge: rows with equal `target` add up their `add`. */
interface AddSpec {
  target: PgColumn;
  add: PgColumn;
}
const addSpecs = new WeakMap<PgTable, AddSpec>();

/**
 * Inserts `row` into `table`, or on a conflict on `target` adds the row's `add` to the stored one — in a
 * group-commit body deferred to the batch's flush (summed per key with the other bodies' rows). Returns false
 * outside a batch body WITHOUT writing anything: the caller then sends its own statement.
 */
export function upsertAdd<T extends PgTable>(tx: DbOrTx, table: T, row: T['$inferInsert'], spec: AddSpec): boolean {
  const sink = sinks.get(tx);
  if (!sink) return false;
  addSpecs.set(table, spec);
  const list = sink.get(table);
  if (list) list.push(row as Record<string, unknown>);
  else sink.set(table, [row as Record<string, unknown>]);
  return true;
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

/** Property name (in `$inferInsert`) of a column of `table`. */
function keyOf(table: PgTable, col: PgColumn): string {
  for (const [k, c] of Object.entries(getTableColumns(table))) if (c === col) return k;
  throw new Error(`deferredInserts: column ${col.name} is not in its table`);
}

/** `rows` with equal `spec.target` merged into one (the first row, `spec.add` summed), in key order (lock order). */
function summed(table: PgTable, rows: Array<Record<string, unknown>>, spec: AddSpec): Array<Record<string, unknown>> {
  const t = keyOf(table, spec.target);
  const a = keyOf(table, spec.add);
  const by = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const k = String(r[t]);
    const had = by.get(k);
    if (had) had[a] = Number(had[a]) + Number(r[a]);
    else by.set(k, { ...r });
  }
  return [...by.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, r]) => r);
}

const fks = new WeakMap<PgTable, PgTable[]>();
/** The tables `table`'s foreign keys point at (once per table). */
function referencedBy(table: PgTable): PgTable[] {
  let r = fks.get(table);
  if (!r) fks.set(table, (r = getTableConfig(table).foreignKeys.map((fk) => fk.reference().foreignTable)));
  return r;
}

/** The deferred tables, each after the deferred tables its foreign keys point at, else in first-use order. */
function flushOrder(rows: DeferredRows): PgTable[] {
  const left = [...rows.keys()];
  const refs = new Map(left.map((t) => [t, referencedBy(t).filter((f) => f !== t && rows.has(f))]));
  const out: PgTable[] = [];
  while (left.length) {
    const i = Math.max(0, left.findIndex((t) => refs.get(t)!.every((f) => out.includes(f))));
    out.push(...left.splice(i, 1));
  }
  return out;
}

/** The connection of a transaction (node-postgres PoolClient, PGlite or its transaction); null when not reachable. */
function clientOf(tx: DbOrTx): { query(text: string, params: unknown[]): Promise<unknown> } | null {
  const c = (tx as unknown as { session?: { client?: { query?: unknown; totalCount?: unknown } } }).session?.client;
  // A node-postgres Pool (not a transaction's client) would run the statement on another connection.
  return c && typeof c.query === 'function' && !('totalCount' in c) ? (c as { query(text: string, params: unknown[]): Promise<unknown> }) : null;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Per table, once: its columns and the head of its INSERT statement. */
const metas = new WeakMap<PgTable, { cols: Array<[string, PgColumn]>; head: string }>();
function metaOf(table: PgTable): { cols: Array<[string, PgColumn]>; head: string } {
  let m = metas.get(table);
  if (!m) {
    const cfg = getTableConfig(table);
    const cols = Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>;
    const name = cfg.schema ? `${q(cfg.schema)}.${q(cfg.name)}` : q(cfg.name);
    m = { cols, head: `insert into ${name} (${cols.map(([, c]) => q(c.name)).join(', ')}) values ` };
    metas.set(table, m);
  }
  return m;
}

/**
 * The multi-row INSERT of `rows` as drizzle would build it (`default` for an absent value without `$defaultFn`,
 * values through each column's `mapToDriverValue`), sent straight to the transaction's connection: drizzle's
 * builder costs ≈ 0.3 ms of CPU per deposit's rows (profile of issue 16 round 5). False (nothing sent) when a
 * value is an SQL expression or the connection is not reachable: the caller then uses drizzle.
 */
async function rawInsert(tx: DbOrTx, table: PgTable, rows: Array<Record<string, unknown>>): Promise<boolean> {
  const client = clientOf(tx);
  if (!client) return false;
  const { cols, head } = metaOf(table);
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const parts: string[] = [];
    for (const [key, col] of cols) {
      let v = row[key];
      if (v === undefined && col.defaultFn) v = col.defaultFn();
      else if (v === undefined && !col.hasDefault && col.onUpdateFn) v = col.onUpdateFn();
      if (v === undefined) {
        parts.push('default');
        continue;
      }
      if (v instanceof SQL) return false;
      params.push(v === null ? null : col.mapToDriverValue(v));
      parts.push(`$${params.length}`);
    }
    tuples.push(`(${parts.join(', ')})`);
  }
  await client.query(`${head}${tuples.join(', ')}`, params);
  return true;
}

/**
 * Writes every deferred row through `tx`: one multi-row INSERT per table (split under the bind-parameter
 * limit; an `upsertAdd` table as one summed INSERT … ON CONFLICT), referenced tables first. Rejects with the
 * database's error (the caller then fails the whole batch).
 */
export async function flushDeferred(tx: DbOrTx, rows: DeferredRows): Promise<void> {
  for (const table of flushOrder(rows)) {
    const spec = addSpecs.get(table);
    const list = spec ? summed(table, rows.get(table)!, spec) : rows.get(table)!;
    const per = Math.max(1, Math.floor(MAX_PARAMS / metaOf(table).cols.length));
    for (let i = 0; i < list.length; i += per) {
      if (!spec && (await rawInsert(tx, table, list.slice(i, i + per)))) continue;
      const q = tx.insert(table).values(list.slice(i, i + per) as never);
      if (spec) await q.onConflictDoUpdate({ target: spec.target, set: { [keyOf(table, spec.add)]: sql`${spec.add} + excluded.${sql.identifier(spec.add.name)}` } as never });
      else await q;
    }
  }
}
