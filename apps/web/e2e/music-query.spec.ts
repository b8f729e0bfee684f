/**
 * Issue 12 §2–3 end to end in Debian's Chromium, at 1366 px and 375 px: a music work deposited with three
 * files (audio, lyrics, score) through /evidences-all/music; its certificate /evidencesMusic/{id} with the
 * owner's player and files, the extraction dialog for a visitor (bytes compared); then every public query
 * page with a found and a not-found number: /queryAuthentication (notarial, mutualEvidence, keepSingle,
 * electronicData by SHA-256 and SM3), /queryAuthentication/musickeeping, /English/safekeeping →
 * /English/attestation/{id}, /dama/{id}; the help centre's article PDF. No console errors on the way.
 * Screenshots go to E2E_SHOTS (default test-results/screens) as music-*.png and query-*.png.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { autoDismissNotice, createAccount, gotoLive, loginViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-e2e-music-'));
const audioPath = path.join(dir, '月光下的小河.mp3');
execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=523:duration=4', '-c:a', 'libmp3lame', '-b:a', '64k', audioPath]);
const audio = fs.readFileSync(audioPath);
const lyricsPath = path.join(dir, '小河-歌词.lrc');
fs.writeFileSync(lyricsPath, '[00:00.00]月光下的小河\n[00:02.00]静静地流淌\n');
const scorePath = path.join(dir, '小河-曲谱.pdf');
fs.writeFileSync(scorePath, '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const otherPath = path.join(dir, '别的文件.txt');
fs.writeFileSync(otherPath, `不是存证的文件 ${crypto.randomUUID()}`);
const UNKNOWN = 'CZ20260101ZZZZZZZZZZZZ';

test.describe.configure({ mode: 'serial' });

/** Fails the test on page errors and console errors. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  return problems;
}

/** No sideways scroll at this width. */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
}

const works: Record<number, { baoquan: string; extractCode: string }> = {};

