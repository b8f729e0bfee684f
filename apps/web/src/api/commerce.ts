/**
 * Points, recharge and orders calls (issue 13; spec p1 §2–4, §7, §9). Types from
 * `@cunzheng/contract/commerce` (types only). Points are integer hundredths, money fen.
 */
import type { TOrderListRes, TOrderStatusRes, TPayRes, TPriceItem } from '@cunzheng/contract/commerce';
import { getSession } from '../stores/session';
import { ApiError, apiUrl, request, requestWithMsg } from './request';

/** TanStack Query keys. */
export const COMMERCE_KEYS = { orders: ['processorder/getOrderList'] as const, prices: ['points/prices'] as const };

/** POST /api/Evidences/pay (integral yuan | order_no, type 1) → `{html, order_no}`: the provider's auto-submitting form. */
export const payRecharge = (d: { integral?: number; order_no?: string }) => request<TPayRes>({ method: 'POST', url: '/api/Evidences/pay', data: { ...d, type: 1 } });

/** POST /api/alipay/cancelPay (order_no) → msg 订单已取消. */
export const cancelPay = (orderNo: string) => requestWithMsg<null>({ method: 'POST', url: '/api/alipay/cancelPay', data: { order_no: orderNo } });

/** GET /api/alipay/orderStatus (order_no) → `{order_no, pay_status, balance, money}`. */
export const orderStatus = (orderNo: string) => request<TOrderStatusRes>({ method: 'GET', url: '/api/alipay/orderStatus', data: { order_no: orderNo }, silent: true });

/** GET /api/points/prices → the price table. */
export const prices = () => request<TPriceItem[]>({ method: 'GET', url: '/api/points/prices' });

/** Filters of the orders page (spec p1 §7 getOrderList). */
export interface OrderQuery {
  page: number;
  isType: 1 | 2;
  type: number;
  evidenceType: number;
  keyword?: string;
  startTime?: number;
  endTime?: number;
  /** Main account: only this member's consumption (the member's user id, `son_uid`). */
  member_id?: number;
}

/** GET /api/processorder/getOrderList → `{list, count}`, 10 a page. */
export const orderList = (q: OrderQuery) => request<TOrderListRes>({ method: 'GET', url: '/api/processorder/getOrderList', data: { ...q } });

/**
 * GET /api/processorder/exportOrderList (same filters) → the .xlsx as a Blob. A JSON answer (暂无数据)
 * becomes an ApiError with the server's msg.
 */
export async function exportOrders(q: Omit<OrderQuery, 'page'>): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  const { token, role } = getSession();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (role) headers.ROLE = role;
  const res = await fetch(apiUrl(`/api/processorder/exportOrderList?${params.toString()}`), { headers });
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    const env = (await res.json()) as { code: number; msg: string };
    throw new ApiError(env.code, env.msg);
  }
  return res.blob();
}

/** Submits the provider's form HTML (`data.html`) in this page: the browser goes to the payment page. */
export function submitPayForm(html: string): void {
  const holder = document.createElement('div');
  holder.style.display = 'none';
  holder.innerHTML = html; // scripts inside are inert; the form is submitted below
  document.body.appendChild(holder);
  const form = holder.querySelector('form');
  if (form) form.submit();
}

/** Operator: POST /api/admin/prices (orderType, price in hundredths). */
export const adminSetPrice = (orderType: number, price: number) => requestWithMsg<null>({ method: 'POST', url: '/api/admin/prices', data: { orderType, price } });
/** Operator: POST /api/admin/points/grant (mobile, points in hundredths, note) → `{balance}`. */
export const adminGrant = (d: { mobile: string; points: number; note: string }) => requestWithMsg<{ balance: number }>({ method: 'POST', url: '/api/admin/points/grant', data: { ...d } });
