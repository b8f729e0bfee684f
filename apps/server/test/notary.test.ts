/**
 * Online notarization (issue 15) on the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the p2 §6 gate and its messages, the four steps in order, 终止 voids, the grant before the office can read,
 * points and Alipay payment exactly once, the office's accept / interview / 公证书 with signed PDFs, the
 * number format and the public check, the 公证出证 tab, and another user's or office's order as missing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { auditLog, notaryOrders, notifications, pointsLedger, smsOutbox } from '../src/db/schema/index.ts';
import { sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { signedNotify } from '../src/modules/commerce/sandbox.ts';
import { makeOperator } from './account-helpers.ts';
import { client, freshMobile } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { idNumber, makeUser, personalForm, personalImages, postMultipart, runFaceSimulator } from './kyc-helpers.ts';

let h: Harness;
let op: Awaited<ReturnType<typeof makeOperator>>;
let officeId: number;
let notaryApi: ReturnType<typeof client>;

beforeAll(async () => {
  h = await makeHarness({ RATE_LIMIT_OFF: '1' });
  op = await makeOperator(h);
  const o = await op.api.post('/api/admin/notary/office', { name: '北京市某某公证处', certPrefix: '京某证内字', fee: 1000 });
  expect(o).toMatchObject({ code: 200 });
  officeId = o.data.id;
  const mobile = freshMobile();
  await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '刘公证', company: '', userStatus: 3 }, null, 'test');
  expect(await op.api.post('/api/admin/notary/staff', { officeId, mobile })).toMatchObject({ code: 200 });
  expect((await op.api.post('/api/admin/notary/staff', { officeId, mobile })).msg).toBe(MSG.NOTARY_STAFF_EXISTS);
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  notaryApi = client(h, login.data.token);
  expect((await op.api.get('/api/admin/notary/offices')).data).toEqual([{ id: officeId, name: '北京市某某公证处', certPrefix: '京某证内字', fee: 1000, active: true, staff: 1 }]);
  expect((await op.api.post('/api/admin/notary/office', { name: '某公证处', certPrefix: 'AB' })).msg).toBe(MSG.NOTARY_CERT_PREFIX_INVALID);
  expect((await notaryApi.get('/api/admin/notary/offices')).code).toBe(403);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const pendingId = async (kind: string, userId: number): Promise<number> => {
  const r = await op.api.get('/api/admin/kyc/list', { kind, status: 2, limit: 100 });
  return r.data.list.find((x: { userId: number }) => x.userId === userId).id;
};

/** A user verified by photo upload and operator review (passes the p2 §6 gate), with a default seal and two deposits. */
async function verifiedUser() {
  const u = await makeUser(h, 1);
  expect(await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages())).toMatchObject({ code: 200 });
  expect(await op.api.post('/api/admin/kyc/review', { id: await pendingId('personal', u.userId), pass: 1 })).toMatchObject({ code: 200 });
  expect(await u.api.post('/api/signature/generate', { type: 'personal', name: '张三' })).toMatchObject({ code: 200 });
  const a = await u.api.upload('合同.txt', Buffer.from(`合同正文 ${Math.random()}`), { title: '合同' });
  const b = await u.api.upload('聊天记录.txt', Buffer.from(`聊天记录 ${Math.random()}`), { title: '聊天记录' });
  expect(a.code).toBe(200);
  return { ...u, ids: [a.data.id, b.data.id] as number[] };
}

const readDoc = async (downUrl: string): Promise<Buffer> => {
  const r = await h.app.inject({ method: 'GET', url: new URL(downUrl, 'http://x').pathname + new URL(downUrl, 'http://x').search });
  expect(r.statusCode).toBe(200);
  return r.rawPayload;
};

