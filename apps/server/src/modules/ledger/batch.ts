/**
 * Group commit of ledger appends (issue 16; as Trillian/Tessera integrate in batches): concurrent
 * callers queue their whole transaction body (`work`); one sequencer transaction runs the queued bodies
 * one after the other, each in its own savepoint, and commits them together — one sequencer-lock
 * acquisition, one read of the tree's right edge and one commit (one WAL fsync) for the whole batch.
 *
 * Guarantees kept (issue 9): every body's rows (evidence, ledger entry, points charge, audit…) are
 * written in the same database transaction, and a caller is answered only after that transaction
 * committed. A body that throws is rolled back to its savepoint alone (its caller gets its error; the
 * others still commit). If the commit itself fails, every caller of the batch gets the error: nothing
 * was acknowledged, nothing is lost. Across processes (cluster) batches are sequenced by the same
 * transaction-scoped advisory lock as single appends; it is taken FIRST in the batch transaction, so every
 * row lock a body takes is taken under it (no lock-order cycle with another batch).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acceptBeforeCommit, runBeforeCommit, type BeforeCommitSteps } from '../../platform/beforeCommit.ts';
import type { NodeId } from './merkle.ts';
import { enterBody, newBatchScope, runFinals } from '../../platform/batchScope.ts';
import { acceptDeferredInserts, flushDeferred, mergeDeferred, type DeferredRows } from '../../platform/deferredInserts.ts';
import * as repo from './repo.ts';

/** The tree's size and right edge (complete subtrees tiling [0, size), largest first). */
export interface Frontier {
  size: number;
  edge: Array<NodeId & { hash: Buffer }>;
}

/** Frontier of the open batch a savepoint transaction belongs to (appends inside `work` use it). */
const batchOf = new WeakMap<object, { frontier: Frontier }>();

/** The batch state of `tx` when it is a group-commit body's transaction, else undefined. */
export const batchState = (tx: DbOrTx): { frontier: Frontier } | undefined => batchOf.get(tx);

const copy = (f: Frontier): Frontier => ({ size: f.size, edge: f.edge.slice() });

