/**
 * Web capture (issue 4 §4, issue 16 row "web capture p50 / bare chromium --headless --screenshot"): seconds
 * per capture of the local test pages through the real server (submit → status done: job queue, isolated
 * browser context of the warm pool, recording proxy, WARC, screenshot, MHTML, snapshot, WACZ, signature,
 * timestamp, ledger) vs a bare `chromium --headless --screenshot` of the SAME URL (same local page, same
 * 1366×768 window; the https page with --ignore-certificate-errors) in the same run, interleaved; the figure
 * is the ratio of the p50s. The bare command launches its browser every time — that is the baseline the
 * issue names; the server's pool is warm (one warm-up capture first).
 *
 * Where the time goes: the server logs each capture's phases (runner.ts `phases`, ms): queue (submit →
 * job start), proxy, page (pool slot + context + page), goto, load, idle (network-idle wait), screenshot,
 * mhtml, snapshot, warc, wacz (package, signature, TSA token), stage, deposit (transaction, ledger, TSA);
 * the bench prints their medians. Also the wall time of a 50-URL batch (CAPTURE_CONCURRENCY captures at once).
 *
 * On each database of BENCH_DB. Env: BENCH_CAPTURES (runs, default 12), BENCH_BATCH (URLs, default 50; 0 skips).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestSite, type TestSite } from '../apps/server/test/webpages.ts';
import { benchDbEnv, benchDbs, cli, f2, loadAvg, pct, startServer, type BenchDb } from './lib.ts';

const N = Number(process.env.BENCH_CAPTURES ?? 12);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Issue 16 goal of the ratio. */
const GOAL = 1.2;

/** One bare headless screenshot of `url` (a new browser each time); seconds. */
function bareShot(url: string, out: string): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      CHROMIUM,
      ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--ignore-certificate-errors', `--screenshot=${out}`, '--window-size=1366,768', url],
      { timeout: 60_000 },
      (e) => (e ? reject(e) : resolve((performance.now() - t) / 1000)),
    ),
  );
}

const median = (xs: number[]) => pct([...xs].sort((a, b) => a - b), 50);

/** Median ms per phase of the captures `ids`, read from the server's log. */
function phasesOf(logFile: string, ids: Set<number>): Record<string, number> {
  const all: Record<string, number[]> = {};
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('web capture done')) continue;
    try {
      const j = JSON.parse(line) as { captureId: number; phases?: Record<string, number> };
      if (!ids.has(j.captureId) || !j.phases) continue;
      for (const [k, v] of Object.entries(j.phases)) (all[k] ??= []).push(v);
    } catch {
      /* not JSON */
    }
  }
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, median(v)]));
}

