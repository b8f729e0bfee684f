/**
 * Client identity and limits (issue 9 §3): trusted proxies only, captcha issuance per client, proof of work
 * before every SMS send, hourly SMS limits with the operator alert, no account enumeration through the SMS
 * sends, a login gate that asks for a captcha instead of locking out, and the purge of expired rows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { auditLog, captchas, notifications, powSpent, rateCounters, sessions, smsCodes, smsOutbox, users } from '../src/db/schema/index.ts';
import { purgeExpired, PURGE_GRACE_MS } from '../src/modules/auth/purge.ts';
import { LOGIN_GATE } from '../src/modules/auth/service.ts';
import { smsFloodText } from '../src/modules/auth/wire.ts';
import { client, form, freshMobile, imageCaptcha, registerUser, solveCaptcha, solvePow } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { LONGEST_WAIT_MS, startEarlyInWindow, windowLeftSeconds } from './helpers/fixedWindow.ts';

/** Timeout of a test that first waits for room in a fixed window (helpers/fixedWindow.ts). */
const WAITING = 60_000 + LONGEST_WAIT_MS;
/** Windows of the captcha issuance counter (auth/captcha.ts, CAPTCHA_PER_CLIENT_10MIN) and the SMS counters (auth/smsCodes.ts, SMS_*_HOUR), s. */
const CAPTCHA_WINDOW_S = 600;
const SMS_WINDOW_S = 3600;

/** POST from a chosen TCP peer with optional extra headers. */
const postAs = async (h: Harness, remoteAddress: string, url: string, body: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  (await h.app.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: form(body) })).json() as { code: number; msg: string; data: any };

/** The ip of the latest audit row of `action` for user `id`. */
const auditIp = async (h: Harness, action: string, id: number) => {
  const rows = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorId, id)));
  return rows.at(-1)?.ip;
};

