/**
 * Issue 15 in Chromium: a user verified through the real KYC flow deposits a file and captures a local web
 * page, orders their notarization on /notary (selectList → applicationForm → signature → deCode → pay through
 * the local Alipay sandbox gateway); the notary accepts, records the interview and issues the 公证书 on
 * /notary-office with the evidence verified; the user downloads all five PDFs (pdfsig: signature valid;
 * pdftotext: Chinese; pdftoppm: rendered, pages saved for a look); the public query page finds the number;
 * the interview record is signed by the applicant on 公证详情 and countersigned by the office (pdfsig: two valid
 * signatures); a paid order terminated by the office shows its refund (Alipay sandbox alipay.trade.refund);
 * a terminated order is void; an unverified user is stopped with 您未实名不可使用该功能.
 * Screenshots at 1366 and 375 px go to /tmp/cz/shots-notary.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, loginViaUi, uniqueMobile } from './helpers.ts';

const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;
const SHOTS = '/tmp/cz/shots-notary';
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const peek = async (kind: string, mobile: string) => {
  const r = await (await fetch(`${PEEK}/${kind}/${mobile}`)).json();
  if (r === null) throw new Error(`peek ${kind} failed`);
};

let site: http.Server;
let base = '';
test.beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>侵权商品页面</title></head><body><h1>侵权商品页面</h1><p>本页面展示了涉嫌侵权的商品信息。</p></body></html>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

test('order, sign, grant, pay; the notary accepts, interviews, issues; five signed PDFs; query; terminate; gate', async ({ browser }) => {
  test.setTimeout(600_000);
  const mobile = uniqueMobile();
  await peek('kyc-user', mobile);
  const notaryMobile = `137${String(Date.now()).slice(-8)}`;
  await peek('notary', notaryMobile);

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  await loginViaUi(page, mobile, 'Test1234');

  // A data deposit and a web capture.
  const file = path.join(os.tmpdir(), `notary-${Date.now()}.txt`);
  fs.writeFileSync(file, `购销合同正文 ${Date.now()}`);
  await page.goto('/attestation-all/data');
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByPlaceholder('默认使用文件名').fill('购销合同');
  await page.getByRole('button', { name: /开始存证/ }).click();
  await expect(page.locator('.upload-done')).toContainText('存证成功', { timeout: 60_000 });
  await page.goto('/newWeb');
  await page.getByPlaceholder('请输入要取证的网页地址').fill(`${base}/item.html`);
  await page.getByRole('button', { name: /确认取证/ }).click();
  await expect(page.getByTestId('capture-progress')).toContainText('取证完成', { timeout: 180_000 });

  // 新增公证 → selectList: both kinds listed; pick both.
  await page.goto('/notary');
  await page.getByRole('button', { name: /新增公证/ }).click();
  await page.waitForURL('**/notary/selectList');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByText('网页取证').first()).toBeVisible();
  await shot(page, 'select-1366');
  for (const cb of await rows.locator('input[type=checkbox]').all()) await cb.check();
  await page.getByRole('button', { name: /下一步/ }).click();

  // Step 1: application form.
  await page.waitForURL(/readingMaterial\/applicationForm\/\d+\/3$/);
  const orderId = Number(/applicationForm\/(\d+)\//.exec(page.url())![1]);
  await page.getByLabel('申请人').fill('张三');
  await page.getByLabel('联系电话').fill('13800138000');
  await page.getByLabel('公证用途').fill('诉讼维权');
  await page.getByText('我已阅读并同意上述公证须知').click();
  await shot(page, 'step1-1366');
  await page.getByRole('button', { name: /下一步/ }).click();

  // Step 2: online signing with the default seal.
  await page.waitForURL(/readingMaterial\/signature\//);
  await expect(page.getByText('默认签章：张三')).toBeVisible();
  await page.getByText('同意在线签署').click();
  await page.getByRole('button', { name: /^签\s*署$/ }).click();

  // Step 3: the signed documents, then the grant.
  await page.waitForURL(/readingMaterial\/deCode\//, { timeout: 120_000 });
  await expect(page.getByText('公证申请表')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'step3-1366');
  await page.getByText('我授权向公证机构解密并提供上述证据').click();
  await page.getByRole('button', { name: /授权解密/ }).click();

  // Step 4: pay through the sandbox gateway.
  await page.waitForURL(/readingMaterial\/pay\//);
  await expect(page.getByText('公证费：¥20.00')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'step4-375');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByText('支付宝支付').click();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await page.waitForURL('**/pay-sandbox/gateway.do**');
  await page.getByRole('button', { name: /^支\s*付$/ }).click();
  await page.waitForURL(/readingMaterial\/pay\//);
  await expect(page.getByText('已支付，申请已提交公证机构')).toBeVisible({ timeout: 15_000 });

  // The notary office.
  const nctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const np = await nctx.newPage();
  await autoDismissNotice(np);
  await loginViaUi(np, notaryMobile, 'Test1234');
  // Notary users have 公证工作台 in the header menu (the applicant does not).
  await expect(np.locator('header').getByText('公证工作台', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('header').getByText('公证工作台', { exact: true })).toHaveCount(0);
  await np.locator('header').getByText('公证工作台', { exact: true }).click();
  await np.waitForURL('**/notary-office');
  await expect(np.getByText('公证机构工作台 · 北京市某某公证处')).toBeVisible();
  await np.getByRole('button', { name: /办\s*理/ }).first().click();
  const drawer = np.locator('.ant-drawer');
  await expect(drawer.getByText('证据与自动核验结果')).toBeVisible({ timeout: 60_000 });
  await shot(np, 'office-open-1366');
  await np.setViewportSize({ width: 375, height: 800 });
  await shot(np, 'office-open-375');
  await np.setViewportSize({ width: 1366, height: 900 });
  await expect(drawer.getByText('通过', { exact: true })).toHaveCount(6, { timeout: 60_000 });
  await shot(np, 'office-order-1366');
  await drawer.getByRole('button', { name: /^受\s*理$/ }).click();
  await expect(np.getByText('已受理')).toBeVisible({ timeout: 60_000 });
  await drawer.getByRole('button', { name: /^询问笔录$/ }).click();
  await np.getByLabel('询问地点').fill('线上视频');
  await np.getByLabel('询问内容').fill('问：以上电子数据是否由你本人保全？\n答：是。');
  await np.locator('.ant-modal').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(np.getByText('询问笔录已生成')).toBeVisible({ timeout: 60_000 });
  // The record waits for the applicant: no 公证书 before both have signed it.
  await expect(drawer.getByText('待申请人签署询问笔录')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByRole('button', { name: /出具公证书/ })).toBeDisabled();

  // The applicant reads the record in 公证详情, confirms it and signs it online (event certificate).
  await page.goto(`/notary/detail?orderId=${orderId}&type=3&goBackUrl=/notary`);
  await expect(page.getByText('公证机构已完成询问，请下载询问笔录核对后在线签署')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'detail-interview-to-sign-1366');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'detail-interview-to-sign-375');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: '签署询问笔录' }).click();
  await page.getByRole('button', { name: '确认无误并签署' }).click();
  await expect(page.getByText('公证机构已完成询问，请下载询问笔录核对后在线签署')).toBeHidden({ timeout: 120_000 });

  // The office (its countersignature was added on the applicant's signature) issues the 公证书.
  await np.reload();
  await np.getByRole('button', { name: /办\s*理/ }).first().click();
  await expect(drawer.getByText('询问笔录已双方签署')).toBeVisible({ timeout: 60_000 });
  await drawer.getByRole('button', { name: /出具公证书/ }).click();
  await expect(np.getByText('公证书已出具')).toBeVisible({ timeout: 60_000 });
  await shot(np, 'office-issued-1366');
  await nctx.close();

  // The user downloads all five documents.
  await page.goto(`/notary/detail?orderId=${orderId}&type=3&goBackUrl=/notary`);
  await expect(page.getByText('公证成功')).toBeVisible();
  const certNo = (await page.locator('.ant-descriptions-item-content').nth(7).innerText()).trim();
  expect(certNo).toMatch(/^（\d{4}）京某证内字第\d{6}号$/);
  await shot(page, 'detail-1366');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notary-pdf-'));
  for (const label of ['公证申请表', '公证申请告知书', '受理通知书', '公证询问笔录', '公证书']) {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `下载${label}` }).click()]);
    const out = path.join(dir, `${label}.pdf`);
    await dl.saveAs(out);
    const sig = execFileSync('pdfsig', [out], { encoding: 'utf8' });
    expect(sig, label).toMatch(/Signature Validation: Signature is Valid/);
    if (label === '公证询问笔录') {
      // Signed by both: the applicant's event certificate, then the office's countersignature (incremental update).
      expect(sig.match(/Signature Validation: Signature is Valid/g), sig).toHaveLength(2);
      expect(sig).toMatch(/Signature #1:[\s\S]*Common Name: 张三[\s\S]*Signature #2:[\s\S]*Common Name: 北京市某某公证处/);
    }
    expect(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' }), label).toContain(label === '公证书' ? certNo : label);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', out, path.join(SHOTS, `pdf-${label}`)]);
  }
  // The orders page's 公证出证 tab lists it.
  await page.goto('/orders');
  await page.getByRole('tab', { name: '公证出证' }).click();
  await expect(page.getByText('支付宝')).toBeVisible();

  // The public query page finds the number.
  await page.goto('/queryAuthentication/notarial');
  await page.getByPlaceholder('请输入公证书编号').fill(certNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('北京市某某公证处')).toBeVisible();
  await shot(page, 'query-1366');

  // A paid order terminated by the office: the fee goes back (Alipay refund through the sandbox gateway).
  await page.goto('/notary/selectList');
  await page.locator('.ant-table-tbody tr.ant-table-row input[type=checkbox]').first().check();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.waitForURL(/readingMaterial\/applicationForm\/\d+\/\d$/);
  const paidId = Number(/applicationForm\/(\d+)\//.exec(page.url())![1]);
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
  await page.getByText('支付宝支付').click();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await page.waitForURL('**/pay-sandbox/gateway.do**');
  await page.getByRole('button', { name: /^支\s*付$/ }).click();
  await page.waitForURL(/readingMaterial\/pay\//);
  await expect(page.getByText('已支付，申请已提交公证机构')).toBeVisible({ timeout: 15_000 });
  const tctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const tp = await tctx.newPage();
  await autoDismissNotice(tp);
  await loginViaUi(tp, notaryMobile, 'Test1234');
  await tp.goto('/notary-office');
  await tp.getByRole('button', { name: /办\s*理/ }).first().click();
  const tdrawer = tp.locator('.ant-drawer');
  await expect(tdrawer.getByText('证据与自动核验结果')).toBeVisible({ timeout: 60_000 });
  await tdrawer.getByRole('button', { name: /终止 \/ 公证失败/ }).click();
  await tp.getByLabel('原因').fill('申请事项不属于本处受理范围');
  await tp.locator('.ant-modal').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(tdrawer.getByText('已终止')).toBeVisible({ timeout: 60_000 });
  await tctx.close();
  await page.goto(`/notary/detail?orderId=${paidId}&type=1&goBackUrl=/notary`);
  await expect(page.getByText('已退款 ¥10.00（支付宝原路退回）')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('已退款', { exact: true })).toBeVisible();
  await shot(page, 'detail-refunded-1366');

  // A second order, terminated: void.
  await page.goto('/notary/selectList');
  await page.locator('.ant-table-tbody tr.ant-table-row input[type=checkbox]').first().check();
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.waitForURL(/applicationForm/);
  await page.getByRole('button', { name: /终\s*止/ }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL('**/notary');
  await expect(page.getByText('已终止')).toHaveCount(2); // this one (void, unpaid) and the refunded one
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'list-375');
  await ctx.close();

  // An unverified user is stopped with the spec's message.
  const un = `135${String(Date.now()).slice(-8)}`;
  await fetch(`${PEEK}/unverified/${un}`);
  const uctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const up = await uctx.newPage();
  await autoDismissNotice(up);
  await loginViaUi(up, un, 'Test1234');
  await up.goto('/notary');
  await up.getByRole('button', { name: /新增公证/ }).click();
  await expect(up.getByText('您未实名不可使用该功能')).toBeVisible();
  await up.waitForURL('**/personage-kyc');
  await uctx.close();
});
