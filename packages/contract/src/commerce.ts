/**
 * Points, recharge, payment and orders calls (issue 13; spec p1 §3, §4, §7, §9). Points are integer
 * hundredths on the wire (`balance`, `points`), money is fen (`money`).
 */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { zFormInt, zFormIntDefault, zFormIntOpt, zPaged, zPaging, zUnixOpt } from './common.ts';
import { MSG } from './messages.ts';

/** Recharge packages of /buyCredits, whole yuan (1 yuan buys 1.00 point). */
export const RECHARGE_PACKAGES = [50, 100, 200, 500, 1000] as const;
/** Custom recharge amount bounds, whole yuan. */
export const RECHARGE_MIN = 1;
export const RECHARGE_MAX = 50_000;

const orderNo = z.string({ error: MSG.ORDER_NOT_FOUND }).trim().min(1, MSG.ORDER_NOT_FOUND).max(32, MSG.ORDER_NOT_FOUND).regex(/^[A-Za-z0-9]+$/, MSG.ORDER_NOT_FOUND);

/**
 * POST /api/Evidences/pay (spec p1 §7 "a call with integral, type 1 and order_no returns data.html"):
 * `integral` whole yuan of a new recharge, or `order_no` of a to-be-paid one to continue; type 1 recharge.
 */
export const ZPayReq = z.object({
  integral: zFormIntOpt(MSG.RECHARGE_AMOUNT_INVALID, RECHARGE_MIN, RECHARGE_MAX),
  type: zFormIntDefault(MSG.BAD_PARAM, 1, 1, 1),
  order_no: orderNo.optional(),
});
export type TPayReq = z.infer<typeof ZPayReq>;
export const ZPayRes = z.object({ html: z.string(), order_no: z.string() });
export type TPayRes = z.infer<typeof ZPayRes>;

/** POST /api/alipay/cancelPay (order_no). */
export const ZCancelPayReq = z.object({ order_no: orderNo });
/** GET /api/alipay/orderStatus (order_no) → the return page's result. */
export const ZOrderStatusQuery = z.object({ order_no: orderNo });
export const ZOrderStatusRes = z.object({ order_no: z.string(), pay_status: z.number().int(), balance: z.number().int(), money: z.number().int() });
export type TOrderStatusRes = z.infer<typeof ZOrderStatusRes>;

/**
 * GET /api/processorder/getOrderList and exportOrderList (spec p1 §7): startTime, endTime (Unix seconds,
 * end = day + 86399), page, `type` pay filter (0 all, 1 to be paid, 2 paid, 3 cancelled), `isType` tab
 * (1 充值消费: every order, 2 消费记录: consumption only), `evidenceType` order type code (0 all),
 * keyword (order number, description, member name or mobile), member_id (main account's member filter).
 */
export const ZOrderListQuery = z.object({
  ...zPaging(PAGE_SIZE.orders),
  startTime: zUnixOpt(),
  endTime: zUnixOpt(),
  type: zFormIntDefault(MSG.BAD_PARAM, 0, 3, 0),
  isType: zFormIntDefault(MSG.BAD_PARAM, 1, 2, 1),
  evidenceType: zFormIntDefault(MSG.ORDER_TYPE_INVALID, 0, 99, 0),
  keyword: z.string().trim().max(50, MSG.KEYWORD_TOO_LONG).optional(),
  member_id: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER),
});
export type TOrderListQuery = z.infer<typeof ZOrderListQuery>;

/** One recharge or consumption order (spec p1 §3) plus the member columns of a member consumption order. */
export const ZOrderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  /** Unix seconds. */
  create_time: z.number().int(),
  desc: z.string(),
  /** Points of the order, hundredths. */
  balance: z.number().int(),
  pay_status: z.number().int(),
  pay_status_name: z.string(),
  /** 1 gifted, 2 Alipay, 3 points. */
  pay_type: z.number().int(),
  /** Name of the payment way (赠送, 支付宝, 积分). */
  payType: z.string(),
  /** Order type code (0 recharge). */
  type: z.number().int(),
  type_name: z.string(),
  /** Fen. */
  money: z.number().int(),
  invoiceStatus: z.number().int(),
  name: z.string(),
  mobile: z.string(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;
export const ZOrderListRes = zPaged(ZOrderItem);
export type TOrderListRes = z.infer<typeof ZOrderListRes>;

/** Names of pay_type codes. */
export const PAY_TYPE_LABEL: Readonly<Record<number, string>> = { 1: '平台赠送', 2: '支付宝', 3: '积分' };

/** A row of the price table (hundredths per unit). */
export const ZPriceItem = z.object({ orderType: z.number().int(), name: z.string(), price: z.number().int(), unit: z.enum(['each', 'minute']) });
export type TPriceItem = z.infer<typeof ZPriceItem>;

/** POST /api/admin/prices (operator): orderType, price in hundredths. */
export const ZSetPriceReq = z.object({ orderType: zFormInt(MSG.ORDER_TYPE_INVALID, 0, 99), price: zFormInt(MSG.PRICE_INVALID, 0, 10_000_000) });
/** POST /api/admin/points/grant (operator): mobile, points in hundredths, note. */
export const ZGrantReq = z.object({
  mobile: z.string().trim().regex(/^1\d{10}$/, MSG.USER_NOT_FOUND).max(11),
  points: zFormInt(MSG.GRANT_AMOUNT_INVALID, 1, 100_000_000),
  note: z.string().trim().max(100).default(''),
});
export const ZGrantRes = z.object({ balance: z.number().int() });