describe('client identity: X-Forwarded-For is believed only from TRUST_PROXY', () => {
  let plain: Harness;
  let proxied: Harness;
  beforeAll(async () => {
    plain = await makeHarness();
    proxied = await makeHarness({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it('by default the client address is the TCP peer whatever X-Forwarded-For says', async () => {
    const u = await registerUser(plain);
    const r = await postAs(plain, '203.0.113.7', '/api/login', { mobile: u.mobile, password: u.password }, { 'x-forwarded-for': '1.2.3.4' });
    expect(r.code).toBe(200);
    expect(await auditIp(plain, 'user.login', u.userInfo.userId)).toBe('203.0.113.7');
  });

  it('a client cannot dodge a per-client limit by rotating X-Forwarded-For', async () => {
    await startEarlyInWindow(LOGIN_GATE.windowSeconds); // the five failures land in one counter row
    for (let i = 0; i < 5; i++) await postAs(plain, '203.0.113.8', '/api/login', { mobile: freshMobile(), password: 'abc12345' }, { 'x-forwarded-for': `9.9.9.${i}` });
    const count = await plain.database.db.select().from(rateCounters).where(eq(rateCounters.key, 'loginfail:ip:203.0.113.8'));
    expect(count[0]?.count).toBe(5);
  }, WAITING);

  it('from a trusted proxy the forwarded address is used; from anyone else it is not', async () => {
    const u = await registerUser(proxied);
    expect((await postAs(proxied, '10.1.2.3', '/api/login', { mobile: u.mobile, password: u.password }, { 'x-forwarded-for': '198.51.100.9' })).code).toBe(200);
    expect(await auditIp(proxied, 'user.login', u.userInfo.userId)).toBe('198.51.100.9');
    expect((await postAs(proxied, '203.0.113.9', '/api/login', { mobile: u.mobile, password: u.password }, { 'x-forwarded-for': '198.51.100.10' })).code).toBe(200);
    expect(await auditIp(proxied, 'user.login', u.userInfo.userId)).toBe('203.0.113.9');
  });
});

describe('captcha, proof of work and SMS limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ CAPTCHA_PER_CLIENT_10MIN: '40', SMS_PER_MOBILE_HOUR: '2', SMS_PER_CLIENT_HOUR: '4', SMS_GLOBAL_HOUR: '6' });
    await h.services.auth.createUser({ mobile: '13900000001', password: 'Oper1234', type: 1, name: '运营', company: '', role: 'operator', userStatus: 3 }, null, 'test');
  });
  afterAll(async () => { await h?.close(); });
  // Each test starts with fresh counters: the limits here are tiny and registerUser sends SMS too.
  beforeEach(async () => { await h.database.db.delete(rateCounters); });

  it("the tests' fixed windows (helpers/fixedWindow.ts) are the limiter's: a counter's window ends where the helper says", async () => {
    for (const w of [60, CAPTCHA_WINDOW_S, LOGIN_GATE.windowSeconds, SMS_WINDOW_S]) {
      const before = Date.now();
      await h.ctx.limiter.add(`probe:${w}`, w);
      const after = Date.now();
      const [row] = await h.database.db.select().from(rateCounters).where(eq(rateCounters.key, `probe:${w}`));
      // The helper's end of the window, read at either side of the call (a boundary may fall in between).
      const ends = [before, after].map((t) => Math.round(t / 1000 + windowLeftSeconds(w, t)));
      expect(ends).toContain(row?.expiresAt);
      expect(row!.expiresAt! - row!.windowStart).toBe(w);
    }
  });

  it('captchas are limited per client', async () => {
    await startEarlyInWindow(CAPTCHA_WINDOW_S);
    for (let i = 0; i < 40; i++) expect((await postAs(h, '198.18.0.1', '/api/Register/getImgCode')).code).toBe(200);
    expect(await postAs(h, '198.18.0.1', '/api/Register/getImgCode')).toMatchObject({ code: 400, msg: MSG.TOO_FREQUENT });
    expect((await postAs(h, '198.18.0.2', '/api/Register/getImgCode')).code).toBe(200);
    const rows = await h.database.db.select().from(captchas).limit(5);
    for (const r of rows) expect(r.answer).toMatch(/^[a-z2-9]{4}$/);
  }, WAITING);

  it('every SMS send needs a fresh proof of work: absent, forged, tampered and replayed solutions are refused', async () => {
    const c = client(h);
    const ch = await c.get('/api/Register/powChallenge');
    expect(ch).toMatchObject({ code: 200, data: { parameters: { algorithm: 'PBKDF2/SHA-256' } } });
    const mobile = freshMobile();
    expect(await c.post('/api/Register/sendSMS', { mobile, ...(await imageCaptcha(h)) })).toMatchObject({ code: 400, msg: MSG.POW_REQUIRED });
    expect(await c.post('/api/Register/sendSMS', { mobile, ...(await imageCaptcha(h)), altcha: 'bm90IGpzb24=' })).toMatchObject({ code: 400, msg: MSG.POW_FAILED });
    const good = await solvePow(h);
    const parsed = JSON.parse(Buffer.from(good, 'base64').toString());
    const tampered = Buffer.from(JSON.stringify({ ...parsed, challenge: { ...parsed.challenge, parameters: { ...parsed.challenge.parameters, cost: 1 } } })).toString('base64');
    expect(await c.post('/api/Register/sendSMS', { mobile, ...(await imageCaptcha(h)), altcha: tampered })).toMatchObject({ code: 400, msg: MSG.POW_FAILED });
    const key = String(parsed.solution.derivedKey);
    const wrongKey = Buffer.from(JSON.stringify({ ...parsed, solution: { ...parsed.solution, derivedKey: (key[0] === '0' ? '1' : '0') + key.slice(1) } })).toString('base64');
    expect(await c.post('/api/Register/sendSMS', { mobile, ...(await imageCaptcha(h)), altcha: wrongKey })).toMatchObject({ code: 400, msg: MSG.POW_FAILED });
    expect(await c.post('/api/Register/sendSMS', { mobile, ...(await imageCaptcha(h)), altcha: good })).toMatchObject({ code: 200 });
    const replay = await c.post('/api/Register/sendSMS', { mobile: freshMobile(), ...(await imageCaptcha(h)), altcha: good });
    expect(replay).toMatchObject({ code: 400, msg: MSG.POW_FAILED });
    // The SMS-code reset of the extraction code is gated the same way.
    const u = await registerUser(h);
    expect(await u.api.post('/api/user/resetExtractCode/sendSMS', await imageCaptcha(h))).toMatchObject({ code: 400, msg: MSG.POW_REQUIRED });
  });

  it('password reset SMS: the same answer for a registered and an unregistered number, nothing sent to the latter', async () => {
    const u = await registerUser(h);
    const nobody = freshMobile();
    const a = await client(h).post('/api/Register/sendResetSMS', { mobile: u.mobile, ...(await solveCaptcha(h)) });
    const b = await client(h).post('/api/Register/sendResetSMS', { mobile: nobody, ...(await solveCaptcha(h)) });
    expect(a).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
    expect(b).toMatchObject({ code: 200, msg: MSG.SMS_SENT });
    expect(Object.keys(a.data)).toEqual(Object.keys(b.data));
    expect(await h.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, nobody))).toHaveLength(0);
    // The token of the unregistered number only ever meets "wrong code".
    const r = await client(h).post('/api/login/resetPassword', { mobile: nobody, smsCode: '123456', smsToken: b.data.token, password: 'new12345', confirmPassword: 'new12345' });
    expect(r).toMatchObject({ code: 400, msg: MSG.SMS_CODE_WRONG });
  });

  it('SMS sends are limited per mobile, per client and globally; the global limit alerts the operators once', async () => {
    const send = (ip: string, mobile: string) => solveCaptcha(h).then((cap) => postAs(h, ip, '/api/Register/sendSMS', { mobile, ...cap }));
    const m = freshMobile();
    await startEarlyInWindow(SMS_WINDOW_S);
    // Per mobile (2/h): the 60 s resend rule is moved out of the way by ageing the code rows.
    const age = () => h.database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 120_000) });
    expect((await send('198.19.0.1', m)).code).toBe(200);
    await age();
    expect((await send('198.19.0.2', m)).code).toBe(200);
    await age();
    expect(await send('198.19.0.3', m)).toMatchObject({ code: 400, msg: MSG.SMS_TOO_MANY });
    // Per client (4/h): 198.19.0.9 sends to 4 numbers, the 5th is refused.
    for (let i = 0; i < 4; i++) expect((await send('198.19.0.9', freshMobile())).code).toBe(200);
    expect(await send('198.19.0.9', freshMobile())).toMatchObject({ code: 400, msg: MSG.SMS_TOO_MANY });
    // Global (6/h): 2 + 4 sent so far; the next send from a fresh client and number trips it, once.
    expect(await send('198.19.1.1', freshMobile())).toMatchObject({ code: 400, msg: MSG.SMS_TOO_MANY });
    expect(await send('198.19.1.2', freshMobile())).toMatchObject({ code: 400, msg: MSG.SMS_TOO_MANY });
    const [op] = await h.database.db.select().from(users).where(eq(users.mobile, '13900000001'));
    const notes = await h.database.db.select().from(notifications).where(eq(notifications.userId, op!.id));
    expect(notes.map((n) => n.str)).toEqual([smsFloodText(6)]);
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'alert.sms.global_limit'))).toHaveLength(1);
  }, WAITING);
});

