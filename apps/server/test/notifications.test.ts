/**
 * Notifications end to end (issue 5 §2; spec p1 §2–4, §7–9; p2 §2 badge, §3 newsNum): listing, read,
 * delete and the unread badge for owner, other user and anonymous callers, and each real event producing
 * its notification in the same transaction as the event (a failed event produces none).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { auditLog, evidence, notifications } from '../src/db/schema/index.ts';
import { newsText } from '../src/modules/notifications/notify.ts';
import { makeOperator } from './account-helpers.ts';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

describe('notifications', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  const list = async (api: ReturnType<typeof client>, page = 1) => (await api.post('/api/News/listing', { page })).data;
  const unread = async (api: ReturnType<typeof client>) => (await api.get('/api/News/unread')).data.count as number;

  it('a deposit produces "preserved" in its transaction; newsNum and the badge count it', async () => {
    const u = await registerUser(h);
    expect(u.userInfo.newsNum).toBe(0);
    const dep = await u.api.upload('合同.txt', Buffer.from('合同内容'), { title: '购销合同' });
    expect(dep.code).toBe(200);
    const l = await list(u.api);
    expect(l).toMatchObject({ count: 1, unread: 1 });
    expect(l.list[0]).toMatchObject({ str: newsText.deposit('购销合同', dep.data.baoquan), isRead: '0' });
    expect(typeof l.list[0].newsId).toBe('number');
    expect(Math.abs(l.list[0].addTime - Date.now() / 1000)).toBeLessThan(60);
    expect(await unread(u.api)).toBe(1);
    expect((await u.api.get('/api/user/info')).data.newsNum).toBe(1);
    const login = await client(h).post('/api/login', { mobile: u.mobile, password: u.password });
    expect(login.data.userInfo.newsNum).toBe(1);
  });

  it('a failed deposit produces none, and a failing notification rolls the deposit back', async () => {
    const u = await registerUser(h);
    expect(await u.api.upload('empty.txt', Buffer.alloc(0))).toMatchObject({ code: 400, msg: MSG.FILE_EMPTY });
    expect((await list(u.api)).count).toBe(0);
    // A database rule refusing this one notification makes the deposit's transaction fail as a whole.
    await h.database.query(`create or replace function cz_test_refuse_news() returns trigger language plpgsql as $$
      begin if new.str like '%回滚测试%' then raise exception 'refused by test'; end if; return new; end $$`);
    await h.database.query(`create trigger cz_test_refuse_news before insert on notifications for each row execute function cz_test_refuse_news()`);
    try {
      const r = await u.api.upload('a.txt', Buffer.from('回滚'), { title: '回滚测试' });
      expect(r).toMatchObject({ code: 500, msg: MSG.SERVER_BUSY });
      const rows = await h.database.db.select().from(evidence).where(and(eq(evidence.userId, u.userInfo.userId), eq(evidence.title, '回滚测试')));
      expect(rows).toEqual([]);
      expect((await list(u.api)).count).toBe(0);
      expect((await u.api.get('/api/data/getList')).data.count).toBe(0);
    } finally {
      await h.database.query('drop trigger cz_test_refuse_news on notifications');
    }
  });

  it('retrieval with the extraction code notifies the owner (not on a wrong code)', async () => {
    const owner = await registerUser(h);
    const dep = await owner.api.upload('证据.txt', Buffer.from('证据内容'), { title: '聊天记录' });
    const visitor = client(h);
    const wrong = owner.userInfo.extractCode === '000000' ? '111111' : '000000';
    expect(await visitor.post('/api/share/downBaoquan', { baoquan: dep.data.baoquan, code: wrong })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
    expect((await list(owner.api)).count).toBe(1);
    const ok = await visitor.post('/api/share/downBaoquan', { baoquan: dep.data.baoquan, code: owner.userInfo.extractCode });
    expect(ok.code).toBe(200);
    const l = await list(owner.api);
    expect(l.count).toBe(2);
    expect(l.list[0].str).toBe(newsText.extract('聊天记录', dep.data.baoquan));
    const audit = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'evidence.extract'), eq(auditLog.target, `evidence:${dep.data.id}`)));
    expect(audit).toHaveLength(1);
  });

  it('a password change notifies (spec p1 §5 messages); a refused change does not', async () => {
    const u = await registerUser(h);
    expect(await u.api.post('/api/user/editPassword', { oldPassword: u.password, password: 'new12345', confirmPassword: 'new12346' })).toMatchObject({ code: 400, msg: MSG.PASSWORD_MISMATCH });
    expect(await u.api.post('/api/user/editPassword', { oldPassword: u.password, password: u.password, confirmPassword: u.password })).toMatchObject({ code: 400, msg: MSG.PASSWORD_SAME_AS_OLD });
    expect(await u.api.post('/api/user/editPassword', { oldPassword: 'wrong999', password: 'new12345', confirmPassword: 'new12345' })).toMatchObject({ code: 400, msg: MSG.OLD_PASSWORD_WRONG });
    expect((await list(u.api)).count).toBe(0);
    expect(await u.api.post('/api/user/editPassword', { oldPassword: u.password, password: 'new12345', confirmPassword: 'new12345' })).toMatchObject({ code: 200, msg: MSG.PASSWORD_CHANGED });
    const again = await client(h).post('/api/login', { mobile: u.mobile, password: 'new12345' });
    expect(again.data.userInfo.newsNum).toBe(1);
    const l = await list(client(h, again.data.token));
    expect(l.list[0].str).toBe(newsText.password());
  });

  it('read, read-all, delete, paging — only on the caller\'s own rows', async () => {
    const op = await makeOperator(h);
    const a = await registerUser(h);
    const b = await registerUser(h);
    for (let i = 1; i <= 12; i++) expect((await op.api.post('/api/admin/notify', { userId: a.userInfo.userId, str: `消息${i}` })).code).toBe(200);
    await op.api.post('/api/admin/notify', { userId: b.userInfo.userId, str: 'B的消息' });
    const p1 = await list(a.api, 1);
    expect(p1).toMatchObject({ count: 12, unread: 12 });
    expect(p1.list).toHaveLength(10);
    expect(p1.list[0].str).toBe('消息12');
    const p2 = await list(a.api, 2);
    expect(p2.list.map((n: { str: string }) => n.str)).toEqual(['消息2', '消息1']);
    const bId = (await list(b.api)).list[0].newsId;

    // Ids that are not the caller's (B's, or none at all) answer a clear 400 and change nothing (issue 8 §3).
    const mineTwo = `${p1.list[0].newsId},${p1.list[1].newsId}`;
    for (const newsId of [`${mineTwo},${bId}`, '999999']) {
      expect(await a.api.post('/api/News/read', { newsId })).toMatchObject({ code: 400, msg: MSG.NEWS_NOT_FOUND });
      expect(await a.api.post('/api/News/del', { newsId })).toMatchObject({ code: 400, msg: MSG.NEWS_NOT_FOUND });
    }
    expect(await b.api.post('/api/News/del', { newsId: mineTwo })).toMatchObject({ code: 400, msg: MSG.NEWS_NOT_FOUND });
    expect(await unread(a.api)).toBe(12);
    expect((await list(a.api)).count).toBe(12);
    expect(await unread(b.api)).toBe(1);

    // Read two of mine (twice: already read is fine): B's is untouched.
    expect(await a.api.post('/api/News/read', { newsId: mineTwo })).toMatchObject({ code: 200, msg: MSG.OPERATION_SUCCESS });
    expect(await a.api.post('/api/News/read', { newsId: mineTwo })).toMatchObject({ code: 200, msg: MSG.OPERATION_SUCCESS });
    expect(await unread(a.api)).toBe(10);
    expect((await list(a.api)).list.slice(0, 3).map((n: { isRead: string }) => n.isRead)).toEqual(['1', '1', '0']);
    expect(await unread(b.api)).toBe(1);

    // Delete one of mine: only mine goes; deleting it again is 消息不存在或已删除.
    const d = await a.api.post('/api/News/del', { newsId: String(p1.list[0].newsId) });
    expect(d).toMatchObject({ code: 200, msg: MSG.DELETE_SUCCESS });
    expect(await a.api.post('/api/News/del', { newsId: String(p1.list[0].newsId) })).toMatchObject({ code: 400, msg: MSG.NEWS_NOT_FOUND });
    expect((await list(a.api)).count).toBe(11);
    expect((await list(b.api)).count).toBe(1);

    expect(await a.api.post('/api/News/read', { newsId: 'all' })).toMatchObject({ code: 200, msg: MSG.OPERATION_SUCCESS });
    expect(await unread(a.api)).toBe(0);
    expect(await unread(b.api)).toBe(1);
    expect((await a.api.get('/api/user/info')).data.newsNum).toBe(0);
  });

  it('validates ids and refuses anonymous callers', async () => {
    const u = await registerUser(h);
    expect(await u.api.post('/api/News/read', {})).toMatchObject({ code: 400, msg: MSG.NEWS_SELECT });
    expect(await u.api.post('/api/News/read', { newsId: '1;drop' })).toMatchObject({ code: 400, msg: MSG.NEWS_ID_INVALID });
    expect(await u.api.post('/api/News/del', { newsId: '' })).toMatchObject({ code: 400, msg: MSG.NEWS_SELECT });
    expect(await u.api.post('/api/News/del', { newsId: 'all' })).toMatchObject({ code: 400, msg: MSG.NEWS_ID_INVALID });
    expect(await u.api.post('/api/News/listing', { page: 0 })).toMatchObject({ code: 400, msg: MSG.PAGE_INVALID });
    expect((await u.api.post('/api/News/listing')).code).toBe(200);
    const anon = client(h);
    expect(await anon.post('/api/News/listing', { page: 1 })).toMatchObject({ code: 401, msg: MSG.LOGIN_REQUIRED });
    expect(await anon.post('/api/News/read', { newsId: 'all' })).toMatchObject({ code: 401 });
    expect(await anon.post('/api/News/del', { newsId: '1' })).toMatchObject({ code: 401 });
    expect(await anon.get('/api/News/unread')).toMatchObject({ code: 401 });
    // Case-insensitive paths (DESIGN.md API conventions).
    expect((await u.api.post('/api/news/listing', { page: 1 })).code).toBe(200);
    // Logged out → 408 on the same token.
    await u.api.get('/api/user/logout');
    expect(await u.api.get('/api/News/unread')).toMatchObject({ code: 408, msg: MSG.SESSION_EXPIRED });
  });

  it('notify() clips over-long texts and the kind is recorded', async () => {
    const u = await registerUser(h);
    const { notify } = await import('../src/modules/notifications/notify.ts');
    await notify(h.database.db, u.userInfo.userId, '长'.repeat(1500), 'system');
    const rows = await h.database.db.select().from(notifications).where(eq(notifications.userId, u.userInfo.userId));
    expect([...rows[0]!.str]).toHaveLength(1000);
    expect(rows[0]!.kind).toBe('system');
  });
});
