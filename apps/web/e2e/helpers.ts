/**
 * E2E helpers: what a person reads outside the browser (the captcha image, their phone's SMS) comes
 * from the e2e server's peek endpoint (e2e/server.ts), never from the app under test.
 */
import { type Page } from '@playwright/test';

const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;

/** Answer of captcha `id`. */
export async function captchaAnswer(id: string): Promise<string> {
  return (await (await fetch(`${PEEK}/captcha/${id}`)).json()) as string;
}

/** The 6-digit code in the latest SMS to `mobile`, waiting up to 10 s for it. */
export async function smsCode(mobile: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const text = (await (await fetch(`${PEEK}/sms/${mobile}`)).json()) as string | null;
    const m = text && /(\d{6})/.exec(text);
    if (m) return m[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS to ${mobile}`);
}

/** Waits for the page's next captcha and returns its id (read from the getImgCode answer). */
export async function nextCaptchaId(page: Page, trigger: () => Promise<unknown>): Promise<string> {
  const [resp] = await Promise.all([page.waitForResponse((r) => /\/api\/Register\/getImgCode$/i.test(new URL(r.url()).pathname)), trigger()]);
  return ((await resp.json()) as { data: { captchaId: string } }).data.captchaId;
}

/** Creates a personal account (password Test1234) the way the operator CLI does, through the e2e server. */
export async function createAccount(mobile: string): Promise<void> {
  const r = await fetch(`${PEEK}/user/${mobile}`);
  if (!r.ok || (await r.json()) === null) throw new Error(`could not create ${mobile}`);
}

/** A mobile number unique to this run. */
export const uniqueMobile = () => `136${String(Date.now()).slice(-8)}`;

/** The operator created by e2e/server.ts. */
export const OPERATOR = { mobile: '13900000000', password: 'Oper1234' };

/** Registers a personal account through /register (captcha + SMS); ends on the evidence list. */
export async function registerViaUi(page: Page, mobile: string, password = 'Test1234', name = '张三'): Promise<void> {
  const captchaId = await nextCaptchaId(page, () => page.goto('/register'));
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByPlaceholder('请输入姓名').fill(name);
  await page.getByPlaceholder('请输入图形验证码').fill(await captchaAnswer(captchaId));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(mobile));
  await page.getByPlaceholder('请输入6-18位数字字母组合密码').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL('**/attestation-all/data');
}

/** Logs in with the password tab of /login. */
export async function loginViaUi(page: Page, mobile: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入手机号').first().fill(mobile);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).first().click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * Closes the 公告 dialog whenever it shows up on `page`, like a person would (flows that are not about
 * announcements). Returns a function that stops doing so.
 */
export async function autoDismissNotice(page: Page): Promise<() => Promise<void>> {
  const notice = page.getByRole('dialog', { name: '公告' });
  await page.addLocatorHandler(notice, async (d) => { await d.getByRole('button').first().click(); });
  return () => page.removeLocatorHandler(notice);
}

/**
 * Goes to `path` and waits until React has taken the page over from the prerendered HTML (issue 16: the
 * build writes prerendered first screens whose root carries id `app-shell-html`; React's first render
 * replaces it). Controls of the prerendered HTML are read-only or disabled, so a test that types or chooses
 * a file right after `goto` must wait for this, as a person waits for the page to respond.
 */
export async function gotoLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => !document.getElementById('app-shell-html') && (document.getElementById('root')?.childElementCount ?? 0) > 0);
}
