/**
 * Trust layer cost (issue 3 §1–2), all measured in the same run:
 *   - deposits/s through POST /api/data/upload on the real server (every deposit is time-stamped by the
 *     built-in TSA, in-process) and the mean ms of one deposit;
 *   - the built-in TSA call measured separately: in-process (what a deposit runs: query → TSA → verify
 *     the token) and over HTTP (POST /tsa on the same server) → ratio = share of a deposit spent on
 *     time-stamping, and the deposits/s it leaves without that share;
 *   - certificate PDF signing (PAdES B-T, incl. its signature time-stamp) per PDF vs Chromium printing
 *     the same certificate (ratio).
 * Env: BENCH_TRUST_DEPOSITS (200), BENCH_TRUST_STAMPS (300), BENCH_TRUST_PDFS (30).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { pdfDocument } from '../apps/server/src/modules/certificate/html.ts';
import { loadTrustKeys } from '../apps/server/src/modules/trust/keys.ts';
import { localPdfSigner } from '../apps/server/src/modules/trust/pdf-signing.ts';
import { BUILTIN_TSA_POLICY } from '../apps/server/src/modules/trust/pki.ts';
import { buildQuery, tsaClient } from '../apps/server/src/modules/trust/tsa-client.ts';
import { tsaServer } from '../apps/server/src/modules/trust/tsa-server.ts';
import { f2, pct, startServer, userToken } from './lib.ts';

const ms = (t0: number) => performance.now() - t0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** One multipart deposit of `content`; resolves to the answer's data. */
async function deposit(url: string, token: string, content: Uint8Array, name: string): Promise<{ baoquan: string }> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(content)]), name);
  const r = (await (await fetch(`${url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { code: number; msg: string; data: { baoquan: string } };
  if (r.code !== 200) throw new Error(`deposit failed: ${r.msg}`);
  return r.data;
}

/** Runs the benchmark; returns the numbers (ms, per second, ratios). */
export async function run() {
  const nDeposits = Number(process.env.BENCH_TRUST_DEPOSITS ?? 200);
  const nStamps = Number(process.env.BENCH_TRUST_STAMPS ?? 300);
  const nPdfs = Number(process.env.BENCH_TRUST_PDFS ?? 30);
  const server = await startServer();
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-trust-'));
  try {
    const token = await userToken(server, '13800138002');
    // The built-in TSA as a deposit runs it (query → TSA → verified token), on a key set of its own.
    const keys = await loadTrustKeys(keyDir);
    const tsa = tsaServer({ identity: keys.tsa, policy: BUILTIN_TSA_POLICY });
    const client = tsaClient((q) => tsa.respond(q), () => ({ roots: [keys.rootDer!] }));
    for (let i = 0; i < 10; i++) await deposit(server.url, token, crypto.randomBytes(4096), `warm-${i}.bin`);
    for (let i = 0; i < 20; i++) await client.stamp(crypto.randomBytes(32));

    // 1–2. Interleaved rounds, so machine noise hits both alike: deposits through the API (each one
    // time-stamped in-process by the server's built-in TSA), then the TSA call alone, in-process and
    // over HTTP POST /tsa.
    const rounds = 10;
    const per: number[] = [];
    const stampMs: number[] = [];
    const httpMs: number[] = [];
    let depositTotal = 0;
    let last = { baoquan: '' };
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      for (let i = 0; i < nDeposits / rounds; i++) {
        const t = performance.now();
        last = await deposit(server.url, token, crypto.randomBytes(4096), `bench-${r}-${i}.bin`);
        per.push(ms(t));
      }
      depositTotal += ms(t0);
      for (let i = 0; i < nStamps / rounds; i++) {
        const t = performance.now();
        await client.stamp(crypto.randomBytes(32));
        stampMs.push(ms(t));
        const query = buildQuery(crypto.randomBytes(32), crypto.randomBytes(8));
        const t2 = performance.now();
        const res = await fetch(`${server.url}/tsa`, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: new Uint8Array(query) });
        await res.arrayBuffer();
        httpMs.push(ms(t2));
      }
    }
    const depositsPerS = per.length / (depositTotal / 1000);
    const depositMs = mean(per);
    const stamp = mean(stampMs);
    const share = stamp / depositMs;

    // 3. PDF signing vs Chromium printing the same certificate.
    const view = (await (await fetch(`${server.url}/api/share/getView?baoquan=${last.baoquan}`)).json()) as { data: { html: string } };
    const doc = pdfDocument(view.data.html, 'zh', `保全证书-${last.baoquan}`);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const printMs: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    try {
      const page = await browser.newPage();
      for (let i = 0; i < nPdfs + 2; i++) {
        const t = performance.now();
        await page.setContent(doc, { waitUntil: 'load' });
        pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        if (i >= 2) printMs.push(ms(t));
      }
    } finally {
      await browser.close();
    }
    const sign = localPdfSigner({ identity: keys.document, stamp: (h) => client.stamp(h), contact: server.url });
    for (let i = 0; i < 3; i++) await sign(pdf);
    const signMs: number[] = [];
    let signedBytes = 0;
    for (let i = 0; i < nPdfs; i++) {
      const t = performance.now();
      signedBytes = (await sign(pdf)).length;
      signMs.push(ms(t));
    }

    const res = {
      deposits: per.length,
      depositsPerS,
      depositMs,
      depositP95Ms: pct([...per].sort((a, b) => a - b), 95),
      stampInProcessMs: stamp,
      stampInProcessP95Ms: pct([...stampMs].sort((a, b) => a - b), 95),
      stampHttpMs: mean(httpMs),
      stampShareOfDeposit: share,
      depositsPerSWithoutStamp: stamp < depositMs ? 1000 / (depositMs - stamp) : null,
      tokenBytes: (await client.stamp(crypto.randomBytes(32))).token.length,
      pdfSignMs: mean(signMs),
      pdfPrintMs: mean(printMs),
      pdfSignVsPrint: mean(signMs) / mean(printMs),
      pdfBytes: pdf.length,
      signedPdfBytes: signedBytes,
    };
    console.log(`deposits with RFC 3161 time-stamping: ${f2(res.depositsPerS)}/s (${f2(res.depositMs)} ms each, p95 ${f2(res.depositP95Ms)} ms; ${nDeposits} × 4 KiB)`);
    console.log(`built-in TSA call measured separately: ${f2(res.stampInProcessMs)} ms in-process (p95 ${f2(res.stampInProcessP95Ms)}), ${f2(res.stampHttpMs)} ms over HTTP POST /tsa; token ${res.tokenBytes} bytes`);
    console.log(`→ ratio ${f2(res.stampShareOfDeposit)} of a deposit is time-stamping (≈ ${res.depositsPerSWithoutStamp === null ? 'n/a (noisy run)' : f2(res.depositsPerSWithoutStamp)} deposits/s without it)`);
    console.log(`certificate PDF signing (PAdES B-T incl. its time-stamp): ${f2(res.pdfSignMs)} ms vs Chromium printing ${f2(res.pdfPrintMs)} ms → ratio ${f2(res.pdfSignVsPrint)}; ${res.pdfBytes} → ${res.signedPdfBytes} bytes`);
    return res;
  } finally {
    await server.stop();
    fs.rmSync(keyDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
