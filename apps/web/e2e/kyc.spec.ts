/**
 * Real-name verification end to end (issue 14 §1, §2, §5) in Chromium on the built app: the banner's
 * 立即认证 to the right form, personal photo verification approved by an operator in /admin/kyc (form beside
 * watermarked images), face verification through the local simulator with Chromium's fake camera followed by
 * the supplementary ID upload, and enterprise verification (ID auto-fill, template, review) with an
 * amendment of the authorised person. Screenshots at 1366 and 375 px go to /tmp/cz/shots-kyc.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { idCardCheckChar } from '@cunzheng/contract/idcard';
import { OPERATOR, autoDismissNotice, loginViaUi, uniqueMobile } from './helpers.ts';

const PEEK = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8090) + 1}`;
const SHOTS = process.env.KYC_SHOTS ?? path.resolve(import.meta.dirname, '../../../test-results/screens');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `kyc-${name}.png`), fullPage: true });

// Chromium's synthetic camera for the face simulator (getUserMedia without a device or a prompt).
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

/** A valid ID number born on `birth` with sequence `seq`. */
const idNumber = (birth: string, seq: string) => {
  const body = `310115${birth}${seq}`;
  return body + idCardCheckChar(body);
};

/** Writes a real PNG (an ID-card-like picture) and returns its path. */
const imageFile = (name: string): string => {
  const file = path.join(SHOTS, `kyc-input-${name}.png`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#e6f4ff"/><rect x="20" y="20" width="600" height="360" fill="none" stroke="#1677ff" stroke-width="6"/><circle cx="520" cy="200" r="80" fill="#91caff"/><text x="60" y="120" font-size="44" fill="#222">${name}</text></svg>`;
  fs.writeFileSync(file, new Resvg(svg, { background: '#fff' }).render().asPng());
  return file;
};

/** Creates an unverified account through the e2e server (type 1 personal, 2 company; password Test1234). */
const unverified = async (mobile: string, type: 1 | 2) => {
  const r = await fetch(`${PEEK}/unverified/${mobile}?type=${type}`);
  if ((await r.json()) === null) throw new Error('account not created');
};

/** Logs the operator in on a new context and approves (or rejects) the newest pending item of `tab`. */
async function review(browser: Browser, tab: string, title: string, decision: { pass: true } | { reason: string }, shotName?: string) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  try {
    await autoDismissNotice(page);
    await loginViaUi(page, OPERATOR.mobile, OPERATOR.password);
    await page.goto('/admin/kyc');
    await page.getByRole('tab', { name: tab }).click();
    const row = page.getByRole('row').filter({ hasText: title }).first();
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.locator('img').first()).toBeVisible();
    await expect.poll(() => drawer.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    if (shotName) await shot(page, shotName);
    if ('pass' in decision) {
      await drawer.getByRole('button', { name: /通\s*过/ }).click();
    } else {
      await drawer.getByRole('button', { name: /驳\s*回/ }).click();
      const dlg = page.getByRole('dialog', { name: '驳回原因' });
      await dlg.getByRole('button', { name: /确\s*定/ }).click();
      await expect(dlg.getByRole('alert')).toHaveText('请输入驳回原因');
      await dlg.getByLabel('驳回原因').fill(decision.reason);
      await dlg.getByRole('button', { name: /确\s*定/ }).click();
    }
    await expect(page.getByText('操作成功')).toBeVisible();
  } finally {
    await ctx.close();
  }
}

/** Sets the file of the ImageField with test id `id`. */
const setImage = (page: Page, id: string, file: string) => page.getByTestId(id).locator('input[type=file]').setInputFiles(file);

