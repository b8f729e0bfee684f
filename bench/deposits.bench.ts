/**
 * Small deposits under concurrency (issue 16, row "small deposits"): 16 clients each posting 1 KiB files
 * through POST /api/data/upload (multipart, bearer token) in a loop, on PGlite and on PostgreSQL
 * (a fresh database on BENCH_PG_URL, default the local server; skipped when unreachable). Every deposit
 * is a full one: RFC 3161 token from the built-in TSA, SM3, blob fsync, ONE transaction with evidence row,
 * ledger entry (group commit), points charge, audit and notification rows.
 * Baseline in the same run on the same server and clients: GET /api/health at the same concurrency.
 * Figures: deposits/s (goal ≥ 300/s) and the ratio to the goal; `uptime` is printed with them (shared machine);
 * CPU ms per deposit of the server, of PostgreSQL and of this process (the clients, on the same cores).
 * The clients are light (keep-alive node:http, multipart body from a template, random bytes drawn once):
 * each request is still a full multipart upload of a distinct random file with a bearer token.
 * Env: BENCH_DEPOSITS (default 1600), BENCH_DEPOSIT_CLIENTS (16), BENCH_DEPOSIT_BYTES (1024),
 * BENCH_DEPOSIT_DBS (pglite,postgres; else from BENCH_DB), BENCH_PG_URL, BENCH_SERVER_NODE_OPTIONS (e.g. --cpu-prof).
 * `node bench/deposits.bench.ts`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { cli, f2, pct, startServer } from './lib.ts';

export const DEPOSIT_GOAL_PER_S = 300;

/** CPU time (user + system, ms) used so far by process `pid` and its threads (Linux /proc). */
function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** CPU ms used by every PostgreSQL server process (backends, WAL writer…), 0 when none is visible. */
function pgCpuMs(): number {
  let t = 0;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim().startsWith('postgres')) t += cpuMs(Number(d));
    } catch {
      /* gone */
    }
  }
  return t;
}

/** The bench's HTTP client: keep-alive node:http connections, one per concurrent client. */
interface LightClient {
  /** POST /api/data/upload: multipart `file` (`name`, application/octet-stream) with a bearer token; the answer's body. */
  upload(token: string, name: string, file: Buffer): Promise<string>;
  /** GET `path`; the answer's body. */
  get(path: string): Promise<string>;
  close(): void;
}

/** A keep-alive client for `base` with up to `sockets` connections. */
function lightClient(base: string, sockets: number): LightClient {
  const u = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const boundary = `----czbench${crypto.randomBytes(12).toString('hex')}`;
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const send = (method: string, path: string, headers: http.OutgoingHttpHeaders, body?: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const req = http.request({ host: u.hostname, port: u.port, method, path, agent, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(parts).toString('utf8')) : reject(new Error(`${method} ${path}: HTTP ${res.statusCode}`))));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body); // headers and body in one write
    });
  return {
    upload(token, name, file) {
      const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
      const body = Buffer.concat([head, file, tail]);
      return send('POST', '/api/data/upload', { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length }, body);
    },
    get: (path) => send('GET', path, {}),
    close: () => agent.destroy(),
  };
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** `clients` loops over `n` requests in all; returns per-request ms and the wall time. */
async function loop(n: number, clients: number, one: (i: number) => Promise<void>): Promise<{ lat: number[]; wallMs: number }> {
  let next = 0;
  const lat: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        await one(i);
        lat.push(performance.now() - t);
      }
    }),
  );
  return { lat: lat.sort((a, b) => a - b), wallMs: performance.now() - t0 };
}

