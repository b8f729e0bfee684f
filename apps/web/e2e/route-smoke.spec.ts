/**
 * Issue 8 §1: route smoke test. Requests every route of the web route table (src/routes.tsx, spec p2 §2,
 * read by e2e/routeTable.ts so a new route is covered without editing this file) logged out, as a user
 * and as an operator, with the params filled from real deposits (a data deposit and a web capture).
 * Fails on any page error or console error, any API answer with `code: 500` (or an HTTP 5xx), a
 * document that is not HTML (a raw JSON body where a page is expected), an implemented route that
 * shows the 404 page, and a login-required route that a logged-out visitor sees without going to
 * /login?redirect=….
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages.ts';
import { OPERATOR, autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';
import { readRouteTable, type TableRoute } from './routeTable.ts';

const ROUTES = readRouteTable();

test.describe.configure({ mode: 'serial' });

/** Real values for the params of the route table, filled in by the set-up test. */
// `id`: a process-evidence session id (queue/live pages); a number this user does not own shows 取证记录不存在.
const params: Record<string, string> = { token: 'app', id: '1', orderId: '1', step: 'applicationForm' };
let userState = '';
let operatorState = '';

let site: http.Server;
let siteBase = '';
test.beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>冒烟测试页面</title></head><body><h1>冒烟测试页面</h1><p>用于网页取证的本地页面。</p></body></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

test('the route table is read completely', () => {
  const src = fs.readFileSync(path.resolve(import.meta.dirname, '../src/routes.tsx'), 'utf8');
  const declared = [...src.matchAll(/\bpath:\s*'([^']*)'/g)].map((m) => m[1]).filter((p) => p !== '*');
  const read = ROUTES.map((r) => r.path);
  // Every declared path appears (as the end of a full path), and the known shapes come out right.
  for (const p of declared) expect(read.some((r) => r === p || r.endsWith(`/${p}`)), p).toBe(true);
  expect(read).toEqual(expect.arrayContaining(['/', '/home', '/attestation-all/data', '/attestation/:attestationId', '/admin/users']));
  expect(ROUTES.find((r) => r.path === '/admin/users')).toMatchObject({ auth: true, roles: ['operator'] });
  expect(ROUTES.find((r) => r.path === '/attestation-all/data/download')).toMatchObject({ auth: true });
  expect(ROUTES.find((r) => r.path === '/home')).toMatchObject({ auth: false });
});

test('set-up: a user with a data deposit and a web capture; an operator', async ({ browser }) => {
  test.setTimeout(240_000);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  const mobile = uniqueMobile();
  await createAccount(mobile);
  await loginViaUi(page, mobile, 'Test1234');

  // A data deposit.
  await page.goto('/attestation-all/data');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-smoke-'));
  const file = path.join(dir, '冒烟测试.txt');
  fs.writeFileSync(file, `路由冒烟测试 ${Date.now()}\n`);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: /开始存证/ }).click();
  const done = page.locator('.upload-done');
  await expect(done).toContainText('存证成功', { timeout: 30_000 });
  fs.rmSync(dir, { recursive: true, force: true });
  params.attestationId = (await done.locator('a').first().innerText()).trim();
  const view = (await (await page.request.get(`/api/share/getView?baoquan=${params.attestationId}`)).json()) as { data: { chainhash: string } };
  params.chainhash = view.data.chainhash;
  // The owner's preview of it (issue 12 §1: /mobile/previewProgress/:fileUrl/:key, /mobile/preview/:fileUrl/:key/:type/:baoquan).
  const bearer = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const preview = (await (await page.request.get(`/api/app/previewUrl?baoquan=${params.attestationId}`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { data: { fileUrl: string; key: string; type: string; baoquan: string } };
  Object.assign(params, { fileUrl: preview.data.fileUrl, key: preview.data.key, type: preview.data.type, baoquan: preview.data.baoquan });

  // A web capture.
  await page.goto('/newWeb');
  await page.getByPlaceholder('请输入要取证的网页地址').fill(`${siteBase}/smoke.html`);
  await page.getByRole('button', { name: /确认取证/ }).click();
  const progress = page.getByTestId('capture-progress');
  await expect(progress).toContainText('取证完成', { timeout: 120_000 });
  params.evidencesId = (await progress.locator('strong.mono').innerText()).trim();
  userState = JSON.stringify(await ctx.storageState());
  await ctx.close();

  const op = await browser.newContext();
  const opPage = await op.newPage();
  await autoDismissNotice(opPage);
  await loginViaUi(opPage, OPERATOR.mobile, OPERATOR.password);
  operatorState = JSON.stringify(await op.storageState());
  await op.close();
  for (const k of ['attestationId', 'chainhash', 'evidencesId', 'fileUrl', 'key']) expect(params[k], k).toBeTruthy();
});

/** The route's path with its `:params` filled. */
function fill(r: TableRoute): string {
  return r.path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (!v) throw new Error(`no value for :${k} of ${r.path}: add one to the set-up test`);
    return encodeURIComponent(v);
  });
}

