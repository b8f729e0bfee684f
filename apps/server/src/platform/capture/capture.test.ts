/**
 * The capture engine on real Chromium against a real local site over http and https (issue 4 §1, §4):
 * exact bytes in the WARC (parsed back with warcio), screenshot not blank, TLS chain recorded, and every
 * refused-address case refused before any connection (the local server saw no request).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARCParser } from 'warcio';
import { MSG } from '@cunzheng/contract/messages';
import { browserPool, type BrowserPool } from '../browser.ts';
import { decodePng, pixelVariance, startTestSite, type TestSite } from '../../../test/webpages.ts';
import { CAPTURE_CHROMIUM_ARGS, CaptureFailure, capturePage, captureUserAgent, prepareCapture, type CaptureRequest } from './engine.ts';
import { addressGuard, parseAllowHosts } from './guard.ts';
import { requestSummary } from './provenance.ts';
import { startCaptureProxy, type Exchange } from './proxy.ts';
import { warcWriter } from './warc.ts';

let site: TestSite;
let pool: BrowserPool;
let dir: string;

beforeAll(async () => {
  site = await startTestSite();
  pool = browserPool({ executablePath: '/usr/bin/chromium', extraArgs: CAPTURE_CHROMIUM_ARGS });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-cap-'));
});
afterAll(async () => {
  await pool?.close();
  await site?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const req = (url: string, extra: Partial<CaptureRequest> = {}): CaptureRequest => ({
  url,
  mode: 'full',
  timeoutMs: 20_000,
  maxBytes: 50 * 1024 * 1024,
  allowHosts: parseAllowHosts('127.0.0.1'),
  userAgent: captureUserAgent('/usr/bin/chromium'),
  ...extra,
});

/** The reason of a failed capture. */
async function reasonOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof CaptureFailure) return e.message;
    throw e;
  }
  return 'ok';
}

