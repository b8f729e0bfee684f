/**
 * Routes of points, recharge, payment and orders (issue 13; spec p1 §7 "Account, orders" and "Payment",
 * p2 §7 POST /api/Evidences/pay, GET /api/alipay/doPay) and the operator's price table and grants.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCancelPayReq, ZGrantReq, ZOrderListQuery, ZOrderStatusQuery, ZPayReq, ZSetPriceReq } from '@cunzheng/contract/commerce';
import { zFormIntDefault } from '@cunzheng/contract/common';
import { ORDER_TYPE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import type { Principal, Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { contentDisposition } from '../system/files.ts';
import { assertOrders, exportOrders, orderList, type OrderViewer } from './orderList.ts';
import type { CommerceService } from './service.ts';

/** The order viewer of a principal: role 2 (company member) sees only its own consumption. */
const viewerOf = (me: Principal): OrderViewer => (me.role === 2 ? { userId: me.user.id, memberId: me.actor.id } : { userId: me.user.id });

/** Registers the commerce routes. */
export const commerceRoutes = (deps: { commerce: CommerceService; sessions: Sessions; db: Db; findUserByMobile: (mobile: string) => Promise<number | null> }): FastifyPluginAsyncZod => async (app) => {
  const { commerce, sessions } = deps;

  /**
   * POST /api/Evidences/pay (integral | order_no, type 1) → `{html, order_no}`: `html` is the provider's
   * form that the page submits at once (spec p1 §7). 400 请输入1-50000之间的整数充值金额, 订单不存在,
   * 订单已支付、已取消或已过期.
   */
  app.post('/api/Evidences/pay', { schema: { body: ZPayReq } }, async (req) => {
    const me = await sessions.required(req);
    if (req.body.integral === undefined && !req.body.order_no) throw badRequest(MSG.RECHARGE_AMOUNT_INVALID);
    return ok(await commerce.pay(me.user.id, { integral: req.body.integral, orderNo: req.body.order_no }, req.ip));
  });

  /**
   * POST /api/alipay/notify: the provider's asynchronous notification (form fields, RSA2 signed). Answers
   * the plain text `success` (Alipay protocol) only for a genuine one; see CommerceService.notify.
   */
  app.post('/api/alipay/notify', { schema: { hide: true } }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' && v.length <= 2000) params[k] = v;
    const good = await commerce.notify(params);
    return reply.type('text/plain; charset=utf-8').send(good ? 'success' : 'fail');
  });

  /**
   * GET /api/alipay/doPay: the return URL the provider sends the browser to after paying (or 取消 in the
   * sandbox). Nothing is credited here (only a verified notification credits); it redirects to
   * /buyCredits?order_no=… where the page shows the order's result.
   */
  app.get('/api/alipay/doPay', { schema: { hide: true, querystring: z.object({ out_trade_no: z.string().max(40).regex(/^[A-Za-z0-9]*$/).optional(), cancel: z.string().max(2).optional() }).loose() } }, async (req, reply) => {
    const no = req.query.out_trade_no ?? '';
    return reply.redirect(`/buyCredits?order_no=${encodeURIComponent(no)}${req.query.cancel ? '&cancel=1' : ''}`, 302);
  });

  /** POST /api/alipay/cancelPay (order_no): cancels the caller's to-be-paid recharge order → null, 订单已取消. */
  app.post('/api/alipay/cancelPay', { schema: { body: ZCancelPayReq } }, async (req) => {
    const me = await sessions.required(req);
    await commerce.cancel(me.user.id, req.body.order_no, req.ip);
    return ok(null, MSG.ORDER_CANCELLED);
  });

  /** GET /api/alipay/orderStatus (order_no) → `{order_no, pay_status, balance, money}` of the caller's order (return page). */
  app.get('/api/alipay/orderStatus', { schema: { querystring: ZOrderStatusQuery } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await commerce.status(me.user.id, req.query.order_no));
  });

  /** GET /api/processorder/getOrderList (startTime, endTime, page, type, isType, evidenceType, keyword, member_id) → `{list, count}`, 10 a page. */
  app.get('/api/processorder/getOrderList', { schema: { querystring: ZOrderListQuery } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await orderList(deps.db, viewerOf(me), req.query));
  });

  /**
   * GET /api/processorder/exportOrderList (same filters) → an .xlsx file (订单.xlsx) of every matching
   * order; 400 暂无数据 when none. Role 2 members cannot export (spec p1 §6) → 403.
   */
  app.get('/api/processorder/exportOrderList', { schema: { querystring: ZOrderListQuery } }, async (req, reply) => {
    const me = await sessions.required(req);
    if (me.role === 2) throw badRequest(MSG.FORBIDDEN);
    const viewer = viewerOf(me);
    await assertOrders(deps.db, viewer, req.query);
    const out = new PassThrough();
    exportOrders(deps.db, viewer, req.query, out).catch((e: unknown) => out.destroy(e as Error));
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', contentDisposition('订单.xlsx'));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(out);
  });

  /**
   * POST /api/webforensics/webPay (count, default 1; batch: the number of valid URLs, batch=1) → `{price, count,
   * total, balance}` in hundredths; 400 可用积分不足，请先充值 (data.url /buyCredits) when the balance is short.
   * The points are charged when each capture's evidence is deposited.
   */
  app.post('/api/webforensics/webPay', { schema: { body: z.object({ count: zFormIntDefault(MSG.BAD_PARAM, 1, 100, 1), batch: zFormIntDefault(MSG.BAD_PARAM, 0, 1, 0) }) } }, async (req) => {
    const me = await sessions.required(req);
    const type = req.body.batch ? ORDER_TYPE.batchWebPage : ORDER_TYPE.webPage;
    await commerce.canPay(me.user.id, type, req.body.count);
    return ok(await commerce.quote(me.user.id, type, req.body.count));
  });

  /** GET /api/points/prices → the price table `[{orderType, name, price (hundredths), unit}]` (public: the pricing is shown before login). */
  app.get('/api/points/prices', async () => ok(await commerce.prices()));

  /** POST /api/admin/prices (orderType, price in hundredths), operator only, audited → null, 操作成功. */
  app.post('/api/admin/prices', { schema: { body: ZSetPriceReq } }, async (req) => {
    const me = await sessions.operator(req);
    await commerce.setPrice(me.user.id, req.body.orderType, req.body.price, req.ip);
    return ok(null);
  });

  /** POST /api/admin/points/grant (mobile, points in hundredths, note), operator only, audited → `{balance}`. */
  app.post('/api/admin/points/grant', { schema: { body: ZGrantReq } }, async (req) => {
    const me = await sessions.operator(req);
    const userId = await deps.findUserByMobile(req.body.mobile);
    if (!userId) throw badRequest(MSG.USER_NOT_FOUND);
    return ok({ balance: await commerce.grant(me.user.id, userId, req.body.points, req.body.note, req.ip) });
  });
};
