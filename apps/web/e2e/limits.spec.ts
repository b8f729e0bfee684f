/**
 * Limits that do not lock the rightful user out (issue 9 §3), in Debian's Chromium: after repeated wrong
 * passwords /login shows an image captcha (a PNG) and the right password with its answer logs in; the
 * certificate's extraction dialog does the same after repeated wrong codes. The registration on the way
 * goes through the proof of work the page solves before the SMS send.
 */
import { expect, test, type Page } from '@playwright/test';
import { LONGEST_WAIT_MS, startEarlyInWindow } from '../../server/test/helpers/fixedWindow.ts';
import { autoDismissNotice, captchaAnswer, nextCaptchaId, registerViaUi, uniqueMobile } from './helpers.ts';

/**
 * Windows (s) of the counters these flows count up to: LOGIN_GATE (auth/service.ts) and
 * EXTRACT_LIMITS.perOwnerClient (certificate/extract.ts); not imported, which would load the server's
 * modules (argon2 …) into Playwright's process.
 */
const LOGIN_FAIL_WINDOW_S = 900;
const EXTRACT_FAIL_WINDOW_S = 3600;

/** Clicks `button` and waits for the answer of the API call matching `path`. */
const answer = async (page: Page, path: RegExp, click: () => Promise<void>) => {
  const [resp] = await Promise.all([page.waitForResponse((r) => path.test(new URL(r.url()).pathname)), click()]);
  return (await resp.json()) as { code: number; msg: string; data: unknown };
};

test('login asks for a captcha after 5 wrong passwords and then lets the right one in', async ({ browser }, testInfo) => {
  test.setTimeout(testInfo.timeout + LONGEST_WAIT_MS);
  const mobile = uniqueMobile();
  const reg = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const p = await reg.newPage();
    await autoDismissNotice(p);
    await registerViaUi(p, mobile, 'Test1234');
  } finally {
    await reg.close();
  }
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await ctx.newPage();
    await autoDismissNotice(page);
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').first().fill(mobile);
    const loginBtn = page.getByRole('button', { name: /登\s*录/ }).first();
    // The failures are counted in fixed windows aligned to the clock (server and this process share it).
    await startEarlyInWindow(LOGIN_FAIL_WINDOW_S);
    for (let i = 0; i < 5; i++) {
      await page.getByPlaceholder('请输入密码').fill('Wrong1234');
      expect((await answer(page, /^\/api\/login$/i, () => loginBtn.click())).msg).toBe('手机号或密码错误');
    }
    await expect(page.getByPlaceholder('请输入图形验证码')).toHaveCount(0);
    await page.getByPlaceholder('请输入密码').fill('Test1234');
    let first: { code: number; msg: string; data: unknown } | undefined;
    const captchaId = await nextCaptchaId(page, async () => {
      first = await answer(page, /^\/api\/login$/i, () => loginBtn.click());
    });
    expect(first).toMatchObject({ code: 400, msg: '请输入图形验证码', data: { needCaptcha: 1 } });
    const img = page.getByRole('img', { name: '图形验证码' });
    await expect(img).toHaveAttribute('src', /^data:image\/png;base64,/);
    await page.getByPlaceholder('请输入图形验证码').fill(await captchaAnswer(captchaId));
    await loginBtn.click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  } finally {
    await ctx.close();
  }
});

test('the extraction dialog asks for a captcha after 5 wrong codes and the right code still extracts', async ({ browser }, testInfo) => {
  test.setTimeout(testInfo.timeout + LONGEST_WAIT_MS);
  const ctx = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
  try {
    const page = await ctx.newPage();
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await registerViaUi(page, mobile, 'Test1234');
    const bearer = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const code = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);
    expect(code).toMatch(/^\d{6}$/);
    const up = await page.request.post('/api/data/upload', { headers: { authorization: `Bearer ${bearer}` }, multipart: { title: '限流测试', file: { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('限流测试') } } });
    const baoquan = ((await up.json()) as { data: { baoquan: string } }).data.baoquan;

    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
    try {
      const v = await visitor.newPage();
      await autoDismissNotice(v);
      await v.goto(`/attestation/${baoquan}`);
      const wrong = code === '000000' ? '111111' : '000000';
      const submit = () => v.getByRole('button', { name: /提\s*取/ }).last().click();
      await v.getByRole('button', { name: '提取证据' }).click();
      await startEarlyInWindow(EXTRACT_FAIL_WINDOW_S);
      for (let i = 0; i < 5; i++) {
        await v.getByPlaceholder('请输入证据提取码').fill(wrong);
        expect((await answer(v, /^\/api\/share\/downBaoquan$/i, submit)).msg).toBe('证据提取码错误');
      }
      await v.getByPlaceholder('请输入证据提取码').fill(code);
      const captchaId = await nextCaptchaId(v, async () => {
        expect((await answer(v, /^\/api\/share\/downBaoquan$/i, submit)).msg).toBe('请输入图形验证码');
      });
      await v.getByPlaceholder('请输入图形验证码').fill(await captchaAnswer(captchaId));
      const [download] = await Promise.all([v.waitForEvent('download'), submit()]);
      expect(download.suggestedFilename()).toBe('a.txt');
    } finally {
      await visitor.close();
    }
  } finally {
    await ctx.close();
  }
});