/** Opens `url` on `page` and returns what went wrong (empty when nothing). */
async function visit(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`page error: ${e.message}`);
  const onConsole = (m: { type(): string; text(): string }) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); };
  const onResponse = async (res: import('@playwright/test').Response) => {
    const u = new URL(res.url());
    if (res.status() >= 500) problems.push(`HTTP ${res.status()} from ${u.pathname}`);
    if (!u.pathname.toLowerCase().startsWith('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    try {
      const body = (await res.json()) as { code?: number; msg?: string };
      if (body.code === 500) problems.push(`code 500 from ${u.pathname}: ${body.msg}`);
    } catch {
      // A body that is gone (navigation) or not JSON: nothing to check.
    }
  };
  page.on('pageerror', onError);
  page.on('console', onConsole);
  page.on('response', onResponse);
  try {
    const doc = await page.goto(url);
    const type = doc?.headers()['content-type'] ?? '';
    if (!type.startsWith('text/html')) problems.push(`document is ${type || 'missing'}, not HTML`);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const text = (await page.locator('body').innerText()).trim();
    if (/^\{\s*"code"/.test(text)) problems.push(`raw JSON shown: ${text.slice(0, 80)}`);
  } finally {
    page.off('pageerror', onError);
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
  return problems;
}

async function smoke(browser: Browser, who: 'visitor' | 'user' | 'operator', state: string) {
  const ctx = await browser.newContext(state ? { storageState: JSON.parse(state) as never } : {});
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  const failures: string[] = [];
  try {
    const seen = new Set<string>();
    for (const r of ROUTES) {
      if (seen.has(r.path)) continue;
      seen.add(r.path);
      const url = fill(r);
      const problems = await visit(page, url);
      const at = new URL(page.url());
      if (r.path !== '/404' && (await page.getByText(MSG.NOT_FOUND_PAGE).count()) > 0) problems.push('shows the 404 page');
      if (who === 'visitor' && r.auth && at.pathname !== '/login') problems.push(`login-required, but a visitor stays on ${at.pathname}`);
      if (who === 'visitor' && r.auth && at.pathname === '/login' && at.searchParams.get('redirect') !== url) problems.push(`redirect=${at.searchParams.get('redirect')}, expected ${url}`);
      const mayOpen = !r.auth || (who === 'user' && !r.roles.includes('operator')) || who === 'operator';
      if (r.redirect && mayOpen && at.pathname !== r.redirect) problems.push(`should redirect to ${r.redirect}, is on ${at.pathname}`);
      for (const p of problems) failures.push(`${who} ${url}: ${p}`);
    }
  } finally {
    await ctx.close();
  }
  expect(failures).toEqual([]);
}

test('the checks catch a raw JSON document and a 404 page', async ({ page }) => {
  expect(await visit(page, '/api/no-such-api')).toEqual([expect.stringMatching(/^document is application\/json.*not HTML$/), expect.stringMatching(/^raw JSON shown/)]);
  await visit(page, '/no-such-page');
  await expect(page.getByText(MSG.NOT_FOUND_PAGE)).toBeVisible();
});

test('every route, logged out', async ({ browser }) => {
  test.setTimeout(300_000);
  await smoke(browser, 'visitor', '');
});

test('every route, logged in as a user', async ({ browser }) => {
  test.setTimeout(300_000);
  expect(userState, 'the set-up test must have logged a user in').not.toBe('');
  await smoke(browser, 'user', userState);
});

test('every route, logged in as an operator', async ({ browser }) => {
  test.setTimeout(300_000);
  expect(operatorState, 'the set-up test must have logged an operator in').not.toBe('');
  await smoke(browser, 'operator', operatorState);
});
