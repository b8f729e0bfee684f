/**
 * Refunds of notary fees (issue 15) on the real app and database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a points-paid order withdrawn by the applicant before acceptance gets its points back
 * exactly once under concurrent duplicate 终止 calls (a ledger row with reason 'refund' and the order, books
 * balanced); an Alipay-paid order terminated by the office is refunded through the sandbox gateway's
 * alipay.trade.refund over real HTTP (idempotent by out_request_no), recorded, and the user is told; an
 * invoiced payment is refunded all the same with the invoice conflict recorded for the operator.
 */
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { auditLog, notaryOrders, notifications, orders, pointsLedger, refunds, smsOutbox } from '../src/db/schema/index.ts';
import { alipayProvider, sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { signedNotify } from '../src/modules/commerce/sandbox.ts';
import { makeOperator } from './account-helpers.ts';
import { client, freshMobile } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { makeUser, personalForm, personalImages, postMultipart } from './kyc-helpers.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

let h: Harness;
let op: Awaited<ReturnType<typeof makeOperator>>;
let notaryApi: ReturnType<typeof client>;

beforeAll(async () => {
  // The app listens on PUBLIC_URL so alipay-sdk reaches the in-process sandbox gateway over real HTTP.
  const port = await freePort();
  h = await makeHarness({ RATE_LIMIT_OFF: '1', PUBLIC_URL: `http://127.0.0.1:${port}` });
  await h.app.listen({ port, host: '127.0.0.1' });
  op = await makeOperator(h);
  const o = await op.api.post('/api/admin/notary/office', { name: '上海市某某公证处', certPrefix: '沪某证经字', fee: 1000 });
  expect(o.code).toBe(200);
  const mobile = freshMobile();
  await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '王公证', company: '', userStatus: 3 }, null, 'test');
  expect(await op.api.post('/api/admin/notary/staff', { officeId: o.data.id, mobile })).toMatchObject({ code: 200 });
  notaryApi = client(h, (await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' })).data.token);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const balance = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);

/** A verified user with a default seal and an order of one deposit at the pay step. */
async function orderAtPay() {
  const u = await makeUser(h, 1);
  expect(await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages())).toMatchObject({ code: 200 });
  const pending = await op.api.get('/api/admin/kyc/list', { kind: 'personal', status: 2, limit: 100 });
  expect(await op.api.post('/api/admin/kyc/review', { id: pending.data.list.find((x: { userId: number }) => x.userId === u.userId).id, pass: 1 })).toMatchObject({ code: 200 });
  expect(await u.api.post('/api/signature/generate', { type: 'personal', name: '张三' })).toMatchObject({ code: 200 });
  const a = await u.api.upload('合同.txt', Buffer.from(`合同正文 ${Math.random()}`), { title: '合同' });
  const orderId = (await u.api.post('/api/notary/create', { ids: String(a.data.id) })).data.orderId;
  await u.api.post('/api/notary/applicationForm', { orderId, applicant: '张三', phone: '13800138000', purpose: '诉讼', useArea: 1, copies: 1, agree: 1 });
  expect((await u.api.post('/api/notary/sign', { orderId, agree: 1 })).code).toBe(200);
  expect((await u.api.post('/api/notary/decode', { orderId, agree: 1 })).code).toBe(200);
  return { ...u, orderId };
}

/** Pays the order through the sandbox gateway (form → 支付), as the browser does. */
async function payWithSandbox(u: Awaited<ReturnType<typeof orderAtPay>>) {
  const pay = await u.api.post('/api/notary/pay', { orderId: u.orderId, payType: 2 });
  const action = /action="([^"]+)"/.exec(pay.data.html)![1]!.replace(/&amp;/g, '&');
  const fields = [...pay.data.html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m: RegExpMatchArray) => [m[1]!, m[2]!.replace(/&quot;/g, '"')] as [string, string]);
  const gw = new URL(action);
  const page = (await h.app.inject({ method: 'POST', url: gw.pathname + gw.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() })).body;
  const t = /name="t" value="([^"]+)"/.exec(page)![1]!;
  const s = /name="s" value="([^"]+)"/.exec(page)![1]!;
  await h.app.inject({ method: 'POST', url: '/pay-sandbox/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ t, s, action: 'pay' }).toString() });
  expect((await notaryRow(u.orderId))).toMatchObject({ status: 1, payStatus: 2, payType: 2 });
}

const notaryRow = async (id: number) => (await h.database.db.select().from(notaryOrders).where(eq(notaryOrders.id, id)))[0]!;

describe('notary fee refunds', () => {
  it('points: withdrawn before acceptance, refunded once under concurrent duplicate 终止 calls', async () => {
    const u = await orderAtPay();
    const before = await balance(u.userId);
    expect(await u.api.post('/api/notary/pay', { orderId: u.orderId, payType: 1 })).toMatchObject({ code: 200 });
    expect(await balance(u.userId)).toBe(before - 1000);
    // Paid, not yet accepted: the list row and the detail offer 终止 (the web's button and its refund wording).
    const listed = (await u.api.get('/api/Evidences/listing', { page: 1 })).data.list.find((r: { id: number }) => r.id === u.orderId);
    expect(listed).toMatchObject({ pay: 2, payType: 3, notarial: 1, canStop: true });
    expect((await u.api.get('/api/Evidences/detail', { orderId: u.orderId })).data.info).toMatchObject({ payType: 3, canStop: true });
    expect((await u.api.get('/api/evidences/orderList', { page: 1 })).data.list.find((r: { id: number }) => r.id === u.orderId)).toMatchObject({ canStop: true });

    const stops = await Promise.all([1, 2, 3, 4].map(() => u.api.post('/api/Evidences/stop', { orderId: u.orderId })));
    expect(stops.filter((s) => s.code === 200)).toHaveLength(1);
    expect(stops.filter((s) => s.code !== 200).every((s) => s.msg === MSG.NOTARY_STEP_INVALID)).toBe(true);
    expect(await balance(u.userId)).toBe(before);

    const row = await notaryRow(u.orderId);
    expect(row).toMatchObject({ status: 3, payStatus: 4, reason: '申请人终止' });
    const [co] = await h.database.db.select().from(orders).where(eq(orders.orderNo, row.commerceOrderNo!));
    expect(co!.payStatus).toBe(4);
    // /orders 充值消费 lists the fee as 公证费, refunded.
    const listed2 = (await u.api.get('/api/processorder/getOrderList', { page: 1, isType: 1 })).data.list.find((x: { order_no: string }) => x.order_no === co!.orderNo);
    expect(listed2).toMatchObject({ type_name: '公证费', pay_status_name: '已退款', balance: 1000 });
    const back = await h.database.db.select().from(pointsLedger).where(and(eq(pointsLedger.userId, u.userId), eq(pointsLedger.reason, 'refund')));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ amount: 1000, orderId: co!.id, balanceAfter: before });
    expect(back[0]!.note).toContain(row.orderNo);
    expect(await h.database.db.select().from(refunds).where(eq(refunds.orderId, co!.id))).toMatchObject([{ status: 'done', payType: 3, amount: 1000 }]);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
    // A refund that was already made is not made again, whoever asks.
    expect(await h.database.db.transaction((tx) => h.services.commerce.refund(tx, { orderNo: co!.orderNo, reason: 'again', source: 'test', actorId: null }))).toBeNull();
    expect(await balance(u.userId)).toBe(before);

    expect((await u.api.get('/api/Evidences/detail', { orderId: u.orderId })).data.info).toMatchObject({ notarial: 3, pay: 4, refund: '已退款 10.00 积分', canStop: false });
    expect((await u.api.get('/api/Evidences/listing', { page: 1, payType: 4 })).data.list.map((r: { id: number }) => r.id)).toEqual([u.orderId]);
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, u.userId));
    expect(news.some((n) => n.str.includes('已退回公证费 10.00 积分'))).toBe(true);
    const sms = await h.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, u.mobile));
    expect(sms.some((s) => s.text.includes('已退回公证费'))).toBe(true);
    const acts = (await h.database.db.select().from(auditLog).where(eq(auditLog.target, `order:${co!.orderNo}`))).map((a) => a.action);
    expect(acts.filter((a) => a === 'order.refunded')).toHaveLength(1);
  }, 240_000);

  it('points: an accepted order cannot be withdrawn; the office terminating it refunds', async () => {
    const u = await orderAtPay();
    const before = await balance(u.userId);
    await u.api.post('/api/notary/pay', { orderId: u.orderId, payType: 1 });
    expect(await notaryApi.post('/api/notaryOffice/accept', { orderId: u.orderId })).toMatchObject({ code: 200 });
    expect((await u.api.get('/api/Evidences/detail', { orderId: u.orderId })).data.info.canStop).toBe(false);
    expect((await u.api.post('/api/Evidences/stop', { orderId: u.orderId })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    expect(await balance(u.userId)).toBe(before - 1000);
    const t = await Promise.all([1, 2].map(() => notaryApi.post('/api/notaryOffice/terminate', { orderId: u.orderId, reason: '材料不全', failed: 1 })));
    expect(t.filter((x) => x.code === 200)).toHaveLength(1);
    expect(await balance(u.userId)).toBe(before);
    expect((await notaryRow(u.orderId))).toMatchObject({ status: 4, payStatus: 4 });
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  }, 240_000);

  it('Alipay: the office terminates a paid order; the fee goes back through alipay.trade.refund once', async () => {
    const u = await orderAtPay();
    await payWithSandbox(u);
    const points = await balance(u.userId);

    expect(await notaryApi.post('/api/notaryOffice/terminate', { orderId: u.orderId, reason: '申请事项不属于本处受理范围' })).toMatchObject({ code: 200 });
    expect((await notaryApi.post('/api/notaryOffice/terminate', { orderId: u.orderId, reason: '再次终止' })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    const row = await notaryRow(u.orderId);
    expect(row).toMatchObject({ status: 3, payStatus: 4 });
    const [co] = await h.database.db.select().from(orders).where(eq(orders.orderNo, row.commerceOrderNo!));
    const [rf] = await h.database.db.select().from(refunds).where(eq(refunds.orderId, co!.id));
    expect(rf).toMatchObject({ status: 'done', payType: 2, amount: 1000, attempts: 1, invoiceNote: null });
    expect(await balance(u.userId)).toBe(points); // money back, no points moved
    // The sandbox gateway closed the fully refunded trade; repeating the same request refunds nothing more.
    const provider = alipayProvider(h.config, `${h.config.PUBLIC_URL}/pay-sandbox/gateway.do`);
    expect(await provider.queryTrade(co!.orderNo)).toMatchObject({ paid: false });
    expect(await provider.refund({ orderNo: co!.orderNo, amount: 1000, requestNo: rf!.requestNo, reason: 'repeat' })).toMatchObject({ ok: true });
    expect(await provider.refund({ orderNo: co!.orderNo, amount: 1000, requestNo: 'RF-another', reason: 'twice' })).toMatchObject({ ok: false, error: expect.stringContaining('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL') });
    expect(await h.services.commerce.runRefund(rf!.id)).toBe(true);
    // A replayed (genuinely signed) payment notification after the refund changes nothing.
    const replay = signedNotify(sandboxKeys(h.config.dataDir), { orderNo: co!.orderNo, amount: '10.00', subject: 'x' });
    expect((await h.app.inject({ method: 'POST', url: '/api/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(replay).toString() })).body).toBe('success');
    expect((await h.database.db.select().from(orders).where(eq(orders.id, co!.id)))[0]!.payStatus).toBe(4);
    expect((await notaryRow(u.orderId)).payStatus).toBe(4);
    const acts = (await h.database.db.select().from(auditLog).where(eq(auditLog.target, `order:${co!.orderNo}`))).map((a) => a.action);
    expect(acts.filter((a) => a === 'order.refunded')).toHaveLength(1);
    expect(acts).toContain('order.refundRequested');
    expect((await u.api.get('/api/Evidences/detail', { orderId: u.orderId })).data.info.refund).toBe('已退款 ¥10.00（支付宝原路退回）');
    // No longer invoiceable.
    expect((await u.api.get('/api/evidences/orderList', { page: 1 })).data.list[0]).toMatchObject({ id: u.orderId, pay: 4 });
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, u.userId));
    expect(news.some((n) => n.str.includes('将原路退回您的支付宝账户'))).toBe(true);
  }, 240_000);

  it('Alipay: withdrawn by the applicant after the fee was invoiced — refunded all the same, the invoice flagged for the operator', async () => {
    const u = await orderAtPay();
    await payWithSandbox(u);
    const row = await notaryRow(u.orderId);
    // As if the payment had been invoiced (invoice status 2): the refund is not refused, the conflict is recorded.
    await h.database.db.update(orders).set({ invoiceStatus: 2 }).where(eq(orders.orderNo, row.commerceOrderNo!));
    const stops = await Promise.all([1, 2].map(() => u.api.post('/api/Evidences/stop', { orderId: u.orderId })));
    expect(stops.filter((x) => x.code === 200)).toHaveLength(1);
    const [co] = await h.database.db.select().from(orders).where(eq(orders.orderNo, row.commerceOrderNo!));
    expect(co!.payStatus).toBe(4);
    expect(await h.database.db.select().from(refunds).where(eq(refunds.orderId, co!.id))).toMatchObject([{ status: 'done', payType: 2, amount: 1000, invoiceNote: MSG.NOTARY_REFUND_INVOICED }]);
    const acts = (await h.database.db.select().from(auditLog).where(eq(auditLog.target, `order:${co!.orderNo}`))).map((a) => a.action);
    expect(acts).toEqual(expect.arrayContaining(['order.refundRequested', 'order.refunded', 'invoice.refundConflict']));
    expect((await notaryRow(u.orderId))).toMatchObject({ status: 3, payStatus: 4, reason: '申请人终止' });
  }, 240_000);
});
