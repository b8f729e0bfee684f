/** `orders` and `payments` table access for the commerce module (issue 13 §2–3). */
import crypto from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, payments, users } from '../../db/schema/index.ts';
import { batchBody, nextId } from '../../platform/batchScope.ts';
import { insertRows } from '../../platform/deferredInserts.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * A new order number: 'CZ' + yyyyMMddHHmmss (Asia/Shanghai) + 8 digits (24 characters). Without `id` the 8
 * digits are random (a collision, about 1 in 10^8 per pair of orders in one second, fails that one insert on
 * `orders_no_uq`). With the row's `id` (known ahead in a group-commit batch, where one bad row would fail
 * every deposit of the batch) they are the id's last 4 digits + 4 random ones: two orders of one second can
 * then share a number only if 10,000 order ids were drawn within that second.
 */
export function newOrderNo(now: Date = new Date(), id?: number): string {
  const t = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const r =
    id === undefined
      ? crypto.randomInt(0, 100_000_000).toString().padStart(8, '0')
      : (id % 10_000).toString().padStart(4, '0') + crypto.randomInt(0, 10_000).toString().padStart(4, '0');
  return `CZ${t}${r}`;
}

/** Inserts an order; returns the row. */
export async function insertOrder(db: DbOrTx, row: Omit<typeof orders.$inferInsert, 'orderNo'>): Promise<OrderRow> {
  const r = await db.insert(orders).values({ ...row, orderNo: newOrderNo() }).returning();
  return r[0]!;
}

/**
 * Inserts an order nothing reads back in the same transaction (a deposit's consumption order); returns its id.
 * In a group-commit body (issue 16) the id comes from the batch's block and the row joins the batch's
 * multi-row INSERT before its commit (platform/deferredInserts.ts); elsewhere as `insertOrder`.
 */
export async function insertOrderId(db: DbOrTx, row: Omit<typeof orders.$inferInsert, 'orderNo' | 'id'>): Promise<number> {
  if (!batchBody(db)) return (await insertOrder(db, row)).id;
  const id = await nextId(db, 'orders');
  await insertRows(db, orders, [{ ...row, id, orderNo: newOrderNo(new Date(), id) }]);
  return id;
}

/** The order `orderNo` of `userId` (another user's answers null), optionally locked FOR UPDATE. */
export async function findOwned(db: DbOrTx, userId: number, orderNo: string, lock = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId))).limit(1);
  const r = lock ? await q.for('update') : await q;
  return r[0] ?? null;
}

/** The order `orderNo`, locked FOR UPDATE (payment notification). */
export async function lockByNo(db: DbOrTx, orderNo: string): Promise<OrderRow | null> {
  const r = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1).for('update');
  return r[0] ?? null;
}

/** Moves a to-be-paid order to `payStatus` (2 paid / 3 cancelled); false when it was no longer to be paid. */
export async function settle(db: DbOrTx, id: number, payStatus: 2 | 3): Promise<boolean> {
  const r = await db
    .update(orders)
    .set({ payStatus, paidAt: payStatus === 2 ? new Date() : null })
    .where(and(eq(orders.id, id), eq(orders.payStatus, 1)))
    .returning({ id: orders.id });
  return r.length > 0;
}

/** Marks an order paid whatever its pay status (a verified payment after a cancel or expiry). */
export async function markPaid(db: DbOrTx, id: number): Promise<void> {
  await db.update(orders).set({ payStatus: 2, paidAt: new Date() }).where(eq(orders.id, id));
}

/** Cancels every to-be-paid order whose expiry passed; returns how many. */
export async function expireDue(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const r = await db
    .update(orders)
    .set({ payStatus: 3 })
    .where(and(eq(orders.payStatus, 1), lte(orders.expiresAt, now)))
    .returning({ id: orders.id });
  return r.length;
}

/**
 * Provider orders (pay_type 2, money > 0) unpaid here — to-be-paid (1) or cancelled/expired (3) — created
 * between `since` and `before`, oldest first, at most `limit`: the active trade query's candidates.
 */
export async function reconcilable(db: DbOrTx, since: Date, before: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.payStatus, [1, 3]), eq(orders.payType, 2), sql`${orders.money} > 0`, gte(orders.createdAt, since), lte(orders.createdAt, before)))
    .orderBy(orders.createdAt)
    .limit(limit);
}

/** Records a payment attempt or a verified payment. */
export async function insertPayment(db: DbOrTx, row: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(row);
}

/** Filters of GET /api/processorder/getOrderList (spec p1 §7). */
export interface OrderFilter {
  userId: number;
  /** Only this member's consumption (role 2, or the main account's member filter). */
  memberId?: number;
  /** 1 recharge and consumption (every order), 2 consumption only. */
  tab: 1 | 2;
  /** 0 all, 1 to be paid, 2 paid, 3 cancelled. */
  payStatus: number;
  /** Order type code (0 all). */
  orderType: number;
  keyword?: string;
  /** Unix seconds, inclusive. */
  startTime?: number;
  endTime?: number;
  page: number;
  limit: number;
}

function where(f: OrderFilter): SQL {
  const c: SQL[] = [eq(orders.userId, f.userId)];
  if (f.tab === 2) c.push(eq(orders.dataType, 1));
  if (f.memberId !== undefined) c.push(eq(orders.memberId, f.memberId));
  if (f.payStatus) c.push(eq(orders.payStatus, f.payStatus));
  if (f.orderType) c.push(eq(orders.type, f.orderType));
  if (f.startTime !== undefined) c.push(gte(orders.createdAt, new Date(f.startTime * 1000)));
  if (f.endTime !== undefined) c.push(lte(orders.createdAt, new Date(f.endTime * 1000 + 999)));
  if (f.keyword) {
    const k = `%${f.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(or(ilike(orders.orderNo, k), ilike(orders.desc, k), ilike(users.name, k), ilike(users.mobile, k))!);
  }
  return and(...c)!;
}

/** A list row joined with the member who spent (name, mobile). */
export interface OrderListRow extends OrderRow {
  memberName: string | null;
  memberMobile: string | null;
}

/** One page of orders, newest first, with the total count. */
export async function listOrders(db: DbOrTx, f: OrderFilter): Promise<{ list: OrderListRow[]; count: number }> {
  const w = where(f);
  const rows = await db
    .select({ o: orders, memberName: users.name, memberMobile: users.mobile })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.memberId))
    .where(w)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const n = await db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.memberId)).where(w);
  return { list: rows.map((r) => ({ ...r.o, memberName: r.memberName, memberMobile: r.memberMobile })), count: Number(n[0]?.n ?? 0) };
}

/** Orders by id owned by `userId` (invoice selection). */
export async function ownedByIds(db: DbOrTx, userId: number, ids: number[]): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return db.select().from(orders).where(and(eq(orders.userId, userId), inArray(orders.id, ids)));
}

/** Sum of a user's consumption orders per order type (for reports/tests). */
export async function spentByType(db: DbOrTx, userId: number): Promise<Array<{ type: number; points: number }>> {
  const r = await db
    .select({ type: orders.type, points: sql<string>`sum(${orders.points})` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.dataType, 1)))
    .groupBy(orders.type);
  return r.map((x) => ({ type: x.type, points: Number(x.points) }));
}
