/**
 * Issue 8 §3 and "Bad input" in Debian's Chromium at 1366 and 375 px, the browser set to UTC (the
 * pages must show China Standard Time whatever the browser's zone):
 * - 取消上传 during a throttled upload aborts it and nothing is deposited;
 * - every time (list, overview, certificate) is the same `YYYY-MM-DD HH:mm:ss` in Beijing time;
 * - the overview has tiles only for 数据存证 and 网页取证; the certificate's 分享 copies the link and
 *   shows the QR code; logged-in users skip /login, /register, /forgetpwd; a non-operator on /admin/*
 *   sees 无权访问 and stays logged in while the admin API answers 403;
 * - with a revoked token every login-required page goes to /login?redirect=<path>; with the API
 *   unreachable the pages show 连接失败，请检查网络或稍后刷新重试！ and keep their frame; an unknown
 *   number shows 保全号不存在;
 * - the 公告 dialog is not shown over the login form and shows once after logging in.
 * Screenshots go to test-results/screens/rough-*.png.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, loginViaUi, OPERATOR, uniqueMobile } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `rough-${name}.png`), fullPage: true });
};

/** Unix seconds → `YYYY-MM-DD HH:mm:ss` in Beijing, computed here independently of the app. */
const beijing = (sec: number) => new Date((sec + 8 * 3600) * 1000).toISOString().replace('T', ' ').slice(0, 19);
/** The same instant as a browser in UTC would show it with local-time formatting. */
const utc = (sec: number) => new Date(sec * 1000).toISOString().replace('T', ' ').slice(0, 19);

const NETWORK_FAILURE = '连接失败，请检查网络或稍后刷新重试！';
const UNKNOWN = 'CZ20260101AAAAAAAAAAAA';

/** Collects uncaught page errors (a page that crashed is not "working"). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function newUser(ctx: BrowserContext) {
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  // Not a registration test: the account is made like the CLI makes one, then logged in through the UI.
  const mobile = uniqueMobile();
  await createAccount(mobile);
  await loginViaUi(page, mobile, 'Test1234');
  await page.goto('/attestation-all/data');
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  return { page, token };
}

test.describe.configure({ mode: 'serial' });

for (const width of [1366, 375]) {
  test(`upload cancel, Beijing times, overview, share, form and admin gates at ${width} px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'UTC', permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const { page, token } = await newUser(ctx);
      const errors = watchErrors(page);
      const auth = { Authorization: `Bearer ${token}` };

      // A deposit, whose time the pages must show in Beijing time.
      const small = path.join(os.tmpdir(), `rough-${width}.txt`);
      fs.writeFileSync(small, `时间显示测试 ${width}\n`);
      await page.locator('input[type=file]').setInputFiles(small);
      const [resp] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/data/upload')), page.getByRole('button', { name: /开始存证/ }).click()]);
      const deposited = ((await resp.json()) as { data: { baoquan: string; saveTime: number } }).data;
      await expect(page.locator('.upload-done')).toContainText('存证成功');
      const when = beijing(deposited.saveTime);
      expect(when).not.toBe(utc(deposited.saveTime));
      await expect(page.getByText(when).first()).toBeVisible();
      await expect(page.getByText(utc(deposited.saveTime))).toHaveCount(0);

      // 取消上传 while the bytes are being sent (upload throttled to 256 KB/s): nothing is deposited.
      const big = path.join(os.tmpdir(), `rough-big-${width}.bin`);
      fs.writeFileSync(big, crypto.randomBytes(4 * 1024 * 1024));
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
      await page.locator('input[type=file]').setInputFiles(big);
      await page.getByRole('button', { name: /开始存证/ }).click();
      const cancel = page.getByRole('button', { name: /取\s*消\s*上\s*传/ });
      await expect(cancel).toBeEnabled();
      await shot(page, `upload-sending-${width}`);
      await cancel.click();
      await expect(page.getByText('已取消上传，文件未存证')).toBeVisible();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
      const list = (await (await page.request.get('/api/data/getList?page=1&limit=20', { headers: auth })).json()) as { data: { count: number } };
      expect(list.data.count).toBe(1);

      // Overview: tiles only for the kinds on offer; the recent deposit in Beijing time.
      await page.goto('/overview');
      const kinds = page.locator('.ov-kinds a');
      await expect(kinds).toHaveCount(6);
      await expect(kinds.nth(0)).toContainText('数据存证');
      await expect(kinds.nth(1)).toContainText('网页取证');
      await expect(kinds.nth(2)).toContainText('过程取证');
      await expect(kinds.nth(3)).toContainText('手机过程取证');
      await expect(kinds.nth(4)).toContainText('App 取证');
      await expect(kinds.nth(5)).toContainText('音视频取证');
      await expect(page.getByText(when).first()).toBeVisible();
      await shot(page, `overview-${width}`);

      // Certificate: the same time as the certificate's 北京时间; 分享 copies the link and shows the QR code.
      await page.goto(`/attestation/${deposited.baoquan}`);
      await expect(page.locator('.cert-html')).toContainText(when);
      await page.getByRole('button', { name: /分\s*享/ }).click();
      const dialog = page.getByRole('dialog', { name: '分享保全证书' });
      await expect(dialog.locator('img[alt="扫码在线查看"]')).toBeVisible();
      const url = new URL(`/attestation/${deposited.baoquan}`, page.url()).toString();
      await expect(dialog.getByLabel('证书链接')).toHaveValue(url);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      // The dialog's opening animation has ended before the picture is taken.
      await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
      await shot(page, `share-${width}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // Logged in: the forms send the user on.
      await page.goto('/login');
      await page.waitForURL('**/overview');
      await page.goto(`/register?redirect=${encodeURIComponent('/evidences-all/web')}`);
      await page.waitForURL('**/evidences-all/web');
      await page.goto('/forgetpwd');
      await page.waitForURL('**/overview');

      // /admin as a non-operator: 无权访问 in the app, still logged in; the API says 403.
      await page.goto('/admin/users');
      await expect(page.getByText('无权访问').first()).toBeVisible();
      await shot(page, `admin-forbidden-${width}`);
      expect(new URL(page.url()).pathname).toBe('/admin/users');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
      const admin = (await (await page.request.get('/api/admin/users', { headers: auth })).json()) as { code: number };
      expect(admin.code).toBe(403);
      await page.getByRole('button', { name: /返\s*回\s*首\s*页/ }).click();
      await page.waitForURL('**/home');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
}

