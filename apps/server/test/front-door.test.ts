/**
 * Issue 8 §1: the front door. `GET /` and directory paths serve the web app's index.html (the SPA's
 * route table then redirects `/` to `/home`); unknown API paths keep the 404 envelope; index.html is
 * revalidated on every load and hashed assets are immutable. Issue 16: the CSP allows the inline script
 * of index.html (the HTML shell's) by its hash, and no other inline script.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from './harness.ts';

const SHELL_SCRIPT = '(function(){document.documentElement.dataset.shell="1"})()';
const INDEX = `<!doctype html><html><body><div id="root"></div><script>${SHELL_SCRIPT}</script><script type="module" src="/assets/index-Ab12Cd.js"></script></body></html>`;

describe('front door: the web app at / and at directory paths', () => {
  let h: Harness;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-web-'));
    fs.mkdirSync(path.join(webDist, 'assets', 'fonts'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'assets', 'fonts', 'x-Ef34.woff2'), 'font');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    h = await makeHarness({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  for (const url of ['/', '/?from=qr', '/assets/', '/assets', '/assets/fonts/', '/home', '/attestation/CZ123', '/index.html']) {
    it(`GET ${url} serves index.html, revalidated`, async () => {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toBe(INDEX);
    });
  }

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const js = await h.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const font = await h.app.inject({ method: 'GET', url: '/assets/fonts/x-Ef34.woff2' });
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await h.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the 404 envelope for unknown API paths, also with a trailing slash', async () => {
    for (const url of ['/api/nope', '/api/', '/API/Nope/']) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json()).toMatchObject({ code: 404 });
    }
  });

  it("allows index.html's inline script by its hash in script-src, nothing else inline", async () => {
    const r = await h.app.inject({ method: 'GET', url: '/home' });
    const csp = String(r.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`]);
    expect(csp).not.toContain("'unsafe-inline' 'sha");
  });

  it('does not serve files outside the web app', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/..%2f..%2fpackage.json' });
    expect(r.body).not.toContain('"workspaces"');
  });
});
