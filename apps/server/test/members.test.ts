/**
 * Enterprise members and roles end to end on the real app (issue 14 §3–4, issue 13 "members spend the main
 * account's points"; spec p1 §2–9, p2 §2–8): queryMember rules, SMS type 7/8, the letter upload, add →
 * operator review → bound / failed → update / del, stop, unbind, getCurrentRole / switchRole, the ROLE
 * header resolved once (deposits of a member belong to the company, record the member and spend the
 * company's points), role-2 refusals, the member's consumption list and Excel export, and concurrent
 * member deposits that never drive the company balance below zero.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, msgTooLong } from '@cunzheng/contract/messages';
import { ZMember, ZRoleItem } from '@cunzheng/contract/members';
import { auditLog, companyMembers, evidence, notifications, orders, pointsLedger, processSessions, webCaptures } from '../src/db/schema/index.ts';
import { JPEG, makeOperator, transparentPng } from './account-helpers.ts';
import { client, form, freshMobile, lastSmsCode, type Envelope } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

let h: Harness;
let op: Awaited<ReturnType<typeof makeOperator>>;

let site: http.Server;
let siteUrl = '';
beforeAll(async () => {
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '30' });
  site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><title>成员取证页面</title></head><body><h1>成员取证页面</h1></body></html>'));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  op = await makeOperator(h);
});
afterAll(async () => {
  await new Promise<void>((r) => (site ? site.close(() => r()) : r()));
  await h?.close();
});

/** API client with an optional ROLE header (the web app sends ROLE: 2 after switching to the member role). */
function api(token: string, role?: 1 | 2) {
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...(role ? { role: String(role) } : {}), ...extra });
  return {
    async post<T = any>(url: string, body: Record<string, string | number> = {}): Promise<Envelope<T>> {
      return (await h.app.inject({ method: 'POST', url, headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }), payload: form(body) })).json();
    },
    async get<T = any>(url: string, query: Record<string, string | number> = {}): Promise<Envelope<T>> {
      const qs = Object.keys(query).length ? `?${form(query)}` : '';
      return (await h.app.inject({ method: 'GET', url: url + qs, headers: headers() })).json();
    },
    async raw(url: string) {
      return h.app.inject({ method: 'GET', url, headers: headers() });
    },
    async upload<T = any>(name: string, content: Buffer, url: string): Promise<Envelope<T>> {
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(content)]), name);
      const req = new Request('http://x', { method: 'POST', body: fd });
      const body = Buffer.from(await req.arrayBuffer());
      return (await h.app.inject({ method: 'POST', url, headers: headers({ 'content-type': req.headers.get('content-type') ?? '' }), payload: body })).json();
    },
  };
}

/** Moves the SMS sends to `mobile` 61 s into the past (the resend wait of 60 s is over). */
const resendLater = (mobile: string) => h.database.query("update sms_codes set created_at = created_at - interval '61 seconds' where mobile = $1", [mobile]);

const balanceOf = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);

/** An account created like `user:create`, logged in. */
async function account(o: { type: 1 | 2; userStatus?: number; name?: string; company?: string; points?: number }) {
  const mobile = freshMobile();
  const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: o.type, name: o.name ?? '李四', company: o.company ?? '', userStatus: o.userStatus ?? 3, points: o.points ?? 100_000 }, null, 'test');
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  if (login.code !== 200) throw new Error(login.msg);
  return { row, mobile, token: login.data.token, api: api(login.data.token), as2: api(login.data.token, 2) };
}
type Account = Awaited<ReturnType<typeof account>>;

