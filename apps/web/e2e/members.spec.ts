/**
 * Enterprise members and roles end to end in Chromium (issue 14 §3–4, issue 13 member spending; spec p1
 * §2–9, p2 §2–8): a company adds a verified person as member (queryMember on blur, SMS type 7, letter
 * upload, spec messages), the operator approves the letter, the member switches role in the account menu,
 * deposits in the company's name spending the company's points (its own stay), sees only 消费记录 on
 * /orders, the company sees the member's consumption; the company stops the member (SMS type 8, reason),
 * after which the member's role-2 session is refused and logged out; a second member unbinds itself
 * (logged out, storage cleared). Screenshots at 1366 and 375 px in /tmp/cz/shots-members.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages.ts';
import { OPERATOR, autoDismissNotice, createAccount, loginViaUi, smsCode } from './helpers.ts';

const SHOTS = process.env.MEMBERS_SHOTS ?? '/tmp/cz/shots-members';
const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;
fs.mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ mode: 'serial' });

let seq = 0;
const mobileOf = () => `137${String(Date.now()).slice(-6)}${String(++seq).padStart(2, '0')}`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** A company main account made the way the operator CLI does (e2e server, password Test1234). */
async function createCompany(mobile: string): Promise<void> {
  const r = await fetch(`${PEEK}/company/${mobile}`);
  if (!r.ok || (await r.json()) === null) throw new Error(`could not create company ${mobile}`);
}

async function loggedIn(browser: Browser, mobile: string, password: string, width = 1366) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  await autoDismissNotice(page);
  await loginViaUi(page, mobile, password);
  return { ctx, page };
}