/** The measurements on one database. */
async function runOn(db: BenchDb, site: TestSite) {
  const dbEnv = await benchDbEnv(db, 'cz_bench_cap');
  if (!dbEnv) {
    console.log(`[${db}] skipped: no PostgreSQL server answers`);
    return null;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-shot-'));
  const logFile = path.join(tmp, 'server.log');
  const server = await startServer({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_CONCURRENCY: '2', LOG_LEVEL: 'info', ...dbEnv.env }, { logFile });
  try {
    const mobile = '13800138003';
    await cli(server.dataDir, ['user:create', '--mobile', mobile, '--password', 'bench1234', '--name', '测试', '--verified', '--points', '1000000']);
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${mobile}&password=bench1234` });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const api = async (method: 'GET' | 'POST', p: string, body?: Record<string, string>) => {
      const init: RequestInit =
        method === 'POST'
          ? { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body ?? {}).toString() }
          : { method, headers: { authorization: `Bearer ${token}` } };
      const r = await fetch(`${server.url}${p}`, init);
      const j = (await r.json()) as { code: number; msg: string; data: any };
      if (j.code !== 200) throw new Error(`${p}: ${j.msg}`);
      return j.data;
    };
    const wait = async (id: number) => {
      for (;;) {
        const s = await api('GET', `/api/Webforensics/webstatus?id=${id}`);
        if (s.status === 3) throw new Error(`capture ${id} failed: ${s.reason}`);
        if (s.status === 2) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const pages = [`http://127.0.0.1:${site.httpPort}/page`, `http://127.0.0.1:${site.httpPort}/redirect`, `https://127.0.0.1:${site.httpsPort}/page`];
    const ids = new Set<number>();
    const capture = async (url: string) => {
      const t = performance.now();
      const { id } = (await api('POST', '/api/webforensics/screenshot', { url })) as { id: number };
      await wait(id);
      return { s: (performance.now() - t) / 1000, id };
    };
    await capture(pages[0]!); // warm-up: browser launch, first job poll, JIT
    await bareShot(pages[0]!, path.join(tmp, 'warm.png'));
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < N; i++) {
      const url = `${pages[i % pages.length]!}?i=${i}`;
      const c = await capture(url);
      ours.push(c.s);
      ids.add(c.id);
      bare.push(await bareShot(url, path.join(tmp, `b${i}.png`)));
    }
    ours.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    const phases = phasesOf(logFile, ids);

    let batchS = 0;
    if (BATCH > 0) {
      const t0 = performance.now();
      const urls = Array.from({ length: BATCH }, (_, i) => `http://127.0.0.1:${site.httpPort}/page?batch=${i}`).join('\n');
      const b = await api('POST', '/api/webbatch/getData', { urls });
      const paid = await api('POST', '/api/webbatch/pay', { batchId: b.batchId });
      // One list query every 250 ms (50 parallel webstatus loops would measure the poller, not the captures).
      for (;;) {
        const [done, failed] = await Promise.all([2, 3].map((status) => api('POST', '/api/webforlist/webList', { keyword: 'batch=', status: String(status), limit: '1' })));
        if (failed.count > 0) throw new Error('a batch capture failed');
        if (done.count >= paid.ids.length) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      batchS = (performance.now() - t0) / 1000;
    }

    const res = {
      db,
      captures: N,
      p50s: pct(ours, 50),
      p95s: pct(ours, 95),
      bareP50s: pct(bare, 50),
      bareP95s: pct(bare, 95),
      ratio: pct(ours, 50) / pct(bare, 50),
      phasesMedianMs: phases,
      batchUrls: BATCH,
      batchWallS: batchS,
      batchPerCaptureS: BATCH ? batchS / BATCH : 0,
      serverPeakRssMb: server.peakRss() / 1024 / 1024,
      loadavg: loadAvg(),
    };
    console.log(
      `[${db}] capture (submit→done, ${N} runs): p50 ${f2(res.p50s)} s, p95 ${f2(res.p95s)} s vs bare chromium --screenshot p50 ${f2(res.bareP50s)} s, p95 ${f2(res.bareP95s)} s → ratio ${f2(res.ratio)} (goal ≤ ${GOAL}); load ${res.loadavg}`,
    );
    console.log(`[${db}] median ms per phase: ${Object.entries(phases).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (BATCH) console.log(`[${db}] batch of ${BATCH} URLs: ${f2(batchS)} s wall (${f2(res.batchPerCaptureS)} s per capture, concurrency 2); server peak RSS ${f2(res.serverPeakRssMb)} MB`);
    return res;
  } finally {
    await server.stop();
    await dbEnv.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs the benchmark on each database of BENCH_DB; returns `{ figures, runs }`. */
export async function run() {
  const site = await startTestSite({ slowMs: 100 });
  const runs = [];
  try {
    for (const db of benchDbs()) {
      const r = await runOn(db, site);
      if (r) runs.push(r);
    }
  } finally {
    await site.close();
  }
  const figures = runs.flatMap((r) => [
    {
      name: 'web capture p50 ÷ bare chromium --screenshot p50',
      value: Number(r.p50s.toFixed(3)),
      unit: 's',
      goal: `≤ ${GOAL}`,
      ratio: Number(r.ratio.toFixed(3)),
      db: r.db,
      baseline: { name: 'bare chromium --headless --screenshot p50', value: Number(r.bareP50s.toFixed(3)), unit: 's' },
      loadavg: r.loadavg,
    },
    ...(r.batchUrls ? [{ name: `web capture batch of ${r.batchUrls} URLs, s per capture`, value: Number(r.batchPerCaptureS.toFixed(3)), unit: 's', goal: 'info', db: r.db, loadavg: r.loadavg }] : []),
  ]);
  return { figures, runs };
}

if (import.meta.main) console.log(JSON.stringify(await run(), null, 2));
