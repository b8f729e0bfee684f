/**
 * Refunds of paid orders (issue 15: a notary fee goes back when the paid order is terminated or fails).
 * One refund per order at most (`refunds_order_uq`), decided inside the caller's transaction — the one that
 * changes the notary order's state and writes its audit row — so a duplicated or concurrent termination
 * refunds once:
 *   - points (pay_type 3): the transfer platform:revenue → user (ledger reason 'refund', the order's id,
 *     the reason as note) happens in that transaction; refund row 'done';
 *   - Alipay (pay_type 2): a 'pending' refund row; after commit `run` asks the provider
 *     (alipay.trade.refund with out_request_no = the refund's request number, so a repeat never refunds
 *     twice) and marks it 'done'; a failure is recorded and retried by the commerce job (`retryDue`),
 *     up to MAX_REFUND_ATTEMPTS, then 'failed' (audited, for an operator).
 * The order becomes pay status 4 (已退款) at once, so it can no longer be invoiced. An order already on an
 * invoice application (invoice status 1) or invoiced (2) is refunded all the same — the money is the
 * user's — and the refund row carries an invoice note (audited `invoice.refundConflict`): the operator
 * voids / red-letters that invoice (发票冲红).
 */
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { PayProvider } from './alipay.ts';
import { lockByNo } from './ordersRepo.ts';
import { PLATFORM, transfer } from './points.ts';

/** Attempts at the provider before a refund is marked failed (the job retries once a minute). */
export const MAX_REFUND_ATTEMPTS = 20;

/** pay_status of a refunded order. */
export const PAY_REFUNDED = 4;

export type RefundRow = typeof refunds.$inferSelect;

/** What `request` answers: the refund recorded now, or null when there is nothing (more) to refund. */
export interface RefundStarted {
  id: number;
  payType: number;
  amount: number;
  /** True for a provider refund still to be sent (call `run(id)` after commit). */
  pending: boolean;
  /** Set when the order was on an invoice application or invoiced. */
  invoiceNote: string | null;
}

/** A refund request number: RF + ms time + 6 random digits. */
const requestNo = () => `RF${Date.now()}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;

/** Builds the refund functions over the database and the payment provider. */
export function refundService(deps: { db: Db; provider: PayProvider; log: { warn(o: object, m: string): void } }) {
  const { db } = deps;
  return {
    /**
     * Inside `tx`: refunds the paid order `orderNo` (see the file comment). Null when the order is unknown,
     * not paid, gifted, free, or already refunded — idempotent, so a second termination does nothing.
     */
    async request(tx: DbOrTx, p: { orderNo: string; reason: string; source: string; actorId: number | null }): Promise<RefundStarted | null> {
      const o = await lockByNo(tx, p.orderNo);
      if (!o || o.payStatus !== 2 || (o.payType !== 2 && o.payType !== 3)) return null;
      const amount = o.payType === 3 ? o.points : o.money;
      if (amount <= 0) return null;
      const [already] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, o.id)).limit(1);
      if (already) return null;
      const invoiceNote = o.payType === 2 && (o.invoiceStatus === 1 || o.invoiceStatus === 2) ? MSG.NOTARY_REFUND_INVOICED : null;
      const points = o.payType === 3;
      const [r] = await tx.insert(refunds).values({ orderId: o.id, userId: o.userId, requestNo: requestNo(), amount, payType: o.payType, status: points ? 'done' : 'pending', reason: p.reason.slice(0, 200), source: p.source.slice(0, 64), invoiceNote, doneAt: points ? new Date() : null }).returning();
      if (points) await transfer(tx, { userId: o.userId, amount, reason: 'refund', payType: 3, counterAccount: PLATFORM.revenue, orderId: o.id, actorId: p.actorId, note: `退款：${p.reason}` });
      await tx.update(orders).set({ payStatus: PAY_REFUNDED }).where(eq(orders.id, o.id));
      await writeAudit(tx, { actorId: p.actorId, action: points ? 'order.refunded' : 'order.refundRequested', target: `order:${o.orderNo}`, after: { refund: r!.id, amount, payType: o.payType, source: p.source, reason: p.reason } });
      if (invoiceNote) await writeAudit(tx, { actorId: p.actorId, action: 'invoice.refundConflict', target: `order:${o.orderNo}`, after: { refund: r!.id, invoiceStatus: o.invoiceStatus } });
      return { id: r!.id, payType: o.payType, amount, pending: !points, invoiceNote };
    },

    /**
     * Sends a pending provider refund (after the requesting transaction committed) and records the result:
     * true when it is done (now or before). A refusal or an unreachable provider counts an attempt.
     */
    async run(id: number): Promise<boolean> {
      const [r] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
      if (!r) return false;
      if (r.status !== 'pending') return r.status === 'done';
      const [o] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, r.orderId)).limit(1);
      let error = '';
      try {
        const a = await deps.provider.refund({ orderNo: o!.orderNo, amount: r.amount, requestNo: r.requestNo, reason: r.reason });
        if (a.ok) {
          await db.transaction(async (tx) => {
            const n = await tx.update(refunds).set({ status: 'done', doneAt: new Date(), attempts: r.attempts + 1, lastError: null }).where(and(eq(refunds.id, id), eq(refunds.status, 'pending'))).returning({ id: refunds.id });
            if (n.length) await writeAudit(tx, { actorId: null, action: 'order.refunded', target: `order:${o!.orderNo}`, after: { refund: id, amount: r.amount, provider: deps.provider.name, tradeNo: a.tradeNo } });
          });
          return true;
        }
        error = a.error;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      const failed = r.attempts + 1 >= MAX_REFUND_ATTEMPTS;
      await db.transaction(async (tx) => {
        await tx.update(refunds).set({ attempts: sql`${refunds.attempts} + 1`, lastError: error.slice(0, 200), status: failed ? 'failed' : 'pending' }).where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
        if (failed) await writeAudit(tx, { actorId: null, action: 'order.refundFailed', target: `order:${o!.orderNo}`, after: { refund: id, error: error.slice(0, 200) } });
      });
      deps.log.warn({ refund: id, attempt: r.attempts + 1 }, 'commerce: provider refund not done yet');
      return false;
    },

    /** The commerce job: sends every pending provider refund again (oldest first, at most `limit`) → how many are done. */
    async retryDue(limit = 20): Promise<number> {
      const due = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.status, 'pending')).orderBy(asc(refunds.id)).limit(limit);
      let n = 0;
      for (const r of due) if (await this.run(r.id)) n += 1;
      return n;
    },

    /** The refund of the order `orderNo`, or null (notary detail: 已退款 / 退款处理中). */
    async of(orderNo: string): Promise<Pick<RefundRow, 'status' | 'amount' | 'payType' | 'invoiceNote'> | null> {
      const [r] = await db.select({ status: refunds.status, amount: refunds.amount, payType: refunds.payType, invoiceNote: refunds.invoiceNote }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(orders.orderNo, orderNo)).limit(1);
      return r ?? null;
    },
  };
}

export type RefundService = ReturnType<typeof refundService>;
