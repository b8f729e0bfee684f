/**
 * Issue 5 flows in Chromium at 1366 and 375 px: the operator publishes an announcement and messages a
 * user from /admin; the user sees the 公告 dialog once, the header badge count, reads the message on
 * /notifications (badge updates without a reload), copies the extraction code on /setting, and
 * generates, sets default and deletes a seal on /signature.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OPERATOR, autoDismissNotice, loginViaUi, registerViaUi, uniqueMobile } from './helpers.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screens');
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

test.describe.configure({ mode: 'serial' });

for (const width of [1366, 375]) {
  test(`announcement, notifications badge, settings and seals at ${width} px`, async ({ browser }) => {
    // A new user registers first (so the operator's message reaches them).
    const userCtx = await browser.newContext({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const user = await userCtx.newPage();
    const mobile = uniqueMobile();
    const stopDismissing = await autoDismissNotice(user);
    await registerViaUi(user, mobile);
    await stopDismissing();
    const userId = await user.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { userId: number }).userId);

    // The operator publishes an announcement and sends the user a message.
    const opCtx = await browser.newContext({ viewport: { width, height: 900 } });
    const op = await opCtx.newPage();
    await autoDismissNotice(op);
    await loginViaUi(op, OPERATOR.mobile, OPERATOR.password);
    await op.waitForURL('**/admin**');
    const title = `系统维护通知 ${width}`;
    const published = await op.request.post('/api/admin/announcements', {
      headers: { authorization: `Bearer ${await op.evaluate(() => localStorage.getItem('token'))}` },
      form: { title, content: '本平台将于周六凌晨维护两小时，期间暂停存证。' },
    });
    expect((await published.json()).code).toBe(200);
    const sent = await op.request.post('/api/admin/notify', {
      headers: { authorization: `Bearer ${await op.evaluate(() => localStorage.getItem('token'))}` },
      form: { userId: String(userId), str: `运营消息：欢迎使用存证平台 ${width}` },
    });
    expect((await sent.json()).code).toBe(200);
    await op.goto('/admin/announcements');
    await expect(op.getByText(title).first()).toBeVisible();
    await shot(op, `admin-announcements-${width}`);
    await opCtx.close();

    // The user sees the announcement once.
    await user.goto('/attestation-all/data');
    const dialog = user.getByRole('dialog', { name: '公告' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toContainText(title);
    await shot(user, `announcement-${width}`);
    await dialog.getByRole('button').first().click();
    await user.reload();
    await expect(user.getByText('上传存证').first()).toBeVisible();
    await user.waitForTimeout(1500);
    await expect(user.getByRole('dialog', { name: '公告' })).toHaveCount(0);

    // The badge shows the unread message; reading it on /notifications clears the badge without a reload.
    const bell = user.locator('.site-bell').first();
    if (width >= 768) await expect(bell).toHaveAttribute('aria-label', /1条未读/, { timeout: 35_000 });
    await user.goto('/notifications');
    const row = user.getByText(`运营消息：欢迎使用存证平台 ${width}`);
    await expect(row).toBeVisible();
    await shot(user, `notifications-${width}`);
    await row.click();
    if (width >= 768) await expect(bell).toHaveAttribute('aria-label', '消息通知', { timeout: 10_000 });

    // Settings: the extraction code and its copy button.
    await user.goto('/setting');
    const code = await user.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { extractCode: string }).extractCode);
    await expect(user.getByText(code).first()).toBeVisible();
    await user.getByRole('button', { name: '复制证据提取码' }).click();
    await expect(user.getByText('复制成功')).toBeVisible();
    await shot(user, `setting-${width}`);

    // Signatures: generate a personal seal, set it default, generate another, delete one.
    await user.goto('/signature');
    for (const name of ['李四', '王五']) {
      await user.getByRole('button', { name: /生成印章/ }).first().click();
      const gen = user.getByRole('dialog', { name: '生成印章' });
      await gen.getByText('个人印章（方形）').click();
      await gen.getByLabel('印章文字').fill(name);
      await gen.getByRole('button', { name: /生成印章/ }).click();
      await expect(gen.getByText('印章已生成')).toBeVisible({ timeout: 20_000 });
      await gen.getByRole('button', { name: /完\s*成|确\s*定|关\s*闭/ }).last().click();
    }
    await expect(user.locator('.sig-name')).toHaveCount(2);
    await user.getByRole('button', { name: '将王五印设为默认' }).or(user.getByRole('button', { name: '将王五设为默认' })).first().click();
    await user.getByRole('button', { name: /确\s*定/ }).last().click();
    await expect(user.locator('.ant-card', { hasText: '王五' }).locator('.sig-default-tag')).toBeVisible();
    await expect(user.locator('.sig-default-tag')).toHaveCount(1);
    await shot(user, `signature-${width}`);
    await user.getByRole('button', { name: /^删除李四/ }).click();
    await user.getByRole('button', { name: /确\s*定/ }).last().click();
    await expect(user.locator('.sig-name')).toHaveCount(1);
    await userCtx.close();
  });
}