/** Uploads a letter and adds `person` to `company` through the SMS flow → member_id (pending review). */
async function addMember(company: Account, person: Account): Promise<number> {
  const q = await company.api.post('/api/companymember/queryMember', { mobile: person.mobile });
  expect(q).toMatchObject({ code: 200, data: { user_id: person.row.id, name: person.row.name } });
  const sent = await company.api.post<{ token: string }>('/api/companymember/sendMsg', { mobile: person.mobile, type: 7, companyName: company.row.company });
  expect(sent.code).toBe(200);
  const up = await company.api.upload<{ path: string; full_path: string }>('letter.jpg', JPEG, '/api/companymember/upload');
  expect(up.code).toBe(200);
  const r = await company.api.post<{ member_id: number }>('/api/companymember/add', { mobile: person.mobile, pid: company.row.id, son_uid: person.row.id, smsCode: await lastSmsCode(h, person.mobile), smsToken: sent.data.token, filePath: up.data.path });
  expect(r).toMatchObject({ code: 200, msg: MSG.SUBMIT_SUCCESS });
  return r.data.member_id;
}

/** add + operator approval → bound member id. */
async function bind(company: Account, person: Account): Promise<number> {
  const id = await addMember(company, person);
  expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 1 })).toMatchObject({ code: 200 });
  return id;
}

/** A data deposit of `bytes` → the envelope. */
const deposit = (a: ReturnType<typeof api>, bytes: Buffer, name = 'a.txt') => a.upload(name, bytes, '/api/data/upload');

