/**
 * The commerce service (issue 13): points, charging, prices, recharge orders and payment. Built once per
 * app (modules/commerce/wire.ts); other modules use only its public functions — above all `charge`,
 * which runs inside the caller's transaction.
 */
import { ORDER_TYPE_LABEL } from '@cunzheng/contract/constants';
import { kindDef } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { PayProvider, VerifiedNotify } from './alipay.ts';
import * as orders from './ordersRepo.ts';
import { BUY_CREDITS, lockBalance, lockBalanceAndPrice, PLATFORM, transfer, verifyPoints } from './points.ts';
import { DEFAULT_PRICES, isOrderType, listPrices, priceOf, priceUnits, setPrice } from './pricing.ts';
import { PAY_REFUNDED, refundService } from './refunds.ts';

export interface CommerceDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Hundredths gifted to a new account. */
  welcomePoints: number;
  orderExpireMinutes: number;
  provider: PayProvider;
  /** Absolute URLs the provider calls back (notification) and sends the browser to (return). */
  notifyUrl: string;
  returnUrl: string;
}

/** What `charge` books. */
export interface ChargeInput {
  /** The account whose points are spent (the main account for an enterprise member). */
  userId: number;
  /** The member who spent them (spec p1 §1), recorded on the order and the ledger row. */
  memberId?: number | null;
  /** Evidence kind id of the registry (its priceCode is the order type), or `orderType` directly. */
  kind?: string;
  orderType?: number;
  /** Units of a per-unit price (started minutes of a video); 1 by default. */
  units?: number;
  evidenceId?: number | null;
  /** Shown as the order's desc after the type name. */
  title?: string;
}

/** Points (hundredths) bought by a recharge of `fen`: 1 yuan buys 1.00 point. */
export const pointsForMoney = (fen: number): number => fen;

/** orders.data_type of a notary fee (issue 15): 0 recharge, 1 consumption, 2 notary. */
export const NOTARY_DATA_TYPE = 2;

/** Cancelled or expired orders are still queried this many minutes past their expiry (a late payment). */
export const RECONCILE_WINDOW_MINUTES = 10;
/** An order's status page asks the provider at most once per this many ms (it polls every 2 s). */
export const STATUS_QUERY_INTERVAL_MS = 10_000;

