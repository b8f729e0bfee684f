/**
 * The local Alipay sandbox gateway (issue 13 §2; DESIGN.md "Everything outside this machine sits behind
 * an adapter whose default is a local implementation of the same protocol"). It speaks Alipay's signed
 * page-pay protocol with locally generated RSA2 keys (`alipay.ts` sandboxKeys):
 *   POST {prefix}/gateway.do   the page-pay form of alipay-sdk; the request signature is checked with the
 *                              app's public key; answers a pay page with 支付 and 取消;
 *   POST {prefix}/confirm      支付 → the signed asynchronous notification (RSA2 with the sandbox "Alipay"
 *                              key) is POSTed to notify_url, then the browser is sent to return_url with
 *                              signed return parameters; 取消 → back to return_url without paying;
 *                              支付（模拟通知丢失）→ paid, but no notification is sent (to exercise the
 *                              merchant's active query);
 *   POST {prefix}/gateway.do   method alipay.trade.refund (issue 15): refunds a paid trade, idempotent by
 *                              out_request_no (a repeat answers the same success with fund_change N), never
 *                              more than the paid total (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL); a fully refunded
 *                              trade becomes TRADE_CLOSED; signed as the query's answer;
 *   POST {prefix}/gateway.do   method alipay.trade.query (issue 13 §2): the trade's state as Alipay answers
 *                              it — `{"alipay_trade_query_response":{…},"sign":"…"}`, the response object
 *                              signed RSA2 with the sandbox "Alipay" key (ACQ.TRADE_NOT_EXIST when unknown).
 * Trades are remembered by this process (page pay → WAIT_BUYER_PAY, 支付 → TRADE_SUCCESS), at most
 * SANDBOX_TRADES_MAX (oldest forgotten first).
 * Mounted in-process under /pay-sandbox when no ALIPAY_* keys are set, or run alone with `npm run pay-sandbox`.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fenOf, yuan, type SandboxKeys } from './alipay.ts';

/** Sorted `k=v&…` of every non-empty parameter except those in `skip` (Alipay's signing content). */
export function signContent(params: Record<string, string>, skip: string[]): string {
  return Object.keys(params)
    .filter((k) => !skip.includes(k) && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2 (SHA256withRSA) base64 signature of `content` with a PEM private key. */
export const rsa2Sign = (content: string, privateKey: string): string => crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

/** Builds a signed asynchronous notification as the sandbox "Alipay" sends it (also used by tests). */
export function signedNotify(keys: SandboxKeys, t: { orderNo: string; amount: string; subject: string; tradeNo?: string; status?: string }): Record<string, string> {
  const now = new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
  const p: Record<string, string> = {
    notify_time: now,
    notify_type: 'trade_status_sync',
    notify_id: crypto.randomBytes(16).toString('hex'),
    app_id: keys.appId,
    charset: 'utf-8',
    version: '1.0',
    trade_no: t.tradeNo ?? `2026${Date.now()}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`,
    out_trade_no: t.orderNo,
    total_amount: t.amount,
    receipt_amount: t.amount,
    buyer_pay_amount: t.amount,
    subject: t.subject,
    trade_status: t.status ?? 'TRADE_SUCCESS',
    gmt_create: now,
    gmt_payment: now,
    seller_id: '2088000000000000',
    buyer_id: '2088000000000001',
  };
  p.sign_type = 'RSA2';
  p.sign = rsa2Sign(signContent(p, ['sign', 'sign_type']), keys.alipayPrivateKey);
  return p;
}

/** Most trades the sandbox remembers for alipay.trade.query. */
export const SANDBOX_TRADES_MAX = 10_000;

/** A trade as the sandbox remembers it. */
interface SandboxTrade {
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  amount: string;
  subject: string;
  /** out_request_no → refunded fen. */
  refunds?: Map<string, number>;
}


/** The sandbox's answer to alipay.trade.refund for trade `t` (mutated when the refund is new). */
function refundAnswer(t: SandboxTrade | undefined, no: string, biz: Record<string, unknown>): Record<string, string> {
  const fail = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg, out_trade_no: no });
  if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
  const req = String(biz.out_request_no ?? no);
  const amount = fenOf(String(biz.refund_amount ?? ''));
  t.refunds ??= new Map();
  const done = () => [...t.refunds!.values()].reduce((a, b) => a + b, 0);
  const ok = (change: 'Y' | 'N') => ({ code: '10000', msg: 'Success', out_trade_no: no, trade_no: t.tradeNo, buyer_logon_id: 'san***@sandbox.com', fund_change: change, refund_fee: yuan(done()), gmt_refund_pay: new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19) });
  if (t.refunds.has(req)) return ok('N');
  if (t.status === 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
  if (!Number.isFinite(amount) || amount <= 0 || done() + amount > fenOf(t.amount)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
  t.refunds.set(req, amount);
  if (done() === fenOf(t.amount)) t.status = 'TRADE_CLOSED';
  return ok('Y');
}

/** The signed answer of an Alipay openapi call (`<method>_response` object and its RSA2 signature over the object's JSON text). */
export function signedAnswer(keys: SandboxKeys, method: string, response: Record<string, string>): string {
  const body = JSON.stringify(response);
  return `{"${method.replaceAll('.', '_')}_response":${body},"sign":"${rsa2Sign(body, keys.alipayPrivateKey)}"}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}h1{font-size:20px;color:#1677ff}dl{display:grid;grid-template-columns:90px 1fr;gap:8px}dt{color:#888}.row{display:flex;gap:12px;margin-top:24px}button{flex:1;padding:10px;font-size:16px;border-radius:6px;border:1px solid #1677ff;cursor:pointer}.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#1677ff}.note{color:#888;font-size:12px;margin-top:24px}</style></head><body>${body}</body></html>`);
}

