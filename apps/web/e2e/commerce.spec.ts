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
import { OPERATOR, autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';

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
    await page.getByRole('button', { name: '支付', exact: true }).click();
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

/** Recharges `label` (a package) through the sandbox and waits for 支付成功. */
async function recharge(page: Page, label: RegExp) {
  await page.goto('/buyCredits');
  await page.locator('.buy-credits-packages label').filter({ hasText: label }).click();
  await page.getByRole('button', { name: /立即充值/ }).click();
  await page.waitForURL('**/pay-sandbox/gateway.do**');
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
}

test('apply for an invoice from /orders, the operator issues it, the user downloads it', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const opCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await ctx.newPage();
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await createAccount(mobile);
    await loginViaUi(page, mobile, 'Test1234');
    await recharge(page, /^200 积分/);

    // Nothing ticked → 请先勾选可供开票的订单记录.
    await page.goto('/orders');
    await page.getByRole('button', { name: '申请开票' }).click();
    await expect(page.getByText('请先勾选可供开票的订单记录')).toBeVisible();

    // A header first.
    await page.goto('/invoice?activeName=2');
    await page.getByRole('button', { name: '新增发票抬头' }).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByLabel('发票抬头').fill('示例科技有限公司');
    await dlg.getByLabel('税号').fill('91110000600037341L');
    await dlg.getByLabel('邮箱').fill('fin@example.com');
    await dlg.getByLabel('开户银行').fill('中国银行北京分行');
    await dlg.getByLabel('银行账号').fill('6222020200112233');
    await dlg.getByLabel('注册地址').fill('北京市海淀区中关村大街1号');
    await dlg.getByLabel('注册电话').fill('01088886666');
    await dlg.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByRole('cell', { name: '示例科技有限公司' })).toBeVisible();

    // Tick the recharge, apply: header, electronic type, submit → /invoice.
    await page.goto('/orders');
    await page.getByRole('row', { name: /积分充值 200 积分/ }).getByRole('checkbox').check();
    await page.getByRole('button', { name: '申请开票' }).click();
    await page.waitForURL('**/orders/makeOutInvoice?**');
    await expect(page.getByText('¥200.00')).toBeVisible();
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('请选择发票信息')).toBeVisible();
    await page.getByText('示例科技有限公司（企业）').click();
    await page.getByText('电子增值税普通发票').click();
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL('**/invoice');
    await expect(page.getByRole('cell', { name: '待处理' })).toBeVisible();
    await shot(page, 'invoice-applied');

    // The operator issues it with the e-invoice PDF.
    const op = await opCtx.newPage();
    await autoDismissNotice(op);
    await loginViaUi(op, OPERATOR.mobile, OPERATOR.password);
    await op.goto('/admin/invoices');
    const pdf = Buffer.from(`%PDF-1.4\n% e-invoice ${crypto.randomUUID()}\n%%EOF\n`);
    const pdfFile = path.join(os.tmpdir(), `fp-${crypto.randomUUID()}.pdf`);
    fs.writeFileSync(pdfFile, pdf);
    await op.getByRole('row', { name: /示例科技有限公司/ }).first().getByRole('button', { name: /开\s*具/ }).click();
    await op.locator('.ant-modal input[type=file]').setInputFiles(pdfFile);
    await op.getByRole('dialog', { name: '开具发票' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect(op.getByText('操作成功')).toBeVisible();
    fs.rmSync(pdfFile, { force: true });

    // The operator gifts 10.00 points from the price & points page.
    await op.goto('/admin/points');
    await expect(op.getByRole('cell', { name: '数据保全', exact: true })).toBeVisible();
    await op.getByPlaceholder('手机号').fill(mobile);
    await op.getByPlaceholder('积分').fill('10');
    await op.getByRole('button', { name: /赠\s*送/ }).click();
    await expect(op.getByText('已赠送，当前余额 310.00')).toBeVisible();

    // The user sees it issued and downloads the PDF.
    await page.goto('/invoice?activeName=1');
    await expect(page.getByRole('cell', { name: '已开票' })).toBeVisible();
    await page.getByRole('button', { name: /详\s*情/ }).first().click();
    await expect(page.getByText('技术服务费')).toBeVisible();
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载电子发票' }).click()]);
    expect(fs.readFileSync(await dl.path()).equals(pdf)).toBe(true);
    await shot(page, 'invoice-details');
  } finally {
    await ctx.close();
    await opCtx.close();
  }
});
