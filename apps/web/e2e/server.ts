/**
 * E2E server: the real platform (apps/server buildApp) on a temp DATA_DIR with embedded PGlite, plus a
 * side HTTP endpoint on E2E_PEEK_PORT that lets the test read what a person would read — the captcha
 * image's answer and the latest SMS in the embedded provider's outbox — and creates accounts the way the
 * operator CLI does (`/user/<mobile>`). Lives in e2e/, not in the app.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { captchas, smsOutbox, users } from '../../server/src/db/schema/index.ts';
import { loggerOptions } from '../../server/src/platform/logging.ts';
import { Resvg } from '@resvg/resvg-js';
import { idCardCheckChar } from '@cunzheng/contract/idcard';

const port = Number(process.env.E2E_PORT ?? 8090);
const peekPort = Number(process.env.E2E_PEEK_PORT ?? port + 1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-e2e-'));
const config = loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` });
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
// The server log of the whole run goes to a file (production logger options) that /logcheck searches for
// secrets at the end (issue 9 §4; e2e/zz-log-check.spec.ts).
const logFile = path.join(dataDir, 'server.log');
const { app, services } = await buildApp(config, database, { jobs: true, logger: loggerOptions('info', fs.createWriteStream(logFile, { flags: 'a', mode: 0o600 })) });
await app.listen({ port, host: '127.0.0.1' });
// An operator account for the console flows (what `npm run cli -- user:create --role operator` makes).
await services.auth.createUser({ mobile: '13900000000', password: 'Oper1234', type: 1, name: '运营', company: '', role: 'operator', userStatus: 3 }, null, 'e2e');

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, key = ''] = url.pathname.split('/');
    let body: unknown = null;
    if (kind === 'captcha') body = (await database.db.select().from(captchas).where(eq(captchas.id, key)))[0]?.answer ?? null;
    if (kind === 'sms') body = (await database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, key)).orderBy(desc(smsOutbox.id)).limit(1))[0]?.text ?? null;
    // A personal account made the way `npm run cli -- user:create` makes one (password Test1234), for specs
    // that are not about registration.
    if (kind === 'logcheck') body = await logCheck();
    // Issue 13: what `npm run cli -- points:verify` reports on the e2e database after every flow before it.
    if (kind === 'pointsverify') body = await services.commerce.verify();
    // A verified company main account (password Test1234) for the member flows (issue 14 §3–4).
    if (kind === 'company' && /^1\d{10}$/.test(key)) body = (await services.auth.createUser({ mobile: key, password: 'Test1234', type: 2, name: '王经理', company: '星辰科技有限公司', role: 'user', userStatus: 3 }, null, 'e2e')).id;
    // An unverified account (userStatus 1; type 1 personal or 2 company; password Test1234) for the KYC flows (issue 14 §1–2).
    if (kind === 'unverified' && /^1\d{10}$/.test(key)) {
      const company = url.searchParams.get('type') === '2';
      body = (await services.auth.createUser({ mobile: key, password: 'Test1234', type: company ? 2 : 1, name: company ? '联系人' : '张三', company: company ? '测试科技有限公司' : '', role: 'user', userStatus: 1 }, null, 'e2e')).id;
    }
    if (kind === 'user' && /^1\d{10}$/.test(key)) body = (await services.auth.createUser({ mobile: key, password: 'Test1234', type: 1, name: '张三', company: '', role: 'user', userStatus: 3 }, null, 'e2e')).id;
    // Issue 15: a KYC-verified personal account with a default seal, and a notary of the notary office.
    if (kind === 'kyc-user' && /^1\d{10}$/.test(key)) body = await kycVerifiedUser(key);
    if (kind === 'notary' && /^1\d{10}$/.test(key)) body = await notaryOf(key);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })
  .listen(peekPort, '127.0.0.1');

/**
 * Searches the run's server log for secrets: every SMS code sent and every user's extraction code (in any
 * string of a log line, outside the embedded provider's own `[SMS]` line), unredacted download tickets,
 * secret query parameters, bearer tokens and SQL parameter lists → `{lines, hits}`.
 */
