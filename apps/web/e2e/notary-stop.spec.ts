/**
 * Issue 15 follow-up in Chromium: the applicant withdraws (终止) a paid notarization order the office has not
 * accepted yet, and gets the fee back. Paid with points: 终止 on the /notary row asks (the dialog says the
 * points come back at once), the row then reads 已终止 / 已退款（积分）, the header's points are back, 公证详情
 * shows 已退款 10.00 积分 and /orders lists the fee as 公证费 / 已退款. Paid with Alipay (sandbox gateway): 终止并退款 on
 * 公证详情 asks (back to the paying Alipay account), then shows 已退款 ¥10.00（支付宝原路退回）; the 公证出证 tab
 * reads 已退款. The office's 公证工作台 shows the withdrawn orders as 已终止 with no actions left; an
 * accepted order offers no 终止. Screenshots at 1366 and 375 px go to /tmp/cz/shots-notary (stop-*).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, loginViaUi, uniqueMobile } from './helpers.ts';

const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;
const SHOTS = '/tmp/cz/shots-notary';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `stop-${name}.png`), fullPage: true });
const peek = async (kind: string, mobile: string) => {
  const r = await (await fetch(`${PEEK}/${kind}/${mobile}`)).json();
  if (r === null) throw new Error(`peek ${kind} failed`);
};
const points = (page: Page) => page.locator('.site-points strong');

/** A data deposit, then a notary order of it through the four steps up to the pay step → the order id. */
async function orderAtPay(page: Page): Promise<number> {
  const file = path.join(os.tmpdir(), `notary-stop-${Date.now()}.txt`);
  fs.writeFileSync(file, `委托合同正文 ${Date.now()} ${Math.random()}`);
  await page.goto('/attestation-all/data');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByPlaceholder('默认使用文件名').fill('委托合同');
  await page.getByRole('button', { name: /开始存证/ }).click();
  await expect(page.locator('.upload-done')).toContainText('存证成功', { timeout: 60_000 });
  fs.rmSync(file, { force: true });
  await page.goto('/notary/selectList');
  await page.locator('.ant-table-tbody tr.ant-table-row input[type=checkbox]').first().check();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.waitForURL(/readingMaterial\/applicationForm\/\d+\/\d$/);
  const id = Number(/applicationForm\/(\d+)\//.exec(page.url())![1]);
  await page.getByLabel('申请人').fill('张三');
  await page.getByLabel('联系电话').fill('13800138000');
  await page.getByLabel('公证用途').fill('诉讼维权');
  await page.getByText('我已阅读并同意上述公证须知').click();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.waitForURL(/readingMaterial\/signature\//);
  await page.getByText('同意在线签署').click();
  await page.getByRole('button', { name: /^签\s*署$/ }).click();
  await page.waitForURL(/readingMaterial\/deCode\//, { timeout: 120_000 });
  await page.getByText('我授权向公证机构解密并提供上述证据').click();
  await page.getByRole('button', { name: /授权解密/ }).click();
  await page.waitForURL(/readingMaterial\/pay\//);
  return id;
}

test('a paid order not yet accepted is withdrawn with its refund: points from the list, Alipay from 公证详情', async ({ browser }) => {
  test.setTimeout(420_000);
  const mobile = uniqueMobile();
  await peek('kyc-user', mobile);
  const notaryMobile = `138${String(Date.now()).slice(-8)}`;
  await peek('notary', notaryMobile);

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  await loginViaUi(page, mobile, 'Test1234');

  // Points: pay 10.00 points; the order waits for the office.
  const byPoints = await orderAtPay(page);
  const start = await points(page).innerText(); // after the deposit's charge
  await page.getByText(/积分支付/).click();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await expect(page.getByText('已支付，申请已提交公证机构')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/公证机构受理前，如需撤回，可在公证详情中终止/)).toBeVisible();
  await shot(page, 'paid-1366');
  await page.goto('/notary');
  const row = page.locator('tr.ant-table-row').filter({ has: page.getByText('待公证机构受理') });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row.getByText('已支付（积分）')).toBeVisible();
  await expect(points(page)).not.toHaveText(start);

  // 终止 on the row: the dialog states the refund; cancel first (nothing happens), then confirm.
  await row.getByRole('button', { name: /终\s*止/ }).click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('终止公证并退款');
  await expect(dialog).toContainText('公证费 10.00 积分将立即退回您的积分账户');
  await shot(page, 'confirm-points-1366');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('待公证机构受理')).toBeVisible();
  await row.getByRole('button', { name: /终\s*止/ }).click();
  await dialog.getByRole('button', { name: '确认终止并退款' }).click();
  await expect(page.getByText('订单已终止，公证费 10.00 积分已退回您的账户')).toBeVisible({ timeout: 15_000 });
  const done = page.locator('tr.ant-table-row').filter({ hasText: '已退款（积分）' });
  await expect(done).toHaveCount(1);
  await expect(done.getByText('已终止')).toBeVisible();
  await expect(done.getByRole('button', { name: /终\s*止/ })).toHaveCount(0);
  await expect(points(page)).toHaveText(start);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await shot(page, 'list-refunded-1366');

  await page.goto(`/notary/detail?orderId=${byPoints}&type=1&goBackUrl=/notary`);
  await expect(page.getByText('已退款 10.00 积分')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('申请人终止')).toBeVisible();
  await expect(page.getByRole('button', { name: /终止/ })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'detail-points-375');
  await page.setViewportSize({ width: 1366, height: 900 });

  // /orders 充值消费: the fee's order reads 公证费 / 已退款 (its points are back in the balance above).
  await page.goto('/orders');
  const fee = page.locator('tr.ant-table-row').filter({ hasText: '公证费' });
  await expect(fee).toHaveCount(1, { timeout: 15_000 });
  await expect(fee.getByRole('cell', { name: '已退款', exact: true })).toBeVisible();
  await shot(page, 'orders-1366');

  // Alipay: pay through the sandbox gateway, then 终止并退款 on 公证详情.
  const byAlipay = await orderAtPay(page);
  await page.getByText('支付宝支付').click();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await page.waitForURL('**/pay-sandbox/gateway.do**');
  await page.getByRole('button', { name: /^支\s*付$/ }).click();
  await page.waitForURL(/readingMaterial\/pay\//);
  await expect(page.getByText('已支付，申请已提交公证机构')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/notary/detail?orderId=${byAlipay}&type=1&goBackUrl=/notary`);
  await expect(page.getByText('待公证机构受理')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('¥10.00（支付宝支付）')).toBeVisible();
  await page.getByRole('button', { name: '终止并退款' }).click();
  await expect(dialog).toContainText('公证费 ¥10.00 将原路退回您付款的支付宝账户');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'confirm-alipay-375');
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: '确认终止并退款' }).click();
  await expect(page.getByText('已退款 ¥10.00（支付宝原路退回）')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('已退款', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /终止/ })).toHaveCount(0);
  await shot(page, 'detail-alipay-1366');

  // The 公证出证 tab: both read 已退款, no action but 详情.
  await page.goto('/orders');
  await page.getByRole('tab', { name: '公证出证' }).click();
  await expect(page.locator('tr.ant-table-row').filter({ hasText: '已退款' })).toHaveCount(2, { timeout: 15_000 });
  await expect(page.locator('tr.ant-table-row').getByRole('button', { name: /终止/ })).toHaveCount(0);
  await shot(page, 'orders-notary-tab-1366');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/notary');
  await expect(page.getByText('已终止').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await shot(page, 'list-375');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A third order the office accepts: no 终止 for the applicant any more.
  const accepted = await orderAtPay(page);
  await page.getByText(/积分支付/).click();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await expect(page.getByText('已支付，申请已提交公证机构')).toBeVisible({ timeout: 15_000 });

  const nctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const np = await nctx.newPage();
  await autoDismissNotice(np);
  await loginViaUi(np, notaryMobile, 'Test1234');
  await np.goto('/notary-office');
  await expect(np.getByText('已终止').first()).toBeVisible({ timeout: 15_000 });
  await shot(np, 'office-1366');
  await np.getByRole('button', { name: /办\s*理/ }).first().click();
  const drawer = np.locator('.ant-drawer');
  await expect(drawer.getByText('证据与自动核验结果')).toBeVisible({ timeout: 60_000 });
  await drawer.getByRole('button', { name: /^受\s*理$/ }).click();
  await expect(np.getByText('已受理')).toBeVisible({ timeout: 60_000 });
  await nctx.close();

  await page.goto(`/notary/detail?orderId=${accepted}&type=1&goBackUrl=/notary`);
  await expect(page.getByText('公证中', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /终止/ })).toHaveCount(0);
  await ctx.close();
});
