/**
 * The active Alipay trade query (issue 13 §2): an order whose asynchronous notification was lost is settled
 * by `alipay.trade.query` — asked of the local sandbox gateway over HTTP with the same signed protocol
 * (request signed RSA2 by the app key; the answer signed by the sandbox "Alipay" key and verified by
 * alipay-sdk) — when the return page asks for the order's status and by the reconcile job; exactly once.
 * An unpaid trade, an unknown trade and a gateway answering with another key settle nothing.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedAnswer } from '../src/modules/commerce/sandbox.ts';
import { alipayProvider, sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { client, form, freshMobile } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

describe('active trade query (alipay.trade.query)', () => {
  let h: Harness;
  beforeAll(async () => {
    // The app listens on PUBLIC_URL so alipay-sdk reaches the in-process sandbox gateway over real HTTP.
    const port = await freePort();
    h = await makeHarness({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    await h.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => { await h?.close(); });

  const balanceOf = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);

  async function userWith(points: number) {
    const mobile = freshMobile();
    const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '赵六', company: '', userStatus: 3, points }, null, 'test');
    const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
    return { row, api: client(h, login.data.token) };
  }

  /** Submits the pay form to the sandbox gateway → the pay page. */
  async function openGateway(html: string): Promise<string> {
    const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"')] as [string, string]);
    const u = new URL(action);
    return (await h.app.inject({ method: 'POST', url: u.pathname + u.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() })).body;
  }

  /** Presses a button of the sandbox pay page. */
  async function press(page: string, action: 'pay' | 'pay_silent' | 'cancel') {
    const t = /name="t" value="([^"]+)"/.exec(page)![1]!;
    const s = /name="s" value="([^"]+)"/.exec(page)![1]!;
    const r = await h.app.inject({ method: 'POST', url: '/pay-sandbox/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ t, s, action }) });
    expect(r.statusCode).toBe(302);
  }

  it('settles a paid order whose notification was lost when its status is asked, once', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 30, type: 1 });
    const page = await openGateway(pay.data.html);
    expect(page).toContain('模拟异步通知丢失');
    await press(page, 'pay_silent');
    // No notification came: nothing credited yet.
    expect(await balanceOf(u.row.id)).toBe(0);
    const orderNo = pay.data.order_no as string;
    // The return page asks for the status: the server queries the gateway and settles the order.
    const st = await u.api.get('/api/alipay/orderStatus', { order_no: orderNo });
    expect(st.data).toMatchObject({ pay_status: 2, money: 3000 });
    expect(await balanceOf(u.row.id)).toBe(3000);
    // Asking again, the job, a late genuine notification: nothing more.
    expect((await u.api.get('/api/alipay/orderStatus', { order_no: orderNo })).data.pay_status).toBe(2);
    await h.services.commerce.queryTrade(orderNo);
    expect(await balanceOf(u.row.id)).toBe(3000);
    const paidRows = await h.database.query<{ n: string }>("select count(*) as n from payments p join orders o on o.id = p.order_id where o.order_no = $1 and p.status = 'paid'", [orderNo]);
    expect(Number(paidRows[0]!.n)).toBe(1);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('the reconcile job settles due orders; unpaid and unknown trades stay unpaid', async () => {
    const u = await userWith(0);
    const a = await u.api.post('/api/Evidences/pay', { integral: 12 });
    await press(await openGateway(a.data.html), 'pay_silent');
    const b = await u.api.post('/api/Evidences/pay', { integral: 7 });
    await openGateway(b.data.html); // opened the cashier, never paid
    const c = await u.api.post('/api/Evidences/pay', { integral: 5 }); // never reached the gateway
    // Make them due (created more than a minute ago).
    await h.database.query("update orders set created_at = now() - interval '2 minutes' where order_no = any($1)", [[a.data.order_no, b.data.order_no, c.data.order_no]]);
    const settled = await h.services.commerce.reconcile();
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(u.row.id)).toBe(1200);
    const status = async (no: string) => Number((await h.database.query<{ pay_status: number }>('select pay_status from orders where order_no = $1', [no]))[0]!.pay_status);
    expect(await status(a.data.order_no)).toBe(2);
    expect(await status(b.data.order_no)).toBe(1);
    expect(await status(c.data.order_no)).toBe(1);
    expect(await h.services.commerce.queryTrade(b.data.order_no)).toBe(false);
    expect(await h.services.commerce.queryTrade(c.data.order_no)).toBe(false);
    // A second run settles nothing more.
    await h.services.commerce.reconcile();
    expect(await balanceOf(u.row.id)).toBe(1200);
  });

  it('one order opened twice at the cashier is paid once: the second page refuses (as Alipay), the trade number stays', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 4 });
    const first = await openGateway(pay.data.html);
    const second = await openGateway(pay.data.html);
    await press(first, 'pay');
    const t = /name="t" value="([^"]+)"/.exec(second)![1]!;
    const sig = /name="s" value="([^"]+)"/.exec(second)![1]!;
    const again = await h.app.inject({ method: 'POST', url: '/pay-sandbox/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ t, s: sig, action: 'pay' }) });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('该笔订单已支付，请勿重复付款');
    expect(await balanceOf(u.row.id)).toBe(400);
    const rows = await h.database.query<{ n: string }>("select count(distinct p.trade_no) as n from payments p join orders o on o.id = p.order_id where o.order_no = $1", [pay.data.order_no]);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('concurrent status queries of one lost-notification order credit it once', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 9 });
    await press(await openGateway(pay.data.html), 'pay_silent');
    const rs = await Promise.all([0, 1, 2, 3].map(() => h.services.commerce.queryTrade(pay.data.order_no)));
    expect(rs.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(u.row.id)).toBe(900);
  });

  it('a gateway answering with another key (a forged "paid") is refused by the signature check', async () => {
    const keys = sandboxKeys(h.config.dataDir);
    const forger = { ...keys, alipayPrivateKey: crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString() };
    const port = await freePort();
    const fake = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(signedAnswer(forger, 'alipay.trade.query', { code: '10000', msg: 'Success', out_trade_no: 'CZX1', trade_no: 'T1', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' }));
    });
    await new Promise<void>((r) => fake.listen(port, '127.0.0.1', () => r()));
    try {
      const forged = alipayProvider(h.config, `http://127.0.0.1:${port}/gateway.do`);
      await expect(forged.queryTrade('CZX1')).rejects.toThrow();
      // The same answer signed with the sandbox "Alipay" key is accepted (the check is real, not a blanket refusal).
      fake.removeAllListeners('request');
      fake.on('request', (_req, res) => res.end(signedAnswer(keys, 'alipay.trade.query', { code: '10000', msg: 'Success', out_trade_no: 'CZX1', trade_no: 'T1', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' })));
      expect(await forged.queryTrade('CZX1')).toMatchObject({ orderNo: 'CZX1', tradeNo: 'T1', amount: 100, paid: true });
    } finally {
      await new Promise((r) => fake.close(r));
    }
  });
});