describe('capture engine', () => {
  it('http: redirect, Chinese text, image, script-built element, gzip stylesheet, slow resource — exact bytes in the WARC', async () => {
    const warcPath = path.join(dir, 'http.warc.gz');
    const warc = warcWriter(warcPath, { software: 'test' });
    const seen: Exchange[] = [];
    const r = await capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/redirect`, { onExchange: (ex) => (seen.push(ex), warc.add(ex)) }));
    await warc.finish();
    expect(r.finalUrl).toBe(`http://127.0.0.1:${site.httpPort}/page`);
    expect(r.statusCode).toBe(200);
    expect(r.title).toBe('存证测试页面——网页取证');
    expect(r.text).toContain('这是一段用于网页取证的中文正文');
    expect(r.text).toContain('由脚本生成的元素：42');
    expect(r.snapshot).toContain('由脚本生成的元素：42');
    expect(r.snapshot).not.toMatch(/<script/i);
    expect(r.snapshot).toContain('data:image/png;base64,');
    expect(r.mhtml).toMatch(/^From: <Saved by Blink>|MIME-Version/m);
    expect(r.hosts.map((h) => h.address)).toEqual(['127.0.0.1']);
    expect(seen.some((e) => e.url.endsWith('/slow.png') && e.status === 200)).toBe(true);
    // issue 10 §4: provenance lists the response headers exactly as received, in wire order, nothing added.
    const page = seen.find((e) => e.url.endsWith('/page'))!;
    expect(requestSummary(page).headers).toEqual(page.wireHeaders);
    expect(page.wireHeaders.map(([k]) => k)).toContain('X-Test-Site');
    expect(page.wireHeaders.filter(([k]) => k.toLowerCase() === 'x-test-site')).toHaveLength(1);

    const img = decodePng(r.screenshot);
    expect(img.width).toBe(1366);
    expect(img.height).toBeGreaterThanOrEqual(768);
    expect(pixelVariance(img)).toBeGreaterThan(100);

    const records = new Map<string, { status: number; raw: Buffer; type: string; headers: string }>();
    for await (const rec of WARCParser.iterRecords(fs.createReadStream(warcPath) as never, { keepHeadersCase: true })) {
      if (rec.warcType !== 'response') continue;
      const raw = Buffer.from(await rec.readFully(false));
      records.set(new URL(rec.warcTargetURI!).pathname, { status: Number(rec.httpHeaders?.statusCode), raw, type: rec.warcType, headers: rec.httpHeaders?.toString() ?? '' });
    }
    expect(records.get('/redirect')?.status).toBe(302);
    expect(records.get('/redirect')?.headers).toContain('Location: /page');
    expect(records.get('/page')?.raw.equals(site.bodies.page)).toBe(true);
    expect(records.get('/page')?.headers).toContain('X-Test-Site: cz');
    expect(records.get('/image.png')?.raw.equals(site.bodies.image)).toBe(true);
    // Content coding kept: the WARC holds the gzip bytes as served.
    expect(records.get('/style.css')?.raw.equals(site.bodies.gzCss)).toBe(true);
    expect(records.get('/style.css')?.headers).toContain('Content-Encoding: gzip');
  });

  it('https: records the server certificate chain from the connection that served the page', async () => {
    const r = await capturePage(pool, req(`https://127.0.0.1:${site.httpsPort}/page`));
    expect(r.title).toBe('存证测试页面——网页取证');
    const t = r.tls.find((x) => x.origin === `https://127.0.0.1:${site.httpsPort}`)!;
    expect(t).toBeTruthy();
    expect(t.chain).toHaveLength(1);
    const served = new crypto.X509Certificate(site.certPem);
    expect(new crypto.X509Certificate(t.chain[0]!).fingerprint256).toBe(served.fingerprint256);
    expect(t.fingerprint256).toBe(served.fingerprint256);
    expect(t.subject).toBe('cz-test-site');
    expect(t.authorized).toBe(false);
    expect(t.error).toMatch(/SELF_SIGNED/);
    expect(t.protocol).toMatch(/^TLSv1\.[23]$/);
  });

  it('refuses private, loopback, link-local and reserved addresses before any connection', async () => {
    const none = new Set<string>();
    const before = site.log.length;
    const cases = [
      `http://127.0.0.1:${site.httpPort}/page`,
      `http://localhost:${site.httpPort}/page`,
      `http://[::1]:${site.httpPort}/page`,
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ];
    for (const url of cases) expect(await reasonOf(capturePage(pool, req(url, { allowHosts: none }))), url).toBe(MSG.WEB_ADDRESS_REFUSED);
    expect(site.log.slice(before)).toEqual([]);
  });

  it('refuses a redirect to a private address: the first hop is served, the target is never contacted', async () => {
    const before = site.log.length;
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/to-private`)))).toBe(MSG.WEB_ADDRESS_REFUSED);
    expect(site.log.slice(before)).toEqual(['http GET /to-private']);
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/to-metadata`)))).toBe(MSG.WEB_ADDRESS_REFUSED);
  });

  it('reads failures the user can act on: 404, DNS, timeout, download', async () => {
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/missing`)))).toBe('HTTP 状态码 404');
    expect(await reasonOf(capturePage(pool, req('http://no-such-host.invalid/')))).toBe(MSG.WEB_DNS_FAILED);
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/hang`, { timeoutMs: 3_000 })))).toBe(MSG.WEB_TIMEOUT);
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/download`)))).toBe(MSG.WEB_DOWNLOAD_REFUSED);
  });

  it('stops recording at the byte budget', async () => {
    expect(await reasonOf(capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/page`, { maxBytes: 100 })))).toBe(MSG.WEB_TOO_LARGE);
    const r = await capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/page`, { maxBytes: site.bodies.page.length + 200 }));
    expect(r.truncated).toBe(true);
    expect(r.notes.join()).toContain('上限');
  });

  it('preview mode: a viewport screenshot only', async () => {
    const r = await capturePage(pool, req(`http://127.0.0.1:${site.httpPort}/page`, { mode: 'preview' }));
    const img = decodePng(r.screenshot);
    expect([img.width, img.height]).toEqual([1366, 768]);
    expect(r.mhtml).toBe('');
  });

  it('issue 16: a spare (proxy + fresh page made ahead) serves the next full capture with the same settings, never one with other settings', async () => {
    const prepared: boolean[] = [];
    // The same pool, watched: which captures got a page made ahead.
    const watched: BrowserPool = { ...pool, withPage: (job, o) => (prepared.push(Boolean(o?.prepared)), pool.withPage(job, o)) };
    const url = `http://127.0.0.1:${site.httpPort}/page`;
    await capturePage(watched, req(url)); // sets cookie a=1 in its own context
    prepareCapture(watched, req(url));
    const seen: Exchange[] = [];
    const r = await capturePage(watched, req(`${url}?spare=1`, { onExchange: (ex) => seen.push(ex) }));
    expect(prepared).toEqual([false, true]);
    expect(r.title).toBe('存证测试页面——网页取证');
    // Every exchange of the capture reached its own callback (the WARC), and the context was fresh: no cookie.
    expect(seen.map((x) => new URL(x.url).pathname).sort()).toEqual(['/image.png', '/page', '/slow.png', '/style.css']);
    const first = seen.find((x) => new URL(x.url).pathname === '/page')!;
    expect(first.requestHeaders.some(([k]) => k.toLowerCase() === 'cookie')).toBe(false);
    expect(r.requestCount).toBe(seen.length);
    // A spare made for other settings is discarded: the refused capture does not use it, nor does the next.
    prepareCapture(watched, req(url));
    expect(await reasonOf(capturePage(watched, req(url, { allowHosts: new Set<string>() })))).toBe(MSG.WEB_ADDRESS_REFUSED);
    await capturePage(watched, req(url));
    expect(prepared).toEqual([false, true, false]);
    expect(pool.launches()).toBe(1);
  });

  it('the recording proxy is not an open proxy: other local clients get 407 and nothing is fetched', async () => {
    const proxy = await startCaptureProxy({ guard: addressGuard(parseAllowHosts('127.0.0.1')), maxBytes: 1e6, requestTimeoutMs: 5_000 });
    const before = site.log.length;
    try {
      const plain = await new Promise<number>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: proxy.port, path: `http://127.0.0.1:${site.httpPort}/page` }, (r) => (r.resume(), resolve(r.statusCode ?? 0))).on('error', reject),
      );
      expect(plain).toBe(407);
      const tunnel = await new Promise<number>((resolve, reject) =>
        http.request({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: `127.0.0.1:${site.httpsPort}` }).on('connect', (r, sock) => (sock.destroy(), resolve(r.statusCode ?? 0))).on('error', reject).end(),
      );
      expect(tunnel).toBe(407);
      expect(site.log.slice(before)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
