/**
 * A cluster on this machine (issue 17 §2), shared by test/cluster.test.ts and bench/cluster.bench.ts:
 * a fresh PostgreSQL database, s3rver over HTTP, one `ROLE=worker` process and N `ROLE=api` processes
 * (`node src/main.ts`, each with its own DATA_DIR holding a copy of the worker's keys), and a round-robin
 * HTTP proxy standing in for the load balancer (like nginx for POST: a request to a dead upstream answers
 * 502 and is not retried). `stop()` ends every process it started and drops the database.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from './harness.ts';
import { startS3rver, TEST_BUCKET } from './s3Setup.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const freePort = (): Promise<number> => new Promise((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });
const sha = (b: Buffer | Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** Round-robin reverse proxy; `hits[i]` counts requests sent to upstream i. */
export function startProxy(upstreams: number[]): Promise<{ port: number; hits: number[]; close: () => Promise<void> }> {
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

export interface Cluster {
  dbUrl: string;
  /** Ports of the API processes, in order (`api1`, `api2`, …). */
  apiPorts: number[];
  /** Base URL of the proxy over every API process. */
  lb: string;
  proxy: { hits: number[] };
  /** The API child processes (to kill one). */
  apis: ChildProcess[];
  /** Runs `node src/cli.ts …` on the worker's DATA_DIR (asynchronously: s3rver runs in this process). */
  cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }>;
  /** Creates a verified user with plenty of points and logs in through the proxy; returns the token. */
  user(mobile: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the database, s3rver, the worker and `apis` API processes, then the proxy. */
export async function startCluster(opts: { apis: number; env?: Record<string, string> }): Promise<Cluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-cluster-'));
  const children: ChildProcess[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => { c.once('exit', r); setTimeout(() => { c.kill('SIGKILL'); }, 15_000).unref(); }) : null)));
    for (const f of closers.reverse()) await f().catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const { url: dbUrl, dropDb } = await createTestDatabase('cz_cluster');
    if (!dbUrl) throw new Error('the cluster needs PostgreSQL: set TEST_DATABASE_URL');
    closers.push(async () => dropDb?.());
    const s3 = await startS3rver();
    closers.push(s3.stop);
    const common: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.CLUSTER_LOG_DIR ? (process.env.LOG_LEVEL ?? 'info') : 'error',
      RATE_LIMIT_OFF: '1',
      DATABASE_URL: dbUrl,
      BLOB_STORE: `s3://${TEST_BUCKET}/cluster-${crypto.randomBytes(4).toString('hex')}`,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      AUDIT_INTERVAL_SECONDS: '0',
      ...opts.env,
    };
    for (const k of ['TEST_DATABASE_URL', 'CZ_TEST_S3_ENDPOINT', 'CZ_TEST_S3_DIR', 'TEST_BLOB_STORE']) delete common[k];
    const start = async (name: string, role: 'api' | 'worker', port: number): Promise<ChildProcess> => {
      const dataDir = path.join(root, name);
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      if (role === 'api') fs.cpSync(path.join(root, 'worker', 'keys'), path.join(dataDir, 'keys'), { recursive: true }); // same keys on every node
      // CLUSTER_LOG_DIR (debugging a failure): each process's log goes to <dir>/<name>.log (LOG_LEVEL from the env, else error).
      const logFile = process.env.CLUSTER_LOG_DIR ? fs.openSync(path.join(process.env.CLUSTER_LOG_DIR, `${name}-${port}.log`), 'a') : 'ignore';
      const child = spawn(process.execPath, ['src/main.ts'], { cwd: SERVER_DIR, env: { ...common, ROLE: role, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', logFile, 'pipe'] });
      if (typeof logFile === 'number') fs.closeSync(logFile);
      let err = '';
      child.stderr!.on('data', (d: Buffer) => { err = (err + d.toString()).slice(-4000); });
      children.push(child);
      for (const until = Date.now() + 180_000; Date.now() < until; await sleep(100)) { // slow on a loaded machine
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${err}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).ok) return child;
        } catch { /* starting */ }
      }
      throw new Error(`${name} did not start: ${err}`);
    };
    // The worker first (it applies the migrations, creates the keys and the job queues), then the APIs.
    await start('worker', 'worker', await freePort());
    const apiPorts: number[] = [];
    for (let i = 0; i < opts.apis; i++) apiPorts.push(await freePort());
    const apis = await Promise.all(apiPorts.map((p, i) => start(`api${i + 1}`, 'api', p)));
    const proxy = await startProxy(apiPorts);
    closers.push(proxy.close);
    const lb = `http://127.0.0.1:${proxy.port}`;
    const cli: Cluster['cli'] = (...args) =>
      new Promise((resolve) => {
        execFile(process.execPath, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env: { ...common, DATA_DIR: path.join(root, 'worker'), INIT_CWD: SERVER_DIR }, encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
          resolve({ status: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
        });
      });
    const user: Cluster['user'] = async (mobile) => {
      const made = await cli('user:create', '--mobile', mobile, '--password', 'abc12345', '--name', '钱七', '--verified', '--points', '100000');
      if (made.status !== 0) throw new Error(`user:create: ${made.stderr}`);
      const r = (await (await fetch(`${lb}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${mobile}&password=abc12345` })).json()) as { code: number; msg: string; data: { token: string } };
      if (r.code !== 200) throw new Error(`login: ${r.msg}`);
      return r.data.token;
    };
    return { dbUrl, apiPorts, lb, proxy, apis, cli, user, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export interface Ack {
  id: number;
  sha256: string;
}

/**
 * Runs `n` deposits of small random text files (1–10 KiB) to `base` with at most `parallel` in flight.
 * Returns the acknowledged ones (code 200 with the right SHA-256), how many answered a wrong hash, and
 * acknowledged deposits per second. A request whose connection dies is simply not acknowledged.
 */
export async function depositRun(base: string, token: string, n: number, parallel: number, tag: string): Promise<{ acks: Ack[]; wrongHash: number; perSecond: number }> {
  const acks: Ack[] = [];
  let wrongHash = 0;
  let i = 0;
  const one = async () => {
    const content = Buffer.from(`${tag} ${crypto.randomUUID()} `.repeat(40 + Math.floor(Math.random() * 200)));
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(content)]), `${tag}.txt`);
    try {
      const r = await fetch(`${base}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd });
      const env = (await r.json()) as { code: number; data: Ack };
      if (env.code !== 200) return;
      if (env.data.sha256 !== sha(content)) wrongHash += 1;
      else acks.push({ id: env.data.id, sha256: env.data.sha256 });
    } catch {
      /* the process died under this request: not acknowledged */
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (i < n) {
      i += 1;
      await one();
    }
  }));
  return { acks, wrongHash, perSecond: acks.length / ((performance.now() - t0) / 1000) };
}