async function logCheck(): Promise<{ lines: number; hits: string[] }> {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  const lines = text.split('\n').filter(Boolean);
  const codes = new Set<string>();
  for (const r of await database.db.select({ text: smsOutbox.text }).from(smsOutbox)) for (const m of r.text.matchAll(/\d{6}/g)) codes.add(m[0]);
  for (const u of await database.db.select({ id: users.id }).from(users)) {
    const c = await services.auth.extractCodeOf(u.id);
    if (c) codes.add(c);
  }
  const patterns = [/\/api\/file\/(?!\[REDACTED\])[\w.-]{8,}/, /[?&](code|ticket|sig|token|smsCode|smsToken|password)=(?!\[REDACTED\])[^&"\s]/i, /Bearer\s+[\w.-]{10,}/i, /params: (?!\[REDACTED\])/];
  const strings = (v: unknown, out: string[] = []): string[] => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
    return out;
  };
  const hits: string[] = [];
  for (const line of lines) {
    if (line.includes('[SMS]')) continue;
    let parsed: unknown = line;
    try {
      parsed = JSON.parse(line);
    } catch {
      /* not JSON: search the raw line */
    }
    const all = strings(parsed).join('\n');
    const bad = patterns.find((p) => p.test(all)) ?? [...codes].find((c) => new RegExp(`(?<!\\d)${c}(?!\\d)`).test(all));
    if (bad) hits.push(`${String(bad)}: ${line.slice(0, 300)}`);
  }
  return { lines: lines.length, hits: hits.slice(0, 20) };
}

/** Issue 15 (online notarization): a personal account verified through the real KYC flow (photo upload + operator review, so it passes the p2 §6 gate) with a default seal; password Test1234. */
async function kycVerifiedUser(mobile: string): Promise<number> {
  const id = (await services.auth.createUser({ mobile, password: 'Test1234', type: 1, name: '张三', company: '', role: 'user', userStatus: 1 }, null, 'e2e')).id;
  const token = await loginToken(mobile, 'Test1234');
  const body = `310115${'19900307'}123`;
  const fd = new FormData();
  for (const [k, v] of Object.entries({ userName: '张三', idCard: body + idCardCheckChar(body), sex: '0', type: '1', address: '上海市浦东新区世纪大道1号', agree: '1' })) fd.append(k, v);
  for (const f of ['authorFront', 'authorBack', 'authorHand']) {
    const png = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#e6f4ff"/><text x="60" y="120" font-size="48">${f}</text></svg>`).render().asPng();
    fd.append(f, new Blob([new Uint8Array(png)]), `${f}.png`);
  }
  const req = new Request('http://x', { method: 'POST', body: fd });
  await app.inject({ method: 'POST', url: '/api/peruser/perAuthorize', headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type') ?? '' }, payload: Buffer.from(await req.arrayBuffer()) });
  const op = await loginToken('13900000000', 'Oper1234');
  const list = (await app.inject({ method: 'GET', url: '/api/admin/kyc/list?kind=personal&status=2&limit=100', headers: { authorization: `Bearer ${op}` } })).json() as { data: { list: Array<{ id: number; userId: number }> } };
  const appId = list.data.list.find((r) => r.userId === id)?.id;
  await app.inject({ method: 'POST', url: '/api/admin/kyc/review', headers: { authorization: `Bearer ${op}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${appId}&pass=1` });
  await app.inject({ method: 'POST', url: '/api/signature/generate', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ type: 'personal', name: '张三' }).toString() });
  return id;
}

/** Issue 15: the notary office 北京市某某公证处 (created on first use) and a notary of it with `mobile` (password Test1234). */
let officeId: number | null = null;
async function notaryOf(mobile: string): Promise<number> {
  officeId ??= (await services.notary.offices.create(null, { name: '北京市某某公证处', certPrefix: '京某证内字', fee: 1000 }, null)).id;
  const id = (await services.auth.createUser({ mobile, password: 'Test1234', type: 1, name: '刘公证', company: '', role: 'user', userStatus: 3 }, null, 'e2e')).id;
  await services.notary.offices.addStaff(null, officeId, id, null);
  return id;
}

async function loginToken(mobile: string, password: string): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ mobile, password }).toString() });
  return (r.json() as { data: { token: string } }).data.token;
}

const stop = async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
