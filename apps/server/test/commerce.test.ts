/**
 * Points, charging, recharge through the local Alipay sandbox, orders and export (issue 13 §1–3) on the
 * real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { orders, pointsLedger } from '../src/db/schema/index.ts';
import { adminCommands } from '../src/modules/admin/commands.ts';
import { sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { signedNotify } from '../src/modules/commerce/sandbox.ts';
import { makeOperator } from './account-helpers.ts';
import { makeUser } from './blob-helpers.ts';
import { client, form, freshMobile } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
});

const balanceOf = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);
const verify = () => h.services.commerce.verify();

/** A logged-in user created with a starting balance (hundredths), like `user:create --points`. */
async function userWith(points: number) {
  const mobile = freshMobile();
  const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '王五', company: '', userStatus: 3, points }, null, 'test');
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  return { row, mobile, api: client(h, login.data.token), token: login.data.token };
}

/** Submits the page's pay form to the in-process sandbox gateway like a browser → the pay page HTML. */
async function openGateway(html: string): Promise<string> {
  const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"')] as [string, string]);
  const u = new URL(action);
  const r = await h.app.inject({ method: 'POST', url: u.pathname + u.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  return r.body;
}

/** Presses 支付 or 取消 on the sandbox pay page → the redirect location. */
async function press(page: string, action: 'pay' | 'cancel'): Promise<string> {
  const t = /name="t" value="([^"]+)"/.exec(page)![1]!;
  const s = /name="s" value="([^"]+)"/.exec(page)![1]!;
  const r = await h.app.inject({ method: 'POST', url: '/pay-sandbox/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ t, s, action }) });
  expect(r.statusCode).toBe(302);
  return r.headers.location as string;
}

const notifyRaw = async (params: Record<string, string>) => (await h.app.inject({ method: 'POST', url: '/api/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() })).body;

describe('points ledger', () => {
  it('gives new accounts the welcome grant (gifted, pay_type 1) and shows it in userInfo', async () => {
    const u = await makeUser(h);
    expect(await balanceOf(u.row.id)).toBe(h.config.WELCOME_POINTS);
    expect(h.config.WELCOME_POINTS).toBeGreaterThanOrEqual(50 * 100); // ≥ 50 data deposits at 1.00
    expect((await u.api.get('/api/user/info')).data.points).toBe(h.config.WELCOME_POINTS);
    const rows = await h.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, u.row.id));
    expect(rows).toMatchObject([{ amount: h.config.WELCOME_POINTS, reason: 'welcome', payType: 1, balanceAfter: h.config.WELCOME_POINTS }]);
    expect((await verify()).problems).toEqual([]);
  });

  it('user:create --points sets the starting balance (instead of the welcome grant); points:verify finds a tampered cache', async () => {
    const run = adminCommands(h.services, h.database);
    const mobile = freshMobile();
    const r = (await run('user:create', { mobile, password: 'abc12345', points: '12.50' })) as { userId: number; points: number };
    expect(r.points).toBe(1250);
    expect(await balanceOf(r.userId)).toBe(1250);
    await expect(run('user:create', { mobile: freshMobile(), password: 'abc12345', points: '1.234' })).rejects.toThrow(/--points/);
    expect(((await run('points:verify', {})) as { problems: unknown[] }).problems).toEqual([]);
    await h.database.query('update users set points = points + 1 where id = $1', [r.userId]);
    const bad = (await run('points:verify', {})) as { problems: Array<{ target: string }> };
    expect(bad.problems.map((p) => p.target)).toEqual([`user:${r.userId}`]);
    await h.database.query('update users set points = points - 1 where id = $1', [r.userId]);
  });

  it('charges a data deposit its price in the deposit transaction and lists the consumption order', async () => {
    const u = await userWith(1000);
    const r = await u.api.upload('合同.txt', Buffer.from(`合同 ${crypto.randomUUID()}`));
    expect(r.code).toBe(200);
    expect(await balanceOf(u.row.id)).toBe(900);
    const list = await u.api.get('/api/processorder/getOrderList', { isType: 2 });
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({ type: 5, balance: 100, pay_status: 2, pay_type: 3, type_name: '数据保全' });
    const row = await h.database.db.select().from(pointsLedger).where(eq(pointsLedger.evidenceId, r.data.id));
    expect(row.map((x) => x.amount).sort((a, b) => a - b)).toEqual([-100, 100]);
    expect((await verify()).problems).toEqual([]);
  });

  it('refuses a deposit the balance cannot pay: 400 with the /buyCredits hint, nothing created', async () => {
    const u = await userWith(50);
    const r = await u.api.upload('a.txt', Buffer.from(`x ${crypto.randomUUID()}`));
    expect(r).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT, data: { url: '/buyCredits', balance: 50, need: 100 } });
    expect((await u.api.get('/api/data/getList')).data.count).toBe(0);
    expect(await balanceOf(u.row.id)).toBe(50);
    expect((await u.api.get('/api/processorder/getOrderList', { isType: 2 })).data.count).toBe(0);
  });

  it('never drives a balance below zero under concurrent deposits', async () => {
    const u = await userWith(300);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => u.api.upload(`c${i}.txt`, Buffer.from(`c ${i} ${crypto.randomUUID()}`))));
    expect(results.map((r) => r.code === 200 ? 200 : r.msg).sort()).toEqual([200, 200, 200, MSG.POINTS_INSUFFICIENT, MSG.POINTS_INSUFFICIENT, MSG.POINTS_INSUFFICIENT]);
    expect(results.filter((r) => r.code === 400).every((r) => r.msg === MSG.POINTS_INSUFFICIENT)).toBe(true);
    expect(await balanceOf(u.row.id)).toBe(0);
    expect((await u.api.get('/api/data/getList')).data.count).toBe(3);
    const neg = await h.database.db.select().from(pointsLedger).where(sql`${pointsLedger.userId} = ${u.row.id} and ${pointsLedger.balanceAfter} < 0`);
    expect(neg).toHaveLength(0);
    expect((await verify()).problems).toEqual([]);
  });

  it('lets operators edit prices and grant points (audited); others get 403', async () => {
    const op = await makeOperator(h);
    const u = await userWith(0);
    expect((await u.api.post('/api/admin/prices', { orderType: 5, price: 1 })).code).toBe(403);
    expect((await op.api.post('/api/admin/prices', { orderType: 99, price: 1 })).msg).toBe(MSG.ORDER_TYPE_INVALID);
    expect((await op.api.post('/api/admin/points/grant', { mobile: u.mobile, points: 250, note: '活动' })).data).toEqual({ balance: 250 });
    expect((await op.api.post('/api/admin/prices', { orderType: 5, price: 250 })).code).toBe(200);
    expect((await client(h).get('/api/points/prices')).data.find((p: { orderType: number }) => p.orderType === 5).price).toBe(250);
    expect((await u.api.upload('g.txt', Buffer.from(`g ${crypto.randomUUID()}`))).code).toBe(200);
    expect(await balanceOf(u.row.id)).toBe(0);
    await op.api.post('/api/admin/prices', { orderType: 5, price: 100 });
    const audit = await h.database.query<{ action: string }>("select action from audit_log where action in ('points.grant', 'price.set') and actor_id = $1", [op.userId]);
    expect(audit.map((a) => a.action).sort()).toEqual(['points.grant', 'price.set', 'price.set']);
    const grant = (await u.api.get('/api/processorder/getOrderList')).data.list.find((o: { pay_type: number }) => o.pay_type === 1);
    expect(grant).toMatchObject({ balance: 250, type_name: '赠送积分' });
  });
});