for (const width of [1366, 375]) {
  test(`music work with three files, its certificate, player and extraction at ${width} px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await ctx.newPage();
    const problems = watchErrors(page);
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await createAccount(mobile);
    await loginViaUi(page, mobile, 'Test1234');
    await page.goto('/evidences-all/music');
    await expect(page.getByRole('heading', { name: '音乐存证' }).first()).toBeVisible();
    await page.getByTestId('music-slot-audio').locator('input[type=file]').setInputFiles(audioPath);
    await page.getByTestId('music-slot-lyrics').locator('input[type=file]').setInputFiles(lyricsPath);
    await page.getByTestId('music-slot-score').locator('input[type=file]').setInputFiles(scorePath);
    // Field checks before sending: required title, ISRC format.
    await page.getByLabel('ISRC（选填）').fill('CN-A12-26-001');
    await page.getByRole('button', { name: /开始存证/ }).click();
    await expect(page.getByText('请输入作品名称')).toBeVisible();
    await expect(page.getByText('ISRC格式错误，应为12位，如 CN-A12-26-00001')).toBeVisible();
    await page.getByLabel('作品名称').fill(`月光下的小河 ${width}`);
    await page.getByLabel('作词（选填）').fill('张三');
    await page.getByLabel('作曲（选填）').fill('李四');
    await page.getByLabel('表演者（选填）').fill('王五');
    await page.getByLabel('专辑（选填）').fill('春天');
    await page.getByLabel('ISRC（选填）').fill('CN-A12-26-00001');
    await shot(page, `music-form-${width}`);
    await page.getByRole('button', { name: /开始存证/ }).click();
    const done = page.locator('.upload-done');
    await expect(done).toContainText('存证成功', { timeout: 30_000 });
    const baoquan = (await done.locator('a').first().innerText()).trim();
    expect(baoquan).toMatch(/^CZ\d{8}[0-9A-Z]{12}$/);
    await expect(done).toContainText('时长 0:04');
    await expect(page.getByText(`月光下的小河 ${width}`).first()).toBeVisible();
    await noSideScroll(page);
    await shot(page, `music-list-${width}`);
    const extractCode = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);
    works[width] = { baoquan, extractCode };

    // The download page lists it.
    await page.goto('/evidences-all/music/download');
    await expect(page.getByText(`月光下的小河 ${width}`).first()).toBeVisible();
    await shot(page, `music-download-${width}`);

    // The owner's certificate: work facts, the player, the three files with download links.
    await page.goto(`/evidencesMusic/${baoquan}`);
    await expect(page.getByText('音乐存证保全证书').first()).toBeVisible();
    await expect(page.getByTestId('music-work-title')).toHaveText(`月光下的小河 ${width}`);
    await expect(page.getByTestId('music-duration')).toContainText('秒');
    const player = page.getByTestId('music-player');
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await player.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(4);
    for (const role of ['audio', 'lyrics', 'score']) await expect(page.getByTestId(`music-file-${role}`).getByRole('link', { name: '下载' })).toBeVisible();
    await expect(page.getByTestId('music-file-lyrics')).toContainText(crypto.createHash('sha256').update(fs.readFileSync(lyricsPath)).digest('hex'));
    await noSideScroll(page);
    await shot(page, `music-certificate-owner-${width}`);
    await ctx.close();

    // A visitor: no player, no file links; the extraction dialog delivers the audio.
    const anon = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const visitor = await anon.newPage();
    const vProblems = watchErrors(visitor);
    await autoDismissNotice(visitor);
    await visitor.goto(`/evidencesMusic/${baoquan}`);
    await expect(visitor.getByTestId('music-work-title')).toBeVisible();
    await expect(visitor.getByTestId('music-player')).toHaveCount(0);
    await expect(visitor.getByTestId('music-file-score').getByRole('link', { name: '下载' })).toHaveCount(0);
    await visitor.getByRole('button', { name: '提取证据' }).click();
    await visitor.getByPlaceholder('请输入证据提取码').fill(extractCode);
    const [dl] = await Promise.all([visitor.waitForEvent('download'), visitor.getByRole('button', { name: /提\s*取/ }).last().click()]);
    expect(fs.readFileSync(await dl.path()).equals(audio)).toBe(true);
    await shot(visitor, `music-certificate-visitor-${width}`);
    await anon.close();
    expect([...problems, ...vProblems]).toEqual([]);
  });
}

for (const width of [1366, 375]) {
  test(`every public query page with a found and a not-found number at ${width} px`, async ({ browser }) => {
    const { baoquan } = works[width]!;
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await ctx.newPage();
    const problems = watchErrors(page);
    await autoDismissNotice(page);

    // /queryAuthentication → notarial (default): no notarial certificate exists yet.
    await page.goto('/queryAuthentication');
    await page.waitForURL('**/queryAuthentication/notarial');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('请输入公证书编号')).toBeVisible();
    await page.getByLabel('公证书编号').fill('(2026)京中信内经证字第00001号');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByTestId('query-error')).toHaveText('公证书编号不存在');
    await noSideScroll(page);
    await shot(page, `query-notarial-${width}`);

    // keepSingle: found (music, any kind) and not found.
    await page.getByText('单证核验').click();
    await page.waitForURL('**/queryAuthentication/keepSingle');
    await page.getByLabel('保全号').fill(UNKNOWN);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByTestId('query-error')).toHaveText('保全号不存在');
    await page.getByLabel('保全号').fill(baoquan);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const found = page.getByTestId('query-result');
    await expect(found).toContainText('音乐存证');
    await expect(found).toContainText(`月光下的小河 ${width}`);
    await noSideScroll(page);
    await shot(page, `query-keepSingle-${width}`);
    await found.getByRole('button', { name: '查看保全证书' }).click();
    await page.waitForURL(`**/evidencesMusic/${baoquan}`);

    // mutualEvidence: the same file → 一致; another file → 不一致; unknown number → 保全号不存在.
    await gotoLive(page, '/queryAuthentication/mutualEvidence');
    await page.locator('input[type=file]').setInputFiles(audioPath);
    await page.getByLabel('保全号').fill(UNKNOWN);
    await page.getByRole('button', { name: /比\s*对/ }).click();
    await expect(page.getByTestId('query-error')).toHaveText('保全号不存在');
    await page.getByLabel('保全号').fill(baoquan);
    await page.getByRole('button', { name: /比\s*对/ }).click();
    await expect(page.getByTestId('mutual-verdict')).toContainText('比对一致');
    await noSideScroll(page);
    await shot(page, `query-mutual-same-${width}`);
    await page.locator('input[type=file]').setInputFiles(otherPath);
    await page.getByRole('button', { name: /比\s*对/ }).click();
    await expect(page.getByTestId('mutual-verdict')).toContainText('比对不一致');
    await shot(page, `query-mutual-differ-${width}`);

    // electronicData: by the local file (SHA-256, then SM3) → found; a typed digest of nothing → none.
    await gotoLive(page, '/queryAuthentication/electronicData');
    await page.locator('input[type=file]').setInputFiles(audioPath);
    await page.getByRole('button', { name: /核\s*验/ }).click();
    await expect(page.getByTestId('digest-result')).toContainText(baoquan);
    await page.getByText('SM3（国密）').click();
    await page.getByRole('button', { name: /核\s*验/ }).click();
    const sm3 = crypto.createHash('sm3').update(audio).digest('hex');
    await expect(page.getByTestId('digest-result')).toContainText(sm3);
    await expect(page.getByTestId('digest-result')).toContainText(baoquan);
    await noSideScroll(page);
    await shot(page, `query-electronic-sm3-${width}`);
    await page.getByText('输入摘要值').click();
    await page.getByRole('textbox', { name: '摘要值' }).fill('abc');
    await page.getByRole('button', { name: /核\s*验/ }).click();
    await expect(page.getByTestId('query-error')).toHaveText('请输入64位十六进制的SHA-256或SM3摘要值');
    await page.getByRole('textbox', { name: '摘要值' }).fill('0'.repeat(64));
    await page.getByRole('button', { name: /核\s*验/ }).click();
    await expect(page.getByTestId('digest-none')).toBeVisible();
    await shot(page, `query-electronic-none-${width}`);

    // /queryAuthentication/musickeeping: found and not found.
    await page.goto('/queryAuthentication/musickeeping');
    await expect(page.getByRole('heading', { name: '音乐存证证书查询' })).toBeVisible();
    await page.getByLabel('保全号').fill(UNKNOWN);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByText('保全号不存在').first()).toBeVisible();
    await page.getByLabel('保全号').fill(baoquan);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page.getByTestId('safekeeping-result')).toContainText(baoquan);
    await noSideScroll(page);
    await shot(page, `query-musickeeping-${width}`);

    // /English/safekeeping: not found, found → /English/attestation/{id}.
    await page.goto('/English/safekeeping');
    await page.getByLabel('Certificate number').fill(UNKNOWN);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('query-error')).toHaveText('No certificate has this number.');
    await page.getByLabel('Certificate number').fill(baoquan);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('query-result')).toContainText('Music work preservation');
    await noSideScroll(page);
    await shot(page, `query-english-${width}`);
    await page.getByRole('button', { name: 'View the certificate' }).click();
    await page.waitForURL(`**/English/attestation/${baoquan}`);
    await expect(page.getByText(baoquan).first()).toBeVisible();

    // /dama/{id}: the QR landing page, found and not found.
    await page.goto(`/dama/${baoquan}`);
    await expect(page.getByTestId('query-result')).toContainText('证书有效');
    await noSideScroll(page);
    await shot(page, `query-dama-${width}`);
    await page.getByRole('link', { name: '查看完整保全证书' }).click();
    await page.waitForURL(`**/evidencesMusic/${baoquan}`);
    await page.goto(`/dama/${UNKNOWN}`);
    await expect(page.getByTestId('query-error')).toContainText('保全号不存在');
    await shot(page, `query-dama-missing-${width}`);

    // The help centre's articles and a PDF.
    await page.goto('/helpCenter');
    const article = page.getByTestId('help-article').filter({ hasText: '互联网法院' });
    await article.locator('summary').click();
    await expect(article).toContainText('可信时间戳');
    const [pdf] = await Promise.all([page.waitForEvent('download'), article.getByRole('button', { name: '下载 PDF' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/互联网法院.*\.pdf$/);
    expect(fs.readFileSync(await pdf.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shot(page, `query-help-${width}`);
    await ctx.close();
    // The failed checks above answer code 400 (shown in the page), never console errors.
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
  });
}
