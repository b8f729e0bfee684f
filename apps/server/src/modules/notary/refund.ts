/**
 * The notary fee back when a paid order ends without a 公证书 (issue 15): the applicant withdraws it before
 * acceptance (`POST /api/Evidences/stop`), the office terminates it or marks it failed, or an Alipay payment
 * arrives for an order already void. Decided in the transaction of the state change (commerce `refund`:
 * points back at once as a ledger row with the reason and order; Alipay recorded pending), at most once per
 * payment; the provider refund is sent after commit (`afterCommit`) and retried by the commerce job.
 */
import type { DbOrTx } from '../../db/client.ts';
import { notaryOrders } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { OrderRow } from './context.ts';

/** What the notary module needs of commerce refunds. */
export interface NotaryRefunds {
  refund(tx: DbOrTx, p: { orderNo: string; reason: string; source: string; actorId: number | null }): Promise<{ id: number; payType: number; amount: number; pending: boolean; invoiceNote: string | null } | null>;
  runRefund(id: number): Promise<boolean>;
  refundOf(orderNo: string): Promise<{ status: string; amount: number; payType: number; invoiceNote: string | null } | null>;
}

/** Yuan text of fen / points text of hundredths. */
const money = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** pay_status of a refunded notary order (p2 §3 pay: 1 to be paid, 2 paid, 3 cancelled; 4 is ours). */
export const NOTARY_PAY_REFUNDED = 4;

/**
 * Inside the state change's transaction: refunds the order's fee when it was paid and not yet refunded,
 * marks the order refunded, and returns the sentence for the user's notice ('' when nothing was refunded)
 * and the pending provider refund to send after commit.
 */
export async function refundFee(r: NotaryRefunds, tx: DbOrTx, o: OrderRow, reason: string, actorId: number | null): Promise<{ text: string; pending: number | null }> {
  if (o.payStatus !== 2 || !o.commerceOrderNo) return { text: '', pending: null };
  const got = await r.refund(tx, { orderNo: o.commerceOrderNo, reason: `公证订单 ${o.orderNo}：${reason}`, source: `notaryOrder:${o.orderNo}`, actorId });
  if (!got) return { text: '', pending: null };
  await tx.update(notaryOrders).set({ payStatus: NOTARY_PAY_REFUNDED, updatedAt: new Date() }).where(eq(notaryOrders.id, o.id));
  const text = got.payType === 3 ? `已退回公证费 ${money(got.amount)} 积分至您的账户。` : `公证费 ¥${money(got.amount)} 将原路退回您的支付宝账户。`;
  return { text, pending: got.pending ? got.id : null };
}

/** After commit: sends a pending provider refund; a failure is left to the commerce job's retry. */
export async function afterCommit(r: NotaryRefunds, pending: number | null): Promise<void> {
  if (pending !== null) await r.runRefund(pending).catch(() => false);
}

/** The detail page's refund text: '' none, 已退款 ¥10.00（支付宝）/ 已退款 10.00 积分 / 退款处理中 / 退款失败，请联系客服. */
export async function refundText(r: NotaryRefunds, o: OrderRow): Promise<string> {
  if (!o.commerceOrderNo) return '';
  const f = await r.refundOf(o.commerceOrderNo);
  if (!f) return '';
  const what = f.payType === 3 ? `${money(f.amount)} 积分` : `¥${money(f.amount)}（支付宝原路退回）`;
  return f.status === 'done' ? `已退款 ${what}` : f.status === 'pending' ? `退款处理中 ${what}` : '退款失败，请联系客服';
}