describe('recharge through the local Alipay sandbox', () => {
  it('pays: form → gateway pay page (支付/取消) → signed notification credits once → return redirect', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 100, type: 1 });
    expect(pay.code).toBe(200);
    expect(pay.data.html).toContain('<form');
    const page = await openGateway(pay.data.html);
    expect(page).toContain('支付');
    expect(page).toContain('取消');
    expect(page).toContain(pay.data.order_no);
    const loc = await press(page, 'pay');
    expect(loc).toContain('/api/alipay/doPay?');
    expect(await balanceOf(u.row.id)).toBe(10000);
    const back = await h.app.inject({ method: 'GET', url: new URL(loc).pathname + new URL(loc).search });
    expect(back.headers.location).toBe(`/buyCredits?order_no=${pay.data.order_no}`);
    expect((await u.api.get('/api/alipay/orderStatus', { order_no: pay.data.order_no })).data).toMatchObject({ pay_status: 2, balance: 10000, money: 10000 });
    // A replayed (or re-sent) genuine notification credits nothing more.
    const keys = sandboxKeys(h.config.dataDir);
    const n = signedNotify(keys, { orderNo: pay.data.order_no, amount: '100.00', subject: 'x' });
    expect(await notifyRaw(n)).toBe('success');
    expect(await notifyRaw(n)).toBe('success');
    expect(await balanceOf(u.row.id)).toBe(10000);
    expect((await verify()).problems).toEqual([]);
  });

  it('a forged or tampered notification credits nothing', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 50 });
    const keys = sandboxKeys(h.config.dataDir);
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(await notifyRaw(signedNotify({ ...keys, alipayPrivateKey: other }, { orderNo: pay.data.order_no, amount: '50.00', subject: 'x' }))).toBe('fail');
    const genuine = signedNotify(keys, { orderNo: pay.data.order_no, amount: '50.00', subject: 'x' });
    expect(await notifyRaw({ ...genuine, total_amount: '5000.00' })).toBe('fail');
    expect(await notifyRaw({ ...genuine, sign: '' })).toBe('fail');
    // Signed, but for another amount than the order's.
    expect(await notifyRaw(signedNotify(keys, { orderNo: pay.data.order_no, amount: '0.01', subject: 'x' }))).toBe('fail');
    expect(await balanceOf(u.row.id)).toBe(0);
    expect((await u.api.get('/api/alipay/orderStatus', { order_no: pay.data.order_no })).data.pay_status).toBe(1);
  });

  it('cancels (取消 in the sandbox, cancelPay), continues, and expires unpaid orders', async () => {
    const u = await userWith(0);
    const pay = await u.api.post('/api/Evidences/pay', { integral: 20 });
    const loc = await press(await openGateway(pay.data.html), 'cancel');
    expect(loc).toContain('cancel=1');
    expect(await balanceOf(u.row.id)).toBe(0);
    const again = await u.api.post('/api/Evidences/pay', { order_no: pay.data.order_no, type: 1 });
    expect(again.data.order_no).toBe(pay.data.order_no);
    expect((await u.api.post('/api/alipay/cancelPay', { order_no: pay.data.order_no })).msg).toBe(MSG.ORDER_CANCELLED);
    expect((await u.api.post('/api/alipay/cancelPay', { order_no: pay.data.order_no })).msg).toBe(MSG.ORDER_NOT_PAYABLE);
    expect((await u.api.post('/api/Evidences/pay', { order_no: pay.data.order_no })).msg).toBe(MSG.ORDER_NOT_PAYABLE);
    const other = await userWith(0);
    expect((await other.api.post('/api/alipay/cancelPay', { order_no: pay.data.order_no })).msg).toBe(MSG.ORDER_NOT_FOUND);
    expect((await u.api.post('/api/Evidences/pay', { integral: 0 })).msg).toBe(MSG.RECHARGE_AMOUNT_INVALID);
    expect((await u.api.post('/api/Evidences/pay', { integral: 50001 })).msg).toBe(MSG.RECHARGE_AMOUNT_INVALID);

    const late = await u.api.post('/api/Evidences/pay', { integral: 30 });
    await h.database.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.orderNo, late.data.order_no));
    expect(await h.services.commerce.expire()).toBeGreaterThanOrEqual(1);
    expect((await u.api.get('/api/alipay/orderStatus', { order_no: late.data.order_no })).data.pay_status).toBe(3);
    const list = await u.api.get('/api/processorder/getOrderList', { type: 3 });
    expect(list.data.count).toBe(2);
  });
});

