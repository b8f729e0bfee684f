/**
 * JavaScript a first visit to /attestation/{baoquan} loads: every script the page requests in Chromium,
 * gzip-compressed (level 9) as a CDN would serve it, against the budget of 200 KB and against the whole
 * built app's JavaScript (ratio). Needs `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, f2, startServer, userToken } from './lib.ts';

const DIST = path.join(ROOT, 'apps/web/dist');
const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

/** Runs the measurement; returns gzip bytes of the first visit's scripts and of all scripts. */
export async function run() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('apps/web/dist missing: run npm run build');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const token = await userToken(server, '13800138002');
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('包体积测量')]), 'size.txt');
    const up = (await (await fetch(`${server.url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { data: { baoquan: string } };
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/attestation/${up.data.baoquan}`, { waitUntil: 'networkidle' });
    let first = 0;
    for (const p of scripts) first += gz(fs.readFileSync(path.join(DIST, p)));
    let all = 0;
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.js')) all += gz(fs.readFileSync(p));
      }
    };
    walk(DIST);
    const res = { firstVisitGzipKB: first / 1024, allJsGzipKB: all / 1024, scripts: scripts.size, ratio: first / all, budgetKB: 200 };
    console.log(`first visit of /attestation/{baoquan}: ${f2(res.firstVisitGzipKB)} KB gzip JS in ${scripts.size} files (budget 200 KB) = ${f2(res.ratio * 100)}% of the whole app's ${f2(res.allJsGzipKB)} KB`);
    return res;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.main) await run();