test('personal photo verification: banner → form messages → review rejected, then approved → 认证信息', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  try {
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await unverified(mobile, 1);
    await loginViaUi(page, mobile, 'Test1234');
    await page.goto('/attestation-all/data');
    // Before verification the account menu offers 实名认证, not 认证信息 (spec p2 §2).
    await page.locator('.account-menu-button').click();
    await expect(page.locator('.account-menu-list').getByText('实名认证')).toBeVisible();
    await expect(page.locator('.account-menu-list').getByText('认证信息')).toHaveCount(0);
    await page.locator('.account-menu-button').click();
    await page.getByRole('link', { name: '立即认证' }).click();
    await page.waitForURL('**/personage-kyc');
    await page.getByPlaceholder('请输入姓名').fill('张三');
    await page.getByPlaceholder('请输入身份证号码').fill('310115199003071238');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('请输入正确的身份证号码')).toBeVisible();
    await expect(page.getByText('请输入身份证地址')).toBeVisible();
    // A female ID number selects 女.
    await page.getByPlaceholder('请输入身份证号码').fill(idNumber('19900307', '124'));
    await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
    await page.getByPlaceholder('请输入身份证地址').fill('上海市浦东新区世纪大道1号');
    // A GIF is refused on choice.
    const gif = path.join(SHOTS, 'kyc-input.gif');
    fs.writeFileSync(gif, Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    await setImage(page, 'img-authorFront', gif);
    await expect(page.getByText('上传图片只能是png,jpg或JPEG格式!')).toBeVisible();
    await setImage(page, 'img-authorFront', imageFile('front'));
    await setImage(page, 'img-authorBack', imageFile('back'));
    await setImage(page, 'img-authorHand', imageFile('hand'));
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('请先同意实名验证')).toBeVisible();
    await page.getByRole('checkbox').check();
    await shot(page, 'personal-form');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page.getByText('审核中', { exact: true })).toBeVisible();
    await expect(page.locator('.verify-banner')).toContainText('审核中');

    await review(browser, '个人实名', mobile, { reason: '手持照片不清晰' }, 'admin-review');
    await page.reload();
    await expect(page.getByText('上次认证未通过：手持照片不清晰')).toBeVisible();
    // The stored images come back; only the hand-held photo is replaced.
    await expect(page.getByTestId('img-authorFront').locator('img')).toBeVisible();
    await setImage(page, 'img-authorHand', imageFile('hand2'));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();

    await review(browser, '个人实名', mobile, { pass: true });
    await page.goto('/personage-kyc');
    await expect(page.getByText('实名认证成功')).toBeVisible();
    await expect(page.locator('.verify-banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '查看认证信息' })).toBeVisible();
    // Once verified the account menu leads to 认证信息.
    await page.locator('.account-menu-button').click();
    await page.locator('.account-menu-list').getByText('认证信息').click();
    await page.waitForURL('**/person-info');
    await expect(page.getByText('3101**********')).toBeVisible();
    await expect.poll(() => page.locator('.ant-image img').evaluateAll((imgs) => imgs.length === 3 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
    await shot(page, 'person-info');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'person-info-375');
  } finally {
    await ctx.close();
  }
});

test('face verification through the simulator (fake camera), then the supplementary ID upload', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  try {
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await unverified(mobile, 1);
    await loginViaUi(page, mobile, 'Test1234');
    await page.goto('/personage-kyc');
    await page.locator('label').filter({ hasText: /^人脸识别$/ }).click();
    await page.getByPlaceholder('请输入姓名').fill('李雷');
    await page.getByPlaceholder('请输入身份证号码').fill(idNumber('19950101', '011'));
    await page.getByPlaceholder('请输入身份证地址').fill('北京市海淀区中关村1号');
    await page.getByRole('checkbox').check();
    const [sim] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('button', { name: '开始人脸识别' }).click()]);
    await expect(page.getByText('人脸识别结果查询中…')).toBeVisible();
    await sim.waitForLoadState();
    await expect(sim.getByText('认证人：*雷')).toBeVisible();
    await sim.getByRole('button', { name: '打开摄像头' }).click();
    await expect.poll(() => sim.getByTestId('face-video').evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
    await shot(sim, 'face-sim');
    await sim.getByRole('button', { name: '开始检测' }).click();
    // The simulator returns to the site; both pages poll faceSync and land on /attestation-all.
    await sim.waitForURL('**/attestation-all/**', { timeout: 30_000 });
    await page.waitForURL('**/attestation-all/**', { timeout: 30_000 });
    await expect(page.locator('.verify-banner')).toHaveCount(0);

    // Supplementary ID upload before notarisation (repairType 1 → 2 → 3).
    await page.goto('/personage-kyc');
    await expect(page.getByText('办理在线公证前，请补传身份证照片')).toBeVisible();
    await setImage(page, 'repair-authorFront', imageFile('r-front'));
    await setImage(page, 'repair-authorBack', imageFile('r-back'));
    await setImage(page, 'repair-authorHand', imageFile('r-hand'));
    await page.getByRole('button', { name: '提交补传' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page.getByText('实名补传还未通过，请耐心等待')).toBeVisible();
    await review(browser, '实名补传', mobile, { pass: true });
    await page.goto('/person-info');
    await expect(page.getByText('人脸识别')).toBeVisible();
    await expect(page.getByText('已通过')).toBeVisible();
  } finally {
    await ctx.close();
  }
});