/** Opens the account menu (again if a re-render closed it) and clicks the entry `name`. */
async function menuItem(page: Page, name: string) {
  await expect(async () => {
    if (!(await page.getByRole('menu').isVisible())) await page.locator('.account-menu-button').click();
    await page.getByRole('menuitem', { name }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** The code of an SMS to `mobile` newer than the one holding `old` (waits up to 10 s). */
async function freshCode(mobile: string, old: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const c = await smsCode(mobile);
    if (c !== old) return c;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new SMS to ${mobile}`);
}

const pointsText = (page: Page) => page.locator('.site-points strong').innerText();
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The company adds `memberMobile` through the dialog (SMS + letter) → the row shows 待审核. */
async function addMemberViaUi(page: Page, memberMobile: string, checkMessages: boolean) {
  await page.goto('/member');
  await page.getByRole('button', { name: '添加成员' }).click();
  const dialog = page.getByRole('dialog', { name: '添加成员' });
  const sms = dialog.getByRole('button', { name: '获取验证码' });
  if (checkMessages) {
    // SMS and upload stay disabled until the name resolves; submit checks the spec's messages in order.
    await expect(sms).toBeDisabled();
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText(MSG.MOBILE_REQUIRED).first()).toBeVisible();
    await dialog.getByLabel('手机号').fill('12345');
    await dialog.getByLabel('成员姓名').click();
    await expect(dialog.getByText(MSG.MOBILE_FORMAT_MEMBER)).toBeVisible();
  }
  await dialog.getByLabel('手机号').fill(memberMobile);
  await dialog.getByLabel('成员姓名').click();
  await expect(dialog.getByLabel('成员姓名')).toHaveValue('张三');
  await expect(sms).toBeEnabled();
  if (checkMessages) {
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText(MSG.MEMBER_SMS_CODE_REQUIRED).first()).toBeVisible();
  }
  await sms.click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(await smsCode(memberMobile));
  if (checkMessages) {
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText(MSG.AUTH_LETTER_REQUIRED).first()).toBeVisible();
    // A non-image is refused before any upload.
    const txt = path.join(os.tmpdir(), 'letter.txt');
    fs.writeFileSync(txt, 'not an image');
    await dialog.locator('input[type=file]').setInputFiles(txt);
    await expect(page.getByText(MSG.IMAGE_TYPE_REQUIRED).first()).toBeVisible();
  }
  const file = path.join(os.tmpdir(), `letter-${seq}.png`);
  fs.writeFileSync(file, png);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByRole('img', { name: '授权委托书' })).toBeVisible();
  if (checkMessages) await shot(page, 'member-add-dialog-1366');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText(MSG.SUBMIT_SUCCESS).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(memberMobile) })).toContainText('待审核');
}

/** The operator approves the pending letter of `memberMobile` in /admin/members. */
async function approve(browser: Browser, memberMobile: string) {
  const { ctx, page } = await loggedIn(browser, OPERATOR.mobile, OPERATOR.password);
  await page.goto('/admin/members');
  const row = page.getByRole('row', { name: new RegExp(memberMobile) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: '授权委托书' })).toBeVisible();
  await shot(page, 'admin-members-1366');
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(MSG.OPERATION_SUCCESS).first()).toBeVisible();
  await expect(row).toBeHidden();
  await ctx.close();
}

/** Opens the account menu and switches to the company-member role → lands on /attestation-all/data. */
async function switchToMember(page: Page) {
  await expect(page.locator('.site-points strong')).toBeVisible();
  await menuItem(page, '切换为企业成员（星辰科技有限公司）');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('role'))).toBe('2');
  await page.waitForURL('**/attestation-all/data');
}

test('add a member, review, switch role, deposit with the company points, stop', async ({ browser }) => {
  test.setTimeout(240_000);
  const companyMobile = mobileOf();
  const memberMobile = mobileOf();
  await createCompany(companyMobile);
  await createAccount(memberMobile);

  const company = await loggedIn(browser, companyMobile, 'Test1234');
  await company.page.goto('/overview');
  await expect(company.page.locator('.site-points strong')).toBeVisible();
  await company.page.locator('.account-menu-button').click();
  await expect(company.page.getByRole('menuitem', { name: '成员管理' })).toBeVisible();
  await addMemberViaUi(company.page, memberMobile, true);
  await shot(company.page, 'member-list-pending-1366');

  await approve(browser, memberMobile);
  await company.page.reload();
  await expect(company.page.getByRole('row', { name: new RegExp(memberMobile) })).toContainText('已绑定');
  const before = await pointsText(company.page);
  expect(before).toBe('100.00');

  // The member: own account first (no 成员管理, own points), then switch to the company role.
  const member = await loggedIn(browser, memberMobile, 'Test1234');
  await member.page.goto('/attestation-all/data');
  await switchToMember(member.page);
  await expect(member.page.locator('.site-points strong')).toHaveText('100.00');
  await expect(member.page.locator('.account-menu-name')).toHaveText('张三（星辰科技有限公司）');
  // Role 2 menus: no overview/settings/signatures/members/invoices; 企业信息 instead.
  await expect(member.page.locator('.site-nav').getByText('概览')).toHaveCount(0);
  await member.page.locator('.account-menu-button').click();
  const menu = member.page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '企业信息' })).toBeVisible();
  for (const hidden of ['基本设置', '签章管理', '成员管理', '发票管理']) await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: '切换为个人账户' })).toBeVisible();
  await member.page.keyboard.press('Escape');

  // Deposit in the company's name: the company's points pay.
  const file = path.join(os.tmpdir(), `member-deposit-${Date.now()}.txt`);
  fs.writeFileSync(file, `成员以企业名义存证 ${Date.now()}`);
  await member.page.locator('input[type=file]').setInputFiles(file);
  await member.page.getByPlaceholder('默认使用文件名').fill('成员存证合同');
  await member.page.getByRole('button', { name: /开始存证/ }).click();
  await expect(member.page.locator('.upload-done')).toContainText('存证成功', { timeout: 30_000 });
  await expect(member.page.locator('.site-points strong')).toHaveText('99.00', { timeout: 15_000 });
  await shot(member.page, 'member-role2-data-1366');
  // Role 2 on /orders: only 消费记录, no search, no export.
  await member.page.goto('/orders');
  await expect(member.page.getByRole('tab', { name: '消费记录' })).toBeVisible();
  await expect(member.page.getByRole('tab', { name: '充值消费' })).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: /导\s*出/ })).toHaveCount(0);
  await expect(member.page.getByRole('row', { name: /成员存证合同/ })).toBeVisible();
  await shot(member.page, 'member-role2-orders-1366');
  // Role 1 again: the person's own points are untouched.
  await menuItem(member.page, '切换为个人账户');
  await member.page.waitForURL('**/overview');
  await expect.poll(() => member.page.evaluate(() => localStorage.getItem('role'))).toBe('1');
  await expect(member.page.locator('.site-points strong')).toHaveText('100.00');
  await switchToMember(member.page);

  // The company: its own data list holds the member's deposit; the member detail shows the consumption.
  await company.page.goto('/attestation-all/data');
  await expect(company.page.getByText('成员存证合同').first()).toBeVisible();
  await expect(company.page.locator('.site-points strong')).toHaveText('99.00');
  // /orders of the main account: search by member.
  await company.page.goto('/orders');
  await company.page.getByRole('tab', { name: '消费记录' }).click();
  await company.page.getByLabel('成员').click();
  await company.page.getByTitle(`张三（${memberMobile}）`).click();
  await company.page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(company.page.getByRole('row', { name: /成员存证合同/ })).toContainText('张三');
  await expect(company.page.getByRole('row', { name: /数据保全/ })).toHaveCount(1);
  await shot(company.page, 'company-orders-member-filter-1366');
  await company.page.goto('/member');
  await company.page.getByRole('row', { name: new RegExp(memberMobile) }).getByRole('link', { name: '详情' }).click();
  await company.page.waitForURL(/\/member\/\d+$/);
  await expect(company.page.getByText('已绑定').first()).toBeVisible();
  await company.page.getByRole('tab', { name: '消费明细' }).click();
  await expect(company.page.getByRole('row', { name: /数据保全/ })).toContainText('张三');
  const [dl] = await Promise.all([company.page.waitForEvent('download'), company.page.getByRole('button', { name: /导\s*出/ }).click()]);
  expect(dl.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(fs.readFileSync(await dl.path()).subarray(0, 2).toString()).toBe('PK');
  await shot(company.page, 'member-detail-orders-1366');

  // Stop: SMS to the member, confirm disabled until a code is typed, a reason.
  await company.page.getByRole('tab', { name: '成员信息' }).click();
  await company.page.getByRole('button', { name: '停用成员' }).click();
  const stop = company.page.getByRole('dialog', { name: '停用成员' });
  await expect(stop.getByRole('button', { name: '确定停用' })).toBeDisabled();
  await stop.getByLabel('短信验证码').fill('123456');
  await stop.getByRole('button', { name: '确定停用' }).click();
  await expect(company.page.getByText(MSG.SMS_NOT_REQUESTED).first()).toBeVisible();
  const oldStop = await smsCode(memberMobile);
  await stop.getByRole('button', { name: '获取验证码' }).click();
  await expect(company.page.getByText(MSG.SMS_SENT).first()).toBeVisible();
  await stop.getByLabel('短信验证码').fill(await freshCode(memberMobile, oldStop));
  await stop.getByLabel('停用原因').fill('员工离职');
  await shot(company.page, 'member-stop-dialog-1366');
  await stop.getByRole('button', { name: '确定停用' }).click();
  await expect(company.page.getByText(MSG.STOP_SUCCESS).first()).toBeVisible();
  await expect(company.page.getByText('已停用').first()).toBeVisible();
  await expect(company.page.getByText('员工离职')).toBeVisible();

  // The stopped member can no longer act for the company: the next role-2 request is refused → login.
  await member.page.goto('/attestation-all/data');
  await member.page.waitForURL('**/login**');
  expect(await member.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await company.ctx.close();
  await member.ctx.close();
});

test('a member unbinds itself: logged out, storage cleared (375 px and 1366 px)', async ({ browser }) => {
  test.setTimeout(180_000);
  const companyMobile = mobileOf();
  const memberMobile = mobileOf();
  await createCompany(companyMobile);
  await createAccount(memberMobile);
  const company = await loggedIn(browser, companyMobile, 'Test1234', 375);
  await addMemberViaUi(company.page, memberMobile, false);
  await shot(company.page, 'member-list-375');
  await approve(browser, memberMobile);
  await company.ctx.close();

  const member = await loggedIn(browser, memberMobile, 'Test1234');
  await switchToMember(member.page);
  await menuItem(member.page, '企业信息');
  await member.page.waitForURL('**/member/company');
  await expect(member.page.getByText('星辰科技有限公司').first()).toBeVisible();
  await expect(member.page.getByText('已绑定').first()).toBeVisible();
  await shot(member.page, 'member-company-1366');
  await member.page.setViewportSize({ width: 375, height: 900 });
  await shot(member.page, 'member-company-375');
  await member.page.setViewportSize({ width: 1366, height: 900 });
  await member.page.getByRole('button', { name: '解除绑定' }).click();
  const dlg = member.page.getByRole('dialog', { name: '解除绑定' });
  await expect(dlg.getByRole('button', { name: '确定解绑' })).toBeDisabled();
  const oldUnbind = await smsCode(memberMobile);
  await dlg.getByRole('button', { name: '获取验证码' }).click();
  await expect(member.page.getByText(MSG.SMS_SENT).first()).toBeVisible();
  await dlg.getByLabel('短信验证码').fill(await freshCode(memberMobile, oldUnbind));
  await shot(member.page, 'member-unbind-dialog-1366');
  await dlg.getByRole('button', { name: '确定解绑' }).click();
  await member.page.waitForURL('**/login**');
  await expect(member.page.getByText(MSG.UNBIND_SUCCESS).first()).toBeVisible();
  expect(await member.page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role'), localStorage.getItem('userInfo')])).toEqual([null, null, null]);
  await member.ctx.close();
});
