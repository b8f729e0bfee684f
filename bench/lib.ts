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

/** Starts `apps/server/src/main.ts` with a fresh DATA_DIR; resolves when /api/health answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-'));
  const port = await freePort();
  const proc = spawn(NODE, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_OFF: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