describe('login gate from many clients', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h?.close(); });

  it("a stranger's failures make the account ask for a captcha, never refuse the right password", async () => {
    const u = await registerUser(h);
    await startEarlyInWindow(LOGIN_GATE.windowSeconds);
    for (let i = 0; i < 12; i++) await postAs(h, `192.0.2.${i}`, '/api/login', { mobile: u.mobile, password: 'wrong1234' });
    const need = await postAs(h, '198.51.100.1', '/api/login', { mobile: u.mobile, password: u.password });
    expect(need).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED, data: { needCaptcha: 1 } });
    const ok = await postAs(h, '198.51.100.1', '/api/login', { mobile: u.mobile, password: u.password, ...(await imageCaptcha(h)) });
    expect(ok.code, ok.msg).toBe(200);
  }, WAITING);

  it('one client failing on many accounts needs a captcha for any account; other clients do not', async () => {
    const u = await registerUser(h);
    await startEarlyInWindow(LOGIN_GATE.windowSeconds);
    for (let i = 0; i < 20; i++) await postAs(h, '192.0.2.200', '/api/login', { mobile: freshMobile(), password: 'wrong1234' });
    expect(await postAs(h, '192.0.2.200', '/api/login', { mobile: u.mobile, password: u.password })).toMatchObject({ code: 400, data: { needCaptcha: 1 } });
    expect((await postAs(h, '192.0.2.201', '/api/login', { mobile: u.mobile, password: u.password })).code).toBe(200);
  }, WAITING);
});

