/**
 * E2E cluster server (issue 17 §2): the same flows as e2e/server.ts, but the site is a load balancer in
 * front of two `ROLE=api` processes (one in this process, one child) and one `ROLE=worker` child, all on
 * one fresh PostgreSQL database (TEST_DATABASE_URL, default the local server) and one S3-compatible server
 * (s3rver). The peek endpoint (captcha answers, SMS outbox, accounts) reads the shared database.
 * Used by playwright.cluster.config.ts; stops everything on SIGTERM/SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import { captchas, smsOutbox } from '../../../server/src/db/schema/index.ts';
import { startS3rver, TEST_BUCKET } from '../../../server/test/s3Setup.ts';

const port = Number(process.env.E2E_PORT ?? 8090);
const peekPort = Number(process.env.E2E_PEEK_PORT ?? port + 1);
const SERVER_DIR = path.resolve(import.meta.dirname, '../../../server');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-e2e-cluster-'));
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => { c.once('exit', r); setTimeout(() => { c.kill('SIGKILL'); }, 10_000).unref(); }) : null)));
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

// Fresh database.
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `cz_e2ecl_${crypto.randomBytes(5).toString('hex')}`;
{
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
}
cleanups.push(async () => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
});
const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
const s3 = await startS3rver();
cleanups.push(s3.stop);

const common: Record<string, string> = {
  DATABASE_URL: dbUrl,
  BLOB_STORE: `s3://${TEST_BUCKET}/e2e`,
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: '1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  CAPTURE_ALLOW_HOSTS: process.env.CAPTURE_ALLOW_HOSTS ?? '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
};
/** Starts `node src/main.ts` with `role`; resolves once /api/health/live answers. */
async function child(name: string, role: 'api' | 'worker', p: number): Promise<void> {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (role !== 'worker') fs.cpSync(path.join(root, 'worker', 'keys'), path.join(dataDir, 'keys'), { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...common, ROLE: role, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const c = spawn(process.execPath, ['src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(c);
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    if (c.exitCode !== null) throw new Error(`${name} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${p}/api/health/live`)).ok) return;
    } catch { /* starting */ }
  }
  throw new Error(`${name} did not start`);
}

// Worker first (migrations, keys, queues); then the APIs with a copy of its keys.
await child('worker', 'worker', await freePort());
const p2 = await freePort();
const api2 = child('api2', 'api', p2);
const dataDir1 = path.join(root, 'api1');
fs.mkdirSync(dataDir1, { mode: 0o700 });
fs.cpSync(path.join(root, 'worker', 'keys'), path.join(dataDir1, 'keys'), { recursive: true });
const config = loadConfig({ ...process.env, ...common, ROLE: 'api', DATA_DIR: dataDir1 });
const database = await openDatabase({ url: dbUrl, pgliteDir: path.join(dataDir1, 'pgdata') });
const { app, services } = await buildApp(config, database, { jobs: true, logger: false });
const p1 = await freePort();
await app.listen({ port: p1, host: '127.0.0.1' });
cleanups.push(async () => { await app.close(); await database.close(); });
await api2;
await services.auth.createUser({ mobile: '13900000000', password: 'Oper1234', type: 1, name: '运营', company: '', role: 'operator', userStatus: 3 }, null, 'e2e');

// The load balancer: round robin, WebSocket upgrades passed through, no retry of a failed request.
const upstreams = [p1, p2];
let next = 0;
const lb = http.createServer((req, res) => {
  const to = upstreams[next++ % upstreams.length]!;
  const up = http.request({ host: '127.0.0.1', port: to, method: req.method, path: req.url, headers: req.headers }, (ur) => {
    res.writeHead(ur.statusCode ?? 502, ur.headers);
    ur.pipe(res);
  });
  up.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(up);
});
lb.on('upgrade', (req, socket, head) => {
  const to = upstreams[next++ % upstreams.length]!;
  const up = net.connect(to, '127.0.0.1', () => {
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`).join('\r\n')}\r\n\r\n`);
    up.write(head);
    up.pipe(socket);
    socket.pipe(up);
  });
  up.on('error', () => socket.destroy());
  socket.on('error', () => up.destroy());
});
lb.listen(port, '127.0.0.1');
cleanups.push(() => new Promise((r) => { lb.closeAllConnections(); lb.close(r); }));

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, key = ''] = url.pathname.split('/');
    let body: unknown = null;
    if (kind === 'captcha') body = (await database.db.select().from(captchas).where(eq(captchas.id, key)))[0]?.answer ?? null;
    if (kind === 'sms') body = (await database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, key)).orderBy(desc(smsOutbox.id)).limit(1))[0]?.text ?? null;
    if (kind === 'user' && /^1\d{10}$/.test(key)) body = (await services.auth.createUser({ mobile: key, password: 'Test1234', type: 1, name: '张三', company: '', role: 'user', userStatus: 3 }, null, 'e2e')).id;
    if (kind === 'logcheck') body = { lines: 0, hits: [] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })
  .listen(peekPort, '127.0.0.1');
cleanups.push(async () => undefined);
