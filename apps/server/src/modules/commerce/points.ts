/**
 * The points ledger (issue 13 §1; DESIGN.md Domain model "Money and points"): append-only, double entry.
 * One transfer writes two `points_ledger` rows with the same `transferId` whose amounts sum to zero —
 * the user's account (`user:<id>`) and a platform account — and updates the cached balance
 * `users.points` in the same transaction, under a row lock on the user, so concurrent charges are
 * serialised per account and a balance never goes below zero. Amounts are integer hundredths.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import { pointsLedger } from '../../db/schema/index.ts';
import { batchBody, type BatchBody } from '../../platform/batchScope.ts';
import { insertRows } from '../../platform/deferredInserts.ts';
import { badRequest } from '../../platform/errors.ts';

/** Platform accounts the other side of a transfer is booked on. */
export const PLATFORM = {
  /** Points given away (welcome grant, operator grants): a debit here is a cost of the platform. */
  gifts: 'platform:gifts',
  /** Points sold for money (recharge). */
  sales: 'platform:sales',
  /** Points spent on services (consumption). */
  revenue: 'platform:revenue',
  /** Starting balances set by `user:create --points`. */
  opening: 'platform:opening',
} as const;

/** Why points moved. */
export type PointsReason = 'welcome' | 'grant' | 'recharge' | 'consume' | 'initial' | 'refund';

export interface TransferInput {
  userId: number;
  /** Signed hundredths: > 0 credits the user, < 0 debits. Never 0. */
  amount: number;
  reason: PointsReason;
  /** 1 gifted, 2 paid (recharge), 3 points spent. */
  payType: 1 | 2 | 3;
  counterAccount: string;
  orderId?: number | null;
  evidenceId?: number | null;
  memberId?: number | null;
  actorId?: number | null;
  note?: string | null;
}

/** The payload of the insufficient-balance 400: where the web sends the user to recharge. */
export const BUY_CREDITS = { url: '/buyCredits' } as const;

/**
 * Points inside a group-commit batch (issue 16, modules/ledger/batch.ts): the first time a batch needs a
 * user's balance it locks the user's row (through the batch transaction: the lock is held to the commit) and
 * reads the balance and every stored price in one statement; later charges of that user in the batch use the
 * running balance in memory — the batch's (earlier bodies that succeeded) plus this body's own changes. A
 * body's changes join the batch's only when it succeeds; the changed balances are written once at the flush
 * (one UPDATE … FROM (VALUES …)). So 可用积分不足 is decided per charge, in arrival order, against a balance
 * that includes the earlier successful bodies, and a body that throws leaves the balance untouched.
 * An account a body locked joins the batch only when that body succeeds: a body that sent a statement of its
 * own before the lock holds the lock in its savepoint, and its rollback releases it (another process may then
 * change the balance) — the next body of the batch locks and reads the row again.
 * Transfer ids are drawn AFTER the account's lock (with it, then in blocks under it): a plain transaction that
 * changed the balance before the lock has a smaller id, so the account's rows in id order are its history
 * (`balance_after` is the running sum, points:verify) — an id block drawn by the batch earlier would not be.
 */
interface BatchAccount {
  balance: number;
  /** To be written at the flush. */
  dirty: boolean;
  /** Transfer ids drawn after this account's lock, not yet used. */
  ids: number[];
}
interface BatchPoints {
  /** Balance per locked user, with the changes of the bodies that succeeded. */
  accounts: Map<number, BatchAccount>;
  /** Stored prices by order type (read with the first lock of the batch). */
  prices: Map<number, number> | null;
}
/** A body's own: its balance changes, and the accounts it locked (the batch's once the body succeeded). */
interface BodyPoints {
  pending: Map<number, number>;
  locked: Map<number, BatchAccount>;
}
const BATCH = Symbol('points.batch');
const BODY = Symbol('points.body');