/** The login-required pages of the route table (spec p2 §2) that exist today. */
const PRIVATE_PAGES = ['/attestation-all/data', '/attestation-all/data/download', '/newWeb', '/evidences-all/web', '/evidences-all/web/download', '/overview', '/setting', '/notifications', '/signature'];

test('bad input: revoked token, unreachable API, unknown number', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'UTC' });
  try {
    const { page, token } = await newUser(ctx);
    const errors = watchErrors(page);

    // The API unreachable (connection refused, as with the server stopped) while the pages are open.
    await ctx.route('**/api/**', (r) => r.abort('connectionrefused'));
    for (const p of ['/attestation-all/data', '/overview', '/evidences-all/web', '/notifications', `/attestation/${UNKNOWN}`]) {
      await page.goto(p);
      await expect(page.getByText(NETWORK_FAILURE).first()).toBeVisible();
      // The page keeps its frame (header or certificate shell), it did not go blank.
      await expect(page.locator('header, .cert-page, .plain-result').first()).toBeVisible();
      if (p === '/overview') await shot(page, 'api-down-overview-1366');
      if (p.startsWith('/attestation/')) await shot(page, 'api-down-certificate-1366');
    }
    expect(new URL(page.url()).pathname).toBe(`/attestation/${UNKNOWN}`);
    // Every other page keeps its frame and its address too (no crash, no blank page, no logout).
    for (const p of [...PRIVATE_PAGES, '/home', '/verify', '/queryAuthentication/safekeeping', `/ledger/${'0'.repeat(64)}`, `/evidencesWeb/${UNKNOWN}`]) {
      await page.goto(p);
      await expect(page.locator('header, .cert-page, .plain-result').first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(p);
    }
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    await ctx.unroute('**/api/**');

    // An unknown number: a clear 保全号不存在 page, not an empty certificate.
    const unknownPages: [string, string][] = [
      [`/attestation/${UNKNOWN}`, '保全号不存在'],
      [`/evidencesWeb/${UNKNOWN}`, '保全号不存在'],
      [`/mobile/attestation/${UNKNOWN}/x`, '保全号不存在'],
      [`/English/attestation/${UNKNOWN}`, 'Certificate number does not exist'],
      [`/ledger/${'0'.repeat(64)}`, '账本中不存在该账本存证哈希'],
    ];
    for (const [p, title] of unknownPages) {
      await page.goto(p);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.locator('.cert-html')).toHaveCount(0);
    }
    await page.goto(`/attestation/${UNKNOWN}`);
    await expect(page.getByRole('heading', { name: '保全号不存在' })).toBeVisible();
    await shot(page, 'unknown-baoquan-1366');

    // The session ends on the server (as when it expires); the browser still holds the token.
    const out = (await (await page.request.get('/api/user/logout', { headers: { Authorization: `Bearer ${token}` } })).json()) as { code: number };
    expect(out.code).toBe(200);
    for (const p of PRIVATE_PAGES) {
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(p);
      await expect(page.getByRole('button', { name: /登\s*录/ }).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    }
    await shot(page, 'expired-token-login-1366');
    // Public pages: the dead token is dropped and, as spec p2 §8 says for 408, the visitor goes to /login
    // with the redirect; that page then opens logged out.
    for (const [p, text] of [[`/attestation/${UNKNOWN}`, '保全号不存在'], ['/home', '首页']] as const) {
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(p);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await page.goto(p);
      await expect(page.getByText(text).first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(p);
    }
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

test('the announcement: not over the login form, once after logging in', async ({ browser }) => {
  const opCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const ctx = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const op = await opCtx.newPage();
    await autoDismissNotice(op);
    await loginViaUi(op, OPERATOR.mobile, OPERATOR.password);
    const title = `登录页公告 ${Date.now()}`;
    const published = await op.request.post('/api/admin/announcements', {
      headers: { authorization: `Bearer ${await op.evaluate(() => localStorage.getItem('token'))}` },
      form: { title, content: '公告只在登录后出现一次。' },
    });
    expect(((await published.json()) as { code: number }).code).toBe(200);

    const mobile = uniqueMobile();
    await createAccount(mobile);
    const page = await ctx.newPage();
    const dialog = page.getByRole('dialog', { name: '公告' });
    // The login form: the announcement is fetched but not shown over it.
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/news/notice')), page.goto('/login')]);
    await page.getByPlaceholder('请输入手机号').first().fill(mobile);
    await page.getByPlaceholder('请输入密码').fill('Test1234');
    // Time for the dialog's code to load, were it going to show (it did before issue 8).
    await page.waitForTimeout(1000);
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: /登\s*录/ }).first().click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // After logging in: once.
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await shot(page, 'announcement-after-login-375');
    await dialog.getByRole('button').first().click();
    await expect(dialog).toHaveCount(0);
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/news/notice')), page.reload()]);
    await page.goto('/attestation-all/data');
    await expect(page.getByText('上传存证').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await opCtx.close();
    await ctx.close();
  }
});
