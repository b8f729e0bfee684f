/**
 * Points and recharge end to end (issue 13 §1–3) in Chromium on the built app: the welcome grant in the
 * header, a recharge through the local Alipay sandbox gateway (取消, then 继续支付 and 支付), the points
 * credited from the signed notification, a data deposit charging them, the orders page and its Excel
 * export read back with exceljs, and an order cancelled from /buyCredits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `commerce-${name}.png`), fullPage: true });
const points = (page: Page) => page.locator('.site-points strong');

test('recharge through the sandbox (cancel, continue, pay), points appear, a deposit charges them, orders export', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  try {
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await createAccount(mobile);
    await loginViaUi(page, mobile, 'Test1234');
    await expect(points(page)).toHaveText('100.00'); // the welcome grant

    // Recharge 100: the page submits the provider's form to the sandbox gateway; 取消 first.
    await page.goto('/buyCredits');
    await page.getByRole('button', { name: /立即充值/ }).click();
    await page.waitForURL('**/pay-sandbox/gateway.do**');
    await expect(page.getByText('支付宝沙箱收银台')).toBeVisible();
    await expect(page.getByText('¥ 100.00')).toBeVisible();
    await shot(page, 'sandbox');
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForURL('**/buyCredits?order_no=*');
    await expect(page.getByText('支付未完成')).toBeVisible();
    await expect(points(page)).toHaveText('100.00');

    // 继续支付 → 支付: the signed notification credits the order; the return page shows it.
    await page.getByRole('button', { name: '继续支付' }).click();
    await page.waitForURL('**/pay-sandbox/gateway.do**');
    await page.getByRole('button', { name: '支付' }).click();
    await page.waitForURL('**/buyCredits?order_no=*');
    await expect(page.getByText('支付成功')).toBeVisible();
    await expect(points(page)).toHaveText('200.00');
    await shot(page, 'paid');

    // A data deposit charges 1.00.
    await page.goto('/attestation-all/data');
    const file = path.join(os.tmpdir(), `commerce-${crypto.randomUUID()}.txt`);
    fs.writeFileSync(file, `合同 ${crypto.randomUUID()}`);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: /开始存证/ }).click();
    await expect(page.locator('.upload-done')).toContainText('存证成功', { timeout: 30_000 });
    fs.rmSync(file, { force: true });
    await page.reload();
    await expect(points(page)).toHaveText('199.00');

    // Orders: the recharge and the gift under 充值消费, the deposit under 消费记录; export opens in exceljs.
    await page.goto('/orders');
    await expect(page.getByRole('cell', { name: '积分充值', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '+100.00' }).first()).toBeVisible();
    await page.getByRole('tab', { name: '消费记录' }).click();
    await expect(page.getByRole('cell', { name: '数据保全', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '-1.00', exact: true })).toBeVisible();
    await shot(page, 'orders');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await dl.path());
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(3).value).toBe('数据保全');
    expect(ws.getRow(2).getCell(5).value).toBe('1.00');

    // A second recharge cancelled from the return page.
    await page.goto('/buyCredits');
    await page.locator('.buy-credits-packages label').filter({ hasText: /^50 积分/ }).click();
    await page.getByRole('button', { name: /立即充值/ }).click();
    await page.waitForURL('**/pay-sandbox/gateway.do**');
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForURL('**/buyCredits?order_no=*');
    await page.getByRole('button', { name: '取消订单' }).click();
    await expect(page.getByText('订单已取消').first()).toBeVisible();
    await expect(points(page)).toHaveText('199.00');
  } finally {
    await ctx.close();
  }
});