describe('queryMember, sendMsg, upload: who can be added (spec p1 §5)', () => {
  it('answers the spec messages for bad input and each kind of refused account', async () => {
    const company = await account({ type: 2, company: '星辰科技有限公司', name: '王经理' });
    const person = await account({ type: 1, name: '李四' });
    const unverified = await account({ type: 1, userStatus: 1, name: '赵六' });
    const other = await account({ type: 2, company: '别的公司' });
    const q = (mobile: string) => company.api.post('/api/companymember/queryMember', { mobile });
    expect(await q('')).toMatchObject({ code: 400, msg: MSG.MOBILE_REQUIRED });
    expect(await q('12345')).toMatchObject({ code: 400, msg: MSG.MOBILE_FORMAT_MEMBER });
    expect(await q('1'.repeat(40))).toMatchObject({ code: 400, msg: MSG.MOBILE_FORMAT_MEMBER });
    expect(await q(freshMobile())).toMatchObject({ code: 400, msg: MSG.MOBILE_NOT_REGISTERED });
    expect(await q(other.mobile)).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_PERSONAL });
    expect(await q(company.mobile)).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_PERSONAL });
    expect(await q(unverified.mobile)).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_VERIFIED });
    expect(await q(person.mobile)).toEqual({ code: 200, msg: expect.any(String), data: { user_id: person.row.id, name: '李四' } });
    // SMS type 7 only to an addable person; bad type refused.
    expect(await company.api.post('/api/companymember/sendMsg', { mobile: unverified.mobile, type: 7 })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_VERIFIED });
    expect(await company.api.post('/api/companymember/sendMsg', { mobile: person.mobile, type: 3 })).toMatchObject({ code: 400, msg: MSG.BAD_PARAM });
    // Personal accounts and anonymous callers cannot manage members.
    expect(await person.api.post('/api/companymember/queryMember', { mobile: unverified.mobile })).toMatchObject({ code: 400, msg: MSG.MEMBER_COMPANY_ONLY });
    expect(await person.api.get('/api/companymember/getList')).toMatchObject({ code: 400, msg: MSG.MEMBER_COMPANY_ONLY });
    expect((await client(h).get('/api/companymember/getList')).code).toBe(401);
    // Upload: images only (sniffed from bytes), not empty.
    expect(await company.api.upload('letter.jpg', Buffer.from('not an image'), '/api/companymember/upload')).toMatchObject({ code: 400, msg: MSG.IMAGE_TYPE_REQUIRED });
    expect(await company.api.upload('letter.png', Buffer.alloc(0), '/api/companymember/upload')).toMatchObject({ code: 400, msg: MSG.FILE_EMPTY });
    const png = transparentPng(120, 80);
    const up = await company.api.upload<{ path: string; full_path: string }>('letter.png', png, '/api/companymember/upload');
    expect(up.code).toBe(200);
    expect(up.data.path).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const got = await h.app.inject({ method: 'GET', url: up.data.full_path });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, png)).toBe(0);
    expect(await person.api.upload('letter.png', png, '/api/companymember/upload')).toMatchObject({ code: 400, msg: MSG.MEMBER_COMPANY_ONLY });
  });

  it('add checks the SMS code, the token, the letter and the resolved member', async () => {
    const company = await account({ type: 2, company: '甲公司' });
    const person = await account({ type: 1, name: '钱七' });
    const sent = await company.api.post<{ token: string }>('/api/companymember/sendMsg', { mobile: person.mobile, type: 7, companyName: '甲公司' });
    expect(sent).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
    const up = await company.api.upload<{ path: string }>('l.jpg', JPEG, '/api/companymember/upload');
    const base = { mobile: person.mobile, pid: company.row.id, son_uid: person.row.id, smsToken: sent.data.token, smsCode: await lastSmsCode(h, person.mobile), filePath: up.data.path };
    const add = (o: Record<string, string | number>) => company.api.post('/api/companymember/add', { ...base, ...o });
    expect(await add({ smsCode: '' })).toMatchObject({ code: 400, msg: MSG.MEMBER_SMS_CODE_REQUIRED });
    expect(await add({ smsToken: '' })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
    expect(await add({ filePath: '' })).toMatchObject({ code: 400, msg: MSG.AUTH_LETTER_REQUIRED });
    expect(await add({ filePath: 'x'.repeat(32) })).toMatchObject({ code: 400, msg: MSG.AUTH_LETTER_REQUIRED });
    expect(await add({ mobile: '' })).toMatchObject({ code: 400, msg: MSG.MOBILE_REQUIRED });
    expect(await add({ son_uid: '' })).toMatchObject({ code: 400, msg: MSG.MEMBER_QUERY_FIRST });
    expect(await add({ son_uid: company.row.id })).toMatchObject({ code: 400, msg: MSG.MEMBER_QUERY_FIRST });
    const wrong = base.smsCode === '000000' ? '111111' : '000000';
    expect(await add({ smsCode: wrong })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
    // Another company's letter path is not usable.
    const other = await account({ type: 2, company: '乙公司' });
    const otherUp = await other.api.upload<{ path: string }>('l.jpg', JPEG, '/api/companymember/upload');
    expect(await add({ filePath: otherUp.data.path })).toMatchObject({ code: 400, msg: MSG.AUTH_LETTER_REQUIRED });
    const ok = await add({});
    expect(ok).toMatchObject({ code: 200, msg: MSG.SUBMIT_SUCCESS });
    // The code is single use.
    expect(await add({})).toMatchObject({ code: 400 });
    const list = await company.api.get<{ list: unknown[]; count: number }>('/api/companymember/getList', { page: 1 });
    expect(list.data.count).toBe(1);
    const row = ZMember.parse(list.data.list[0]);
    expect(row).toMatchObject({ member_id: ok.data.member_id, name: '钱七', mobile: person.mobile, status: '1', status_name: '待审核', pid: company.row.id, son_uid: person.row.id, bind_time: 0 });
    // Pending with one company = not addable elsewhere nor twice.
    expect(await company.api.post('/api/companymember/queryMember', { mobile: person.mobile })).toMatchObject({ code: 400, msg: MSG.MEMBER_ALREADY });
    expect(await other.api.post('/api/companymember/queryMember', { mobile: person.mobile })).toMatchObject({ code: 400, msg: MSG.MEMBER_BOUND_ELSEWHERE });
    const audit = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'member.add'), eq(auditLog.target, `company_member:${ok.data.member_id}`)));
    expect(audit).toHaveLength(1);
  });
});

