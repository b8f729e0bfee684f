/**
 * Issue 16 rows "upload" and "memory" (docs/performance.md): on PGlite and on PostgreSQL (`BENCH_DB` =
 * pglite | postgres | both, default both; PostgreSQL at `BENCH_PG_URL`, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres, in a throw-away database of its own):
 * - upload of a 1 GiB file (`BENCH_UPLOAD_MB`) through POST /api/data/upload with curl (multipart `-F`)
 *   vs `openssl dgst -sha256` of the same file, timed in the same run right around the upload (best of
 *   the two openssl runs, i.e. the hardware's hashing limit at that moment): goal ratio ≥ 0.45;
 * - beside it, `openssl dgst -sm3` of the same file (info): every ledger entry records the file's SM3
 *   (issue 10 §3) inside the deposit's transaction, so SM3's own speed ÷ SHA-256's is the most the ratio
 *   above can reach on this CPU ("SM3 cap"), and upload ÷ `-sm3` says how close the route comes to it;
 * - the server's peak RSS (VmHWM: since start, so start-up counts too) after that upload: goal ≤ 256 MiB;
 * - its idle RSS (VmRSS) 5 s after start and a login: goal ≤ 200 MiB.
 * Each figure carries `ratio` = achievement against the goal (≥ 1 meets it) and the load average
 * (`uptime`) when measured: the machine is shared, so absolute times mean little.
 * `run()` answers `{ figures: [{ name, value, unit, goal, ratio, db, load }], details }` for bench/run.ts.
 */
import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchDbEnv, f2, startServer, userToken, type RunningServer } from './lib.ts';

const pexec = promisify(execFile);

/** One figure for bench/results/latest.json; `ratio` ≥ 1 meets the goal. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal, e.g. "≥ 0.45" or "≤ 256". */
  goal: string;
  /** Achievement against the goal (≥ 1 meets it); absent for info figures. */
  ratio?: number;
  /** Whether the goal is met, when `ratio` is not value ÷ goal (the memory figures: goal ÷ value). */
  met?: boolean;
  db: 'pglite' | 'postgres';
  /** 1-minute load average when measured. */
  load: number;
}

const GOAL = { ratio: 0.45, peakMiB: 256, idleMiB: 200 } as const;

/** Writes `mb` MiB of pseudo-random bytes (so nothing compresses) to a temp file (kept for later runs). */
function makeFile(mb: number): string {
  const file = path.join(os.tmpdir(), `cz-bench-${mb}m.bin`);
  if (fs.existsSync(file) && fs.statSync(file).size === mb * 1024 * 1024) return file;
  const fd = fs.openSync(file, 'w');
  const block = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    block.writeUInt32LE(i, 0);
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
  return file;
}

/** 1-minute load average. */
const load1 = () => os.loadavg()[0]!;

/** Seconds `openssl dgst -<alg> file` takes, and its hex digest. */
function openssl(file: string, alg: 'sha256' | 'sm3' = 'sha256'): { s: number; sha256: string } {
  const t = performance.now();
  const out = execFileSync('openssl', ['dgst', `-${alg}`, '-r', file]).toString();
  return { s: (performance.now() - t) / 1000, sha256: out.split(' ')[0]! };
}

