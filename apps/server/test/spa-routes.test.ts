/**
 * Issue 16, per-route preloads: the history-mode fallback answers a URL with the web build's copy of
 * index.html for the route React Router would match (html/routes.json; ranked as React Router ranks:
 * static before `:param` before splat, case-insensitive, trailing slash ignored), pre-compressed like any
 * asset, revalidated, with the same CSP (its inline script is index.html's); index.html for the rest and
 * when the map is missing, malformed or names a file outside html/.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpaHtml, routeScore } from '../src/platform/spaRoutes.ts';
import type { Harness } from './harness.ts';
import { webDistHarness, writeWebDist } from './helpers/webDist.ts';

const SCRIPT = '(function(){document.documentElement.dataset.shell="1"})()';
const page = (links: string) => `<!doctype html><html><head>${links}</head><body><div id="root"></div><script>${SCRIPT}</script></body></html>`;
const INDEX = page('');
const FILES: Record<string, string> = {
  'html/aaaa0001.html': page('<link rel="modulepreload" crossorigin href="/assets/Ledger-1.js">'),
  'html/aaaa0002.html': page('<link rel="modulepreload" crossorigin href="/assets/Query-1.js">'),
  'html/aaaa0003.html': page('<link rel="modulepreload" crossorigin href="/assets/Safe-1.js">'),
  'html/aaaa0004.html': page('<link rel="modulepreload" crossorigin href="/assets/NotFound-1.js">'),
};
const MAP = {
  version: 1,
  routes: [
    { path: '/*', html: 'html/aaaa0004.html' },
    { path: '/ledger/:chainhash', html: 'html/aaaa0001.html' },
    { path: '/queryAuthentication/:kind', html: 'html/aaaa0002.html' },
    { path: '/queryAuthentication/safekeeping', html: 'html/aaaa0003.html' },
    { path: '/evil', html: '../package.json' },
  ],
};

const dist = (map: unknown): string => writeWebDist({ index: INDEX, files: FILES, map, brotli: true });

describe('spaRoutes: which HTML a URL gets', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("ranks routes as React Router does and picks the best match's file", () => {
    expect(routeScore('/queryAuthentication/safekeeping')).toBeGreaterThan(routeScore('/queryAuthentication/:kind'));
    expect(routeScore('/ledger/:chainhash')).toBeGreaterThan(routeScore('/*'));
    const d = dist(MAP);
    dirs.push(d);
    const html = loadSpaHtml(d);
    expect(html('/ledger/ab12')).toBe('html/aaaa0001.html');
    expect(html('/LEDGER/ab12/')).toBe('html/aaaa0001.html');
    expect(html('/ledger/ab12/more')).toBe('html/aaaa0004.html');
    expect(html('/queryAuthentication/safekeeping')).toBe('html/aaaa0003.html');
    expect(html('/queryAuthentication/notarial')).toBe('html/aaaa0002.html');
    expect(html('/anything/else')).toBe('html/aaaa0004.html');
    expect(html('/evil')).toBe('html/aaaa0004.html'); // an entry naming a file outside html/ is skipped
  });

  it('answers index.html without a map or with a malformed one', () => {
    const d = dist('{not json');
    dirs.push(d);
    expect(loadSpaHtml(d)('/ledger/ab12')).toBe('index.html');
    expect(loadSpaHtml(path.join(d, 'nowhere'))('/ledger/ab12')).toBe('index.html');
  });
});

describe('spaRoutes: the server answers a route with its HTML', () => {
  let web: Awaited<ReturnType<typeof webDistHarness>>;
  let h: Harness;
  beforeAll(async () => {
    web = await webDistHarness({ index: INDEX, files: FILES, map: MAP, brotli: true });
    h = web.h;
  });
  afterAll(async () => web?.close());

  it('sends the route file, pre-compressed, revalidated, with an ETag and the same CSP hash', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/ledger/ab12?x=1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.etag).toBeTruthy();
    expect(plain.body).toBe(FILES['html/aaaa0001.html']);
    const br = await h.app.inject({ method: 'GET', url: '/ledger/ab12', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const again = await h.app.inject({ method: 'GET', url: '/ledger/ab12', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const csp = String(plain.headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/)).toEqual(["'self'", `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`]);
  });

  it('keeps index.html at / and the 404 envelope for the API', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX);
    expect((await h.app.inject({ method: 'GET', url: '/api/nope' })).json()).toMatchObject({ code: 404 });
  });
});