describe('the p2 §6 gate', () => {
  it('stops unverified users (您未实名不可使用该功能) and a supplementary upload under review (实名补传还未通过，请耐心等待)', async () => {
    const u = await makeUser(h, 1, { userStatus: 1 });
    expect(await u.api.get('/api/notary/gate')).toMatchObject({ code: 400, msg: '您未实名不可使用该功能', data: { redirect: '/personage-kyc' } });
    expect(await u.api.post('/api/notary/create', { ids: '1' })).toMatchObject({ code: 400, msg: MSG.NOT_VERIFIED });

    // Face-verified, supplementary upload under review.
    const f = await makeUser(h, 1);
    const start = await f.api.post('/api/peruser/perAuthorize', { name: '李雷', idCard: idNumber('19950101', '011'), type: 2, address: '北京市海淀区1号', agree: 1 });
    const h5 = await f.api.post('/api/peruser/geth5faceid', { bizSeqNo: start.data.bizSeqNo });
    await runFaceSimulator(h, h5.data.url, 12);
    expect(await f.api.post('/api/peruser/faceSync', { bizSeqNo: start.data.bizSeqNo })).toMatchObject({ code: 200 });
    expect((await f.api.get('/api/notary/gate')).msg).toBe(MSG.REPAIR_REQUIRED);
    expect(await postMultipart(h, f.token, '/api/user/informationRepair', { address: '北京市海淀区1号', type: '2' }, personalImages())).toMatchObject({ code: 200 });
    expect(await f.api.get('/api/notary/gate')).toMatchObject({ code: 400, msg: '实名补传还未通过，请耐心等待', data: { redirect: '/person-info' } });
    expect((await f.api.post('/api/notary/create', { ids: '1' })).msg).toBe('实名补传还未通过，请耐心等待');
  }, 60_000);
});