describe('purge of expired rows', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness({}, { jobs: true }); });
  afterAll(async () => { await h?.close(); });

  it('deletes expired captchas, SMS codes, sessions, rate counters and spent challenges; keeps live ones', async () => {
    const u = await registerUser(h);
    const db = h.database.db;
    const old = new Date(Date.now() - PURGE_GRACE_MS - 60_000);
    const live = new Date(Date.now() + 60_000);
    const nowS = Math.floor(Date.now() / 1000);
    await db.insert(captchas).values([{ id: 'old-cap', answer: 'abcd', expiresAt: old }, { id: 'live-cap', answer: 'abcd', expiresAt: live }]);
    const code = { mobile: '13900009999', scene: 'register', codeHash: Buffer.alloc(32, 1) };
    await db.insert(smsCodes).values([{ ...code, tokenHash: Buffer.alloc(32, 2), expiresAt: old }, { ...code, tokenHash: Buffer.alloc(32, 3), expiresAt: live }]);
    await db.insert(sessions).values([{ tokenHash: Buffer.alloc(32, 4), userId: u.userInfo.userId, expiresAt: old }, { tokenHash: Buffer.alloc(32, 5), userId: u.userInfo.userId, expiresAt: live }]);
    await db.insert(rateCounters).values([
      { key: 'old-rate', windowStart: nowS - 90_000, count: 3, expiresAt: nowS - 86_400 },
      { key: 'legacy-rate', windowStart: nowS - 400_000, count: 3 },
      { key: 'live-rate', windowStart: nowS, count: 3, expiresAt: nowS + 900 },
    ]);
    await db.insert(powSpent).values([{ id: 'old-pow', expiresAt: old }, { id: 'live-pow', expiresAt: live }]);
    const n = await purgeExpired(db);
    expect(n.captchas).toBeGreaterThanOrEqual(1);
    expect(n.smsCodes).toBeGreaterThanOrEqual(1);
    expect(n.sessions).toBe(1);
    expect(n.rateCounters).toBe(2);
    expect(n.powSpent).toBe(1);
    const ids = async <T>(rows: Promise<T[]>, f: (r: T) => unknown) => (await rows).map(f);
    expect(await ids(db.select().from(captchas), (r) => r.id)).toContain('live-cap');
    expect(await ids(db.select().from(captchas), (r) => r.id)).not.toContain('old-cap');
    expect(await ids(db.select().from(smsCodes).where(eq(smsCodes.mobile, '13900009999')), (r) => r.tokenHash.equals(Buffer.alloc(32, 3)))).toEqual([true]);
    expect(await ids(db.select().from(rateCounters), (r) => r.key)).toEqual(expect.arrayContaining(['live-rate']));
    expect(await ids(db.select().from(rateCounters), (r) => r.key)).not.toEqual(expect.arrayContaining(['old-rate']));
    expect(await ids(db.select().from(powSpent), (r) => r.id)).toContain('live-pow');
    expect(await ids(db.select().from(powSpent), (r) => r.id)).not.toContain('old-pow');
    // The user's own live session (from registration) still works.
    expect((await u.api.get('/api/user/info')).code).toBe(200);
  });

  it('runs as the hourly pg-boss job auth.purge', async () => {
    const boss = h.ctx.jobs!.boss;
    expect((await boss.getSchedules()).map((x) => x.name)).toContain('auth.purge');
    const old = new Date(Date.now() - PURGE_GRACE_MS - 60_000);
    await h.database.db.insert(captchas).values({ id: 'job-old-cap', answer: 'abcd', expiresAt: old });
    await boss.send('auth.purge', {});
    // Wait (bounded) for the worker to run the job.
    for (let i = 0; i < 100; i++) {
      if ((await h.database.db.select().from(captchas).where(eq(captchas.id, 'job-old-cap'))).length === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await h.database.db.select().from(captchas).where(eq(captchas.id, 'job-old-cap'))).toHaveLength(0);
  });
});
