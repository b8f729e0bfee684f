/**
 * E2E helpers: what a person reads outside the browser (the captcha image, their phone's SMS) comes
 * from the e2e server's peek endpoint (e2e/server.ts), never from the app under test.
 */
import type { Page } from '@playwright/test';

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

/** A mobile number unique to this run. */
export const uniqueMobile = () => `136${String(Date.now()).slice(-8)}`;
