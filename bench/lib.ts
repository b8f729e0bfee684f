/**
 * Shared pieces of the benchmarks: start the real server as a child process on a temp DATA_DIR,
 * sample its peak RSS, create a user through the CLI admin channel, log in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = process.execPath;

let built: Promise<string> | undefined;
/**
 * The server entry the benches start: what `npm start` runs, the production build `apps/server/dist/main.js`,
 * rebuilt once per bench process so it is never stale (apps/server/scripts/build.ts); `BENCH_SERVER=src` runs
 * `apps/server/src/main.ts` instead (to compare).
 */
export function serverEntry(): Promise<string> {
  if (process.env.BENCH_SERVER === 'src') return Promise.resolve('apps/server/src/main.ts');
  built ??= import('../apps/server/scripts/build.ts').then((m) => m.buildServer()).then((p) => path.relative(ROOT, p));
  return built;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  /** Peak resident set size of the server process so far, bytes (VmHWM). */
  peakRss(): number;
  stop(): Promise<void>;
}

/**
 * Starts the server (`serverEntry()`: the production build, as `npm start`) with a fresh DATA_DIR; resolves when /api/health answers.
 * `opts.logFile`: the server's stdout (its pino log) goes to that file (else it is dropped).
 */
export async function startServer(env: Record<string, string> = {}, opts: { logFile?: string } = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-'));
  const port = await freePort();
  const out = opts.logFile ? fs.openSync(opts.logFile, 'w') : 'ignore';
  const proc = spawn(NODE, [await serverEntry()], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_OFF: '1', ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    proc,
    peakRss() {
      const s = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(s)?.[1] ?? 0) * 1024;
    },
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the CLI against `dataDir` (through the running server's admin socket). */
export function cli(dataDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(NODE, ['apps/server/src/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d));
    p.stderr.on('data', (d: Buffer) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
  });
}

/** Creates a verified user via the CLI and logs in; returns the bearer token. */
export async function userToken(server: RunningServer, mobile = '13800138000', password = 'bench1234'): Promise<string> {
  await cli(server.dataDir, ['user:create', '--mobile', mobile, '--password', password, '--name', '测试', '--verified']);
  const r = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${mobile}&password=${password}` });
  const j = (await r.json()) as { data: { token: string } };
  return j.data.token;
}

/** Formats a number with 2 decimals. */
export const f2 = (n: number) => n.toFixed(2);
/** Percentile of a sorted array. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A database the benches run on: embedded PGlite (the default) or a PostgreSQL server. */
export type BenchDb = 'pglite' | 'postgres';

/**
 * The databases chosen by `BENCH_DB` (pglite | postgres | both; default both), in that order. Figures that
 * involve a database are measured on each (issue 16 "How it is measured").
 */
export function benchDbs(): BenchDb[] {
  const v = (process.env.BENCH_DB ?? 'both').trim();
  if (v === 'both') return ['pglite', 'postgres'];
  if (v === 'pglite' || v === 'postgres') return [v];
  throw new Error(`BENCH_DB must be pglite, postgres or both (got ${v})`);
}

/**
 * Server environment for `db`: {} for PGlite; for PostgreSQL `DATABASE_URL` of a fresh database under
 * BENCH_PG_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped by `drop()`.
 * Resolves null when PostgreSQL does not answer (the caller skips that database and says so).
 */
export async function benchDbEnv(db: BenchDb, prefix = 'cz_bench'): Promise<{ env: Record<string, string>; drop(): Promise<void> } | null> {
  if (db === 'pglite') return { env: {}, drop: async () => {} };
  const base = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: u.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** `uptime`'s load averages (1, 5, 15 min), recorded beside every number. */
export const loadAvg = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' ');