describe('web capture charging', () => {
  it('refuses a capture or a batch the balance cannot pay (nothing queued) and quotes webPay', async () => {
    const u = await userWith(700);
    expect((await u.api.post('/api/webforensics/webPay', {})).data).toEqual({ price: 500, count: 1, total: 500, balance: 700 });
    expect(await u.api.post('/api/webforensics/webPay', { count: 2, batch: 1 })).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT, data: { url: '/buyCredits', need: 1000 } });
    const poor = await userWith(499);
    expect(await poor.api.post('/api/webforensics/screenshot', { url: 'http://127.0.0.1:9/page' })).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT });
    const g = await poor.api.post('/api/webbatch/getData', { urls: 'http://127.0.0.1:9/a\nhttp://127.0.0.1:9/b' });
    expect(g.data.items.filter((i: { valid: boolean }) => i.valid)).toHaveLength(2);
    expect(await poor.api.post('/api/webbatch/pay', { batchId: g.data.batchId })).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT, data: { need: 1000 } });
    const queued = await h.database.query<{ n: string }>('select count(*) as n from web_captures where user_id = $1', [poor.row.id]);
    expect(Number(queued[0]!.n)).toBe(0);
  });
});

describe('orders export', () => {
  it('exports the filtered orders as xlsx that exceljs reads back; no data → 暂无数据', async () => {
    const u = await userWith(500);
    for (let i = 0; i < 3; i++) expect((await u.api.upload(`e${i}.txt`, Buffer.from(`e ${i} ${crypto.randomUUID()}`))).code).toBe(200);
    const r = await h.app.inject({ method: 'GET', url: '/api/processorder/exportOrderList?isType=2', headers: { authorization: `Bearer ${u.token}` } });
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(1).value).toBe('订单号');
    expect(ws.getRow(2).getCell(3).value).toBe('数据保全');
    expect(ws.getRow(2).getCell(5).value).toBe('1.00');
    const none = await u.api.get('/api/processorder/exportOrderList', { isType: 2, type: 1 });
    expect(none).toMatchObject({ code: 400, msg: MSG.NO_DATA });
    expect((await client(h).get('/api/processorder/getOrderList')).code).toBe(401);
  });
});
