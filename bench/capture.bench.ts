/**
 * Web capture (issue 4 §4): seconds per capture of the local test pages through the real server
 * (submit → status done: isolated browser context, recording proxy, WARC, screenshot, MHTML, snapshot,
 * WACZ, signature, timestamp, ledger) vs a bare `chromium --headless --screenshot` of the same pages in
 * the same run (ratio of the p50s), and the wall time of a 50-URL batch (CAPTURE_CONCURRENCY captures at once).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestSite } from '../apps/server/test/webpages.ts';
import { f2, pct, startServer, userToken } from './lib.ts';

const N = Number(process.env.BENCH_CAPTURES ?? 12);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One bare headless screenshot of `url`; seconds. */
function bareShot(url: string, out: string): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) =>
    execFile(CHROMIUM, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--screenshot=${out}`, '--window-size=1366,768', url], { timeout: 60_000 }, (e) =>
      e ? reject(e) : resolve((performance.now() - t) / 1000),
    ),
  );
}

/** Runs the benchmark; returns the numbers. */
export async function run() {
  const site = await startTestSite({ slowMs: 100 });
  const server = await startServer({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_CONCURRENCY: '2' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-shot-'));
  try {
    const token = await userToken(server, '13800138003');
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
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const pages = [`http://127.0.0.1:${site.httpPort}/page`, `http://127.0.0.1:${site.httpPort}/redirect`, `https://127.0.0.1:${site.httpsPort}/page`];
    const capture = async (url: string) => {
      const t = performance.now();
      await wait((await api('POST', '/api/webforensics/screenshot', { url })).id);
      return (performance.now() - t) / 1000;
    };
    await capture(pages[0]!); // warm-up: browser launch, first pg-boss poll
    await bareShot(pages[0]!, path.join(tmp, 'warm.png'));
    const ours: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < N; i++) {
      const url = `${pages[i % pages.length]!}?i=${i}`;
      ours.push(await capture(url));
      // The bare baseline cannot use the proxy's allow-list for https: it is given the http page.
      bare.push(await bareShot(url.replace(`https://127.0.0.1:${site.httpsPort}`, `http://127.0.0.1:${site.httpPort}`), path.join(tmp, `b${i}.png`)));
    }
    ours.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);

    const t0 = performance.now();
    const urls = Array.from({ length: BATCH }, (_, i) => `http://127.0.0.1:${site.httpPort}/page?batch=${i}`).join('\n');
    const b = await api('POST', '/api/webbatch/getData', { urls });
    const paid = await api('POST', '/api/webbatch/pay', { batchId: b.batchId });
    // One list query every 500 ms (50 parallel webstatus loops would measure the poller, not the captures).
    for (;;) {
      const [done, failed] = await Promise.all([2, 3].map((status) => api('POST', '/api/webforlist/webList', { keyword: 'batch=', status: String(status), limit: '1' })));
      if (failed.count > 0) throw new Error('a batch capture failed');
      if (done.count >= paid.ids.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const batchS = (performance.now() - t0) / 1000;

    const res = {
      captures: N,
      p50s: pct(ours, 50),
      p95s: pct(ours, 95),
      bareP50s: pct(bare, 50),
      bareP95s: pct(bare, 95),
      ratio: pct(ours, 50) / pct(bare, 50),
      batchUrls: BATCH,
      batchWallS: batchS,
      batchPerCaptureS: batchS / BATCH,
      serverPeakRssMb: server.peakRss() / 1024 / 1024,
    };
    console.log(`capture (submit→done, ${N} runs): p50 ${f2(res.p50s)} s, p95 ${f2(res.p95s)} s vs bare chromium --screenshot p50 ${f2(res.bareP50s)} s, p95 ${f2(res.bareP95s)} s → ratio ${f2(res.ratio)}`);
    console.log(`batch of ${BATCH} URLs: ${f2(batchS)} s wall (${f2(res.batchPerCaptureS)} s per capture, concurrency 2); server peak RSS ${f2(res.serverPeakRssMb)} MB`);
    return res;
  } finally {
    await server.stop();
    await site.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