test('enterprise verification (auto-fill, template, review) with an amendment of the authorised person', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  try {
    await autoDismissNotice(page);
    const mobile = uniqueMobile();
    await unverified(mobile, 2);
    await loginViaUi(page, mobile, 'Test1234');
    await page.goto('/attestation-all/data');
    await page.getByRole('link', { name: '立即认证' }).click();
    await page.waitForURL('**/organization-kyc');
    const fill = async (label: string, v: string) => page.getByPlaceholder(`请输入${label}`).fill(v);
    await fill('企业名称', '测试科技有限公司');
    await fill('统一社会信用代码', '91350100M000100Y44');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('请输入正确的统一社会信用代码')).toBeVisible();
    await fill('统一社会信用代码', '91350100M000100Y43');
    await fill('企业地址', '福建省福州市鼓楼区1号');
    await fill('法人姓名', '李四');
    await fill('账户名称', '测试科技有限公司');
    await fill('开户银行', '中国银行福州分行');
    await fill('银行账号', '6222021234567890123');
    await fill('预留手机号', '13800138000');
    await fill('联系人身份证号码', idNumber('19800101', '111'));
    await fill('被授权人姓名', '王五');
    await fill('被授权人身份证号码', idNumber('19851113', '002'));
    await expect(page.getByPlaceholder('根据身份证号码自动填写')).toHaveValue('1985-11-13');
    await expect(page.getByPlaceholder('自动填写', { exact: true })).toHaveValue('女');
    await fill('被授权人手机号', '13912345678');
    for (const f of ['license', 'legalPerson', 'legalFront', 'legalBack', 'file', 'authorFront', 'authorBack']) await setImage(page, `img-${f}`, imageFile(f));
    // The authorisation-letter template is a real .docx behind a signed URL.
    const [tpl] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/user/download')), ctx.waitForEvent('page').catch(() => null), page.getByRole('button', { name: '下载授权委托书模板' }).click()]);
    const url = ((await tpl.json()) as { data: { url: string } }).data.url;
    const docx = await page.request.get(url);
    expect((await docx.body()).subarray(0, 2).toString()).toBe('PK');
    await page.getByRole('checkbox').check();
    await shot(page, 'enterprise-form');
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page.getByText('审核中', { exact: true })).toBeVisible();

    await review(browser, '企业认证', mobile, { pass: true }, 'admin-enterprise');
    await page.goto('/kyc-info');
    await expect(page.getByText('9135***********Y43')).toBeVisible();
    await expect(page.getByText('139****5678')).toBeVisible();
    await expect(page.getByRole('cell', { name: '王五' })).toBeVisible();
    await expect.poll(() => page.locator('.ant-image img').evaluateAll((imgs) => imgs.length === 7 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), { timeout: 30_000 }).toBe(true);
    await shot(page, 'kyc-info');

    // Amendment: new authorised person, the letter replaced, ID images kept.
    await page.getByRole('button', { name: '变更被授权人' }).click();
    const dlg = page.getByRole('dialog', { name: '变更被授权人' });
    await dlg.getByLabel('被授权人姓名').fill('赵六');
    await dlg.getByLabel('被授权人身份证号码').fill(idNumber('19700505', '031'));
    await expect(dlg.getByPlaceholder('根据身份证号码自动填写')).toHaveValue('1970-05-05');
    await dlg.getByLabel('被授权人手机号').fill('13700001111');
    await setImage(page, 'amend-file', imageFile('letter2'));
    await dlg.getByRole('button', { name: /提\s*交/ }).click();
    await expect(page.getByText('提交成功')).toBeVisible();
    await expect(page.getByText('被授权人变更：审核中')).toBeVisible();
    await review(browser, '被授权人变更', mobile, { pass: true });
    await page.reload();
    await expect(page.getByRole('cell', { name: '赵六' })).toBeVisible();
    await expect(page.getByText('137****1111')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.locator('.ant-image img').evaluateAll((imgs) => imgs.length === 7 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), { timeout: 30_000 }).toBe(true);
    await shot(page, 'kyc-info-375');
  } finally {
    await ctx.close();
  }
});
