/**
 * Certificate views at bare-route speed (issue 16, row "getView / health"): `GET /api/share/getView`
 * req/s against `GET /api/health` req/s of the SAME server in the same run, 50 connections (autocannon),
 * on PGlite and on PostgreSQL (a fresh database under TEST_DATABASE_URL / the local server; skipped when
 * it does not answer). Goal: ratio ≥ 0.5 and getView p99 ≤ 20 ms. Anonymous visitor, the bench's usual
 * client (no session). `BENCH_HTTP_SECONDS` (default 10) per measurement; `BENCH_HTTP_DB` (or `BENCH_DB`) `=pglite|postgres`.
 * Also the server's own CPU time per request of each route (from /proc, user + system), a figure the other
 * processes of a shared 2-core machine disturb far less than req/s and p99: getView's ÷ health's (info).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { createTestDatabase } from '../apps/server/test/harness.ts';
import { f2, startServer, userToken } from './lib.ts';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = 50;

export interface Figure { name: string; value: number; unit: string; goal: string; ratio?: number; db: 'pglite' | 'postgres' }

/** CPU time (user + system) used so far by process `pid`, µs (Linux /proc; 0 elsewhere). */
function cpuUs(pid: number | undefined): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1e6) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return 0;
  }
}

/** Runs autocannon against `url`; returns mean req/s, p99 latency ms, failed requests and the server's CPU µs per request. */
async function load(url: string, seconds = DURATION_S, pid?: number): Promise<{ rps: number; p99: number; errors: number; cpuPerReq: number }> {
  const c0 = cpuUs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuPerReq: r.requests.total ? (cpuUs(pid) - c0) / r.requests.total : 0 };
}

/**
 * Warms the routes up (JIT, heap sizing) until the server's CPU per request of each settles: 2-s rounds of
 * every route until no figure moved by more than 15 % from the round before (at most 8 rounds). Right after
 * start a route costs 2–3× its settled CPU for several seconds on a loaded machine (the optimising compiler
 * and GC threads count in the process's time), which a fixed 2-s warm-up left inside the health measurement.
 */
async function warmUp(urls: string[], pid: number | undefined): Promise<void> {
  let prev: number[] = [];
  for (let round = 0; round < 8; round++) {
    const now: number[] = [];
    for (const url of urls) now.push((await load(url, 2, pid)).cpuPerReq);
    if (prev.length && now.every((c, i) => Math.abs(c - prev[i]!) <= 0.15 * prev[i]!)) return;
    prev = now;
  }
}

/** One database: deposit one file, warm both routes, measure health then getView. */
async function one(db: 'pglite' | 'postgres'): Promise<Figure[]> {
  let dropDb: (() => Promise<void>) | undefined;
  const env: Record<string, string> = {};
  if (db === 'postgres') {
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
    const t = await createTestDatabase('cz_bench_http');
    env.DATABASE_URL = t.url!;
    dropDb = t.dropDb;
  }
  const server = await startServer(env);
  try {
    const token = await userToken(server, '13800138001');
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('基准测试证据文件')]), 'bench.txt');
    const up = (await (await fetch(`${server.url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { data: { baoquan: string } };
    const viewUrl = `${server.url}/api/share/getView?baoquan=${up.data.baoquan}`;
    const healthUrl = `${server.url}/api/health`;
    const sample = await (await fetch(viewUrl)).text();
    await warmUp([healthUrl, viewUrl], server.proc.pid);
    const health = await load(healthUrl, DURATION_S, server.proc.pid);
    const view = await load(viewUrl, DURATION_S, server.proc.pid);
    const ratio = view.rps / health.rps;
    console.log(`[${db}] getView ${f2(view.rps)} req/s (p99 ${view.p99} ms, ${sample.length} B${view.errors ? `, ${view.errors} errors!` : ''}) vs health ${f2(health.rps)} req/s (p99 ${health.p99} ms) → ratio ${f2(ratio)}; server CPU per request ${f2(view.cpuPerReq)} vs ${f2(health.cpuPerReq)} µs`);
    if (view.errors || health.errors) throw new Error(`[${db}] failed requests: getView ${view.errors}, health ${health.errors}`);
    return [
      { name: 'getView req/s ÷ health req/s (50 conn.)', value: Number(f2(view.rps)), unit: 'req/s', goal: '≥ 0.5', ratio: Number(f2(ratio)), db },
      { name: 'health req/s (baseline, 50 conn.)', value: Number(f2(health.rps)), unit: 'req/s', goal: 'baseline', db },
      { name: 'getView p99 (50 conn.)', value: view.p99, unit: 'ms', goal: '≤ 20', ratio: Number(f2(view.p99 / 20)), db },
      ...(health.cpuPerReq > 0 ? [{ name: 'getView ÷ health server CPU per request', value: Number(f2(view.cpuPerReq)), unit: 'µs', goal: 'info', ratio: Number(f2(view.cpuPerReq / health.cpuPerReq)), db }] : []),
    ];
  } finally {
    await server.stop();
    await dropDb?.();
  }
}

/** Runs the benchmark on PGlite and PostgreSQL; returns `{ figures }`. */
export async function run(): Promise<{ figures: Figure[] }> {
  const only = process.env.BENCH_HTTP_DB ?? (process.env.BENCH_DB === 'both' ? undefined : process.env.BENCH_DB);
  const figures: Figure[] = [];
  if (!only || only === 'pglite') figures.push(...(await one('pglite')));
  if (!only || only === 'postgres') {
    try {
      figures.push(...(await one('postgres')));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw e;
      console.log('[postgres] skipped: no PostgreSQL server answers (set TEST_DATABASE_URL)');
    }
  }
  return { figures };
}

if (import.meta.main) console.log(JSON.stringify(await run(), null, 2));