describe('ordering and the four steps', () => {
  it('lists eligible evidence, refuses others\' evidence and bad input, keeps the step order, and voids on 终止', async () => {
    const u = await verifiedUser();
    const other = await verifiedUser();
    expect(await u.api.get('/api/notary/gate')).toMatchObject({ code: 200 });
    const el = await u.api.get('/api/evidences/other', { page: 1 });
    expect(el.data.count).toBe(2);
    expect(el.data.list[0]).toMatchObject({ kind: 'data', evidenceType: 1, baoquan: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await u.api.post('/api/notary/create', { ids: '' })).msg).toBe(MSG.NOTARY_EVIDENCE_REQUIRED);
    expect((await u.api.post('/api/notary/create', { ids: 'a,b' })).msg).toBe(MSG.NOTARY_EVIDENCE_REQUIRED);
    expect((await u.api.post('/api/notary/create', { ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') })).msg).toBe(MSG.NOTARY_EVIDENCE_TOO_MANY);
    expect((await u.api.post('/api/notary/create', { ids: `${u.ids[0]},${other.ids[0]}` })).msg).toBe(MSG.NOTARY_EVIDENCE_INVALID);

    const c = await u.api.post('/api/notary/create', { ids: u.ids.join(',') });
    expect(c).toMatchObject({ code: 200, data: { type: 1 } });
    const orderId = c.data.orderId;
    // Another user's order answers as missing.
    expect((await other.api.get('/api/notary/order', { orderId })).msg).toBe(MSG.NOTARY_ORDER_NOT_FOUND);
    // Out of order: sign / decode / pay before the application.
    for (const [url, body] of [['/api/notary/sign', { orderId, agree: 1 }], ['/api/notary/decode', { orderId, agree: 1 }], ['/api/notary/pay', { orderId, payType: 1 }]] as const) {
      expect((await u.api.post(url, body)).msg).toBe(MSG.NOTARY_STEP_INVALID);
    }
    const st = await u.api.get('/api/notary/order', { orderId });
    expect(st.data).toMatchObject({ step: 1, disabled: false, disabledSign: true, disabledDecode: true, signTure: false, payment: false, money: 2000, count: 2 });
    const app = { orderId, applicant: '张三', phone: '13800138000', purpose: '诉讼', useArea: 1, copies: 2, agree: 1 };
    expect((await u.api.post('/api/notary/applicationForm', { ...app, agree: 0 })).msg).toBe(MSG.NOTARY_CONSENT_REQUIRED);
    expect((await u.api.post('/api/notary/applicationForm', { ...app, copies: 11 })).msg).toBe(MSG.NOTARY_COPIES_INVALID);
    expect((await u.api.post('/api/notary/applicationForm', { ...app, purpose: '' })).msg).toBe('公证用途不能为空');
    expect((await u.api.post('/api/notary/applicationForm', app)).data).toMatchObject({ step: 2, disabledSign: false });

    // 终止 voids: nothing else works afterwards.
    expect(await u.api.post('/api/Evidences/stop', { orderId })).toMatchObject({ code: 200 });
    expect((await u.api.get('/api/notary/order', { orderId })).data).toMatchObject({ status: 3, disabled: true, disabledSign: true, disabledDecode: true });
    expect((await u.api.post('/api/notary/sign', { orderId, agree: 1 })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    expect((await u.api.post('/api/Evidences/stop', { orderId })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    const list = await u.api.get('/api/Evidences/listing', { page: 1 });
    expect(list.data.list[0]).toMatchObject({ id: orderId, notarial: 3, step: 2, number: 2 });
    const audits = await h.database.db.select().from(auditLog).where(eq(auditLog.actorId, u.userId));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['notary.order.create', 'notary.order.application', 'notary.order.stop']));
  }, 120_000);

  it('signs, grants, pays with points once (concurrent clicks), and the office accepts, interviews and issues a signed 公证书', async () => {
    const u = await verifiedUser();
    const orderId = (await u.api.post('/api/notary/create', { ids: u.ids.join(',') })).data.orderId;
    await u.api.post('/api/notary/applicationForm', { orderId, applicant: '张三', phone: '13800138000', purpose: '诉讼', useArea: 2, country: '日本', copies: 1, agree: 1 });
    const signed = await u.api.post('/api/notary/sign', { orderId, agree: 1 });
    expect(signed.data).toMatchObject({ step: 3, signTure: true, disabledDecode: false });
    const contract = await u.api.post('/api/data/downContract', { orderId });
    expect(contract.data.list.map((d: { type: number }) => d.type)).toEqual([1, 3]);
    const dir = fs.mkdtempSync(path.join(h.dataDir, 'pdf-'));
    const pdfsig = async (downUrl: string, name: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, await readDoc(downUrl));
      return execFileSync('pdfsig', [file], { encoding: 'utf8' });
    };
    const s1 = await pdfsig(contract.data.list[0].downUrl, 'form.pdf');
    expect(s1).toMatch(/Signer Certificate Common Name: 张三/);
    expect(s1).toMatch(/Signature Validation: Signature is Valid/);
    expect(execFileSync('pdftotext', [path.join(dir, 'form.pdf'), '-'], { encoding: 'utf8' })).toContain('公证申请表');

    // The office cannot read the evidence before the grant (and does not see unpaid orders at all).
    expect((await notaryApi.get('/api/notaryOffice/order', { orderId })).msg).toBe(MSG.NOTARY_ORDER_NOT_FOUND);
    expect((await u.api.post('/api/notary/decode', { orderId, agree: 1 })).data).toMatchObject({ step: 4, decodeList: expect.arrayContaining([expect.any(String)]) });
    const before = Number((await h.database.query<{ points: string }>('select points from users where id = $1', [u.userId]))[0]!.points);
    const pays = await Promise.all([1, 2, 3].map(() => u.api.post('/api/notary/pay', { orderId, payType: 1 })));
    expect(pays.filter((p) => p.code === 200)).toHaveLength(1);
    expect(pays.filter((p) => p.code !== 200).every((p) => p.msg === MSG.NOTARY_STEP_INVALID)).toBe(true);
    const after = Number((await h.database.query<{ points: string }>('select points from users where id = $1', [u.userId]))[0]!.points);
    expect(before - after).toBe(2000);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
    // (A paid order can still be withdrawn until the office accepts it, with a refund: notary-refund.test.ts.)

    // A non-notary is refused the console; the notary sees the order, verified.
    expect(await u.api.get('/api/notaryOffice/orders')).toMatchObject({ code: 403, msg: MSG.NOTARY_NOT_STAFF });
    expect(await u.api.get('/api/notaryOffice/me')).toMatchObject({ code: 200, data: null });
    expect((await notaryApi.get('/api/notaryOffice/me')).data).toMatchObject({ name: '北京市某某公证处' });
    expect((await notaryApi.get('/api/notaryOffice/orders')).data.list.map((o: { id: number }) => o.id)).toContain(orderId);
    const opened = await notaryApi.get('/api/notaryOffice/order', { orderId });
    expect(opened.data.evidence).toHaveLength(2);
    for (const e of opened.data.evidence) expect(e.verdict).toMatchObject({ ok: true, hash: true, inclusion: true, timestamp: true });
    expect(opened.data.evidence[0].fileUrl).toMatch(/^\/api\/file\//);
    // Issue before acceptance and interview: refused.
    expect((await notaryApi.post('/api/notaryOffice/issue', { orderId })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    expect(await notaryApi.post('/api/notaryOffice/accept', { orderId })).toMatchObject({ code: 200 });
    expect((await notaryApi.post('/api/notaryOffice/interview', { orderId, place: '', content: '问：…' })).msg).toBe('询问地点不能为空');
    expect(await notaryApi.post('/api/notaryOffice/interview', { orderId, place: '线上视频', content: '问：以上电子数据是否由你本人保全？\n答：是。' })).toMatchObject({ code: 200 });
    // The record waits for the applicant: no 公证书 before both have signed it.
    expect((await u.api.get('/api/Evidences/detail', { orderId })).data.info).toMatchObject({ interviewToSign: true, docs: [1, 2, 3, 4] });
    expect((await notaryApi.post('/api/notaryOffice/issue', { orderId })).msg).toBe(MSG.NOTARY_INTERVIEW_UNSIGNED);
    const unsigned = await pdfsig((await u.api.post('/api/Evidences/downDoc', { orderId, type: 4 })).data.downUrl, 'doc4-unsigned.pdf').catch((e: { stdout?: string }) => e.stdout ?? '');
    expect(unsigned).not.toMatch(/Signature #1/);
    expect((await notaryApi.post('/api/notary/interviewSign', { orderId, agree: 1 })).code).toBe(400); // not the applicant (gated, then not theirs)
    expect((await u.api.post('/api/notary/interviewSign', { orderId, agree: 0 })).msg).toBe(MSG.NOTARY_CONSENT_REQUIRED);
    const signs = await Promise.all([1, 2].map(() => u.api.post('/api/notary/interviewSign', { orderId, agree: 1 })));
    expect(signs.filter((x) => x.code === 200)).toHaveLength(1);
    expect((await u.api.get('/api/Evidences/detail', { orderId })).data.info.interviewToSign).toBe(false);
    // Two valid PAdES signatures: the applicant's event certificate, then the office's by incremental update.
    const both = await pdfsig((await u.api.post('/api/Evidences/downDoc', { orderId, type: 4 })).data.downUrl, 'doc4.pdf');
    expect(both.match(/Signature Validation: Signature is Valid/g)).toHaveLength(2);
    const sigs = both.split(/Signature #\d+:/).slice(1);
    expect(sigs[0]).toMatch(/Signer Certificate Common Name: 张三/);
    expect(sigs[0]).toMatch(/Signature Validation: Signature is Valid/);
    expect(sigs[1]).toMatch(/Signer Certificate Common Name: 北京市某某公证处/);
    expect(sigs[1]).toMatch(/Signature Validation: Signature is Valid/);
    expect(sigs[1]).toMatch(/Total document signed/);
    const issued = await notaryApi.post('/api/notaryOffice/issue', { orderId });
    expect(issued.data.certNo).toMatch(/^（\d{4}）京某证内字第\d{6}号$/);
    expect((await notaryApi.post('/api/notaryOffice/issue', { orderId })).msg).toBe(MSG.NOTARY_STEP_INVALID);

    const detail = await u.api.get('/api/Evidences/detail', { orderId });
    expect(detail.data.info).toMatchObject({ notarial: 2, pay: 2, certNo: issued.data.certNo, docs: [1, 2, 3, 4, 5] });
    for (const type of [2, 5]) {
      const d = await u.api.post('/api/Evidences/downDoc', { orderId, type });
      const out = await pdfsig(d.data.downUrl, `doc${type}.pdf`);
      expect(out).toMatch(/Signer Certificate Common Name: 北京市某某公证处/);
      expect(out).toMatch(/Signature Validation: Signature is Valid/);
    }
    const text = execFileSync('pdftotext', [path.join(dir, 'doc5.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toContain(issued.data.certNo);
    for (const e of opened.data.evidence) {
      expect(text).toContain(e.baoquan);
      expect(text).toContain(e.chainhash);
    }
    // Public check by number.
    expect((await client(h).post('/api/check/checkGzsNo', { no: issued.data.certNo })).data).toMatchObject({ no: issued.data.certNo, notaryOffice: '北京市某某公证处', valid: true, baoquanList: expect.arrayContaining(opened.data.evidence.map((e: { baoquan: string }) => e.baoquan)) });
    expect((await client(h).post('/api/check/checkGzsNo', { no: '（2026）京某证内字第999999号' })).msg).toBe(MSG.NOTARY_CERT_NOT_FOUND);
    expect((await client(h).post('/api/check/checkGzsNo', { no: ' ' })).msg).toBe(MSG.NOTARY_CERT_REQUIRED);
    // Notified in-app and by SMS at each office step; audited.
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, u.userId));
    expect(news.filter((n) => /受理|询问|公证书/.test(n.str)).length).toBeGreaterThanOrEqual(3);
    const sms = await h.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, u.mobile));
    expect(sms.filter((s) => s.text.includes('公证')).length).toBeGreaterThanOrEqual(3);
    const acts = (await h.database.db.select().from(auditLog)).map((a) => a.action);
    expect(acts).toEqual(expect.arrayContaining(['notary.order.sign', 'notary.order.grant', 'notary.order.paid', 'notary.office.open', 'notary.office.accept', 'notary.office.interview', 'notary.order.interviewSign', 'notary.office.countersign', 'notary.office.issue']));
    // The orders page's 公证出证 tab.
    expect((await u.api.get('/api/evidences/orderList', { page: 1 })).data.list[0]).toMatchObject({ id: orderId, pay: 2, payType: 3, invoiceType: 0 });
  }, 240_000);

  it('pays through the sandbox gateway once (no points credited, a replayed notification changes nothing, invoiceable); the office marks it failed with a reason; list filters', async () => {
    const u = await verifiedUser();
    const orderId = (await u.api.post('/api/notary/create', { ids: String(u.ids[0]) })).data.orderId;
    await u.api.post('/api/notary/applicationForm', { orderId, applicant: '张三', phone: '13800138000', purpose: '维权', useArea: 1, copies: 1, agree: 1 });
    await u.api.post('/api/notary/sign', { orderId, agree: 1 });
    await u.api.post('/api/notary/decode', { orderId, agree: 1 });
    const pay = await u.api.post('/api/notary/pay', { orderId, payType: 2 });
    expect(pay.data.html).toContain('<form');
    // Submit the form to the sandbox gateway and press 支付.
    const action = /action="([^"]+)"/.exec(pay.data.html)![1]!.replace(/&amp;/g, '&');
    const fields = [...pay.data.html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m: RegExpMatchArray) => [m[1]!, m[2]!.replace(/&quot;/g, '"')] as [string, string]);
    const gw = new URL(action);
    const page = (await h.app.inject({ method: 'POST', url: gw.pathname + gw.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() })).body;
    const t = /name="t" value="([^"]+)"/.exec(page)![1]!;
    const s = /name="s" value="([^"]+)"/.exec(page)![1]!;
    const r = await h.app.inject({ method: 'POST', url: '/pay-sandbox/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ t, s, action: 'pay' }).toString() });
    expect(r.statusCode).toBe(302);
    expect(String(r.headers.location)).toContain(`/api/notary/payReturn?orderId=${orderId}`);
    const st = (await u.api.get('/api/notary/order', { orderId })).data;
    expect(st).toMatchObject({ step: 5, status: 1, payment: true, payType: 2 });
    const [row] = await h.database.db.select().from(notaryOrders).where(eq(notaryOrders.id, orderId));
    const credited = await h.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, u.userId));
    expect(credited.every((c) => c.reason !== 'recharge')).toBe(true);
    expect((await u.api.get('/api/evidences/orderList', { page: 1 })).data.list[0]).toMatchObject({ id: orderId, pay: 2, payType: 2, invoiceType: 1 });
    expect(row!.commerceOrderNo).toBeTruthy();
    // A replayed (genuinely signed) notification of the same payment changes nothing.
    const replay = signedNotify(sandboxKeys(h.config.dataDir), { orderNo: row!.commerceOrderNo!, amount: '10.00', subject: 'x' });
    const ans = await h.app.inject({ method: 'POST', url: '/api/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(replay).toString() });
    expect(ans.body).toBe('success');
    const paidAudits = (await h.database.db.select().from(auditLog).where(eq(auditLog.target, `notaryOrder:${row!.orderNo}`))).filter((a) => a.action === 'notary.order.paid');
    expect(paidAudits).toHaveLength(1);
    expect((await u.api.get('/api/notary/order', { orderId })).data).toMatchObject({ step: 5, status: 1 });

    expect((await notaryApi.post('/api/notaryOffice/terminate', { orderId, reason: '' })).msg).toBe(MSG.NOTARY_REASON_REQUIRED);
    expect(await notaryApi.post('/api/notaryOffice/terminate', { orderId, reason: '申请人未按时参加询问', failed: 1 })).toMatchObject({ code: 200 });
    expect((await u.api.get('/api/Evidences/detail', { orderId })).data.info).toMatchObject({ notarial: 4, reason: '申请人未按时参加询问' });
    expect((await notaryApi.post('/api/notaryOffice/accept', { orderId })).msg).toBe(MSG.NOTARY_STEP_INVALID);
    // Listing filters.
    expect((await u.api.get('/api/Evidences/listing', { page: 1, payType: 1 })).data.count).toBe(0);
    expect((await u.api.get('/api/Evidences/listing', { page: 1, orderNo: row!.orderNo })).data.count).toBe(1);
    expect((await u.api.get('/api/Evidences/listing', { page: 1, startTime: 200, endTime: 100 })).msg).toBe(MSG.DATE_RANGE_INVALID);
  }, 180_000);

  it('refuses anonymous callers; the office announces in the 公告 dialog', async () => {
    expect((await client(h).get('/api/Evidences/listing')).code).toBe(401);
    const a = await notaryApi.post('/api/notaryOffice/announce', { title: '春节期间办理时间调整', content: '2月1日至2月7日暂停受理。' });
    expect(a.code).toBe(200);
    const notice = await client(h).get('/api/news/notice');
    expect(notice.data.title).toBe('【北京市某某公证处】春节期间办理时间调整');
  });
});
