/**
 * Operator console API (issue 5 §7): the 401/403 matrix of every /api/admin/* call (anonymous, user,
 * expired session, operator), the users list with search, notifications to one or all users, announcement
 * publish / edit / withdraw / list, and the audit log — every operator action writing its audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { ZAdminAnnouncementsRes, ZAdminUsersRes, ZAuditLogRes } from '@cunzheng/contract/account';
import { makeOperator } from './account-helpers.ts';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

type Api = ReturnType<typeof client>;

/** Every admin call with a valid request. */
const CALLS: Array<{ method: 'get' | 'post'; url: string; body: Record<string, string | number> }> = [
  { method: 'get', url: '/api/admin/users', body: { page: 1 } },
  { method: 'post', url: '/api/admin/notify', body: { all: 1, str: '矩阵测试' } },
  { method: 'post', url: '/api/admin/announcements', body: { title: '矩阵', content: '矩阵测试' } },
  { method: 'post', url: '/api/admin/announcements/edit', body: { id: 1, title: '矩阵', content: '矩阵测试' } },
  { method: 'post', url: '/api/admin/announcements/withdraw', body: { id: 1 } },
  { method: 'get', url: '/api/admin/announcements', body: {} },
  { method: 'get', url: '/api/admin/auditLog', body: {} },
  { method: 'get', url: '/api/admin/nothing-here', body: {} },
];
const call = (api: Api, c: (typeof CALLS)[number], body = c.body) => (c.method === 'get' ? api.get(c.url, body) : api.post(c.url, body));

