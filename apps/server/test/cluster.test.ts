/**
 * Cluster (issue 17 §2): one PostgreSQL database, one S3-compatible server (s3rver over HTTP), one
 * `ROLE=worker` process and two `ROLE=api` processes (`node src/main.ts`, each with its own DATA_DIR holding
 * the same keys) behind a small round-robin HTTP proxy standing in for the load balancer.
 *
 * - deposits/s through one API process, then 200 concurrent deposits spread over both (printed, not asserted);
 * - a web capture submitted through an API is run by the worker;
 * - `ledger:verify` ok, no duplicate leaf (one leaf per evidence row, ids dense) nor duplicate checkpoint;
 * - one API process is SIGKILLed mid-load: every deposit the client saw acknowledged is stored (row, leaf,
 *   exact bytes), and `ledger:verify` is still ok.
 * Needs PostgreSQL: runs in the PostgreSQL pass (TEST_DATABASE_URL), skipped on PGlite.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';
import { startS3rver, TEST_BUCKET } from './s3Setup.ts';
import { startTestSite, type TestSite } from './webpages.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const sha = (b: Buffer | Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

/** Round-robin reverse proxy (the load balancer): a dead upstream answers 502, the request is not retried (like nginx for POST). */
function startProxy(upstreams: number[]): Promise<{ port: number; hits: number[]; close: () => Promise<void> }> {
  let next = 0;
  const hits = upstreams.map(() => 0);
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length;
    hits[i]! += 1;
    const up = http.request({ host: '127.0.0.1', port: upstreams[i], method: req.method, path: req.url, headers: req.headers }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers);
      ur.pipe(res);
      ur.on('error', () => res.destroy());
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(up);
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () =>
      r({
        port: (server.address() as net.AddressInfo).port,
        hits,
        close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
      }),
    ),
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('cluster: 2 API processes + 1 worker on PostgreSQL and S3', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-cluster-'));
  const children: ChildProcess[] = [];
  const closers: Array<() => Promise<void>> = [];

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => { c.once('exit', r); setTimeout(() => { c.kill('SIGKILL'); }, 15_000).unref(); }) : null)));
    for (const f of closers.reverse()) await f().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('200 concurrent deposits over two APIs, a capture by the worker, ledger ok; an API killed mid-load loses no acknowledged deposit', async () => {
    const { url: dbUrl, dropDb } = await createTestDatabase('cz_cluster');
    closers.push(async () => dropDb?.());
    const s3 = await startS3rver();
    closers.push(s3.stop);
    const site: TestSite = await startTestSite();
    closers.push(() => site.close());

    const common: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_OFF: '1',
      DATABASE_URL: dbUrl!,
      BLOB_STORE: `s3://${TEST_BUCKET}/cluster-${crypto.randomBytes(4).toString('hex')}`,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      CAPTURE_ALLOW_HOSTS: '127.0.0.1',
      CAPTURE_TIMEOUT_SECONDS: '30',
      AUDIT_INTERVAL_SECONDS: '0',
      METRICS_TOKEN: 'cluster-metrics',
    };
    delete common.TEST_DATABASE_URL;
    delete common.CZ_TEST_S3_ENDPOINT;
    delete common.CZ_TEST_S3_DIR;
    const start = async (name: string, role: 'api' | 'worker', port: number): Promise<ChildProcess> => {
      const dataDir = path.join(root, name);
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      if (name !== 'worker') fs.cpSync(path.join(root, 'worker', 'keys'), path.join(dataDir, 'keys'), { recursive: true }); // same keys on every node
      const child = spawn(process.execPath, ['src/main.ts'], { cwd: SERVER_DIR, env: { ...common, ROLE: role, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr!.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-4000); });
      children.push(child);
      const until = Date.now() + 90_000;
      while (Date.now() < until) {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${err}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok) return child;
        } catch { /* starting */ }
        await sleep(100);
      }
      throw new Error(`${name} did not start: ${err}`);
    };

    // The worker first (it applies the migrations, creates the keys and the job queues), then the APIs.
    const [pw, p1, p2] = [await freePort(), await freePort(), await freePort()];
    await start('worker', 'worker', pw);
    const [, api2] = await Promise.all([start('api1', 'api', p1), start('api2', 'api', p2)]);
    const proxy = await startProxy([p1, p2]);
    closers.push(proxy.close);
    const lb = `http://127.0.0.1:${proxy.port}`;

    // Asynchronous: s3rver runs in this process and must keep answering while the CLI works.
    const cli = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env: { ...common, DATA_DIR: path.join(root, 'worker'), INIT_CWD: SERVER_DIR }, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
          resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
        });
      });
    const made = await cli('user:create', '--mobile', '13600000188', '--password', 'abc12345', '--name', '钱七', '--verified', '--points', '100000');
    expect(made.status, made.stderr).toBe(0);
    const login = (await (await fetch(`${lb}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mobile=13600000188&password=abc12345' })).json()) as { code: number; data: { token: string } };
    expect(login.code).toBe(200);
    const token = login.data.token;

    /** fetch → JSON, naming the step when the connection fails. */
    const call = async <T>(step: string, url: string, init?: RequestInit): Promise<T> => {
      try {
        return (await (await fetch(url, init)).json()) as T;
      } catch (e) {
        throw new Error(`${step}: ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? '')}`);
      }
    };
    type Ack = { id: number; sha256: string };
    const deposit = async (base: string, tag: string): Promise<Ack | null> => {
      const content = Buffer.from(`${tag} ${crypto.randomUUID()} `.repeat(40 + Math.floor(Math.random() * 200)));
      const fd = new FormData();
      fd.append('file', new Blob([new Uint8Array(content)]), `${tag}.txt`);
      try {
        const r = await fetch(`${base}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
        const env = (await r.json()) as { code: number; msg: string; data: { id: number; sha256: string } };
        if (env.code !== 200) return null;
        expect(env.data.sha256).toBe(sha(content));
        return { id: env.data.id, sha256: env.data.sha256 };
      } catch {
        return null; // the process died under this request: not acknowledged
      }
    };
    /** Runs `n` deposits against `base` with at most `parallel` in flight; returns acks and deposits/s. */
    const run = async (base: string, n: number, parallel: number, tag: string) => {
      const acks: Ack[] = [];
      let i = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: parallel }, async () => {
        while (i < n) {
          i += 1;
          const a = await deposit(base, tag);
          if (a) acks.push(a);
        }
      }));
      return { acks, perSecond: acks.length / ((performance.now() - t0) / 1000) };
    };

    // Warm both APIs (first deposit loads certificate/TSA code paths), then one API alone, then both.
    await run(`http://127.0.0.1:${p1}`, 4, 2, 'warm1');
    await run(`http://127.0.0.1:${p2}`, 4, 2, 'warm2');
    const one = await run(`http://127.0.0.1:${p1}`, 100, 20, 'one');
    expect(one.acks).toHaveLength(100);
    const both = await run(lb, 200, 200, 'both');
    expect(both.acks).toHaveLength(200);
    expect(Math.min(...proxy.hits)).toBeGreaterThanOrEqual(100);
    console.log(`cluster: deposits/s with 1 API process ${one.perSecond.toFixed(1)}, with 2 API processes (200 concurrent via the proxy) ${both.perSecond.toFixed(1)}`);

    // A web capture submitted through the load balancer, run by the worker (APIs run no job).
    const sub = await call<{ code: number; msg: string; data: { id: number } }>('capture submit', `${lb}/api/webforensics/screenshot`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ url: `http://127.0.0.1:${site.httpPort}/page`, title: '集群取证' }).toString() });
    expect(sub.code, sub.msg).toBe(200);
    let st: { status: number; reason: string; baoquan?: string } = { status: 0, reason: '' };
    for (const until = Date.now() + 120_000; Date.now() < until && st.status < 2; await sleep(300)) {
      st = (await call<{ data: typeof st }>('capture status', `${lb}/api/Webforensics/webstatus?id=${sub.data.id}`, { headers: { authorization: `Bearer ${token}` } })).data;
    }
    expect(st.status, st.reason).toBe(2);

    // Kill one API process while 200 deposits are in flight through the proxy.
    let killed = false;
    const sent = () => proxy.hits.reduce((a, b) => a + b);
    const before = sent();
    const loaded = run(lb, 200, 40, 'kill');
    for (let i = 0; i < 1000 && sent() < before + 60; i++) await sleep(20);
    api2.kill('SIGKILL');
    killed = true;
    const afterKill = await loaded;
    expect(killed).toBe(true);
    expect(afterKill.acks.length).toBeGreaterThan(0);
    expect(afterKill.acks.length).toBeLessThan(200); // some requests died with the process

    // Every acknowledged deposit is stored: row, leaf of that row, and the bytes in the blob store.
    const acked = [...one.acks, ...both.acks, ...afterKill.acks];
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    closers.push(() => db.end());
    const rows = (await db.query<{ id: string; sha256: string; ledger_index: string }>('select id, sha256, ledger_index from evidence where id = any($1::bigint[])', [acked.map((a) => a.id)])).rows;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const lost = acked.filter((a) => byId.get(a.id)?.sha256 !== a.sha256);
    expect(lost).toEqual([]);
    const leafOwners = (await db.query<{ n: string; distinct_ev: string; max_idx: string }>('select count(*) as n, count(distinct evidence_id) as distinct_ev, max(idx) as max_idx from ledger_entries where evidence_id is not null')).rows[0]!;
    expect(Number(leafOwners.n)).toBe(Number(leafOwners.distinct_ev)); // no evidence row has two leaves
    const dense = (await db.query<{ n: string; max_idx: string }>('select count(*) as n, max(idx) as max_idx from ledger_entries')).rows[0]!;
    expect(Number(dense.n)).toBe(Number(dense.max_idx) + 1); // leaves 0..n-1, no gap, no duplicate index
    const dupCp = (await db.query('select size from checkpoints group by size having count(*) > 1')).rows;
    expect(dupCp).toEqual([]);
    // Bytes of a sample of acknowledged deposits, read back through the surviving API (from S3).
    for (const a of acked.filter((_, i) => i % 25 === 0)) {
      const u = await call<{ code: number; data: { downUrl: string } }>('download url', `http://127.0.0.1:${p1}/api/data/downBaoquan`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `dataId=${a.id}` });
      expect(u.code).toBe(200);
      expect(sha(Buffer.from(await (await fetch(`http://127.0.0.1:${p1}${u.data.downUrl}`)).arrayBuffer()))).toBe(a.sha256);
    }

    // Checkpoints catch up and the whole log verifies.
    await sleep(1500);
    const verify = await cli('ledger:verify');
    expect(verify.status, verify.stderr + verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true });
    const ready = await fetch(`http://127.0.0.1:${p1}/api/health/ready`);
    expect(ready.status).toBe(200);
    console.log(`cluster kill: ${afterKill.acks.length} of 200 deposits acknowledged while API 2 was killed, ${acked.length} acknowledged in all, 0 lost`);
  }, 600_000);
});
