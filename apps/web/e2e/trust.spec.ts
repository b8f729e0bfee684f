/**
 * Issue 10 in the browser: the certificate page shows the certificate as issued (签发时检查点, 账本存证哈希,
 * the root fingerprint beside the ledger key) and the current state apart under its own heading; the
 * certificate PDF downloaded twice is the same bytes; /verify verifies the downloaded package with a
 * witness policy field. Screenshots at 1366 and 375 px go to /tmp/cz/shots-trust (or E2E_SHOTS).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, gotoLive, loginViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/cz/shots-trust';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

test('issued certificate page, same PDF twice, package verified on /verify (1366 and 375 px)', async ({ browser }) => {
  const problems: string[] = [];
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await autoDismissNotice(page);
  const mobile = uniqueMobile();
  await createAccount(mobile);
  await loginViaUi(page, mobile, 'Test1234');
  await page.goto('/attestation-all/data');
  const file = path.join(os.tmpdir(), '转账记录.txt');
  fs.writeFileSync(file, '2026-11-24 转账 10,000 元给乙方。\n');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: /开始存证/ }).click();
  const done = page.locator('.upload-done');
  await expect(done).toContainText('存证成功', { timeout: 30_000 });
  const baoquan = (await done.locator('a').first().innerText()).trim();

  await page.goto(`/attestation/${baoquan}`);
  await expect(page.getByText('电子数据保全证书').first()).toBeVisible();
  await expect(page.getByText('签发时检查点').first()).toBeVisible();
  await expect(page.getByText('当前状态（查询时，非证书内容）').first()).toBeVisible();
  await expect(page.getByText('账本存证哈希').first()).toBeVisible();
  await expect(page.getByText('平台根证书 SHA-256 指纹', { exact: false }).first()).toBeVisible();
  await shot(page, 'certificate-page-1366');

  // The PDF twice: the same bytes.
  const pdfBytes = async () => {
    const r = await page.request.post('/api/check/downCertificate', { form: { no: baoquan } });
    const url = (await r.json()).data.downUrl as string;
    return Buffer.from(await (await page.request.get(url)).body());
  };
  const a = await pdfBytes();
  const b = await pdfBytes();
  expect(a.equals(b)).toBe(true);

  // The owner's package, verified on /verify with a witness policy field left empty.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const pkg = await page.request.get(`/api/ledger/package?baoquan=${baoquan}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(pkg.status()).toBe(200);
  const zip = path.join(os.tmpdir(), `证据包-${baoquan}.zip`);
  fs.writeFileSync(zip, await pkg.body());
  await gotoLive(page, '/verify?tab=package');
  await expect(page.getByText('见证策略（可选）', { exact: false })).toBeVisible();
  await page.getByText('见证策略（可选）', { exact: false }).click();
  await page.locator('input[type=file]').setInputFiles(zip);
  await expect(page.getByTestId('verify-report')).toHaveAttribute('data-ok', '1', { timeout: 60_000 });
  await shot(page, 'verify-package-1366');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/attestation/${baoquan}`);
  await expect(page.getByText('当前状态（查询时，非证书内容）').first()).toBeVisible();
  await shot(page, 'certificate-page-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await gotoLive(page, '/verify?tab=package');
  await page.getByText('见证策略（可选）', { exact: false }).click();
  await shot(page, 'verify-witness-375');
  expect(problems).toEqual([]);
  await ctx.close();
});