/** A fresh PostgreSQL database for one run; null when the server cannot be reached. */
async function freshPg(base: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `cz_bench_dep_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Runs the deposits benchmark on one database; returns its numbers. */
async function runOn(db: 'pglite' | 'postgres', opts: { n: number; clients: number; bytes: number }) {
  const pgDb = db === 'postgres' ? await freshPg(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : null;
  if (db === 'postgres' && !pgDb) {
    console.log('  postgres: not reachable, skipped');
    return null;
  }
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  const server = await startServer({ ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) });
  let client: LightClient | undefined;
  try {
    // A user with enough points for every deposit (issue 13: each one is charged).
    const mobile = '13800138003';
    await cli(server.dataDir, ['user:create', '--mobile', mobile, '--password', 'bench1234', '--name', '测试', '--verified', '--points', String(100 * (opts.n + 100))]);
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${mobile}&password=bench1234` });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    // Issue 16, round 5: a light client (it shares the 2 cores with the server and PostgreSQL). Each request is
    // still a full multipart upload of a distinct random file with the bearer token, over keep-alive
    // connections (as fetch's were): only the client's own work shrinks — node:http instead of fetch/FormData,
    // the multipart body from a fixed template, the random bytes drawn once for the whole run.
    const c = (client = lightClient(server.url, opts.clients));
    const randoms = crypto.randomBytes((opts.n + 50) * opts.bytes); // warm-up 50 + the measured n, each its own slice
    let drawn = 0;
    const deposit = async (i: number) => {
      const file = randoms.subarray(drawn * opts.bytes, ++drawn * opts.bytes);
      const r = JSON.parse(await c.upload(token, `d-${i}.bin`, file)) as { code: number; msg: string };
      if (r.code !== 200) throw new Error(`deposit failed: ${r.msg}`);
    };
    const health = async () => {
      await c.get('/api/health');
    };
    await loop(50, opts.clients, deposit); // warm-up
    await loop(500, opts.clients, health);
    const uptimeBefore = load();
    const base = await loop(Math.max(2000, opts.n), opts.clients, health);
    const cpu0 = cpuMs(server.proc.pid!);
    const pg0 = db === 'postgres' ? pgCpuMs() : 0;
    const client0 = process.cpuUsage();
    const dep = await loop(opts.n, opts.clients, deposit);
    const clientUse = process.cpuUsage(client0);
    const clientCpuMs = (clientUse.user + clientUse.system) / 1000 / opts.n;
    const serverCpuMs = (cpuMs(server.proc.pid!) - cpu0) / opts.n;
    const pgCpu = db === 'postgres' ? (pgCpuMs() - pg0) / opts.n : null;
    const perS = opts.n / (dep.wallMs / 1000);
    const healthPerS = Math.max(2000, opts.n) / (base.wallMs / 1000);
    const res = {
      db,
      deposits: opts.n,
      clients: opts.clients,
      bytes: opts.bytes,
      depositsPerS: perS,
      depositP50Ms: pct(dep.lat, 50),
      depositP99Ms: pct(dep.lat, 99),
      healthPerS,
      depositVsHealth: perS / healthPerS,
      goalRatio: perS / DEPOSIT_GOAL_PER_S,
      /** Server process CPU per deposit, ms (all its threads): load-independent, unlike deposits/s. */
      serverCpuMsPerDeposit: serverCpuMs,
      /** PostgreSQL processes' CPU per deposit, ms (every postgres process on the machine: other users' load counts too). */
      pgCpuMsPerDeposit: pgCpu,
      /** Deposits/s the server's CPU alone would allow on one core (1000 / serverCpuMsPerDeposit). */
      cpuBoundPerCore: 1000 / serverCpuMs,
      /** The bench's own (client) process CPU per deposit, ms: it runs on the same cores as the server and PostgreSQL. */
      clientCpuMsPerDeposit: clientCpuMs,
      loadavg: `${uptimeBefore} → ${load()}`,
    };
    console.log(
      `  ${db}: ${f2(perS)} deposits/s (${opts.clients} clients × ${opts.bytes} B; p50 ${f2(res.depositP50Ms)} ms, p99 ${f2(res.depositP99Ms)} ms) → ${f2(res.goalRatio)} of the goal ${DEPOSIT_GOAL_PER_S}/s; ` +
        `baseline GET /api/health ${f2(healthPerS)}/s → ratio ${f2(res.depositVsHealth)}; server CPU ${f2(serverCpuMs)} ms/deposit (≤ ${f2(res.cpuBoundPerCore)}/s per core)` +
        `${pgCpu === null ? '' : `, postgres CPU ${f2(pgCpu)} ms/deposit`}, client CPU ${f2(clientCpuMs)} ms/deposit; load average ${res.loadavg}`,
    );
    return res;
  } finally {
    client?.close();
    await server.stop();
    await pgDb?.drop();
  }
}

/** Runs the benchmark on every chosen database; returns `{ figures, runs }`. */
export async function run() {
  const n = Number(process.env.BENCH_DEPOSITS ?? 1600);
  const clients = Number(process.env.BENCH_DEPOSIT_CLIENTS ?? 16);
  const bytes = Number(process.env.BENCH_DEPOSIT_BYTES ?? 1024);
  const both = process.env.BENCH_DB === 'pglite' || process.env.BENCH_DB === 'postgres' ? process.env.BENCH_DB : 'pglite,postgres';
  const dbs = (process.env.BENCH_DEPOSIT_DBS ?? both).split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
  const runs = [];
  for (const db of dbs) {
    const r = await runOn(db, { n, clients, bytes });
    if (r) runs.push(r);
  }
  return {
    figures: runs.map((r) => ({ name: `small deposits (${r.bytes} B, ${r.clients} clients)`, value: r.depositsPerS, unit: 'deposits/s', goal: DEPOSIT_GOAL_PER_S, ratio: r.goalRatio, db: r.db, baseline: { name: 'GET /api/health req/s', value: r.healthPerS, ratio: r.depositVsHealth }, serverCpuMsPerDeposit: r.serverCpuMsPerDeposit, pgCpuMsPerDeposit: r.pgCpuMsPerDeposit, clientCpuMsPerDeposit: r.clientCpuMsPerDeposit, loadavg: r.loadavg })),
    runs,
  };
}

if (import.meta.main) console.log(JSON.stringify(await run(), null, 2));
