/**
 * Issue 4 in Chromium: a user captures a real local page on /newWeb (status polled until done), runs a
 * batch capture with a per-URL validation table, and a logged-out visitor extracts the WACZ from the
 * public capture certificate with the owner's code; its SHA-256 equals the ledger entry's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, registerViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let site: http.Server;
let base = '';

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    const m = /^\/news-(\d+)\.html$/.exec(req.url ?? '');
    if (!m) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>新闻 ${m[1]}：某公司发布公告</title></head>` +
        `<body style="font-family:sans-serif;padding:24px"><h1>某公司关于产品召回的公告（第${m[1]}号）</h1><img src="/logo.png" width="64" height="64">` +
        `<p>本公司决定自即日起召回部分批次产品，详情如下……</p><div id="js"></div><script>document.getElementById('js').textContent='脚本生成的内容';</script></body></html>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

test('capture a page, run a batch, extract the WACZ as a visitor', async ({ browser }) => {
  test.setTimeout(240_000);
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  await registerViaUi(page, uniqueMobile());
  const code = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);

  // Single capture.
  await page.goto('/newWeb');
  await page.getByPlaceholder('请输入要取证的网页地址').fill('ftp://example.com/x');
  await page.getByRole('button', { name: /确认取证/ }).click();
  await expect(page.getByText('网页地址格式错误,请重新输入')).toBeVisible();
  await page.getByPlaceholder('请输入要取证的网页地址').fill(`${base}/news-1.html`);
  await page.getByRole('button', { name: /确认取证/ }).click();
  const progress = page.getByTestId('capture-progress');
  await expect(progress).toContainText('取证完成', { timeout: 120_000 });
  const baoquan = (await progress.locator('strong.mono').innerText()).trim();
  await shot(page, 'capture-done-1366');

  // Batch capture with a validation table.
  await page.goto('/newWeb');
  await page.getByRole('tab', { name: '批量网页取证' }).click();
  await page.locator('textarea').fill([`${base}/news-2.html`, `${base}/news-3.html`, 'ftp://bad.example/'].join('\n'));
  await page.getByRole('button', { name: /校\s*验/ }).click();
  await expect(page.getByTestId('batch-summary')).toContainText('可取证 2 个');
  await page.getByRole('button', { name: /开始取证/ }).click();
  await expect(page.getByTestId('batch-progress-summary')).toContainText('批量取证已结束：完成 2 个', { timeout: 180_000 });
  await shot(page, 'capture-batch-1366');
  await ctx.close();

  // A visitor reads the capture certificate and extracts the WACZ with the code.
  const anon = await browser.newContext({ viewport: { width: 375, height: 900 }, acceptDownloads: true });
  const visitor = await anon.newPage();
  await autoDismissNotice(visitor);
  await visitor.goto(`/evidencesWeb/${baoquan}`);
  await expect(visitor.getByTestId('artefact-table')).toBeVisible({ timeout: 15_000 });
  await shot(visitor, 'capture-certificate-375');
  await visitor.getByRole('button', { name: '提取证据' }).click();
  await visitor.getByLabel('证据提取码').fill(code);
  const [dl] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: /提\s*取/ }).last().click()]);
  const wacz = fs.readFileSync(await dl.path());
  expect(wacz.subarray(0, 2).toString()).toBe('PK');
  const proof = (await (await visitor.request.get(`/api/ledger/proof?baoquan=${baoquan}`)).json()) as { data: { leaf: string } };
  const entry = JSON.parse(Buffer.from(proof.data.leaf, 'base64').toString('utf8')) as { sha256: string; kind: string };
  expect(entry.kind).toBe('web');
  expect(crypto.createHash('sha256').update(wacz).digest('hex')).toBe(entry.sha256);
  await anon.close();
});