describe('operator review, update, del (spec p1 §4; issue 14 §5)', () => {
  it('rejects with a reason → failed (2) editable and deletable; approves → bound (3)', async () => {
    const company = await account({ type: 2, company: '丙公司' });
    const person = await account({ type: 1, name: '孙八' });
    const id = await addMember(company, person);
    expect((await company.api.post('/api/admin/members/review', { member_id: id, pass: 1 })).code).toBe(403);
    const queue = await op.api.get<{ list: Array<{ member_id: number; company: string; file_full_path: string }>; count: number }>('/api/admin/members/pending', { page: 1, limit: 100 });
    const item = queue.data.list.find((x) => x.member_id === id)!;
    expect(item).toMatchObject({ company: '丙公司' });
    expect((await h.app.inject({ method: 'GET', url: item.file_full_path })).statusCode).toBe(200);
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 0 })).toMatchObject({ code: 400, msg: MSG.AUDIT_REASON_REQUIRED });
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 0, reason: '长'.repeat(101) })).toMatchObject({ code: 400, msg: msgTooLong('审核意见', 100) });
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 2 })).toMatchObject({ code: 400, msg: MSG.BAD_PARAM });
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 0, reason: '授权委托书不清晰' })).toMatchObject({ code: 200 });
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 1 })).toMatchObject({ code: 400, msg: MSG.MEMBER_REVIEWED });
    const d = await company.api.post('/api/companymember/detail', { member_id: id });
    expect(d.data).toMatchObject({ status: '2', status_name: '审核失败', audit_content: '授权委托书不清晰' });
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, company.row.id));
    expect(news.some((n) => n.str.includes('授权委托书不清晰'))).toBe(true);
    // A failed row can be resubmitted (update) → pending again, then approved (the 60 s resend wait passed).
    await resendLater(person.mobile);
    const sent = await company.api.post<{ token: string }>('/api/companymember/sendMsg', { mobile: person.mobile, type: 7 });
    expect(sent.code).toBe(200);
    const up = await company.api.upload<{ path: string }>('l2.png', transparentPng(60, 60), '/api/companymember/upload');
    const upd = { mobile: person.mobile, member_id: id, smsToken: sent.data.token, smsCode: await lastSmsCode(h, person.mobile), filePath: up.data.path };
    expect(await company.api.post('/api/companymember/update', { ...upd, member_id: id + 100000 })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_FOUND });
    expect(await company.api.post('/api/companymember/update', upd)).toMatchObject({ code: 200, msg: MSG.SUBMIT_SUCCESS });
    expect(await company.api.post('/api/companymember/del', { member_id: id })).toMatchObject({ code: 400, msg: MSG.MEMBER_ONLY_FAILED });
    expect(await op.api.post('/api/admin/members/review', { member_id: id, pass: 1 })).toMatchObject({ code: 200 });
    const bound = await company.api.post('/api/companymember/detail', { member_id: id });
    expect(bound.data).toMatchObject({ status: '3', status_name: '已绑定', audit_content: '' });
    expect(bound.data.bind_time).toBeGreaterThan(0);
    expect(await company.api.post('/api/companymember/update', upd)).toMatchObject({ code: 400 });
    // A second person rejected then deleted; gone from the list, kept in the table.
    const p2 = await account({ type: 1, name: '周九' });
    const id2 = await addMember(company, p2);
    await op.api.post('/api/admin/members/review', { member_id: id2, pass: 0, reason: '非本人签字' });
    const other = await account({ type: 2, company: '丁公司' });
    expect(await other.api.post('/api/companymember/del', { member_id: id2 })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_FOUND });
    expect(await company.api.post('/api/companymember/del', { member_id: id2 })).toMatchObject({ code: 200, msg: MSG.DELETE_SUCCESS });
    const list = await company.api.get<{ list: Array<{ member_id: number }>; count: number }>('/api/companymember/getList', { keyword: '周九' });
    expect(list.data.count).toBe(0);
    const search = await company.api.get<{ list: Array<{ member_id: number }>; count: number }>('/api/companymember/getList', { keyword: person.mobile.slice(3) });
    expect(search.data.list.map((x) => x.member_id)).toEqual([id]);
    expect(await company.api.get('/api/companymember/getList', { keyword: 'x'.repeat(51) })).toMatchObject({ code: 400, msg: MSG.KEYWORD_TOO_LONG });
    expect(await company.api.get('/api/companymember/getList', { page: 'abc' })).toMatchObject({ code: 400 });
    const actions = await h.database.db.select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.target, `company_member:${id2}`));
    expect(actions.map((x) => x.a).sort()).toEqual(['member.add', 'member.delete', 'member.reject']);
  });
});

