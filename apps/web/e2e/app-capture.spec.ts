/**
 * App evidence in the phone's browser (issue 12 §1), in Debian's Chromium at 375 px with a fake camera,
 * microphone and screen (launch flags of this spec only): take a photo, record 5 s of video (its first
 * upload request is cut off: the tus upload retries and resumes) and 5 s of audio, record the screen;
 * each is deposited with the phone info, listed under /attestation-all/app, and its certificate shows
 * 手机信息 with the device's fields. The video preview goes through /mobile/previewProgress to
 * /mobile/preview and plays with HTTP range requests (206). Screenshots go to /tmp/cz/shots-app (or
 * test-results/screens when that folder cannot be made).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, loginViaUi, uniqueMobile } from './helpers.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--auto-select-desktop-capture-source=Entire screen',
      '--auto-accept-this-tab-capture',
    ],
  },
});

const SHOTS = process.env.E2E_SHOTS ?? path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `app-${name}.png`), fullPage: true });
};

test.describe.configure({ mode: 'serial' });

/** Opens a capture dialog from the list page's capture block. */
async function openCapture(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Deposits what the dialog recorded and returns the new certificate number. */
async function save(page: Page, dialog: ReturnType<Page['getByRole']>, name: string): Promise<string> {
  await dialog.getByRole('button', { name: /保\s*全/ }).click();
  await expect(dialog.getByText('保全成功')).toBeVisible({ timeout: 60_000 });
  await shot(page, `${name}-done`);
  const bq = (await dialog.getByRole('link').first().innerText()).trim();
  expect(bq).toMatch(/^CZ\d{8}[0-9A-Z]{12}$/);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();
  return bq;
}

/** Records `seconds` in an open video/audio/screen dialog, checking the time and size shown. */
async function record(page: Page, dialog: ReturnType<Page['getByRole']>, start: string, seconds: number, name: string) {
  await dialog.getByRole('button', { name: start }).click();
  await expect(dialog.getByTestId('capture-time')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(seconds * 1000);
  await expect(dialog.getByTestId('capture-time')).toHaveText(/^00:0[4-9]$/);
  await expect(dialog.getByTestId('capture-size')).not.toHaveText(/^0 B$/);
  await shot(page, `${name}-recording`);
  await dialog.getByRole('button', { name: /停\s*止/ }).click();
  await expect(dialog.getByText(/录制大小/)).toBeVisible({ timeout: 20_000 });
}

test('photo, video, audio and screen captures deposit with phone info at 375 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const mobile = uniqueMobile();
  await createAccount(mobile);
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await autoDismissNotice(page);
  await loginViaUi(page, mobile, 'Test1234');
  await page.goto('/attestation-all/app');
  await expect(page.getByRole('heading', { level: 1, name: 'App取证' })).toBeVisible();
  await shot(page, 'list-empty-375');

  // Photo.
  let dialog = await openCapture(page, '拍照取证');
  await expect(dialog.getByRole('button', { name: /拍\s*照/ })).toBeVisible({ timeout: 20_000 });
  await page.waitForFunction(() => (document.querySelector('[data-testid=capture-live]') as HTMLVideoElement | null)?.videoWidth);
  await dialog.getByRole('button', { name: /拍\s*照/ }).click();
  await expect(dialog.getByRole('img', { name: '拍摄的照片' })).toBeVisible();
  const photo = await save(page, dialog, 'photo');

  // Video, 5 s; the first PATCH of its upload is cut off (a dropped connection): tus retries and resumes.
  let cut = 0;
  await page.route('**/api/app/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && cut === 0) {
      cut++;
      await route.abort('connectionreset');
      return;
    }
    await route.fallback();
  });
  dialog = await openCapture(page, '录像取证');
  await record(page, dialog, '开始录像', 5, 'video');
  const video = await save(page, dialog, 'video');
  expect(cut).toBe(1);
  await page.unroute('**/api/app/uploads/*');

  // Audio, 5 s.
  dialog = await openCapture(page, '录音取证');
  await record(page, dialog, '开始录音', 5, 'audio');
  const audio = await save(page, dialog, 'audio');

  // Screen recording.
  dialog = await openCapture(page, '录屏取证');
  await record(page, dialog, '开始录屏', 5, 'screen');
  const screen = await save(page, dialog, 'screen');

  // The list shows the four, newest first, with their capture types.
  await page.reload();
  for (const [bq, type] of [[photo, '拍照取证'], [video, '录像取证'], [audio, '录音取证'], [screen, '录屏取证']] as const) {
    const card = page.locator('li.evidence-card, tr').filter({ has: page.getByRole('link', { name: bq }) }).first();
    await expect(card).toContainText(type);
  }
  await shot(page, 'list-375');

  // Each certificate shows 手机信息 with the device's fields.
  for (const bq of [photo, video, audio, screen]) {
    await page.goto(`/attestation/${bq}`);
    await page.getByRole('button', { name: /手机信息/ }).click();
    const info = page.getByRole('dialog', { name: /手机信息/ });
    await expect(info).toBeVisible();
    await expect(info).toContainText(/\d+/); // core count
    await expect(info).toContainText(/Chrom/);
    if (bq === video) await shot(page, 'certificate-phone-375');
    await page.keyboard.press('Escape');
  }

  // Preview of the video: the progress page checks the file, the player fetches ranges.
  await page.goto('/attestation-all/app');
  const row = page.locator('li.evidence-card, tr').filter({ has: page.getByRole('link', { name: video }) }).first();
  const ranged = page.waitForResponse((r) => r.url().includes('/api/app/media/') && r.status() === 206, { timeout: 30_000 });
  await row.getByRole('button', { name: '预览' }).click();
  await page.waitForURL(/\/mobile\/preview\//, { timeout: 30_000 });
  await expect(page.getByTestId('preview-video')).toBeVisible();
  expect((await ranged).headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  await shot(page, 'preview-video-375');

  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);

  // The same list at 1366 px: a table with the capture type and 预览 columns.
  const wide = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: await ctx.storageState() });
  const desk = await wide.newPage();
  await autoDismissNotice(desk);
  await desk.goto('/attestation-all/app');
  await expect(desk.getByRole('columnheader', { name: '取证类型' })).toBeVisible();
  await expect(desk.locator('tbody tr').filter({ has: desk.getByRole('link', { name: screen }) })).toContainText('录屏取证');
  await expect(desk.locator('tbody tr').getByRole('button', { name: /预览/ })).toHaveCount(4);
  await shot(desk, 'list-1366');
  await desk.getByRole('button', { name: /录像取证/ }).click();
  await expect(desk.getByRole('button', { name: /开始录像/ })).toBeVisible({ timeout: 20_000 });
  await shot(desk, 'capture-dialog-1366');
  await wide.close();
  await ctx.close();
});
