/**
 * Issue 8 §1: a newcomer's first visit, through the UI only. Opens the bare root `/` (what a link or QR
 * code to the host opens), lands on the home page, registers from it (captcha + SMS), deposits a real
 * file and opens its certificate from the deposit's result, which shows the baoquan and the file's SHA-256.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { autoDismissNotice, captchaAnswer, nextCaptchaId, smsCode, uniqueMobile } from './helpers.ts';

test('from the bare root to the certificate of a deposit', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await autoDismissNotice(page);

  // The root serves the web app (not a JSON envelope) and the route table sends it to /home.
  const root = await page.goto('/');
  expect(root?.status()).toBe(200);
  expect(root?.headers()['content-type']).toMatch(/^text\/html/);
  await page.waitForURL((u) => u.pathname === '/home');
  await expect(page).toHaveTitle(/首页/);

  // Register from the home page's call to action.
  const mobile = uniqueMobile();
  const captchaId = await nextCaptchaId(page, () => page.getByRole('link', { name: '免费注册' }).first().click());
  await expect(page).toHaveURL(/\/register$/);
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入姓名').fill('李四');
  await page.getByPlaceholder('请输入图形验证码').fill(await captchaAnswer(captchaId));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(mobile));
  await page.getByPlaceholder('请输入6-18位数字字母组合密码').fill('Test1234');
  await page.getByPlaceholder('请再次输入密码').fill('Test1234');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL('**/attestation-all/data');

  // Deposit a real text file.
  const bytes = Buffer.from(`首次使用的存证文件 ${crypto.randomUUID()}\n`);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cz-root-')), '首次存证.txt');
  fs.writeFileSync(file, bytes);
  try {
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: /开始存证/ }).click();
    const done = page.locator('.upload-done');
    await expect(done).toContainText('存证成功', { timeout: 30_000 });
    const baoquan = (await done.locator('a').first().innerText()).trim();
    expect(baoquan).toMatch(/^CZ\d{8}[0-9A-Z]{12}$/);

    // Open the certificate from the result, as a person does.
    await done.getByRole('link', { name: '查看保全证书' }).click();
    await page.waitForURL(`**/attestation/${baoquan}`);
    await expect(page.getByText('电子数据保全证书').first()).toBeVisible();
    await expect(page.getByText(baoquan).first()).toBeVisible();
    await expect(page.getByText(sha256).first()).toBeVisible();
    await expect(page.getByText('文档').first()).toBeVisible();
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  expect(problems).toEqual([]);
});
