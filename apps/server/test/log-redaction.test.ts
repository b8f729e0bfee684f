/**
 * Logs carry no secrets (issue 9 §4): a full flow — register (captcha + SMS), login, deposit, owner
 * download via ticket, extraction by code, offline package with the code, web capture preview with its
 * signed screenshot URL — runs on the real app whose logger (the production options: redaction list and
 * safe serializers) writes every line at debug level into a buffer. Then the whole log is searched for
 * every secret used: 0 hits outside the embedded SMS provider's own `[SMS]` line. A real Drizzle error
 * carrying bound values is logged through the same logger and must not show them either.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { client, lastSmsCode, solveCaptcha } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { startTestSite, type TestSite } from './webpages.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  },
});

/** Lines containing `secret` (digits-only secrets must stand alone, so timestamps do not match by chance). */
function hits(secret: string): string[] {
  const re = /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`) : null;
  return lines.filter((l) => !l.includes('[SMS]')).filter((l) => (re ? re.test(l) : l.includes(secret)));
}

let h: Harness;
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '20' }, { logStream: sink, logLevel: 'debug' });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});

describe('log redaction', () => {
  it('a full flow leaves no code, ticket, signature, SMS code, password or token in the log', async () => {
    const secrets: Record<string, string> = {};
    const anon = client(h);
    const mobile = '13912340001';
    const password = 'pw9Secret77';
    secrets.password = password;
    // Register through captcha + SMS.
    const cap = await solveCaptcha(h);
    secrets.imgCode = cap.imgCode;
    const sent = await anon.post<{ token: string }>('/api/Register/sendSMS', { mobile, ...cap });
    expect(sent.code, sent.msg).toBe(200);
    secrets.smsToken = sent.data.token;
    const smsCode = await lastSmsCode(h, mobile);
    secrets.smsCode = smsCode;
    const reg = await anon.post('/api/Register', { mobile, smsCode, smsToken: sent.data.token, password, type: 1, name: '张三丰' });
    expect(reg.code, reg.msg).toBe(200);
    secrets.registerToken = reg.data.token;
    const extractCode = reg.data.userInfo.extractCode as string;
    secrets.extractCode = extractCode;
    // Password login, then everything as that session.
    const login = await anon.post('/api/login', { mobile, password });
    expect(login.code, login.msg).toBe(200);
    secrets.loginToken = login.data.token;
    const me = client(h, login.data.token);
    expect((await me.get('/api/user/info')).code).toBe(200);
    // Deposit and owner download through a ticket.
    const up = await me.upload('合同.txt', Buffer.from('劳动合同全文\n'), { title: '合同' });
    expect(up.code, up.msg).toBe(200);
    const list = await me.get('/api/data/getList', { page: 1, limit: 10 });
    const dataId = list.data.list?.[0]?.id ?? list.data.data?.[0]?.id;
    const own = await me.post('/api/data/downBaoquan', { dataId });
    expect(own.code, own.msg).toBe(200);
    secrets.ownerTicket = own.data.downUrl.replace('/api/file/', '');
    expect((await anon.download(own.data.downUrl)).status).toBe(200);
    // Extraction by a visitor with the code, and the offline package with the code in the query string.
    const ext = await anon.post('/api/share/downBaoquan', { baoquan: up.data.baoquan, code: extractCode });
    expect(ext.code, ext.msg).toBe(200);
    secrets.extractTicket = ext.data.downUrl.replace('/api/file/', '');
    expect((await anon.download(ext.data.downUrl)).status).toBe(200);
    const pkg = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${up.data.baoquan}&code=${extractCode}` });
    expect(pkg.statusCode).toBe(200);
    // A wrong code and a token in a query string of an unknown route are logged as URLs too.
    expect((await anon.get('/api/ledger/package', { baoquan: up.data.baoquan, code: '000000' === extractCode ? '111111' : '000000' })).code).toBe(400);
    await h.app.inject({ method: 'GET', url: `/api/nothing?token=${login.data.token}&sig=${secrets.ownerTicket}`, headers: { authorization: `Bearer ${login.data.token}` } });
    // Web capture preview: its screenshot URL carries a signature.
    const p = await me.post('/api/webforensics/preview', { url: `http://127.0.0.1:${site.httpPort}/page` });
    expect(p.code, p.msg).toBe(200);
    const sig = new URL(p.data.screenshotUrl, 'http://x').searchParams.get('sig');
    expect(sig).toBeTruthy();
    secrets.previewSig = sig as string;
    expect((await anon.download(p.data.screenshotUrl)).status).toBe(200);
    // A real database error with bound values, logged the way the error handler logs.
    const [row] = await h.database.db.select().from(users).where(eq(users.mobile, mobile));
    secrets.boundValue = 'bound-value-Zq81xW';
    try {
      await h.database.db.insert(users).values({ ...row!, name: secrets.boundValue });
      expect.unreachable('duplicate id must fail');
    } catch (err) {
      expect(String((err as Error).message)).toContain(secrets.boundValue); // the raw error does carry it
      h.app.log.error({ err }, 'unhandled error');
    }
    try {
      await h.database.query('select $1::bigint', [`not-a-number-${secrets.boundValue}`]);
    } catch (err) {
      h.app.log.error({ err }, 'unhandled error');
    }

    // The log has what it should: requests with their (redacted) URLs, the SQL error, the [SMS] line.
    expect(lines.length).toBeGreaterThan(30);
    expect(lines.some((l) => l.includes('/api/file/[REDACTED]'))).toBe(true);
    expect(lines.some((l) => l.includes('code=[REDACTED]'))).toBe(true);
    expect(lines.some((l) => l.includes('Failed query') && l.includes('params: [REDACTED]'))).toBe(true);
    expect(lines.some((l) => l.includes('[SMS]') && l.includes(smsCode))).toBe(true);
    for (const [name, value] of Object.entries(secrets)) expect(hits(value), name).toEqual([]);
  });
});
