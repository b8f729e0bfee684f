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
 * Locks the user's row FOR UPDATE and returns the balance (hundredths). Call it FIRST in a transaction
 * that will insert rows referencing the user (orders): those take a KEY SHARE lock on the user row, and
 * two transactions holding KEY SHARE that both then ask FOR UPDATE deadlock (seen on PostgreSQL).
 */
export async function lockBalance(tx: DbOrTx, userId: number): Promise<number> {
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
  // `lockedBalance`: the caller locked the row with lockBalance in this transaction and nothing changed it since.
  const before = opts.lockedBalance ?? (await lockBalance(tx, t.userId));
  const after = before + t.amount;
  if (after < 0) throw badRequest(MSG.POINTS_INSUFFICIENT, { ...BUY_CREDITS, balance: before, need: -t.amount });
  // The cached balance is updated at once (the next body of a batch reads it); the transfer id is drawn in the
  // same statement (issue 16: one round trip instead of two). The row is locked (above), so it is there.
  const idRes = await tx.execute(sql`update users set points = ${after} where id = ${t.userId} returning nextval(pg_get_serial_sequence('points_ledger', 'id')) as id`);
  const transferId = Number((idRes as unknown as { rows: Array<{ id: string | number }> }).rows[0]!.id);
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
