// Temporary manual check (not part of the repo): registers, logs in by SMS and resets a password
// through the web UI against the real app on a fresh database; reads captcha answers and SMS codes
// from that database. Deleted after use.
import { chromium } from 'playwright-core';
import { eq, desc } from 'drizzle-orm';
import { makeHarness } from './test/harness.ts';
import { captchas, smsOutbox } from './src/db/schema/index.ts';

const h = await makeHarness({ WEB_DIST: '/work/main/apps/web/dist' });
await h.app.listen({ port: 8094, host: '127.0.0.1' });
const db = h.database.db as any;
const BASE = 'http://127.0.0.1:8094';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const W = Number(process.env.W ?? 1366);
const page = await browser.newPage({ viewport: { width: W, height: 900 } });
const logs: string[] = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`); });
let captchaId = '';
page.on('response', async (r) => { if (r.url().includes('/api/') && !r.url().includes('getImgCode')) { try { console.log('API', r.url().replace(BASE,''), (await r.text()).slice(0, 200)); } catch {} }
   if (r.url().includes('/api/Register/getImgCode')) { try { captchaId = (await r.json()).data.captchaId; } catch {} } });
const answer = async () => { await page.waitForTimeout(300); const rows = await db.select().from(captchas).where(eq(captchas.id, captchaId)); return rows[0].answer as string; };
const smsCode = async (mobile: string) => { const rows = await db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1); return /(\d{6})/.exec(rows[0].text)![1]; };

// Register a company account, arriving from a protected page.
await page.goto(`${BASE}/attestation-all/data/download`, { waitUntil: 'networkidle' });
await page.getByRole('link', { name: '立即注册' }).click();
await page.getByText('企业用户').click();
await page.getByPlaceholder('请输入手机号').fill('13512345678');
await page.getByPlaceholder('请输入企业名称').fill('杭州示例网络科技有限公司');
await page.getByPlaceholder('请输入图形验证码').fill(await answer());
await page.getByRole('button', { name: /获取验证码/ }).click();
await page.waitForTimeout(800);
console.log('sms button after send:', await page.locator('.sms-btn').textContent());
await page.getByPlaceholder('请输入短信验证码').fill(await smsCode('13512345678'));
await page.getByPlaceholder('请输入6-18位数字字母组合密码').fill('pass1234');
await page.getByPlaceholder('请再次输入密码').fill('pass1234');
await page.screenshot({ path: `/tmp/shots/app/register-filled-${W}.png`, fullPage: true });
await page.getByRole('button', { name: /注\s?册/ }).last().click();
await page.waitForTimeout(1500);
console.log('errors', await page.locator('.ant-form-item-explain-error').allTextContents(), await page.locator('.ant-message-notice').allTextContents());
await page.waitForURL(/attestation-all\/data\/download/, { timeout: 10000 });
console.log('after register:', page.url(), await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').company));
await page.waitForTimeout(500);
await page.screenshot({ path: `/tmp/shots/app/after-register-${W}.png`, fullPage: true });
// Log out, then log in by SMS.
await page.evaluate(() => localStorage.clear());
await page.goto(`${BASE}/login`, { waitUntil: 'networkidle' });
await page.getByRole('tab', { name: '短信登录' }).click();
await page.waitForTimeout(500);
const smsPane = page.locator('.ant-tabs-tabpane-active');
await smsPane.getByPlaceholder('请输入手机号').fill('13512345678');
await smsPane.getByPlaceholder('请输入图形验证码').fill(await answer());
await smsPane.getByRole('button', { name: /获取验证码/ }).click();
await page.waitForTimeout(800);
await smsPane.getByPlaceholder('请输入短信验证码').fill(await smsCode('13512345678'));
await smsPane.getByRole('button', { name: /登\s?录/ }).click();
await page.waitForURL(/attestation-all\/data$/, { timeout: 10000 });
console.log('after sms login:', page.url());
// Reset the password.
await page.evaluate(() => localStorage.clear());
await page.goto(`${BASE}/forgetpwd`, { waitUntil: 'networkidle' });
await page.getByPlaceholder('请输入注册手机号').fill('13512345678');
await page.getByPlaceholder('请输入图形验证码').fill(await answer());
await page.getByRole('button', { name: /获取验证码/ }).click();
await page.waitForTimeout(800);
await page.getByPlaceholder('请输入短信验证码').fill(await smsCode('13512345678'));
await page.getByPlaceholder('请输入6-18位数字字母组合密码').fill('newpass99');
await page.getByPlaceholder('请再次输入新密码').fill('newpass99');
await page.getByRole('button', { name: /重置密码/ }).click();
await page.waitForURL(/\/login$/, { timeout: 10000 });
await page.getByPlaceholder('请输入手机号').fill('13512345678');
await page.getByPlaceholder('请输入密码').fill('newpass99');
await page.getByRole('button', { name: /登\s?录/ }).last().click();
await page.waitForURL(/attestation-all\/data$/, { timeout: 10000 });
console.log('login with new password ok:', page.url());
console.log('console:', logs);
await browser.close();
await h.close();