describe('operator console API', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('401 anonymous, 403 users (also with invalid input), 408 expired, operator allowed', async () => {
    const user = await registerUser(h);
    const op = await makeOperator(h);
    const expired = await makeOperator(h);
    await expired.api.get('/api/user/logout');
    for (const c of CALLS) {
      expect(await call(client(h), c), c.url).toMatchObject({ code: 401, msg: MSG.LOGIN_REQUIRED });
      expect(await call(user.api, c), c.url).toMatchObject({ code: 403, msg: MSG.FORBIDDEN });
      expect(await call(user.api, c, { title: 'x'.repeat(500), id: 'bad' }), c.url).toMatchObject({ code: 403 });
      expect(await call(expired.api, c), c.url).toMatchObject({ code: 408, msg: MSG.SESSION_EXPIRED });
      expect(await call(client(h, 'x'.repeat(43)), c), c.url).toMatchObject({ code: 401 });
    }
    // Case-insensitive paths are guarded the same way.
    expect(await user.api.get('/api/Admin/Users')).toMatchObject({ code: 403 });
    // The operator: every call answers (the unknown path with 接口不存在).
    expect(await op.api.get('/api/admin/nothing-here')).toMatchObject({ code: 404, msg: MSG.API_NOT_FOUND });
    expect((await op.api.get('/api/admin/users')).code).toBe(200);
  });

  it('users list: newest first, search by mobile, name or company, evidence counts', async () => {
    const op = await makeOperator(h);
    const a = await registerUser(h, { name: '王小明' });
    await a.api.upload('a.txt', Buffer.from('一'));
    await a.api.upload('b.txt', Buffer.from('二'));
    const r = await op.api.get('/api/admin/users', { page: 1, limit: 100 });
    expect(ZAdminUsersRes.safeParse(r.data).success).toBe(true);
    const row = r.data.list.find((x: { userId: number }) => x.userId === a.userInfo.userId);
    expect(row).toMatchObject({ mobile: a.mobile, name: '王小明', company: '', type: 1, userStatus: 1, role: 'user', evidenceCount: 2 });
    expect(Math.abs(row.createdAt - Date.now() / 1000)).toBeLessThan(120);
    expect(r.data.list[0].userId).toBeGreaterThan(r.data.list.at(-1).userId);
    const byName = await op.api.get('/api/admin/users', { keyword: '小明' });
    expect(byName.data.list.map((x: { userId: number }) => x.userId)).toEqual([a.userInfo.userId]);
    const byMobile = await op.api.get('/api/admin/users', { keyword: a.mobile.slice(3) });
    expect(byMobile.data).toMatchObject({ count: 1 });
    expect((await op.api.get('/api/admin/users', { keyword: '%' })).data.count).toBe(0);
    expect(await op.api.get('/api/admin/users', { keyword: 'k'.repeat(51) })).toMatchObject({ code: 400, msg: MSG.KEYWORD_TOO_LONG });
    const paged = await op.api.get('/api/admin/users', { page: 1, limit: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.count).toBeGreaterThanOrEqual(2);
  });

  it('notify one user or all users; audit rows; validation', async () => {
    const op = await makeOperator(h);
    const a = await registerUser(h);
    const b = await registerUser(h);
    const one = await op.api.post('/api/admin/notify', { userId: a.userInfo.userId, str: '您的公证材料已审核通过。' });
    expect(one).toMatchObject({ code: 200, msg: MSG.SMS_SENT, data: { sent: 1 } });
    const news = await a.api.post('/api/News/listing', { page: 1 });
    expect(news.data.list[0]).toMatchObject({ str: '您的公证材料已审核通过。', isRead: '0' });
    expect((await b.api.get('/api/News/unread')).data.count).toBe(0);

    const users = (await op.api.get('/api/admin/users', { limit: 100 })).data.list as Array<{ role: string }>;
    const all = await op.api.post('/api/admin/notify', { all: 1, str: '平台将于今晚升级。' });
    expect(all).toMatchObject({ code: 200, data: { sent: users.filter((u) => u.role === 'user').length } });
    expect((await b.api.post('/api/News/listing', { page: 1 })).data.list[0].str).toBe('平台将于今晚升级。');
    expect((await op.api.get('/api/News/unread')).data.count).toBe(0);

    const audit = await op.api.get('/api/admin/auditLog', { action: 'admin.notify', limit: 100 });
    const mine = audit.data.list.filter((r: { actorId: number }) => r.actorId === op.userId);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ actorMobile: op.mobile, target: 'users:all', after: { str: '平台将于今晚升级。', sent: all.data.sent } });
    expect(mine[1]).toMatchObject({ target: `user:${a.userInfo.userId}`, after: { str: '您的公证材料已审核通过。', sent: 1 } });

    expect(await op.api.post('/api/admin/notify', { str: '没有对象' })).toMatchObject({ code: 400, msg: MSG.NOTIFY_TARGET_REQUIRED });
    expect(await op.api.post('/api/admin/notify', { userId: 99999999, str: '查无此人' })).toMatchObject({ code: 400, msg: MSG.USER_NOT_FOUND });
    expect(await op.api.post('/api/admin/notify', { userId: a.userInfo.userId, str: '' })).toMatchObject({ code: 400, msg: '通知内容不能为空' });
    expect(await op.api.post('/api/admin/notify', { userId: a.userInfo.userId, str: '长'.repeat(501) })).toMatchObject({ code: 400, msg: '通知内容不能超过500个字符' });
  });

  it('announcements: publish, edit (read marks kept), withdraw, list with reads and current; audit rows', async () => {
    const op = await makeOperator(h);
    const u = await registerUser(h);
    const p = await op.api.post('/api/admin/announcements', { title: '关于春节期间服务安排的公告', content: '春节期间在线公证暂停受理。' });
    expect(p).toMatchObject({ code: 200, msg: MSG.PUBLISH_SUCCESS });
    await u.api.post('/api/news/noticeRead', { id: p.data.id });
    const e = await op.api.post('/api/admin/announcements/edit', { id: p.data.id, title: '关于春节期间服务安排的公告（更新）', content: '春节期间（2月1日至2月7日）在线公证暂停受理。' });
    expect(e).toMatchObject({ code: 200, msg: MSG.UPDATE_SUCCESS });
    expect((await u.api.get('/api/news/notice')).data).toMatchObject({ id: p.data.id, title: '关于春节期间服务安排的公告（更新）', read: true });
    const l = await op.api.get('/api/admin/announcements');
    expect(ZAdminAnnouncementsRes.safeParse(l.data).success).toBe(true);
    expect(l.data.list[0]).toMatchObject({ id: p.data.id, status: 'published', current: true, reads: 1, withdrawnAt: null });
    expect(await op.api.post('/api/admin/announcements/withdraw', { id: p.data.id })).toMatchObject({ code: 200, msg: MSG.WITHDRAW_SUCCESS });
    expect(await op.api.post('/api/admin/announcements/withdraw', { id: p.data.id })).toMatchObject({ code: 400, msg: MSG.NOTICE_ALREADY_WITHDRAWN });
    const after = (await op.api.get('/api/admin/announcements')).data.list.find((a: { id: number }) => a.id === p.data.id);
    expect(after).toMatchObject({ status: 'withdrawn', current: false });
    expect(after.withdrawnAt).toBeGreaterThan(0);
    expect(await op.api.post('/api/admin/announcements/edit', { id: 99999999, title: 't', content: 'c' })).toMatchObject({ code: 400, msg: MSG.NOTICE_NOT_FOUND });
    expect(await op.api.post('/api/admin/announcements/withdraw', { id: 99999999 })).toMatchObject({ code: 400, msg: MSG.NOTICE_NOT_FOUND });
    expect(await op.api.post('/api/admin/announcements', { title: '', content: 'c' })).toMatchObject({ code: 400, msg: '公告标题不能为空' });
    expect(await op.api.post('/api/admin/announcements', { title: '标'.repeat(101), content: 'c' })).toMatchObject({ code: 400, msg: '公告标题不能超过100个字符' });
    expect(await op.api.post('/api/admin/announcements', { title: 't', content: '' })).toMatchObject({ code: 400, msg: '公告内容不能为空' });
    expect(await op.api.post('/api/admin/announcements', { title: 't', content: '内'.repeat(5001) })).toMatchObject({ code: 400, msg: '公告内容不能超过5000个字符' });

    const audit = await op.api.get('/api/admin/auditLog', { limit: 100 });
    expect(ZAuditLogRes.safeParse(audit.data).success).toBe(true);
    const rows = audit.data.list.filter((r: { target: string }) => r.target === `announcement:${p.data.id}`);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['announcement.withdraw', 'announcement.edit', 'announcement.publish']);
    expect(rows[1]).toMatchObject({ actorId: op.userId, before: { title: '关于春节期间服务安排的公告' }, after: { title: '关于春节期间服务安排的公告（更新）' } });
    expect(rows[0].ip).toBeTruthy();
  });

  it('audit log: newest first, paged, filtered by action', async () => {
    const op = await makeOperator(h);
    const r = await op.api.get('/api/admin/auditLog', { page: 1, limit: 5 });
    expect(r.data.list).toHaveLength(5);
    expect(r.data.count).toBeGreaterThan(5);
    expect(r.data.list[0].id).toBeGreaterThan(r.data.list[4].id);
    const logins = await op.api.get('/api/admin/auditLog', { action: 'user.login', limit: 100 });
    expect(logins.data.list.every((x: { action: string }) => x.action === 'user.login')).toBe(true);
    expect(logins.data.list.some((x: { actorMobile: string }) => x.actorMobile === op.mobile)).toBe(true);
    expect(await op.api.get('/api/admin/auditLog', { page: 0 })).toMatchObject({ code: 400, msg: MSG.PAGE_INVALID });
  });
});
