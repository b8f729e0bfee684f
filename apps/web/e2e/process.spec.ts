/**
 * Issue 11 §2 in Chromium: a user starts a process-evidence session (过程取证) against a local test site,
 * clicks and types in the streamed remote page (the test site records what reached it), follows a link,
 * stops; the certificate /evidencesPro/{no} shows the video beside the action log; a stranger extracts the
 * WACZ with the owner's code, and its SHA-256 equals the ledger entry's while the certificate video's MP4
 * hashes to what the WACZ records (process/video.json), so the ledger entry commits to both. Then the
 * same on a phone (手机过程取证: 375-px page, touch taps on the phone-sized stream).
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';

// E2E_SHOTS: a directory of one's own when several runs share the checkout (Playwright empties test-results).
const SHOTS = process.env.E2E_SHOTS ?? path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string, fullPage = true) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
};

/** Remote viewports of the contract (PROCESS_VIEWPORT). */
const VIEWPORT = { process: { width: 1366, height: 768 }, mobile: { width: 390, height: 844 } } as const;

let site: http.Server;
let base = '';
/** Values the test site received from its form (what the user typed into the remote page). */
const typed: string[] = [];

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/typed') {
      typed.push(u.searchParams.get('v') ?? '');
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }
    const html = (title: string, body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="margin:0;font:18px sans-serif;background:#fff">${body}</body></html>`);
    if (u.pathname === '/form.html') {
      // Fixed positions, so the test knows where to click in the remote viewport.
      return html(
        '留言表单',
        `<h1 style="margin:16px">留言表单</h1>` +
          `<input id="q" aria-label="留言" style="position:absolute;left:40px;top:100px;width:250px;height:40px;font-size:20px">` +
          `<button id="go" style="position:absolute;left:40px;top:180px;width:200px;height:50px;font-size:20px" onclick="fetch('/typed?v='+encodeURIComponent(document.getElementById('q').value)).then(function(){location.href='/done.html'})">提交留言</button>`,
      );
    }
    if (u.pathname === '/done.html') return html('提交成功', '<h1 style="margin:16px">提交成功</h1><p style="margin:16px">感谢您的留言。</p>');
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => site.close(() => r())));

/** The screen point showing remote viewport point (x, y): the canvas draws the frame contain-fitted. */
async function screenPoint(canvas: Locator, vp: { width: number; height: number }, x: number, y: number) {
  const box = (await canvas.boundingBox())!;
  const scale = Math.min(box.width / vp.width, box.height / vp.height);
  const ox = (box.width - vp.width * scale) / 2;
  const oy = (box.height - vp.height * scale) / 2;
  return { x: box.x + ox + x * scale, y: box.y + oy + y * scale };
}

/** True once the canvas shows something other than one flat colour (a frame was drawn). */
const hasFrame = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 4; i < d.length; i += 4 * 97) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) return true;
    return false;
  });

/** Runs one session on `page` (logged in): start, click/tap the field, type, submit, stop → baoquan. */
async function recordSession(page: Page, kind: 'process' | 'mobile', text: string, screenName: string): Promise<{ baoquan: string; id: number }> {
  const vp = VIEWPORT[kind];
  await page.goto(kind === 'mobile' ? '/newMobile' : '/newProcess');
  await page.getByPlaceholder('请输入要访问的网址').fill(`${base}/form.html`);
  await page.getByPlaceholder(/默认使用/).fill(kind === 'mobile' ? '手机端留言取证' : '留言取证');
  await shot(page, `${screenName.replace('-live-', '-new-')}`);
  await page.getByRole('button', { name: /开始取证/ }).click();
  await page.waitForURL(kind === 'mobile' ? /\/evidences-all\/mobile\/queue\/\d+$/ : /\/evidences-all\/process\/queue\/\d+$/);
  const id = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  await expect(page.getByTestId('process-live')).toBeVisible({ timeout: 60_000 });
  const canvas = page.getByTestId('remote-canvas');
  await expect(page.getByLabel('地址栏')).toHaveValue(`${base}/form.html`, { timeout: 30_000 });
  await expect.poll(() => hasFrame(canvas), { timeout: 20_000 }).toBe(true);
  if (kind === 'mobile') await expect(page.getByTestId('remote-screen')).toHaveClass(/pro-screen-phone/);
  await expect(page.getByTestId('process-remaining')).toHaveText(/^\d+:\d\d$/);

  // Click (desktop) or tap (phone) into the field of the remote page, type, then press its button.
  const field = await screenPoint(canvas, vp, 160, 120);
  const button = await screenPoint(canvas, vp, 140, 205);
  if (kind === 'mobile') await page.touchscreen.tap(field.x, field.y);
  else await page.mouse.click(field.x, field.y);
  await page.keyboard.type(text, { delay: 30 });
  await page.waitForTimeout(300); // let the typed text reach the remote page before the button reads it
  if (kind === 'mobile') await page.touchscreen.tap(button.x, button.y);
  else await page.mouse.click(button.x, button.y);
  await expect.poll(() => typed.includes(text), { timeout: 20_000 }).toBe(true);
  await expect(page.getByLabel('地址栏')).toHaveValue(`${base}/done.html`, { timeout: 20_000 });
  await page.waitForTimeout(800); // a few frames of the new page in the video
  await shot(page, screenName, false);
  if (kind === 'process') {
    // An address outside the allow-list is refused with the server's message, shown above the stream.
    await page.getByLabel('地址栏').fill('http://10.1.2.3/');
    await page.getByLabel('地址栏').press('Enter');
    await expect(page.getByTestId('process-note')).toContainText('目标地址不允许访问', { timeout: 15_000 });
  }

  await page.getByRole('button', { name: /结束取证/ }).click();
  await expect(page.getByText('取证完成')).toBeVisible({ timeout: 120_000 });
  return { baoquan: (await page.getByTestId('process-baoquan').innerText()).trim(), id };
}

/** A stranger opens the certificate, extracts the zip with `code`, and the hashes are checked against the ledger. */
async function strangerExtracts(browser: Browser, baoquan: string, code: string, kind: 'process' | 'mobile', screenName: string) {
  const anon = await browser.newContext({ viewport: { width: 375, height: 812 }, acceptDownloads: true });
  try {
    const visitor = await anon.newPage();
    await autoDismissNotice(visitor);
    await visitor.goto(`/evidencesPro/${baoquan}`);
    await expect(visitor.getByTestId('action-log')).toBeVisible({ timeout: 15_000 });
    await shot(visitor, screenName);
    await visitor.getByRole('button', { name: '提取证据' }).click();
    await visitor.getByLabel('证据提取码').fill(code);
    const [dl] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: /提\s*取/ }).last().click()]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-pro-e2e-'));
    try {
      // Extraction delivers the WACZ (the evidence's main file); the MP4 is the certificate's video.
      const waczFile = path.join(dir, 'evidence.wacz');
      fs.copyFileSync(await dl.path(), waczFile);
      const wacz = fs.readFileSync(waczFile);
      expect(wacz.subarray(0, 2).toString()).toBe('PK');
      const src = await visitor.getByTestId('process-video').getAttribute('src');
      expect(src, 'the certificate shows the video').toBeTruthy();
      const mp4 = Buffer.from(await (await visitor.request.get(src!)).body());
      expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
      const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
      const proof = (await (await visitor.request.get(`/api/ledger/proof?baoquan=${baoquan}`)).json()) as { data: { leaf: string } };
      const entry = JSON.parse(Buffer.from(proof.data.leaf, 'base64').toString('utf8')) as { sha256: string; kind: string };
      expect(entry.kind).toBe(kind);
      expect(sha(wacz)).toBe(entry.sha256);
      // The WACZ (hashed by the ledger entry) records the MP4's hash: the entry commits to both.
      const videoJson = JSON.parse(execFileSync('unzip', ['-p', waczFile, 'process/video.json']).toString('utf8')) as { sha256: string };
      expect(sha(mp4)).toBe(videoJson.sha256);
      // The certificate shows the same two hashes.
      await expect(visitor.getByTestId('pro-wacz-sha')).toHaveText(entry.sha256);
      await expect(visitor.getByTestId('pro-mp4-sha')).toHaveText(videoJson.sha256);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await anon.close();
  }
}

test('process evidence: click and type in the streamed page, stop, certificate, stranger extracts', async ({ browser }) => {
  test.setTimeout(300_000);
  const mobile = uniqueMobile();
  await createAccount(mobile);
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await ctx.newPage();
    await autoDismissNotice(page);
    await loginViaUi(page, mobile, 'Test1234');
    const code = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);
    const { baoquan, id } = await recordSession(page, 'process', 'hello 你好 123', 'process-live-1366');

    // The owner's certificate: the video beside the action log; a log row seeks the video.
    await page.getByRole('link', { name: /查看保全证书/ }).click();
    await page.waitForURL(`**/evidencesPro/${baoquan}`);
    const video = page.getByTestId('process-video');
    await expect(video).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 0), { timeout: 15_000 }).toBe(true);
    const log = page.getByTestId('action-log');
    await expect(log).toContainText('点击');
    await expect(log).toContainText('打开网址');
    await expect(log).toContainText('done.html');
    await expect(log).toContainText('用户结束取证');
    const navRow = log.locator('tr.pro-log-row', { hasText: 'done.html' }).first();
    await navRow.click();
    await expect(navRow).toHaveClass(/pro-log-row-active/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    await shot(page, 'process-certificate-1366');

    // The list (kind tabs above it) shows the saved session; its detail drawer plays the video.
    await page.goto('/evidences-all/process');
    await expect(page.getByRole('tab', { name: '过程取证', exact: true })).toHaveAttribute('aria-selected', 'true');
    const row = page.locator('tr', { has: page.getByRole('link', { name: baoquan }) });
    await expect(row).toContainText('已完成');
    await expect(row).toContainText('留言取证');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'process-list-1366');

    // The owner's preview: the video beside the action log.
    await page.goto(`/evidences-all/process/preview?id=${id}`);
    await expect(page.getByTestId('process-video')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('action-log')).toContainText('输入');
    await shot(page, 'process-preview-1366');

    // The number check.
    await page.goto('/queryAuthentication/prokeeping');
    await page.getByLabel('保全号').fill(baoquan);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByTestId('safekeeping-result')).toContainText(baoquan);
    await expect(page.getByRole('link', { name: /查看保全证书/ })).toHaveAttribute('href', `/evidencesPro/${baoquan}`);

    await strangerExtracts(browser, baoquan, code, 'process', 'process-certificate-375');
  } finally {
    await ctx.close();
  }
});

test('mobile process evidence: tap and type on the phone-sized stream at 375 px, stop, stranger extracts', async ({ browser }) => {
  test.setTimeout(300_000);
  const mobile = uniqueMobile();
  await createAccount(mobile);
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  try {
    const page = await ctx.newPage();
    await autoDismissNotice(page);
    await loginViaUi(page, mobile, 'Test1234');
    const code = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);
    const { baoquan } = await recordSession(page, 'mobile', 'phone 456', 'mobile-live-375');
    await shot(page, 'mobile-result-375');
    await page.goto('/evidences-all/mobile-process');
    await expect(page.getByText(baoquan)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await shot(page, 'mobile-list-375');
    await strangerExtracts(browser, baoquan, code, 'mobile', 'mobile-certificate-375');
  } finally {
    await ctx.close();
  }
});
