/** Accounts end to end through the real app (issue 2 §3; spec p1 §5, §8; p2 §5, §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { eq } from 'drizzle-orm';
import { smsCodes } from '../src/db/schema/index.ts';
import { client, freshMobile, imageCaptcha, lastSmsCode, registerUser, solveCaptcha, solvePow } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { LONGEST_WAIT_MS, startEarlyInWindow } from './helpers/fixedWindow.ts';
import { LOGIN_GATE } from '../src/modules/auth/service.ts';

describe('accounts', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('captcha is a PNG image (no SVG glyph paths), single use, wrong answers refused', async () => {
    const c = client(h);
    const r = await c.post('/api/Register/getImgCode');
    expect(r.code).toBe(200);
    expect(r.data.img).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(r.data.img.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.toString('latin1')).not.toMatch(/<svg|<path/);
    const cap = await solveCaptcha(h);
    const mobile = freshMobile();
    const bad = await c.post('/api/Register/sendSMS', { mobile, captchaId: cap.captchaId, imgCode: cap.imgCode === 'aaaa' ? 'bbbb' : 'aaaa', altcha: cap.altcha });
    expect(bad).toMatchObject({ code: 400, msg: MSG.IMG_CODE_WRONG });
    // The same captcha, now with the right answer, is already consumed.
    const again = await c.post('/api/Register/sendSMS', { mobile, ...cap, altcha: await solvePow(h) });
    expect(again).toMatchObject({ code: 400, msg: MSG.IMG_CODE_WRONG });
  });

  it('registers with captcha + SMS, gets a 6-digit extraction code and a working token', async () => {
    const u = await registerUser(h, { name: '李四' });
    expect(u.userInfo).toMatchObject({ mobile: u.mobile, userStatus: 1, status: 1, contactName: '李四' });
    expect(u.userInfo.extractCode).toMatch(/^\d{6}$/);
    const info = await u.api.get('/api/user/info');
    expect(info.data.userId).toBe(u.userInfo.userId);
  });

  it('validates every registration field with the spec messages', async () => {
    const c = client(h);
    expect(await c.post('/api/Register/sendSMS', { mobile: '', captchaId: 'x', imgCode: 'abcd' })).toMatchObject({ code: 400, msg: MSG.MOBILE_REQUIRED });
    expect(await c.post('/api/Register/sendSMS', { mobile: '12345678901', captchaId: 'x', imgCode: 'abcd' })).toMatchObject({ code: 400, msg: MSG.MOBILE_FORMAT });
    expect(await c.post('/api/Register/sendSMS', { mobile: '13800000000', captchaId: 'x', imgCode: '' })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED });
    const base = { mobile: freshMobile(), smsToken: 't'.repeat(20), type: 1, name: '王五' };
    expect(await c.post('/api/Register', { ...base, smsCode: '12ab', password: 'abc12345' })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
    expect(await c.post('/api/Register', { ...base, smsCode: '123456', password: '12345678' })).toMatchObject({ code: 400, msg: MSG.PASSWORD_FORMAT });
    expect(await c.post('/api/Register', { ...base, smsCode: '123456', password: 'abc12345' })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
    const huge = await c.post('/api/Register', { ...base, smsCode: '123456', password: 'abc12345', name: '张'.repeat(5000) });
    expect(huge.code).toBe(400);
  });

  it('SMS codes: resend after 60 s, wrong code counted, single use', async () => {
    const c = client(h);
    const mobile = freshMobile();
    const sent = await c.post('/api/Register/sendSMS', { mobile, ...(await solveCaptcha(h)) });
    expect(sent.code).toBe(200);
    const resend = await c.post('/api/Register/sendSMS', { mobile, ...(await solveCaptcha(h)) });
    expect(resend).toMatchObject({ code: 400, msg: '验证码发送过于频繁，请60秒后再试' });
    const code = await lastSmsCode(h, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { mobile, smsToken: sent.data.token, password: 'abc12345', type: 1, name: '赵六' };
    expect(await c.post('/api/Register', { ...body, smsCode: wrong })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
    expect((await c.post('/api/Register', { ...body, smsCode: code })).code).toBe(200);
    expect(await c.post('/api/Register', { ...body, smsCode: code })).toMatchObject({ code: 400, msg: MSG.SMS_NOT_REQUESTED });
  });

  it('after 5 wrong SMS codes the code is dead even when right', async () => {
    const c = client(h);
    const mobile = freshMobile();
    const sent = await c.post('/api/Register/sendSMS', { mobile, ...(await solveCaptcha(h)) });
    const code = await lastSmsCode(h, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { mobile, smsToken: sent.data.token, password: 'abc12345', type: 1, name: '赵六' };
    for (let i = 0; i < 5; i++) await c.post('/api/Register', { ...body, smsCode: wrong });
    expect(await c.post('/api/Register', { ...body, smsCode: code })).toMatchObject({ code: 400, msg: '验证码错误次数过多，请重新获取' });
  });

  it('password login, wrong password; repeated failures ask for the captcha instead of locking the account', async () => {
    const u = await registerUser(h);
    const c = client(h);
    expect((await c.post('/api/login', { mobile: u.mobile, password: u.password })).code).toBe(200);
    await startEarlyInWindow(LOGIN_GATE.windowSeconds); // the 5 failures on the account count in one window
    expect(await c.post('/api/login', { mobile: u.mobile, password: 'wrong1234' })).toMatchObject({ code: 400, msg: '手机号或密码错误' });
    expect(await c.post('/api/login', { mobile: freshMobile(), password: 'abc12345' })).toMatchObject({ code: 400, msg: '手机号或密码错误' });
    for (let i = 0; i < 4; i++) expect((await c.post('/api/login', { mobile: u.mobile, password: 'wrong1234' })).msg).toBe('手机号或密码错误');
    // 5 failures on the account: the captcha is required (even with the right password), never a 15-minute lock.
    expect(await c.post('/api/login', { mobile: u.mobile, password: u.password })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED, data: { needCaptcha: 1 } });
    expect(await c.post('/api/login', { mobile: u.mobile, password: u.password, captchaId: 'nope', imgCode: 'abcd' })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_WRONG, data: { needCaptcha: 1 } });
    expect(await c.post('/api/login', { mobile: u.mobile, password: 'wrong1234', ...(await imageCaptcha(h)) })).toMatchObject({ code: 400, msg: '手机号或密码错误' });
    expect((await c.post('/api/login', { mobile: u.mobile, password: u.password, ...(await imageCaptcha(h)) })).code).toBe(200);
  }, 60_000 + LONGEST_WAIT_MS);

  it('SMS login and password reset (reset ends old sessions)', async () => {
    const u = await registerUser(h);
    const c = client(h);
    const sent = await c.post('/api/login/sendLoginSMS', { mobile: u.mobile, ...(await solveCaptcha(h)) });
    const login = await c.post('/api/login/sms', { mobile: u.mobile, smsCode: await lastSmsCode(h, u.mobile), smsToken: sent.data.token });
    expect(login.code).toBe(200);
    // An unregistered number gets the same answer (no account enumeration) but no SMS.
    const nobody = freshMobile();
    const unknown = await c.post('/api/login/sendLoginSMS', { mobile: nobody, ...(await solveCaptcha(h)) });
    expect(unknown).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
    await expect(lastSmsCode(h, nobody)).rejects.toThrow();

    const rs = await c.post('/api/Register/sendResetSMS', { mobile: u.mobile, ...(await solveCaptcha(h)) });
    const smsCode = await lastSmsCode(h, u.mobile);
    expect(await c.post('/api/login/resetPassword', { mobile: u.mobile, smsCode, smsToken: rs.data.token, password: 'new12345', confirmPassword: 'new12346' })).toMatchObject({ code: 400, msg: MSG.PASSWORD_MISMATCH });
    expect((await c.post('/api/login/resetPassword', { mobile: u.mobile, smsCode, smsToken: rs.data.token, password: 'new12345', confirmPassword: 'new12345' })).code).toBe(200);
    expect(await u.api.get('/api/user/info')).toMatchObject({ code: 408, msg: MSG.SESSION_EXPIRED });
    expect((await c.post('/api/login', { mobile: u.mobile, password: 'new12345' })).code).toBe(200);
  });

  it('editPassword: p1 §5 rules, success ends sessions', async () => {
    const u = await registerUser(h);
    const p = (o: Record<string, string>) => u.api.post('/api/user/editPassword', o);
    expect(await p({ oldPassword: '', password: 'new12345', confirmPassword: 'new12345' })).toMatchObject({ code: 400, msg: '旧密码不能为空' });
    expect(await p({ oldPassword: u.password, password: 'new12345', confirmPassword: 'new54321' })).toMatchObject({ code: 400, msg: MSG.PASSWORD_MISMATCH });
    expect(await p({ oldPassword: u.password, password: u.password, confirmPassword: u.password })).toMatchObject({ code: 400, msg: MSG.PASSWORD_SAME_AS_OLD });
    expect(await p({ oldPassword: 'nope12345', password: 'new12345', confirmPassword: 'new12345' })).toMatchObject({ code: 400, msg: MSG.OLD_PASSWORD_WRONG });
    expect(await p({ oldPassword: u.password, password: 'new12345', confirmPassword: 'new12345' })).toMatchObject({ code: 200, msg: MSG.PASSWORD_CHANGED });
    expect((await u.api.get('/api/user/info')).code).toBe(408);
  });

  it('logout ends the session server-side; unknown tokens get 401', async () => {
    const u = await registerUser(h);
    expect((await u.api.get('/api/user/logout')).code).toBe(200);
    expect((await u.api.get('/api/user/info')).code).toBe(408);
    expect((await client(h, 'x'.repeat(43)).get('/api/user/info')).code).toBe(401);
    expect((await client(h).get('/api/user/info'))).toMatchObject({ code: 401, msg: MSG.LOGIN_REQUIRED });
  });

  it('a duplicate mobile cannot register: the send does not tell, the register call does once the code checks', async () => {
    const u = await registerUser(h);
    const c = client(h);
    await h.database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(smsCodes.mobile, u.mobile));
    const r = await c.post('/api/Register/sendSMS', { mobile: u.mobile, ...(await solveCaptcha(h)) });
    expect(r).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
    const code = await lastSmsCode(h, u.mobile);
    const body = { mobile: u.mobile, smsToken: r.data.token, password: 'abc12345', type: 1, name: '重复' };
    expect(await c.post('/api/Register', { ...body, smsCode: code === '000000' ? '111111' : '000000' })).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
    expect(await c.post('/api/Register', { ...body, smsCode: code })).toMatchObject({ code: 400, msg: '手机号已注册' });
  });
});
