/** Shared helpers of the notary pages (issue 15): labels and the route of an order's current step. */
import { NOTARY_STEP_ROUTE } from '@cunzheng/contract/notary';

/** /attestation-all/data/readingMaterial/{step}/{orderId}/{type} of an order at `step` (1–4). */
export const stepPath = (step: number, orderId: number, type: number): string => `/attestation-all/data/readingMaterial/${NOTARY_STEP_ROUTE[Math.min(Math.max(step, 1), 4)]}/${orderId}/${type}`;

/** Fen as ¥1,234.00. */
export const yuan = (fen: number): string => `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Pay status label (4 已退款: the fee went back after 终止 / 公证失败). */
export const PAY_LABEL: Readonly<Record<number, string>> = { 1: '待支付', 2: '已支付', 3: '已取消', 4: '已退款' };

/** How the fee was paid (order payType: 2 Alipay, 3 points). */
export const PAY_TYPE_LABEL: Readonly<Record<number, string>> = { 2: '支付宝', 3: '积分' };

/** Opens a signed download URL (the browser follows it). */
export function follow(downUrl: string): void {
  const a = document.createElement('a');
  a.href = downUrl;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