describe('roles and the acting account (spec p1 §1, §6; p2 §2, §6)', () => {
  it('a bound member switches to role 2, deposits in the company name spending its points, sees only its consumption', async () => {
    const company = await account({ type: 2, company: '戊公司', points: 50_000 });
    const person = await account({ type: 1, name: '吴十', points: 700 });
    expect((await person.api.get<unknown[]>('/api/companymember/getCurrentRole')).data).toHaveLength(1);
    expect(await person.api.post('/api/companymember/switchRole', { role: 2 })).toMatchObject({ code: 400, msg: MSG.ROLE_NOT_AVAILABLE });
    expect((await person.as2.get('/api/user/info'))).toMatchObject({ code: 403, msg: MSG.MEMBER_NOT_BOUND });
    const memberId = await bind(company, person);
    const roles = (await person.api.get<unknown[]>('/api/companymember/getCurrentRole')).data.map((r) => ZRoleItem.parse(r));
    expect(roles).toEqual([
      { role: 1, pid: 0, user_id: person.row.id, name: '吴十' },
      { role: 2, pid: company.row.id, user_id: person.row.id, name: '戊公司' },
    ]);
    expect(await person.api.post('/api/companymember/switchRole', { role: 2, pid: company.row.id + 1 })).toMatchObject({ code: 400, msg: MSG.ROLE_NOT_AVAILABLE });
    expect(await person.api.post('/api/companymember/switchRole', { role: 2, pid: company.row.id, uid: person.row.id, client: 'pc' })).toMatchObject({ code: 200, data: { role: 2, pid: company.row.id } });
    // userInfo: the person's own, with the company's points and the membership fields.
    const info = (await person.as2.get('/api/user/info')).data;
    expect(info).toMatchObject({ userId: person.row.id, points: 50_000, bindStatus: 3, memberId, companyStatus: 3 });
    expect(info.bindTime).toBeGreaterThan(0);
    const ci = await person.as2.get('/api/companymember/companyInfo');
    expect(ci.data).toMatchObject({ member_id: memberId, son_uid: person.row.id, company: '戊公司', name: '吴十', status: '3' });
    // Deposit as role 2: owned by the company, member recorded, company's points spent.
    const price = 100;
    const dep = await deposit(person.as2, Buffer.from('member deposit 1'));
    expect(dep.code).toBe(200);
    const ev = (await h.database.db.select().from(evidence).where(eq(evidence.id, dep.data.id)))[0]!;
    expect(ev).toMatchObject({ userId: company.row.id, memberId: person.row.id });
    expect(await balanceOf(company.row.id)).toBe(50_000 - price);
    expect(await balanceOf(person.row.id)).toBe(700);
    const led = await h.database.db.select().from(pointsLedger).where(eq(pointsLedger.evidenceId, dep.data.id));
    expect(led.find((r) => r.userId === company.row.id)).toMatchObject({ amount: -price, memberId: person.row.id });
    const audit = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'evidence.deposit'), eq(auditLog.target, `evidence:${dep.data.id}`)));
    expect(audit[0]!.actorId).toBe(person.row.id);
    // The member's evidence list is the company's; the person's own (role 1) list is not.
    expect((await person.as2.get('/api/data/getList')).data.list.map((x: { id: number }) => x.id)).toContain(dep.data.id);
    expect((await company.api.get('/api/data/getList')).data.list.map((x: { id: number }) => x.id)).toContain(dep.data.id);
    expect((await person.api.get('/api/data/getList')).data.list.map((x: { id: number }) => x.id)).not.toContain(dep.data.id);
    // The company's own deposit is not the member's consumption.
    expect((await deposit(company.api, Buffer.from('company own'))).code).toBe(200);
    const mine = await person.as2.get<{ list: Array<{ name: string; balance: number }>; count: number }>('/api/processorder/getOrderList', { isType: 1 });
    expect(mine.data.count).toBe(1);
    expect(mine.data.list[0]).toMatchObject({ name: '吴十', balance: price });
    expect(await person.as2.get('/api/processorder/exportOrderList')).toMatchObject({ code: 400, msg: MSG.FORBIDDEN });
    // The main account: member filter and the member detail's consumption list + Excel export.
    const all = await company.api.get<{ count: number }>('/api/processorder/getOrderList', { isType: 2 });
    expect(all.data.count).toBe(2);
    const byMember = await company.api.get<{ list: Array<{ order_no: string; type_name: string; name: string; mobile: string; pay_status_name: string }>; count: number }>('/api/companymember/getOrderList', { member_id: memberId, page: 1 });
    expect(byMember.data.count).toBe(1);
    expect(byMember.data.list[0]).toMatchObject({ type_name: '数据保全', name: '吴十', mobile: person.mobile, pay_status_name: '已支付' });
    expect((await company.api.get('/api/companymember/getOrderList', { member_id: memberId, busType: 2 })).data.count).toBe(0);
    expect(await company.api.get('/api/companymember/getOrderList', { member_id: memberId, startTime: 100, endTime: 50 })).toMatchObject({ code: 400 });
    expect(await company.api.get('/api/companymember/exportOrderList', { member_id: memberId, busType: 2 })).toMatchObject({ code: 400, msg: MSG.NO_DATA });
    const x = await company.api.raw(`/api/companymember/exportOrderList?member_id=${memberId}`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).text).toBe(byMember.data.list[0]!.order_no);
    expect(ws.getRow(2).getCell(9).text).toBe('吴十');
    const otherCo = await account({ type: 2, company: '己公司' });
    expect(await otherCo.api.get('/api/companymember/getOrderList', { member_id: memberId })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_FOUND });
    // Role 2 does not see overview, settings, signatures, members, invoices.
    for (const [m, url] of [
      ['get', '/api/Overview/getInfo'],
      ['post', '/api/signature/listing'],
      ['get', '/api/companymember/getList'],
      ['get', '/api/User/riseList'],
      ['get', '/api/User/addressList'],
    ] as const) {
      const r = m === 'get' ? await person.as2.get(url) : await person.as2.post(url);
      expect([url, r.code]).toEqual([url, 403]);
    }
    // Role 1 of the same person still works and is its own.
    expect((await person.api.get('/api/Overview/getInfo')).code).toBe(200);
    expect((await person.api.get('/api/user/info')).data.points).toBe(700);
  });

  it('a web capture and a process session started as role 2 belong to the company and record the member; the capture spends the company points', async () => {
    const company = await account({ type: 2, company: '癸公司', points: 5_000 });
    const person = await account({ type: 1, name: '取证成员', points: 0 });
    await bind(company, person);
    const sub = await person.as2.post<{ id: number }>('/api/webforensics/screenshot', { url: siteUrl, title: '成员网页取证' });
    expect(sub.code).toBe(200);
    let row = (await h.database.db.select().from(webCaptures).where(eq(webCaptures.id, sub.data.id)))[0]!;
    expect(row).toMatchObject({ userId: company.row.id, memberId: person.row.id });
    for (let i = 0; i < 300 && row.status < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      row = (await h.database.db.select().from(webCaptures).where(eq(webCaptures.id, sub.data.id)))[0]!;
    }
    expect(row.status).toBe(2);
    const ev = (await h.database.db.select().from(evidence).where(eq(evidence.id, row.evidenceId!)))[0]!;
    expect(ev).toMatchObject({ userId: company.row.id, memberId: person.row.id, kind: 'web' });
    const spent = await h.database.db.select().from(orders).where(eq(orders.evidenceId, ev.id));
    expect(spent).toHaveLength(1);
    expect(spent[0]).toMatchObject({ userId: company.row.id, memberId: person.row.id });
    expect(await balanceOf(company.row.id)).toBe(5_000 - spent[0]!.points);
    expect(await balanceOf(person.row.id)).toBe(0);
    // The company sees it in its web list.
    const list = await company.api.post<{ list: Array<{ id: number }> }>('/api/webforlist/webList', { page: 1 });
    expect(list.data.list.map((x) => x.id)).toContain(sub.data.id);
    // A process-evidence session started as role 2 is the company's and records the member (deposited with both).
    const add = await person.as2.post<{ id: number }>('/api/processforensics/addProcess', { url: siteUrl, title: '成员过程取证' });
    expect(add.code, add.msg).toBe(200);
    const ps = (await h.database.db.select().from(processSessions).where(eq(processSessions.id, add.data.id)))[0]!;
    expect(ps).toMatchObject({ userId: company.row.id, memberId: person.row.id });
    expect((await person.api.post('/api/processlist/look', { id: add.data.id })).code).toBe(400);
    // One live session per person acting for the company: the member resumes its own, the company gets another.
    expect((await person.as2.post<{ id: number; resumed: boolean }>('/api/processforensics/addProcess', { url: siteUrl })).data).toMatchObject({ id: add.data.id, resumed: true });
    const own = await company.api.post<{ id: number; resumed: boolean }>('/api/processforensics/addProcess', { url: siteUrl });
    expect(own.data.resumed).toBe(false);
    expect(own.data.id).not.toBe(add.data.id);
    expect(await company.api.post('/api/processlist/cancelButton', { id: own.data.id })).toMatchObject({ code: 200 });
    expect(await person.as2.post('/api/processlist/cancelButton', { id: add.data.id })).toMatchObject({ code: 200, msg: MSG.PROCESS_CANCELLED });
  }, 90_000);

  it('concurrent member deposits never drive the company balance below zero', async () => {
    const company = await account({ type: 2, company: '庚公司', points: 300 });
    const a = await account({ type: 1, name: '甲成员' });
    const b = await account({ type: 1, name: '乙成员' });
    await bind(company, a);
    await bind(company, b);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => deposit(i % 2 ? a.as2 : b.as2, Buffer.from(`concurrent ${i} ${Math.random()}`))));
    const okCount = results.filter((r) => r.code === 200).length;
    expect(okCount).toBe(3);
    for (const r of results.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT });
    expect(await balanceOf(company.row.id)).toBe(0);
    const neg = await h.database.db.select().from(pointsLedger).where(sql`${pointsLedger.userId} = ${company.row.id} and ${pointsLedger.balanceAfter} < 0`);
    expect(neg).toHaveLength(0);
    const ev = await h.database.db.select().from(evidence).where(eq(evidence.userId, company.row.id));
    expect(ev).toHaveLength(3);
    expect(new Set(ev.map((e) => e.memberId)).size).toBeGreaterThanOrEqual(1);
    const consumed = await h.database.db.select().from(orders).where(and(eq(orders.userId, company.row.id), eq(orders.dataType, 1)));
    expect(consumed.every((o) => o.memberId === a.row.id || o.memberId === b.row.id)).toBe(true);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });
});