/** The account of `userId` (locked and read on first use) and the body's own pending delta map. */
async function batchAccount(b: BatchBody, userId: number): Promise<{ acct: BatchAccount; prices: Map<number, number>; pending: Map<number, number> }> {
  const st = b.state<BatchPoints>(BATCH, () => ({ accounts: new Map(), prices: null }));
  const mine = b.bodyState<BodyPoints>(BODY, () => {
    const m: BodyPoints = { pending: new Map(), locked: new Map() };
    b.onSuccess(() => {
      for (const [id, a] of m.locked) st.accounts.set(id, a);
      for (const [id, d] of m.pending) {
        const a = st.accounts.get(id)!;
        a.balance += d;
        a.dirty = true;
      }
    });
    return m;
  });
  let acct = st.accounts.get(userId) ?? mine.locked.get(userId);
  if (!acct) {
    // The subquery locks the row; the outer select's nextval runs once the lock is held (the first transfer id).
    const r = await b.tx.execute(
      sql`select u.points, (select json_object_agg(order_type, price) from prices) as prices, nextval(pg_get_serial_sequence('points_ledger', 'id'))::bigint as tid from (select points from users where id = ${userId} for update) u`,
    );
    const row = (r as unknown as { rows: Array<{ points: string | number; prices: Record<string, number | string> | string | null; tid: string | number }> }).rows[0];
    if (!row) throw badRequest(MSG.USER_NOT_FOUND);
    if (!st.prices) {
      const p = typeof row.prices === 'string' ? (JSON.parse(row.prices) as Record<string, number | string>) : (row.prices ?? {});
      st.prices = new Map(Object.entries(p).map(([k, v]) => [Number(k), Number(v)]));
    }
    acct = { balance: Number(row.points), dirty: false, ids: [Number(row.tid)] };
    mine.locked.set(userId, acct);
    b.atFlush(BATCH, (tx) => writeBalances(tx, st));
  }
  return { acct, prices: st.prices!, pending: mine.pending };
}

/** The next transfer id of `acct` (locked by the batch): its own ids, else a block for the bodies left, drawn now. */
async function nextTransferId(b: BatchBody, acct: BatchAccount): Promise<number> {
  if (!acct.ids.length) {
    const r = await b.tx.execute(sql`select nextval(pg_get_serial_sequence('points_ledger', 'id'))::bigint as id from generate_series(1, ${Math.max(1, b.remaining)}::int)`);
    acct.ids = (r as unknown as { rows: Array<{ id: string | number }> }).rows.map((x) => Number(x.id)).sort((x, y) => x - y);
  }
  return acct.ids.shift()!;
}

/** Flush of a batch: every balance its successful bodies changed, in one statement. */
async function writeBalances(tx: DbOrTx, st: BatchPoints): Promise<void> {
  const dirty = [...st.accounts].filter(([, a]) => a.dirty);
  if (!dirty.length) return;
  const values = sql.join(dirty.map(([id, a]) => sql`(${id}::bigint, ${a.balance}::bigint)`), sql`, `);
  await tx.execute(sql`update users set points = v.points from (values ${values}) as v(id, points) where users.id = v.id`);
}

/**
 * Locks the user's row FOR UPDATE and returns the balance (hundredths). Call it FIRST in a transaction
 * that will insert rows referencing the user (orders): those take a KEY SHARE lock on the user row, and
 * two transactions holding KEY SHARE that both then ask FOR UPDATE deadlock (seen on PostgreSQL).
 */
export async function lockBalance(tx: DbOrTx, userId: number): Promise<number> {
  const b = batchBody(tx);
  if (b) {
    const { acct, pending } = await batchAccount(b, userId);
    return acct.balance + (pending.get(userId) ?? 0);
  }
  const locked = await tx.execute<{ points: string | number }>(sql`select points from users where id = ${userId} for update`);
  const row = (locked as unknown as { rows: Array<{ points: string | number }> }).rows[0];
  if (!row) throw badRequest(MSG.USER_NOT_FOUND);
  return Number(row.points);
}

/**
 * `lockBalance` and the stored price of `orderType` in ONE statement (issue 16: a deposit's charge makes one
 * database round trip less): locks the user's row FOR UPDATE (the price subquery locks nothing) and returns the
 * balance and the `prices` row's price, hundredths — null when the operators stored none (the caller then uses
 * pricing.ts's default). 400 用户不存在 when the user is missing.
 */
export async function lockBalanceAndPrice(tx: DbOrTx, userId: number, orderType: number): Promise<{ balance: number; storedPrice: number | null }> {
  const b = batchBody(tx);
  if (b) {
    const { acct, prices, pending } = await batchAccount(b, userId);
    return { balance: acct.balance + (pending.get(userId) ?? 0), storedPrice: prices.get(orderType) ?? null };
  }
  const locked = await tx.execute(sql`select points, (select price from prices where order_type = ${orderType}) as price from users where id = ${userId} for update`);
  const row = (locked as unknown as { rows: Array<{ points: string | number; price: string | number | null }> }).rows[0];
  if (!row) throw badRequest(MSG.USER_NOT_FOUND);
  return { balance: Number(row.points), storedPrice: row.price === null || row.price === undefined ? null : Number(row.price) };
}

/**
 * Books one transfer through `tx` (the caller's transaction): locks the user's row, checks that the
 * balance stays ≥ 0 (else 400 可用积分不足，请先充值 with data `{url: '/buyCredits', balance, need}`),
 * updates the cache and inserts both rows (deferred to the batch commit in a group-commit body). Returns
 * the balance after, hundredths. `opts.lockedBalance`: the balance the caller already locked in `tx`.
 */
