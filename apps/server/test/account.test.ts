/**
 * Account area end to end (issue 5 §1, §3, §5, §6; spec p1 §2, §7–9; p2 §1–2): extraction-code reset by
 * SMS, the announcement shown once per user, the overview and the public-page configuration — for owner,
 * other user, operator and anonymous callers, on the real app and database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { copyrightLine } from '@cunzheng/contract/constants';
import { ZOverviewRes } from '@cunzheng/contract/account';
import { auditLog, evidence, notifications, users } from '../src/db/schema/index.ts';
import { newsText } from '../src/modules/notifications/notify.ts';
import { shanghaiDate, shanghaiDay } from '../src/modules/overview/service.ts';
import { makeOperator } from './account-helpers.ts';
import { client, lastSmsCode, registerUser, solveCaptcha, solvePow } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

describe('account area', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness({ ICP_FILING: '京ICP备2026000001号-1', PRIVACY_UPDATED_AT: '2026-11-01' }); });
  afterAll(async () => { await h.close(); });

  describe('extraction code reset (p1 §2 /setting)', () => {
    it('SMS to the own mobile, new 6-digit code, old one dead at once, notification + audit', async () => {
      const u = await registerUser(h);
      const dep = await u.api.upload('a.txt', Buffer.from('内容'));
      const old = u.userInfo.extractCode as string;
      const sent = await u.api.post('/api/user/resetExtractCode/sendSMS', await solveCaptcha(h));
      expect(sent).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
      const code = await lastSmsCode(h, u.mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await u.api.post('/api/user/resetExtractCode', { smsCode: wrong, smsToken: sent.data.token })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
      const r = await u.api.post('/api/user/resetExtractCode', { smsCode: code, smsToken: sent.data.token });
      expect(r).toMatchObject({ code: 200, msg: MSG.EXTRACT_CODE_RESET });
      expect(r.data.extractCode).toMatch(/^\d{6}$/);
      expect(r.data.extractCode).not.toBe(old);
      // Single use.
      expect(await u.api.post('/api/user/resetExtractCode', { smsCode: code, smsToken: sent.data.token })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
      // The old code stops working immediately; the new one works.
      const visitor = client(h);
      expect(await visitor.post('/api/share/downBaoquan', { baoquan: dep.data.baoquan, code: old })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
      expect((await visitor.post('/api/share/downBaoquan', { baoquan: dep.data.baoquan, code: r.data.extractCode })).code).toBe(200);
      expect((await u.api.get('/api/user/info')).data.extractCode).toBe(r.data.extractCode);
      const news = await h.database.db.select().from(notifications).where(and(eq(notifications.userId, u.userInfo.userId), eq(notifications.kind, 'extractCode')));
      expect(news.map((n) => n.str)).toEqual([newsText.extractCode()]);
      const audit = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.extractCode.reset'), eq(auditLog.target, `user:${u.userInfo.userId}`)));
      expect(audit).toHaveLength(1);
      expect(JSON.stringify(audit[0])).not.toContain(r.data.extractCode);
    });

    it('validation, captcha, another user\'s SMS token, anonymous', async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      expect(await a.api.post('/api/user/resetExtractCode/sendSMS', { captchaId: 'x', imgCode: '' })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED });
      expect(await a.api.post('/api/user/resetExtractCode/sendSMS', { captchaId: 'nope', imgCode: 'abcd', altcha: await solvePow(h) })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_WRONG });
      expect(await a.api.post('/api/user/resetExtractCode', { smsCode: '123456' })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
      expect(await a.api.post('/api/user/resetExtractCode', { smsCode: '', smsToken: 'x'.repeat(20) })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_REQUIRED });
      // B's token and code do not reset A's code (bound to the caller's mobile).
      const sentB = await b.api.post('/api/user/resetExtractCode/sendSMS', await solveCaptcha(h));
      const codeB = await lastSmsCode(h, b.mobile);
      expect(await a.api.post('/api/user/resetExtractCode', { smsCode: codeB, smsToken: sentB.data.token })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
      // Resend within 60 s refused.
      expect(await b.api.post('/api/user/resetExtractCode/sendSMS', await solveCaptcha(h))).toMatchObject({ code: 400, msg: MSG.SMS_TOO_FREQUENT });
      const anon = client(h);
      expect(await anon.post('/api/user/resetExtractCode/sendSMS', await solveCaptcha(h))).toMatchObject({ code: 401 });
      expect(await anon.post('/api/user/resetExtractCode', { smsCode: '123456', smsToken: 'x'.repeat(20) })).toMatchObject({ code: 401 });
    });
  });

  describe('announcements (p2 §1–2)', () => {
    it('none → null; latest published shown once per user; anonymous read=false; withdrawn hidden', async () => {
      const anon = client(h);
      expect(await anon.get('/api/news/notice')).toMatchObject({ code: 200, data: null });
      const op = await makeOperator(h);
      const a = await registerUser(h);
      const b = await registerUser(h);
      const first = await op.api.post('/api/admin/announcements', { title: '系统维护通知', content: '本周六凌晨2点至4点系统维护。' });
      const second = await op.api.post('/api/admin/announcements', { title: '公证处公告', content: '在线公证服务时间调整为9:00-17:00。\n节假日顺延。' });
      expect(second).toMatchObject({ code: 200, msg: MSG.PUBLISH_SUCCESS });
      const n = await a.api.get('/api/news/notice');
      expect(n.data).toMatchObject({ id: second.data.id, title: '公证处公告', content: '在线公证服务时间调整为9:00-17:00。\n节假日顺延。', read: false });
      expect(Math.abs(n.data.publishedAt - Date.now() / 1000)).toBeLessThan(60);
      expect(await a.api.post('/api/news/noticeRead', { id: second.data.id })).toMatchObject({ code: 200, msg: MSG.OPERATION_SUCCESS });
      expect(await a.api.post('/api/news/noticeRead', { id: second.data.id })).toMatchObject({ code: 200 });
      expect((await a.api.get('/api/news/notice')).data.read).toBe(true);
      expect((await b.api.get('/api/news/notice')).data.read).toBe(false);
      expect((await anon.get('/api/news/notice')).data).toMatchObject({ id: second.data.id, read: false });
      expect(await anon.post('/api/news/noticeRead', { id: second.data.id })).toMatchObject({ code: 401 });
      expect(await a.api.post('/api/news/noticeRead', { id: 999999 })).toMatchObject({ code: 400, msg: MSG.NOTICE_NOT_FOUND });
      // Withdrawn: the previous one becomes current again (A has not read that one).
      expect(await op.api.post('/api/admin/announcements/withdraw', { id: second.data.id })).toMatchObject({ code: 200, msg: MSG.WITHDRAW_SUCCESS });
      expect((await a.api.get('/api/news/notice')).data).toMatchObject({ id: first.data.id, read: false });
      expect(await a.api.post('/api/news/noticeRead', { id: second.data.id })).toMatchObject({ code: 400, msg: MSG.NOTICE_NOT_FOUND });
      await op.api.post('/api/admin/announcements/withdraw', { id: first.data.id });
      expect((await a.api.get('/api/news/notice')).data).toBeNull();
    });
  });

  describe('overview (GET /api/Overview/getInfo)', () => {
    it('counts by kind, storage, points, recent, notifications, 30 days per day', async () => {
      const u = await registerUser(h);
      const other = await registerUser(h);
      await other.api.upload('o.txt', Buffer.from('别人的'));
      const sizes = [10, 20, 30];
      for (const [i, s] of sizes.entries()) await u.api.upload(`f${i}.txt`, Buffer.from('x'.repeat(s)), { title: `文件${i}` });
      // Two older deposits (moved back in time directly in the table: the chart is about saveTime).
      const now = Math.floor(Date.now() / 1000);
      const mine = (title: string) => and(eq(evidence.userId, u.userInfo.userId), eq(evidence.title, title));
      await h.database.db.update(evidence).set({ saveTime: now - 3 * 86400 }).where(mine('文件0'));
      await h.database.db.update(evidence).set({ saveTime: now - 40 * 86400 }).where(mine('文件1'));
      // A deleted one does not count.
      const gone = await u.api.upload('gone.txt', Buffer.from('删'));
      await u.api.get('/api/data/delData', { dataId: gone.data.id });
      // The balance is brought to 1,234.56 through the points ledger (an operator grant), never by writing the cache.
      const had = (await h.database.db.select({ points: users.points }).from(users).where(eq(users.id, u.userInfo.userId)))[0]!.points;
      await h.services.commerce.grant(u.userInfo.userId, u.userInfo.userId, 123456 - Number(had), '测试', null);

      const r = await u.api.get('/api/Overview/getInfo');
      expect(r.code).toBe(200);
      expect(ZOverviewRes.safeParse(r.data).success).toBe(true);
      expect(r.data.counts).toEqual({ data: 3, web: 0, process: 0, mobile: 0, music: 0, app: 0, total: 3 });
      expect(r.data.storageBytes).toBe(60);
      expect(r.data.points).toBe(123456);
      expect(r.data.recent.map((x: { title: string }) => x.title)).toEqual(['文件2', '文件0', '文件1']);
      expect(r.data.recent[0]).toMatchObject({ kind: 'data', title: '文件2' });
      expect(r.data.notifications.length).toBeGreaterThan(0);
      expect(r.data.notifications.length).toBeLessThanOrEqual(5);
      const perDay = r.data.perDay as Array<{ date: string; count: number }>;
      expect(perDay).toHaveLength(30);
      const today = shanghaiDay(now);
      expect(perDay[29]!.date).toBe(shanghaiDate(today));
      expect(perDay[0]!.date).toBe(shanghaiDate(today - 29));
      expect(perDay[29]!.count).toBe(1);
      expect(perDay[26]!.count).toBe(1);
      expect(perDay.reduce((s, d) => s + d.count, 0)).toBe(2);
      expect(await client(h).get('/api/Overview/getInfo')).toMatchObject({ code: 401, msg: MSG.LOGIN_REQUIRED });
      // Another user sees only their own.
      expect((await other.api.get('/api/Overview/getInfo')).data.counts.total).toBe(1);
    });

    it('Shanghai calendar days: 16:00 UTC is already the next day', () => {
      expect(shanghaiDate(shanghaiDay(Date.parse('2026-11-21T15:59:59Z') / 1000))).toBe('2026-11-21');
      expect(shanghaiDate(shanghaiDay(Date.parse('2026-11-21T16:00:00Z') / 1000))).toBe('2026-11-22');
    });
  });

  describe('public-page configuration (GET /api/home/index)', () => {
    it('answers the configured values without login', async () => {
      const r = await client(h).get('/api/home/index');
      expect(r).toMatchObject({ code: 200, data: { siteName: '存证', filingNumber: '京ICP备2026000001号-1', privacyUpdatedAt: '2026-11-01' } });
      // The web build's prerendered footer line (contract copyrightLine), so the page does not change on load.
      expect(r.data.copyright).toBe(copyrightLine());
      expect(r.data.copyright).toMatch(/^Copyright © 2026(-\d{4})? 存证电子数据保全平台 版权所有$/);
    });
  });
});
