/**
 * What a group-commit batch (modules/ledger/batch.ts, issue 16) shares with its bodies besides deferred rows
 * (platform/deferredInserts.ts), so that a body can do its work without sending a statement of its own (its
 * lazy savepoint is then never taken):
 * - ids drawn in blocks (`nextId`): the first id a batch needs from a sequence draws one block for the bodies
 *   still to run, through the batch's own transaction; leftovers are dropped with the batch (gaps, as a
 *   rolled-back `nextval` leaves) — ids stay increasing from batch to batch, in body order within one;
 * - per-module state of the batch (`state`) and of the body (`bodyState`): a body's success folds its state
 *   into the batch's (`onSuccess`); a body that throws loses it with its deferred rows;
 * - statements written once at the flush (`atFlush`), after the deferred rows and before the commit.
 * Statements sent through `tx` (the batch transaction) are not undone when the body throws: only row locks
 * and sequence draws belong there — but a row lock taken after the body's own savepoint (when the body had
 * already sent a statement) IS released when the body throws (PostgreSQL releases the locks of a rolled-back
 * savepoint): batch state that relies on a lock must be the body's until it succeeds (commerce/points.ts).
 * Outside a batch body `batchBody` is undefined and `nextId` is a `nextval`.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** The state of one batch (built by the batch, one per transaction). */
export interface BatchScope {
  /** The batch transaction. */
  tx: DbOrTx;
  /** Bodies from the running one to the last (the size of an id block). */
  remaining: number;
  ids: Map<string, number[]>;
  state: Map<symbol, unknown>;
  finals: Map<symbol, (tx: DbOrTx) => Promise<void>>;
}

/** What a batch body sees of its batch (`batchBody(tx)`). */
export interface BatchBody {
  /** The batch transaction: a statement sent through it takes no body savepoint and survives the body's rollback. */
  readonly tx: DbOrTx;
  /** Bodies from this one to the last of the batch (the size of an id block drawn by this body). */
  readonly remaining: number;
  /** The batch's state under `key` (created by `init` on first use). */
  state<T>(key: symbol, init: () => T): T;
  /** This body's state under `key` (created by `init` on first use; dropped when the body throws). */
  bodyState<T>(key: symbol, init: () => T): T;
  /** Runs `fn` once the body returned (before the next body starts); not when it throws. */
  onSuccess(fn: () => void): void;
  /** Runs `fn` once per batch (per `key`) at the flush, after the deferred rows, before the commit. */
  atFlush(key: symbol, fn: (tx: DbOrTx) => Promise<void>): void;
}

interface BodyLink extends BatchBody {
  scope: BatchScope;
  done: Array<() => void>;
}

const links = new WeakMap<object, BodyLink>();

/** A new batch scope over the batch transaction `tx`. */
export const newBatchScope = (tx: DbOrTx): BatchScope => ({ tx, remaining: 1, ids: new Map(), state: new Map(), finals: new Map() });

/** Binds the body transaction `sp` to `scope`; returns the callback to run when the body succeeded. */
export function enterBody(sp: object, scope: BatchScope): () => void {
  const mine = new Map<symbol, unknown>();
  const link: BodyLink = {
    tx: scope.tx,
    remaining: scope.remaining,
    scope,
    done: [],
    state: <T>(key: symbol, init: () => T): T => {
      if (!scope.state.has(key)) scope.state.set(key, init());
      return scope.state.get(key) as T;
    },
    bodyState: <T>(key: symbol, init: () => T): T => {
      if (!mine.has(key)) mine.set(key, init());
      return mine.get(key) as T;
    },
    onSuccess: (fn) => void link.done.push(fn),
    atFlush: (key, fn) => {
      if (!scope.finals.has(key)) scope.finals.set(key, fn);
    },
  };
  links.set(sp, link);
  return () => {
    for (const fn of link.done) fn();
  };
}

/** The batch of `tx` when `tx` is a group-commit body's transaction, else undefined. */
export const batchBody = (tx: DbOrTx): BatchBody | undefined => links.get(tx);

/** Runs the batch's flush statements (`atFlush`), in registration order. */
export async function runFinals(scope: BatchScope): Promise<void> {
  for (const fn of scope.finals.values()) await fn(scope.tx);
}

const rowsOf = (r: unknown): Array<{ id: string | number }> => (Array.isArray(r) ? r : (r as { rows: Array<{ id: string | number }> }).rows) as Array<{ id: string | number }>;

/** Sequences `nextId` drew from in this process (table, column by key): a batch draws all of them at once. */
const known = new Map<string, [string, string]>();

/**
 * The next value of the serial `table.column`: `nextval` outside a batch; in a batch body, from the batch's
 * block of that sequence. The first draw of a batch takes blocks of every sequence this process has drawn from
 * before and this batch not yet, in ONE statement through the batch transaction (evidence and order ids of a
 * deposit batch: one round trip; points transfer ids are drawn after their account's lock, commerce/points.ts);
 * an exhausted block is refilled alone.
 */
export async function nextId(tx: DbOrTx, table: string, column = 'id'): Promise<number> {
  const link = links.get(tx);
  if (!link) return Number(rowsOf(await tx.execute(sql`select nextval(pg_get_serial_sequence(${table}, ${column}))::bigint as id`))[0]!.id);
  const { scope } = link;
  const key = `${table}.${column}`;
  const pool = scope.ids.get(key);
  if (pool?.length) return pool.shift()!;
  known.set(key, [table, column]);
  const keys = [...known.keys()].filter((k) => k === key || !scope.ids.has(k));
  const n = Math.max(1, scope.remaining);
  const cols = sql.join(
    keys.map((k, i) => {
      const [t, c] = known.get(k)!;
      return sql`nextval(pg_get_serial_sequence(${t}, ${c}))::bigint as ${sql.identifier(`s${i}`)}`;
    }),
    sql`, `,
  );
  const r = await scope.tx.execute(sql`select ${cols} from generate_series(1, ${n}::int)`);
  const rows = (Array.isArray(r) ? r : (r as { rows: Array<Record<string, string | number>> }).rows) as Array<Record<string, string | number>>;
  keys.forEach((k, i) => scope.ids.set(k, rows.map((row) => Number(row[`s${i}`])).sort((a, b) => a - b)));
  return scope.ids.get(key)!.shift()!;
}