interface Item {
  work: (tx: DbOrTx) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** Name of the savepoint of each body (nested bodies of drizzle's own `transaction()` use sp2, sp3…). */
const BODY_SAVEPOINT = 'sp1';

/** The parts of drizzle's session and prepared query that `inSavepoint` wraps (both drivers have them). */
interface Prepared {
  execute(...a: unknown[]): Promise<unknown>;
  all(...a: unknown[]): Promise<unknown>;
}
interface Session {
  prepareQuery(...a: unknown[]): Prepared;
}

/**
 * The body's transaction object: drizzle's own class over `session`, as `new PgTransaction(dialect, session,
 * schema, nestedIndex + 1)` would build it, but without running its constructor per body — that constructor
 * builds one relational query builder per table of the whole schema (`tx.query.*`), ≈ 5 % of the CPU of a
 * group-commit append on PGlite at 1 M entries (issue 16, round 3); here `query` is built on first use only.
 */
function bodyTransaction(t: { dialect: unknown; schema: unknown; nestedIndex: number; constructor: new (...a: unknown[]) => DbOrTx }, session: Session): DbOrTx {
  const base = t as unknown as { _: Record<string, unknown>; $cache: unknown };
  const sp = Object.create(Object.getPrototypeOf(t) as object) as Record<string, unknown>;
  Object.assign(sp, { dialect: t.dialect, session, schema: t.schema, nestedIndex: t.nestedIndex + 1, $cache: base.$cache, _: { ...base._, session } });
  let query: unknown;
  Object.defineProperty(sp, 'query', {
    enumerable: true,
    get: () => (query ??= (new t.constructor(t.dialect, session, t.schema, t.nestedIndex + 1) as unknown as { query: unknown }).query),
  });
  return sp as unknown as DbOrTx;
}

/**
 * Runs `work` in a savepoint of `tx`, taken LAZILY — just before the first statement `work` sends (a body
 * whose rows are all deferred, e.g. a bare ledger append, sends none and needs none) — and NOT released when
 * `work` succeeds: the next body's savepoint of the same name shadows it (PostgreSQL keeps the older one;
 * ROLLBACK TO names the newest) and the batch's commit ends them all. A body that throws is rolled back to
 * its own savepoint when it took one; its deferred rows are dropped by the caller. The body's transaction is
 * drizzle's own class (`bodyTransaction`, the fields its `transaction()` sets) over a session whose prepared queries take the
 * savepoint first, so every statement — builders, `execute`, nested `transaction()` — goes after it.
 */
async function inSavepoint<T>(tx: DbOrTx, work: (sp: DbOrTx) => Promise<T>): Promise<T> {
  const t = tx as unknown as { dialect: unknown; session: Session & { execute(q: unknown): Promise<unknown> }; schema: unknown; nestedIndex: number; constructor: new (...a: unknown[]) => DbOrTx };
  const real = t.session;
  let taken: Promise<unknown> | null = null;
  const take = () => (taken ??= real.execute(sql.raw(`savepoint ${BODY_SAVEPOINT}`)));
  const lazy = Object.create(real) as Session;
  lazy.prepareQuery = (...a: unknown[]) => {
    const q = real.prepareQuery.apply(lazy, a);
    const execute = q.execute.bind(q);
    const all = q.all.bind(q);
    q.execute = async (...x: unknown[]) => (await take(), execute(...x));
    q.all = async (...x: unknown[]) => (await take(), all(...x));
    return q;
  };
  const sp = bodyTransaction(t, lazy);
  try {
    return await work(sp);
  } catch (err) {
    if (taken) {
      await taken; // a failed SAVEPOINT rejects here: the batch transaction is broken and fails as a whole
      await real.execute(sql.raw(`rollback to savepoint ${BODY_SAVEPOINT}`));
    }
    throw err;
  }
}

/** Largest number of bodies per batch transaction (also PostgreSQL's cache of 64 subtransactions per backend). */
export const MAX_BATCH = 64;

/**
 * Builds the group committer on `db`. `run(work)` resolves with `work`'s result once the batch holding it
 * committed; rejects with `work`'s error (only its own rows rolled back) or the batch's commit error.
 * Ledger appends inside `work` must use the `tx` it is given.
 */
export function groupCommitter(db: Db, opts: { maxBatch?: number } = {}) {
  const max = opts.maxBatch ?? MAX_BATCH;
  const queue: Item[] = [];
  let running = false;

  async function runBatch(items: Item[]): Promise<void> {
    const results: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await db.transaction(async (tx) => {
        await repo.lockSequencer(tx);
        const st = { frontier: (await repo.frontier(tx)) as Frontier };
        const steps: BeforeCommitSteps = new Map();
        const rows: DeferredRows = new Map();
        // Ids in blocks, per-module batch state, flush statements (platform/batchScope.ts).
        const scope = newBatchScope(tx);
        for (const [i, it] of items.entries()) {
          const before = copy(st.frontier);
          const mine: DeferredRows = new Map();
          let succeeded = () => {};
          scope.remaining = items.length - i;
          try {
            const value = await inSavepoint(tx, (sp) => {
              batchOf.set(sp, st);
              acceptBeforeCommit(sp, steps);
              acceptDeferredInserts(sp, mine);
              succeeded = enterBody(sp, scope);
              return it.work(sp);
            });
            mergeDeferred(rows, mine);
            succeeded();
            results.push({ ok: true, value });
          } catch (error) {
            st.frontier = before; // its savepoint was rolled back, with its leaves; its deferred rows and body state are dropped
            results.push({ ok: false, error });
          }
        }
        // The deferred rows of every body that succeeded, as multi-row INSERTs (platform/deferredInserts.ts).
        await flushDeferred(tx, rows);
        // The batch's own final statements (e.g. the points balances charged by its bodies).
        await runFinals(scope);
        // Deferred durability steps (blob links + fsyncs) of every body, concurrently, before the commit.
        await runBeforeCommit(steps);
        // An aborted transaction would "commit" as a rollback without an error: make sure it is not.
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      for (const it of items) it.reject(error);
      return;
    }
    items.forEach((it, i) => {
      const r = results[i]!;
      if (r.ok) it.resolve(r.value);
      else it.reject(r.error);
    });
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length) await runBatch(queue.splice(0, max));
    } finally {
      running = false;
    }
  }

  return {
    run<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
        if (!running) void drain();
      });
    },
  };
}