export async function transfer(tx: DbOrTx, t: TransferInput, opts: { lockedBalance?: number } = {}): Promise<number> {
  if (!Number.isSafeInteger(t.amount) || t.amount === 0) throw new Error('points transfer: amount must be a non-zero integer');
  const b = batchBody(tx);
  // `lockedBalance`: the caller locked the row with lockBalance in this transaction and nothing changed it since.
  // In a batch body: the running balance in memory (see BatchPoints).
  const batch = b ? await batchAccount(b, t.userId) : null;
  const before = batch ? batch.acct.balance + (batch.pending.get(t.userId) ?? 0) : (opts.lockedBalance ?? (await lockBalance(tx, t.userId)));
  const after = before + t.amount;
  if (after < 0) throw badRequest(MSG.POINTS_INSUFFICIENT, { ...BUY_CREDITS, balance: before, need: -t.amount });
  let transferId: number;
  if (batch) {
    // The balance is written at the batch's flush; the transfer id was drawn after the account's lock.
    batch.pending.set(t.userId, (batch.pending.get(t.userId) ?? 0) + t.amount);
    transferId = await nextTransferId(b!, batch.acct);
  } else {
    // The cached balance is updated at once; the transfer id is drawn in the same statement (issue 16: one round
    // trip instead of two). The row is locked (above), so it is there.
    const idRes = await tx.execute(sql`update users set points = ${after} where id = ${t.userId} returning nextval(pg_get_serial_sequence('points_ledger', 'id')) as id`);
    transferId = Number((idRes as unknown as { rows: Array<{ id: string | number }> }).rows[0]!.id);
  }
  const common = {
    transferId,
    reason: t.reason,
    payType: t.payType,
    orderId: t.orderId ?? null,
    evidenceId: t.evidenceId ?? null,
    memberId: t.memberId ?? null,
    actorId: t.actorId ?? null,
    note: t.note?.slice(0, 200) ?? null,
  };
  // In a group-commit body (a deposit's charge) both rows join the batch's multi-row INSERT before its commit
  // (issue 16, platform/deferredInserts.ts).
  await insertRows(tx, pointsLedger, [
    { ...common, id: transferId, account: `user:${t.userId}`, userId: t.userId, amount: t.amount, balanceAfter: after },
    { ...common, account: t.counterAccount, userId: null, amount: -t.amount, balanceAfter: null },
  ]);
  return after;
}

/** One problem `verifyPoints` found. */
export interface PointsProblem {
  target: string;
  detail: string;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * `npm run cli -- points:verify`: recomputes every balance from the ledger and checks the books —
 * each transfer sums to zero with exactly one user row; each user's cached `users.points` equals the sum
 * of its rows; the running balance (`balance_after`) of each account is consistent row by row and never
 * negative. Returns the counts and every problem (empty when clean).
 */
export async function verifyPoints(db: DbOrTx): Promise<{ users: number; rows: number; transfers: number; problems: PointsProblem[] }> {
  const problems: PointsProblem[] = [];
  const unbalanced = rowsOf<{ transfer_id: string; s: string; n: string }>(await db.execute(sql`
    select transfer_id, sum(amount) as s, count(*) filter (where user_id is not null) as n
    from points_ledger group by transfer_id having sum(amount) <> 0 or count(*) filter (where user_id is not null) <> 1`));
  for (const u of unbalanced) problems.push({ target: `transfer:${u.transfer_id}`, detail: `transfer does not balance (sum ${u.s}, user rows ${u.n})` });
  const cache = rowsOf<{ id: string; points: string; s: string | null }>(await db.execute(sql`
    select u.id, u.points, l.s from users u
    left join (select user_id, sum(amount) as s from points_ledger where user_id is not null group by user_id) l on l.user_id = u.id
    where u.points <> coalesce(l.s, 0)`));
  for (const c of cache) problems.push({ target: `user:${c.id}`, detail: `cached balance ${c.points} ≠ ledger sum ${c.s ?? 0}` });
  const running = rowsOf<{ id: string; user_id: string; balance_after: string; run: string }>(await db.execute(sql`
    select id, user_id, balance_after, run from (
      select id, user_id, balance_after, sum(amount) over (partition by user_id order by id) as run
      from points_ledger where user_id is not null) t
    where balance_after <> run or run < 0 limit 100`));
  for (const r of running) problems.push({ target: `points_ledger:${r.id}`, detail: `user ${r.user_id}: balance_after ${r.balance_after}, running sum ${r.run}` });
  const counts = rowsOf<{ users: string; rows: string; transfers: string }>(await db.execute(sql`
    select (select count(*) from users) as users, count(*) as rows, count(distinct transfer_id) as transfers from points_ledger`))[0]!;
  return { users: Number(counts.users), rows: Number(counts.rows), transfers: Number(counts.transfers), problems };
}