/** Options of the sandbox plugin. */
export interface SandboxOptions {
  keys: SandboxKeys;
  /** Delivers the notification form to `url`; resolves to the merchant's answer text ('success'). */
  deliver: (url: string, form: Record<string, string>) => Promise<string>;
}

/** The sandbox gateway routes (register with a prefix, e.g. `/pay-sandbox`). */
export const sandboxRoutes = (o: SandboxOptions): FastifyPluginAsync => async (app) => {
  const mac = (s: string) => crypto.createHmac('sha256', o.keys.alipayPrivateKey).update(s).digest('base64url');
  const trades = new Map<string, SandboxTrade>();
  const remember = (orderNo: string, t: SandboxTrade) => {
    trades.delete(orderNo);
    trades.set(orderNo, t);
    if (trades.size > SANDBOX_TRADES_MAX) trades.delete(trades.keys().next().value!);
  };
  const newTradeNo = () => `2026${Date.now()}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;

  app.post('/gateway.do', { schema: { hide: true } }, async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...q, ...b })) if (typeof v === 'string' && v.length <= 4000) params[k] = v;
    let ok = false;
    try {
      ok = crypto.createVerify('RSA-SHA256').update(signContent(params, ['sign']), 'utf8').verify(o.keys.appPublicKey, params.sign ?? '', 'base64');
    } catch {
      ok = false;
    }
    if (!ok || params.app_id !== o.keys.appId) return page(reply, '支付宝沙箱', '<h1>支付宝沙箱</h1><p>签名验证失败（invalid-signature）</p>');
    let biz: Record<string, unknown> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      biz = {};
    }
    if (params.method === 'alipay.trade.query') {
      const no = String(biz.out_trade_no ?? '');
      const t = trades.get(no);
      const answer: Record<string, string> = t
        ? { code: '10000', msg: 'Success', out_trade_no: no, trade_no: t.tradeNo, trade_status: t.status, total_amount: t.amount, buyer_pay_amount: t.status === 'TRADE_SUCCESS' ? t.amount : '0.00', subject: t.subject }
        : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在', out_trade_no: no };
      return reply.type('application/json; charset=utf-8').send(signedAnswer(o.keys, params.method, answer));
    }
    if (params.method === 'alipay.trade.refund') {
      const no = String(biz.out_trade_no ?? '');
      return reply.type('application/json; charset=utf-8').send(signedAnswer(o.keys, params.method, refundAnswer(trades.get(no), no, biz)));
    }
    if (params.method !== 'alipay.trade.page.pay') return page(reply, '支付宝沙箱', '<h1>支付宝沙箱</h1><p>不支持的接口</p>');
    const trade = { orderNo: String(biz.out_trade_no ?? ''), amount: String(biz.total_amount ?? ''), subject: String(biz.subject ?? ''), notifyUrl: params.notify_url ?? '', returnUrl: params.return_url ?? '' };
    if (trade.orderNo && !['TRADE_SUCCESS', 'TRADE_CLOSED'].includes(trades.get(trade.orderNo)?.status ?? '')) remember(trade.orderNo, { status: 'WAIT_BUYER_PAY', tradeNo: trades.get(trade.orderNo)?.tradeNo ?? newTradeNo(), amount: trade.amount, subject: trade.subject.slice(0, 200) });
    const t = Buffer.from(JSON.stringify(trade)).toString('base64url');
    const s = mac(t);
    const hidden = `<input type="hidden" name="t" value="${esc(t)}"><input type="hidden" name="s" value="${esc(s)}">`;
    return page(
      reply,
      '支付宝沙箱 - 收银台',
      `<h1>支付宝沙箱收银台</h1><dl><dt>商品</dt><dd>${esc(trade.subject)}</dd><dt>订单号</dt><dd>${esc(trade.orderNo)}</dd><dt>金额</dt><dd>¥ ${esc(trade.amount)}</dd></dl>
<div class="row"><form method="post" action="confirm" style="flex:1;display:flex">${hidden}<input type="hidden" name="action" value="pay"><button class="pay" type="submit">支付</button></form>
<form method="post" action="confirm" style="flex:1;display:flex">${hidden}<input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">取消</button></form></div>
<p class="note">这是本地支付宝沙箱网关，不产生真实扣款。</p>
<form method="post" action="confirm">${hidden}<input type="hidden" name="action" value="pay_silent"><button class="cancel" type="submit" style="width:100%;font-size:13px">支付（模拟异步通知丢失，商户需主动查询）</button></form>`,
    );
  });

  app.post('/confirm', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const t = typeof b.t === 'string' ? b.t : '';
    const s = typeof b.s === 'string' ? b.s : '';
    const good = s.length > 0 && s.length === mac(t).length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(mac(t)));
    if (!good) return page(reply, '支付宝沙箱', '<h1>支付宝沙箱</h1><p>请求无效</p>');
    const trade = JSON.parse(Buffer.from(t, 'base64url').toString('utf8')) as { orderNo: string; amount: string; subject: string; notifyUrl: string; returnUrl: string };
    const back = new URL(trade.returnUrl);
    if (b.action !== 'pay' && b.action !== 'pay_silent') {
      back.searchParams.set('out_trade_no', trade.orderNo);
      back.searchParams.set('cancel', '1');
      return reply.redirect(back.toString(), 302);
    }
    const known = trades.get(trade.orderNo);
    // As Alipay: one out_trade_no is paid at most once — a second cashier page of the same order cannot pay again.
    if (known && (known.status === 'TRADE_SUCCESS' || known.status === 'TRADE_CLOSED')) return page(reply, '支付宝沙箱', `<h1>支付宝沙箱</h1><p>${known.status === 'TRADE_SUCCESS' ? '该笔订单已支付，请勿重复付款' : '交易已关闭'}</p>`);
    const n = signedNotify(o.keys, { orderNo: trade.orderNo, amount: trade.amount, subject: trade.subject, tradeNo: known?.tradeNo });
    remember(trade.orderNo, { status: 'TRADE_SUCCESS', tradeNo: n.trade_no!, amount: trade.amount, subject: trade.subject.slice(0, 200) });
    if (b.action === 'pay_silent') {
      req.log.info({ orderNo: trade.orderNo }, 'pay-sandbox: paid without sending the notification (lost notification)');
    } else {
      let answer = '';
      try {
        answer = await o.deliver(trade.notifyUrl, n);
      } catch {
        answer = '';
      }
      if (answer.trim() !== 'success') req.log.warn({ orderNo: trade.orderNo }, 'pay-sandbox: the merchant did not answer success to the notification');
    }
    const ret: Record<string, string> = {
      app_id: o.keys.appId,
      method: 'alipay.trade.page.pay.return',
      charset: 'utf-8',
      version: '1.0',
      timestamp: n.notify_time!,
      out_trade_no: trade.orderNo,
      trade_no: n.trade_no!,
      total_amount: trade.amount,
      seller_id: n.seller_id!,
      sign_type: 'RSA2',
    };
    ret.sign = rsa2Sign(signContent(ret, ['sign', 'sign_type']), o.keys.alipayPrivateKey);
    for (const [k, v] of Object.entries(ret)) back.searchParams.set(k, v);
    return reply.redirect(back.toString(), 302);
  });
};
