/**
 * Lighthouse 13 mobile performance of every public page (issue 16, row "Lighthouse"): the real server
 * serving a fresh production build of the web app, one deposit for the certificate and ledger pages,
 * Lighthouse's default mobile run (simulated slow 4G, 4× CPU slowdown) with the system Chromium
 * (`CHROME_PATH`, default /usr/bin/chromium; no browser is downloaded). Budgets per route are in
 * bench/lighthouse-budgets.json (score ≥, LCP ≤, CLS ≤, transfer ≤). Prints one line per route and returns
 * `{ figures, failures }`; a route over budget is listed in `failures` (the run does not stop).
 * Env: BENCH_WEB_DIST (use this build instead of building), BENCH_LH_ROUTES (comma-separated names),
 * BENCH_LH_RUNS (runs per route, median kept; default 1).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startServer, userToken } from './lib.ts';

interface Budget { performance: number; lcpMs: number; cls: number; transferKiB: number }
interface RouteBudget extends Partial<Budget> { name: string; path: string }
export interface Figure { name: string; value: number; unit: string; goal: string; ratio?: number; db: 'pglite' | 'postgres' }

const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'lighthouse-budgets.json'), 'utf8')) as { defaults: Budget; routes: RouteBudget[] };

/** Builds the web app into a temp dir (the bench measures what the code builds now). */
function buildWeb(): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-web-'));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' });
  return out;
}

/** One Lighthouse run of `url` in the running Chromium on `port`. */
async function audit(url: string, port: number) {
  const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!r) throw new Error(`lighthouse gave no result for ${url}`);
  const lhr = r.lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(num('largest-contentful-paint')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(num('first-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    transferKiB: Math.round(num('total-byte-weight') / 1024),
  };
}

/** Runs the benchmark; returns `{ figures, failures }`. */
export async function run(): Promise<{ figures: Figure[]; failures: string[] }> {
  const only = process.env.BENCH_LH_ROUTES?.split(',').map((s) => s.trim()).filter(Boolean);
  const runs = Number(process.env.BENCH_LH_RUNS ?? 1);
  const dist = process.env.BENCH_WEB_DIST ?? buildWeb();
  const server = await startServer({ WEB_DIST: dist });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: Figure[] = [];
  const failures: string[] = [];
  try {
    const token = await userToken(server, '13800138002');
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('Lighthouse 基准测试证据文件\n'.repeat(20))]), 'lighthouse.txt');
    const up = (await (await fetch(`${server.url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { data: { baoquan: string; chainhash: string } };
    const fill = (p: string) => p.replace('{baoquan}', up.data.baoquan).replace('{chainhash}', up.data.chainhash);
    for (const route of budgets.routes) {
      if (only && !only.includes(route.name)) continue;
      const b: Budget = { ...budgets.defaults, ...route };
      const url = `${server.url}${fill(route.path)}`;
      const results = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP under heavy load): try again, twice.
        for (let attempt = 1; ; attempt++) {
          try {
            results.push(await audit(url, chrome.port));
            break;
          } catch (e) {
            if (attempt >= 3) {
              failures.push(`${route.name}: ${(e as Error).message}`);
              console.log(`${route.path.padEnd(38)} FAILED: ${(e as Error).message}`);
              break;
            }
          }
        }
      }
      if (results.length === 0) continue;
      results.sort((x, y) => x.score - y.score);
      const m = results[Math.floor(results.length / 2)]!;
      const over = [
        m.score < b.performance && `score ${m.score} < ${b.performance}`,
        m.lcpMs > b.lcpMs && `LCP ${m.lcpMs} ms > ${b.lcpMs}`,
        m.cls > b.cls && `CLS ${m.cls} > ${b.cls}`,
        m.transferKiB > b.transferKiB && `${m.transferKiB} KiB > ${b.transferKiB}`,
      ].filter(Boolean) as string[];
      if (over.length) failures.push(`${route.name}: ${over.join(', ')}`);
      console.log(`${route.path.padEnd(38)} score ${m.score} (≥ ${b.performance}) · LCP ${m.lcpMs} ms · CLS ${m.cls} · FCP ${m.fcpMs} ms · TBT ${m.tbtMs} ms · ${m.transferKiB} KiB${over.length ? `  OVER BUDGET: ${over.join(', ')}` : ''}`);
      figures.push(
        { name: `lighthouse ${route.name} performance`, value: m.score, unit: 'score', goal: `≥ ${b.performance}`, ratio: Number((m.score / b.performance).toFixed(2)), db: 'pglite' },
        { name: `lighthouse ${route.name} LCP`, value: m.lcpMs, unit: 'ms', goal: `≤ ${b.lcpMs}`, ratio: Number((m.lcpMs / b.lcpMs).toFixed(2)), db: 'pglite' },
        { name: `lighthouse ${route.name} CLS`, value: m.cls, unit: '', goal: `≤ ${b.cls}`, db: 'pglite' },
        { name: `lighthouse ${route.name} transfer`, value: m.transferKiB, unit: 'KiB', goal: `≤ ${b.transferKiB}`, ratio: Number((m.transferKiB / b.transferKiB).toFixed(2)), db: 'pglite' },
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
    if (!process.env.BENCH_WEB_DIST) fs.rmSync(dist, { recursive: true, force: true });
  }
  if (failures.length) console.log(`over budget: ${failures.length} route(s)\n  ${failures.join('\n  ')}`);
  return { figures, failures };
}

if (import.meta.main) console.log(JSON.stringify(await run(), null, 2));
