/**
 * Issue 11 §1 in Chromium: the ONE evidence list, download page and certificate layout, each given a kind
 * by its route, at 1366 and 375 px. One user deposits a file and captures a local page; then for each kind
 * the list shows the row with its kind's columns and actions (web: 详情 opens the drawer with the package
 * files), the download page batch-downloads the selected row (the dialog 批量下载中), and the certificate
 * shows the kind's blocks. No page scrolls sideways at 375 px. Screenshots: test-results/screens/kinds-*.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // After a list's spinner has faded out (it fades for a moment after the rows arrive).
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.ant-spin-container, .ant-checkbox')].every((e) => getComputedStyle(e).opacity === '1'))).toBe(true);
  await page.screenshot({ path: path.join(SHOTS, `kinds-${name}.png`), fullPage: true });
};

/** The page is no wider than the window (nothing to scroll sideways). */
const noSideScroll = async (page: Page) => {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, page.url()).toBeLessThanOrEqual(client);
};

let site: http.Server;
let base = '';
const mobile = uniqueMobile();
let dataBq = '';
let webBq = '';
/** The logged-in session of the set-up (one login: repeated logins would meet the login rate limit). */
let session: string;

test.beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>一页用于取证的新闻</title></head><body><h1>某公司公告</h1><p>正文内容。</p></body></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

test('set-up: one user deposits a file and captures a page', async ({ browser }) => {
  test.setTimeout(180_000);
  await createAccount(mobile);
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  await loginViaUi(page, mobile, 'Test1234');
  await page.goto('/attestation-all/data');
  const file = path.join(os.tmpdir(), `kinds-${mobile}.txt`);
  fs.writeFileSync(file, `电子合同 ${mobile}\n`);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByPlaceholder('默认使用文件名').fill('采购合同');
  await page.getByRole('button', { name: /开始存证/ }).click();
  const done = page.locator('.upload-done');
  await expect(done).toContainText('存证成功', { timeout: 30_000 });
  dataBq = (await done.locator('a').first().innerText()).trim();

  await page.goto('/newWeb');
  await page.getByPlaceholder('请输入要取证的网页地址').fill(`${base}/news.html`);
  await page.getByRole('button', { name: /确认取证/ }).click();
  const progress = page.getByTestId('capture-progress');
  await expect(progress).toContainText('取证完成', { timeout: 120_000 });
  webBq = (await progress.locator('strong.mono').innerText()).trim();
  session = JSON.stringify(await ctx.storageState());
  await ctx.close();
});

// The page tests use the set-up's account and evidence.
test.describe.configure({ mode: 'serial' });

for (const width of [1366, 375]) {
  test(`the shared list, download page and certificate for data and web at ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, storageState: JSON.parse(session) as never });
    const page = await ctx.newPage();
    await autoDismissNotice(page);

    // Data: the list with the upload panel, then its download page.
    await page.goto('/attestation-all/data');
    await expect(page.getByRole('heading', { name: '数据存证', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: dataBq }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /开始存证/ })).toBeVisible();
    await noSideScroll(page);
    await shot(page, `data-list-${width}`);

    await page.getByRole('link', { name: /批量下载/ }).click();
    await expect(page).toHaveURL(/\/attestation-all\/data\/download$/);
    await expect(page.getByText('采购合同').first()).toBeVisible();
    await page.locator('tr', { hasText: '采购合同' }).getByRole('checkbox').check();
    await noSideScroll(page);
    await shot(page, `data-download-${width}`);
    await page.getByRole('button', { name: /一键打包下载/ }).click();
    await expect(page.getByRole('dialog', { name: '批量下载中' })).toBeVisible();

    // Web: the same list with the web kind's columns, the detail drawer, then its download page.
    await page.goto('/evidences-all/web');
    await expect(page.getByRole('heading', { name: '网页取证', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: webBq }).first()).toBeVisible();
    await expect(page.getByText('已完成').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /新建取证/ })).toHaveAttribute('href', '/newWeb');
    await noSideScroll(page);
    await shot(page, `web-list-${width}`);
    await page.getByRole('button', { name: /详\s*情/ }).first().click();
    await expect(page.getByTestId('artefact-table')).toBeVisible({ timeout: 15_000 });
    // The drawer has slid in: its right edge is the window's.
    const drawerRight = () =>
      page.evaluate(() => {
        const el = document.querySelector('.ant-drawer-content-wrapper');
        return el ? Math.round(el.getBoundingClientRect().right) - window.innerWidth : null;
      });
    await expect.poll(drawerRight).toBe(0);
    await shot(page, `web-detail-${width}`);
    await page.keyboard.press('Escape');

    await page.goto('/evidences-all/web/download');
    await expect(page.getByText('一页用于取证的新闻').first()).toBeVisible();
    await page.locator('tr', { hasText: '一页用于取证的新闻' }).getByRole('checkbox').check();
    await noSideScroll(page);
    await shot(page, `web-download-${width}`);
    await page.getByRole('button', { name: /批量下载/ }).click();
    await expect(page.getByRole('dialog', { name: '批量下载中' })).toBeVisible();

    // The one certificate layout: the data deposit (with its English page link) and the web capture (with its blocks).
    await page.goto(`/attestation/${dataBq}`);
    await expect(page.getByRole('heading', { name: '保全证书', exact: true, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'English Version' })).toBeVisible();
    await expect(page.getByRole('button', { name: '下载证据' })).toBeVisible();
    await noSideScroll(page);
    await shot(page, `data-certificate-${width}`);

    await page.goto(`/evidencesWeb/${webBq}`);
    await expect(page.getByRole('heading', { name: '网页取证保全证书', exact: true, level: 1 })).toBeVisible();
    await expect(page.getByTestId('artefact-table')).toBeVisible();
    await expect(page.getByRole('button', { name: '查看网页快照' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'English Version' })).toHaveCount(0);
    await noSideScroll(page);
    await shot(page, `web-certificate-${width}`);
    await ctx.close();
  });
}