/** Resident and high-water RSS of a process, MiB. */
function rssOf(pid: number): { rss: number; hwm: number } {
  const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Measures the three figures on one database. */
async function measure(db: 'pglite' | 'postgres', file: string, mb: number): Promise<{ figures: Figure[]; detail: Record<string, number | string> }> {
  const pgdb = await benchDbEnv(db, 'cz_bench_upload');
  if (!pgdb) throw new Error('PostgreSQL is not reachable');
  let server: RunningServer | undefined;
  try {
    server = await startServer(pgdb.env);
    const pid = server.proc.pid!;
    const token = await userToken(server);
    await new Promise((r) => setTimeout(r, 5000));
    const idle = rssOf(pid);
    const idleLoad = load1();
    const before = openssl(file);
    let sampledMax = 0;
    const sampler = setInterval(() => (sampledMax = Math.max(sampledMax, rssOf(pid).rss)), 100);
    const t = performance.now();
    const { stdout } = await pexec('curl', ['-sS', '--fail-with-body', '-H', `authorization: Bearer ${token}`, '-F', `file=@${file};type=application/octet-stream`, `${server.url}/api/data/upload`], { maxBuffer: 1 << 20 });
    const uploadS = (performance.now() - t) / 1000;
    clearInterval(sampler);
    const upLoad = load1();
    const after = openssl(file);
    const sm3S = Math.min(openssl(file, 'sm3').s, openssl(file, 'sm3').s);
    const peak = rssOf(pid);
    const r = JSON.parse(stdout) as { code: number; data?: { sha256: string } };
    if (r.code !== 200 || r.data?.sha256 !== before.sha256) throw new Error(`upload failed or hash differs: ${stdout.slice(0, 200)}`);
    const opensslS = Math.min(before.s, after.s);
    const ratio = opensslS / uploadS;
    const sm3Cap = opensslS / sm3S;
    console.log(
      `[${db}] upload ${mb} MiB: API ${f2(mb / uploadS)} MiB/s vs openssl dgst -sha256 ${f2(mb / opensslS)} MiB/s → ratio ${f2(ratio)} (goal ≥ ${GOAL.ratio}: ${f2(ratio / GOAL.ratio)} of it; load ${f2(upLoad)})\n` +
        `[${db}] openssl dgst -sm3 ${f2(mb / sm3S)} MiB/s: SM3 cap on the ratio ${f2(sm3Cap)}; the upload runs at ${f2(sm3S / uploadS)} of SM3's speed\n` +
        `[${db}] server RSS: idle ${f2(idle.rss)} MiB (goal ≤ ${GOAL.idleMiB}: ${f2(GOAL.idleMiB / idle.rss)}), peak (VmHWM since start) ${f2(peak.hwm)} MiB (goal ≤ ${GOAL.peakMiB}: ${f2(GOAL.peakMiB / peak.hwm)}), max sampled during the upload ${f2(sampledMax)} MiB`,
    );
    return {
      figures: [
        { name: 'upload 1 GiB / openssl dgst -sha256', value: ratio, unit: 'ratio', goal: `≥ ${GOAL.ratio}`, ratio: ratio / GOAL.ratio, db, load: upLoad },
        { name: 'SM3 cap: openssl dgst -sm3 / -sha256', value: sm3Cap, unit: 'ratio', goal: 'info', db, load: upLoad },
        { name: 'upload 1 GiB / openssl dgst -sm3', value: sm3S / uploadS, unit: 'ratio', goal: 'info', db, load: upLoad },
        { name: 'server peak RSS during upload', value: peak.hwm, unit: 'MiB', goal: `≤ ${GOAL.peakMiB}`, ratio: GOAL.peakMiB / peak.hwm, met: peak.hwm <= GOAL.peakMiB, db, load: upLoad },
        { name: 'idle server RSS after start', value: idle.rss, unit: 'MiB', goal: `≤ ${GOAL.idleMiB}`, ratio: GOAL.idleMiB / idle.rss, met: idle.rss <= GOAL.idleMiB, db, load: idleLoad },
      ],
      detail: { db, sizeMiB: mb, uploadS, opensslS, uploadMiBs: mb / uploadS, opensslMiBs: mb / opensslS, sm3S, sm3MiBs: mb / sm3S, sampledMaxMiB: sampledMax, uptime: execFileSync('uptime').toString().trim() },
    };
  } finally {
    await server?.stop();
    await pgdb.drop();
  }
}

/** Runs the benchmark on the chosen databases; returns the figures and details. */
export async function run(): Promise<{ figures: Figure[]; details: Array<Record<string, number | string>> }> {
  const mb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
  const file = makeFile(mb);
  const which = process.env.BENCH_DB ?? 'both';
  const dbs = (which === 'both' ? ['pglite', 'postgres'] : [which]) as Array<'pglite' | 'postgres'>;
  const figures: Figure[] = [];
  const details: Array<Record<string, number | string>> = [];
  for (const db of dbs) {
    const r = await measure(db, file, mb);
    figures.push(...r.figures);
    details.push(r.detail);
  }
  return { figures, details };
}

if (import.meta.main) console.log(JSON.stringify(await run(), null, 2));