/** Builds the commerce service. */
export function commerceService(deps: CommerceDeps) {
  const { db } = deps;
  /** Called in the notification's transaction when a notary-fee order (data_type 2) is paid (notary module). */
  // When each order's status page last asked the provider (bounded; per process).
  const statusQueried = new Map<string, number>();
  const notaryPaidHooks: Array<(tx: DbOrTx, p: { orderNo: string; userId: number; payType: 2 | 3 }) => Promise<void>> = [];
  const refunds = refundService({ db, provider: deps.provider, log: deps.log });

  /** Order type code of a charge input; 400 订单类型错误 for an unknown one. */
  const orderTypeOf = (c: ChargeInput): number => {
    const code = c.orderType ?? (c.kind ? kindDef(c.kind)?.priceCode : undefined);
    if (code === undefined || !isOrderType(code)) throw badRequest(MSG.ORDER_TYPE_INVALID);
    return code;
  };

  const quote = async (userId: number, orderType: number, count: number): Promise<{ price: number; count: number; total: number; balance: number }> => {
    const p = await priceOf(db, orderType);
    if (!p) throw badRequest(MSG.ORDER_TYPE_INVALID);
    const u = await db.select({ points: users.points }).from(users).where(eq(users.id, userId)).limit(1);
    return { price: p.price, count, total: p.price * count, balance: u[0]?.points ?? 0 };
  };

  /**
   * Settles a provider-verified payment (a verified notification or a verified trade query) once: the order
   * becomes paid and its points are credited (user ← platform:sales), or a notary fee's hooks run, with the
   * payment row (`record`: what the provider said) and an audit row, in one transaction. A replay finds the
   * order paid and credits nothing; an unknown order or a different amount credits nothing.
   */
  const settlePaid = async (v: VerifiedNotify, record: Record<string, string | undefined>): Promise<boolean> => {
    if (!v.paid) return true;
    return db.transaction(async (tx) => {
      const o = await orders.lockByNo(tx, v.orderNo);
      if (!o || (o.dataType !== 0 && o.dataType !== NOTARY_DATA_TYPE)) return false;
      if (o.money !== v.amount) {
        deps.log.warn({ orderNo: o.orderNo }, 'pay: notification amount differs from the order; not credited');
        return false;
      }
      if (o.payStatus === 2 || o.payStatus === PAY_REFUNDED) return true; // replay: already credited (or paid and refunded since)
      if (o.dataType === NOTARY_DATA_TYPE) {
        // A notary fee: nothing is credited; the notary order moves on in this same transaction.
        await orders.markPaid(tx, o.id);
        await orders.insertPayment(tx, { orderId: o.id, provider: deps.provider.name, tradeNo: v.tradeNo, amount: v.amount, status: 'paid', notify: record, paidAt: new Date() });
        await writeAudit(tx, { actorId: o.userId, action: 'order.paid', target: `order:${o.orderNo}`, after: { money: o.money, tradeNo: v.tradeNo, notary: true } });
        for (const hook of notaryPaidHooks) await hook(tx, { orderNo: o.orderNo, userId: o.userId, payType: 2 });
        return true;
      }
      await lockBalance(tx, o.userId);
      // Paid after a cancel or expiry: the money arrived, so the points are credited all the same.
      await orders.markPaid(tx, o.id);
      await orders.insertPayment(tx, { orderId: o.id, provider: deps.provider.name, tradeNo: v.tradeNo, amount: v.amount, status: 'paid', notify: record, paidAt: new Date() });
      const after = await transfer(tx, { userId: o.userId, amount: o.points, reason: 'recharge', payType: 2, counterAccount: PLATFORM.sales, orderId: o.id, actorId: o.userId });
      await writeAudit(tx, { actorId: o.userId, action: 'order.paid', target: `order:${o.orderNo}`, after: { money: o.money, points: o.points, balance: after, tradeNo: v.tradeNo } });
      deps.log.info({ orderNo: o.orderNo }, 'pay: recharge credited');
      return true;
    });
  };

  return {
    /**
     * Charges one evidence (or `units` of it) at the price of its order type, inside `tx` (the caller's
     * transaction that creates the evidence): a paid consumption order (pay_type 3) and the ledger
     * transfer user → platform:revenue. Throws 400 可用积分不足，请先充值 with data `{url: '/buyCredits',
     * balance, need}` when the balance is short — the caller's transaction then rolls back and nothing
     * is created. A price of 0 books an order without points. Returns the order id and points charged.
     */
    async charge(tx: DbOrTx, c: ChargeInput): Promise<{ orderId: number; points: number }> {
      const orderType = orderTypeOf(c);
      const units = Math.max(1, Math.floor(c.units ?? 1));
      // Lock the account first (see lockBalance) and refuse before anything is written; the stored price is
      // read by the same statement (issue 16), else the type's default.
      const { balance, storedPrice } = await lockBalanceAndPrice(tx, c.userId, orderType);
      const points = (storedPrice ?? DEFAULT_PRICES[orderType]!.price) * units;
      if (balance < points) throw badRequest(MSG.POINTS_INSUFFICIENT, { ...BUY_CREDITS, balance, need: points });
      const name = ORDER_TYPE_LABEL[orderType] ?? '';
      // In a deposit's batch the order row is deferred to the batch's flush (issue 16, ordersRepo.insertOrderId).
      const orderId = await orders.insertOrderId(tx, {
        userId: c.userId,
        memberId: c.memberId ?? null,
        dataType: 1,
        type: orderType,
        desc: (c.title ? `${name}：${c.title}` : name).slice(0, 200),
        points,
        money: 0,
        units,
        payStatus: 2,
        payType: 3,
        // Paid with points: the money was invoiced (or not) with its recharge, never again here.
        invoiceStatus: 2,
        evidenceId: c.evidenceId ?? null,
        paidAt: new Date(),
      });
      if (points > 0) await transfer(tx, { userId: c.userId, amount: -points, reason: 'consume', payType: 3, counterAccount: PLATFORM.revenue, orderId, evidenceId: c.evidenceId ?? null, memberId: c.memberId ?? null, actorId: c.memberId ?? c.userId }, { lockedBalance: balance });
      return { orderId, points };
    },

    /**
     * Price units of an evidence of `orderType` lasting `seconds` (pricing.ts `priceUnits`: started minutes
     * for per-minute types — video, audio, screen recording, audio-video — else 1). Pass the result as
     * `units` to `charge`. 400 订单类型错误 for an unknown type.
     */
    async unitsFor(orderType: number, seconds: number): Promise<number> {
      const p = await priceOf(db, orderType);
      if (!p) throw badRequest(MSG.ORDER_TYPE_INVALID);
      return priceUnits(p.unit, seconds);
    },

    /**
     * 400 可用积分不足，请先充值 (data `{url: '/buyCredits', balance, need}`) unless the balance pays `count`
     * units of `orderType` now (web capture and batch, whose evidence is charged when it is deposited).
     */
    async canPay(userId: number, orderType: number, count: number): Promise<void> {
      const q = await quote(userId, orderType, count);
      if (q.balance < q.total) throw badRequest(MSG.POINTS_INSUFFICIENT, { ...BUY_CREDITS, balance: q.balance, need: q.total });
    },

    /** POST /api/webforensics/webPay: price, total and balance (hundredths) of `count` captures of `orderType`. */
    quote: (userId: number, orderType: number, count: number) => quote(userId, orderType, count),

    /**
     * Welcome grant and starting balance of a new account, inside the account-creating transaction:
     * `initial` (hundredths, from `user:create --points`) replaces the configured welcome grant when given.
     * Returns the balance after (hundredths).
     */
    async onUserCreated(tx: DbOrTx, userId: number, initial?: number): Promise<number> {
      const amount = initial ?? deps.welcomePoints;
      if (amount <= 0) return 0;
      const reason = initial === undefined ? 'welcome' : 'initial';
      return transfer(tx, { userId, amount, reason, payType: 1, counterAccount: initial === undefined ? PLATFORM.gifts : PLATFORM.opening, actorId: null, note: reason === 'welcome' ? '新用户赠送积分' : '初始积分' });
    },

    /** Operator grant (gifted, pay_type 1, never invoiceable) with an audit row; returns the balance after. */
    async grant(actorId: number, userId: number, amount: number, note: string, ip: string | null): Promise<number> {
      if (!Number.isSafeInteger(amount) || amount < 1 || amount > 100_000_000) throw badRequest(MSG.GRANT_AMOUNT_INVALID);
      return db.transaction(async (tx) => {
        await lockBalance(tx, userId);
        const order = await orders.insertOrder(tx, { userId, dataType: 0, type: 0, desc: `平台赠送积分${note ? `：${note}` : ''}`.slice(0, 200), points: amount, money: 0, payStatus: 2, payType: 1, invoiceStatus: 2, paidAt: new Date() });
        const after = await transfer(tx, { userId, amount, reason: 'grant', payType: 1, counterAccount: PLATFORM.gifts, orderId: order.id, actorId, note });
        await writeAudit(tx, { actorId, action: 'points.grant', target: `user:${userId}`, after: { amount, balance: after, orderNo: order.orderNo }, note, ip });
        return after;
      });
    },

    /** The price table (every order type code with its current price, hundredths). */
    prices: () => listPrices(db),

    /** Operator edit of a price (hundredths), audited. 400 订单类型错误 / 价格… for bad input. */
    async setPrice(actorId: number, orderType: number, price: number, ip: string | null): Promise<void> {
      if (!isOrderType(orderType)) throw badRequest(MSG.ORDER_TYPE_INVALID);
      if (!Number.isSafeInteger(price) || price < 0 || price > 10_000_000) throw badRequest(MSG.PRICE_INVALID);
      await db.transaction((tx) => setPrice(tx, actorId, orderType, price, ip));
    },

    /** `points:verify`: recomputes every balance from the ledger (points.ts verifyPoints). */
    verify: () => verifyPoints(db),

    /**
     * POST /api/Evidences/pay (integral, type 1, order_no?): creates a to-be-paid recharge order of
     * `integral` yuan (whole, 1–50000) — or continues the caller's to-be-paid `orderNo` — and returns the
     * provider's auto-submitting form `{html, order_no}`. 400 on a bad amount or an order that is not
     * payable any more.
     */
    async pay(userId: number, p: { integral?: number; orderNo?: string }, ip: string | null): Promise<{ html: string; order_no: string }> {
      const order = await db.transaction(async (tx) => {
        if (p.orderNo) {
          const o = await orders.findOwned(tx, userId, p.orderNo, true);
          if (!o || o.dataType !== 0) throw badRequest(MSG.ORDER_NOT_FOUND);
          if (o.payStatus !== 1 || (o.expiresAt && o.expiresAt.getTime() <= Date.now())) throw badRequest(MSG.ORDER_NOT_PAYABLE);
          return o;
        }
        const y = p.integral ?? 0;
        if (!Number.isInteger(y) || y < 1 || y > 50_000) throw badRequest(MSG.RECHARGE_AMOUNT_INVALID);
        const money = y * 100;
        const o = await orders.insertOrder(tx, {
          userId,
          dataType: 0,
          type: 0,
          desc: `积分充值 ${y} 积分`,
          points: pointsForMoney(money),
          money,
          payStatus: 1,
          payType: 2,
          expiresAt: new Date(Date.now() + deps.orderExpireMinutes * 60_000),
        });
        await orders.insertPayment(tx, { orderId: o.id, provider: deps.provider.name, amount: money, status: 'created' });
        await writeAudit(tx, { actorId: userId, action: 'order.create', target: `order:${o.orderNo}`, after: { money, points: o.points }, ip });
        return o;
      });
      const left = Math.max(1, Math.ceil(((order.expiresAt?.getTime() ?? Date.now()) - Date.now()) / 60_000));
      const html = deps.provider.pageForm({ orderNo: order.orderNo, amount: order.money, subject: order.desc, notifyUrl: deps.notifyUrl, returnUrl: deps.returnUrl, expireMinutes: left });
      return { html, order_no: order.orderNo };
    },

    /**
     * The provider's asynchronous notification: verified (signature, app id, amount), then — once — the
     * order becomes paid and its points are credited (user ← platform:sales) with an audit row, all in one
     * transaction. A forged notification credits nothing; a replayed one finds the order paid and credits
     * nothing again. Returns true when the answer to the provider should be 'success'.
     */
    async notify(params: Record<string, string>): Promise<boolean> {
      const v = deps.provider.verifyNotify(params);
      if (!v) {
        deps.log.warn({ orderNo: params.out_trade_no?.slice(0, 40) }, 'pay: notification with a bad signature refused');
        return false;
      }
      return settlePaid(v, { trade_no: v.tradeNo, out_trade_no: v.orderNo, total_amount: params.total_amount, trade_status: params.trade_status, notify_id: params.notify_id });
    },

    /**
     * Active trade query (issue 13 §2): asks the provider (alipay.trade.query, signed answer verified) about
     * a to-be-paid, cancelled or expired order and, when the trade is paid, settles it exactly as a verified
     * notification would (once; a later notification or query credits nothing). Answers true when the order
     * is paid now. Provider failures are logged and answer false (the next query retries).
     */
    async queryTrade(orderNo: string): Promise<boolean> {
      let v: Awaited<ReturnType<PayProvider['queryTrade']>>;
      try {
        v = await deps.provider.queryTrade(orderNo);
      } catch (e) {
        deps.log.warn({ orderNo, err: (e as Error).name }, 'pay: trade query failed');
        return false;
      }
      if (!v || !v.paid) return false;
      const settled = await settlePaid(v, { trade_no: v.tradeNo, out_trade_no: v.orderNo, total_amount: String(v.amount), trade_status: 'TRADE_SUCCESS', source: 'alipay.trade.query' });
      if (settled) deps.log.info({ orderNo }, 'pay: order settled by an active trade query');
      return settled;
    },

    /**
     * Job (every minute): actively queries provider-paid orders still unpaid here — to-be-paid, or cancelled
     * or expired within the last RECONCILE_WINDOW_MINUTES — created at least a minute ago, at most `limit`
     * per run. Returns how many became paid.
     */
    async reconcile(limit = 50): Promise<number> {
      const now = Date.now();
      const due = await orders.reconcilable(db, new Date(now - (deps.orderExpireMinutes + RECONCILE_WINDOW_MINUTES) * 60_000), new Date(now - 60_000), limit);
      let n = 0;
      for (const o of due) if (await this.queryTrade(o.orderNo)) n += 1;
      return n;
    },
    /**
     * Notary fee (issue 15) paid with points, inside the caller's transaction: a paid order of data_type 2
     * (`money` fen = the same number of hundredths of points) and the transfer user → platform:revenue.
     * 400 可用积分不足，请先充值 (data `{url, balance, need}`) when short. Returns the order number.
     */
    async notaryPoints(tx: DbOrTx, p: { userId: number; money: number; desc: string }): Promise<string> {
      const balance = await lockBalance(tx, p.userId);
      if (balance < p.money) throw badRequest(MSG.POINTS_INSUFFICIENT, { ...BUY_CREDITS, balance, need: p.money });
      const order = await orders.insertOrder(tx, { userId: p.userId, dataType: NOTARY_DATA_TYPE, type: 0, desc: p.desc.slice(0, 200), points: p.money, money: 0, payStatus: 2, payType: 3, invoiceStatus: 2, paidAt: new Date() });
      if (p.money > 0) await transfer(tx, { userId: p.userId, amount: -p.money, reason: 'consume', payType: 3, counterAccount: PLATFORM.revenue, orderId: order.id, actorId: p.userId });
      await writeAudit(tx, { actorId: p.userId, action: 'order.paid', target: `order:${order.orderNo}`, after: { points: p.money, notary: true } });
      return order.orderNo;
    },

    /**
     * Notary fee paid through the payment provider (issue 15): a to-be-paid order of data_type 2 of `money`
     * fen, and the provider's auto-submitting form `{html, order_no}` returning the browser to `returnUrl`.
     * The verified notification marks it paid and runs the `onNotaryPaid` hooks in its transaction.
     */
    async notaryAlipay(p: { userId: number; money: number; desc: string; returnUrl: string }, ip: string | null): Promise<{ html: string; order_no: string }> {
      const order = await db.transaction(async (tx) => {
        const o = await orders.insertOrder(tx, { userId: p.userId, dataType: NOTARY_DATA_TYPE, type: 0, desc: p.desc.slice(0, 200), points: 0, money: p.money, payStatus: 1, payType: 2, expiresAt: new Date(Date.now() + deps.orderExpireMinutes * 60_000) });
        await orders.insertPayment(tx, { orderId: o.id, provider: deps.provider.name, amount: p.money, status: 'created' });
        await writeAudit(tx, { actorId: p.userId, action: 'order.create', target: `order:${o.orderNo}`, after: { money: p.money, notary: true }, ip });
        return o;
      });
      const html = deps.provider.pageForm({ orderNo: order.orderNo, amount: order.money, subject: order.desc, notifyUrl: deps.notifyUrl, returnUrl: p.returnUrl, expireMinutes: deps.orderExpireMinutes });
      return { html, order_no: order.orderNo };
    },

    /** Registers a hook run inside the notification's transaction when a notary-fee order is paid. */
    onNotaryPaid(fn: (tx: DbOrTx, p: { orderNo: string; userId: number; payType: 2 | 3 }) => Promise<void>): void {
      notaryPaidHooks.push(fn);
    },

    /** POST /api/alipay/cancelPay (order_no): cancels the caller's to-be-paid recharge order. */
    async cancel(userId: number, orderNo: string, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const o = await orders.findOwned(tx, userId, orderNo, true);
        if (!o || o.dataType !== 0) throw badRequest(MSG.ORDER_NOT_FOUND);
        if (!(await orders.settle(tx, o.id, 3))) throw badRequest(MSG.ORDER_NOT_PAYABLE);
        await writeAudit(tx, { actorId: userId, action: 'order.cancel', target: `order:${o.orderNo}`, ip });
      });
    },

    /**
     * Status of the caller's order (return page): `{order_no, pay_status, points, money}`; 400 when unknown.
     * A to-be-paid provider order is first settled by an active trade query when the provider says it is paid.
     */
    async status(userId: number, orderNo: string): Promise<{ order_no: string; pay_status: number; balance: number; money: number }> {
      let o = await orders.findOwned(db, userId, orderNo);
      if (!o) throw badRequest(MSG.ORDER_NOT_FOUND);
      // Still unpaid here: ask the provider (a lost notification is settled now), at most once per interval.
      const last = statusQueried.get(o.orderNo) ?? 0;
      if (o.payStatus === 1 && o.payType === 2 && Date.now() - last >= STATUS_QUERY_INTERVAL_MS) {
        statusQueried.delete(o.orderNo);
        statusQueried.set(o.orderNo, Date.now());
        if (statusQueried.size > 10_000) statusQueried.delete(statusQueried.keys().next().value!);
        if (await this.queryTrade(o.orderNo)) o = (await orders.findOwned(db, userId, orderNo)) ?? o;
      }
      return { order_no: o.orderNo, pay_status: o.payStatus, balance: o.points, money: o.money };
    },

    /**
     * Refund of a paid order inside the caller's transaction (issue 15; refunds.ts): points back at once,
     * a provider refund recorded pending (send it with `runRefund` after commit). Null when nothing to refund.
     */
    refund: refunds.request,
    /** Sends a pending provider refund (after commit); true when done. */
    runRefund: (id: number) => refunds.run(id),
    /** Retries pending provider refunds (job) → how many are done. */
    retryRefunds: () => refunds.retryDue(),
    /** The refund of an order, or null. */
    refundOf: refunds.of,

    /** Cancels every unpaid order past its expiry (job, every minute); returns how many. */
    expire: () => orders.expireDue(db),
  };
}

export type CommerceService = ReturnType<typeof commerceService>;