describe('stop and unbind (spec p1 §4–5, p2 §4–5, §7)', () => {
  it('a stopped member can no longer act for the company; stopping is irreversible', async () => {
    const company = await account({ type: 2, company: '辛公司' });
    const person = await account({ type: 1, name: '郑一' });
    const id = await bind(company, person);
    expect((await deposit(person.as2, Buffer.from('before stop'))).code).toBe(200);
    const stranger = await account({ type: 1, name: '陌生人' });
    expect(await company.api.post('/api/companymember/sendMsg', { mobile: stranger.mobile, type: 8 })).toMatchObject({ code: 400, msg: MSG.MEMBER_ONLY_BOUND });
    const sent = await company.api.post<{ token: string }>('/api/companymember/sendMsg', { mobile: person.mobile, type: 8, companyName: '辛公司' });
    expect(sent.code).toBe(200);
    const base = { mobile: person.mobile, pid: company.row.id, son_uid: person.row.id, member_id: id, smsToken: sent.data.token, smsCode: await lastSmsCode(h, person.mobile), stop_reason: '离职' };
    expect(await company.api.post('/api/companymember/stop', { ...base, stop_reason: '' })).toMatchObject({ code: 400, msg: MSG.STOP_REASON_REQUIRED });
    expect(await company.api.post('/api/companymember/stop', { ...base, stop_reason: '很'.repeat(101) })).toMatchObject({ code: 400, msg: MSG.STOP_REASON_TOO_LONG });
    expect(await company.api.post('/api/companymember/stop', { ...base, smsToken: '' })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
    expect(await company.api.post('/api/companymember/stop', { ...base, smsCode: '' })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_REQUIRED });
    expect(await company.api.post('/api/companymember/stop', base)).toMatchObject({ code: 200, msg: MSG.STOP_SUCCESS });
    const d = (await company.api.post('/api/companymember/detail', { member_id: id })).data;
    expect(d).toMatchObject({ status: '4', status_name: '已停用', stop_reason: '离职' });
    expect(d.stop_time).toBeGreaterThan(0);
    expect(await person.as2.post('/api/data/upload')).toMatchObject({ code: 403, msg: MSG.MEMBER_NOT_BOUND });
    expect(await deposit(person.as2, Buffer.from('after stop'))).toMatchObject({ code: 403 });
    expect(await person.api.post('/api/companymember/switchRole', { role: 2 })).toMatchObject({ code: 400, msg: MSG.ROLE_NOT_AVAILABLE });
    expect(await company.api.post('/api/companymember/stop', base)).toMatchObject({ code: 400, msg: MSG.MEMBER_ONLY_BOUND });
    expect(await company.api.post('/api/companymember/del', { member_id: id })).toMatchObject({ code: 400, msg: MSG.MEMBER_ONLY_FAILED });
    // Stopped → may be added again (a new row), as the spec says.
    expect((await company.api.post('/api/companymember/queryMember', { mobile: person.mobile })).code).toBe(200);
  });

  it('unbind: the member leaves with its own SMS code, its sessions end', async () => {
    const company = await account({ type: 2, company: '壬公司' });
    const person = await account({ type: 1, name: '王二' });
    const id = await bind(company, person);
    const outsider = await account({ type: 1, name: '外人' });
    expect(await outsider.api.post('/api/companymember/sendMsg', { mobile: outsider.mobile, type: 8 })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_FOUND });
    const sent = await person.as2.post<{ token: string }>('/api/companymember/sendMsg', { mobile: person.mobile, type: 8, companyName: '壬公司' });
    expect(sent.code).toBe(200);
    const code = await lastSmsCode(h, person.mobile);
    expect(await person.as2.post('/api/companymember/unbind', { member_id: id, son_uid: person.row.id, smsToken: '', smsCode: code })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
    expect(await outsider.api.post('/api/companymember/unbind', { member_id: id, son_uid: person.row.id, smsToken: sent.data.token, smsCode: code })).toMatchObject({ code: 400, msg: MSG.MEMBER_NOT_FOUND });
    expect(await person.as2.post('/api/companymember/unbind', { member_id: id, son_uid: person.row.id, smsToken: sent.data.token, smsCode: code })).toMatchObject({ code: 200, msg: MSG.UNBIND_SUCCESS });
    expect((await person.api.get('/api/user/info')).code).toBe(408);
    const row = (await h.database.db.select().from(companyMembers).where(eq(companyMembers.id, id)))[0]!;
    expect(row).toMatchObject({ status: 4, stopReason: '成员主动解绑' });
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, company.row.id));
    expect(news.some((n) => n.str.includes('解除'))).toBe(true);
  });
});
