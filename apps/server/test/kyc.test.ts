/**
 * Real-name verification (issue 14 §1, §2, §5; spec p2 §3–6, §8): personal photo flow with operator review,
 * face verification through the local simulator, supplementary upload, enterprise verification with
 * amendment, templates, the encrypted image vault (at rest, previews, audit, retention) and the service
 * interface other modules use (identityOf, notaryGate, isVerifiedIndividual). Real app, real database.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { auditLog, blobs, kycFaceSessions, kycImages, notifications, smsOutbox } from '../src/db/schema/index.ts';
import { redactUrl } from '../src/platform/logging.ts';
import { makeOperator } from './account-helpers.ts';
import { blobFile } from './blobFiles.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';
import { enterpriseForm, enterpriseImages, idNumber, idPng, makeUser, personalForm, personalImages, postMultipart, runFaceSimulator } from './kyc-helpers.ts';

let h: Harness;
let op: Awaited<ReturnType<typeof makeOperator>>;
beforeAll(async () => {
  h = await makeHarness({ RATE_LIMIT_OFF: '1' });
  op = await makeOperator(h);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const info = async (token: string) => (await client(h, token).get('/api/user/info')).data;
const lastSms = async (mobile: string) => (await h.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1))[0]?.text ?? '';
const pendingId = async (kind: string, userId: number): Promise<number> => {
  const r = await op.api.get('/api/admin/kyc/list', { kind, status: 2, limit: 100 });
  const row = r.data.list.find((x: { userId: number }) => x.userId === userId);
  if (!row) throw new Error(`no pending ${kind} application of ${userId}`);
  return row.id;
};

describe('personal photo verification (p2 §3–5) and the operator queue (§5)', () => {
  it('answers every p2 §5 / §8 message of the form', async () => {
    const u = await makeUser(h, 1);
    const post = (f: Record<string, string>, files = personalImages()) => postMultipart(h, u.token, '/api/peruser/perAuthorize', f, files);
    expect((await post(personalForm({ userName: '' }))).msg).toBe('请输入姓名');
    expect((await post(personalForm({ address: '' }))).msg).toBe('请输入身份证地址');
    expect((await post(personalForm({ agree: '0' }))).msg).toBe('请先同意实名验证');
    expect((await post(personalForm({ idCard: '' }))).msg).toBe('请输入身份证号码');
    expect((await post(personalForm({ idCard: '310115199003071238' }))).msg).toBe('请输入正确的身份证号码');
    expect((await post(personalForm({ idCard: '310115199002301234' }))).msg).toBe('请输入正确的身份证号码');
    expect((await post(personalForm({ sex: '1' }))).msg).toBe(MSG.KYC_SEX_MISMATCH);
    const big = Buffer.concat([idPng(), Buffer.alloc(20 * 1024 * 1024 + 10)]);
    expect((await post(personalForm(), [...personalImages().slice(1), { field: 'authorFront', name: 'a.png', bytes: big }])).msg).toBe('上传图片不能超多20M');
    expect((await post(personalForm(), [...personalImages().slice(1), { field: 'authorFront', name: 'a.gif', bytes: idPng() }])).msg).toBe('上传图片只能是png,jpg或JPEG格式!');
    expect((await post(personalForm(), [...personalImages().slice(1), { field: 'authorFront', name: 'a.png', bytes: Buffer.from('not an image at all') }])).msg).toBe('上传图片只能是png,jpg或JPEG格式!');
    expect((await post(personalForm(), personalImages().slice(1))).msg).toBe('请上传身份证人像面');
    // Acting as an enterprise member (ROLE 2) never reaches the KYC forms.
    const asMember = await h.app.inject({ method: 'POST', url: '/api/user/companyAuthorize', headers: { authorization: `Bearer ${u.token}`, role: '2', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x' });
    expect(asMember.json().code).toBe(403);
    // Nothing was stored by refused submissions.
    expect(await h.database.db.select().from(kycImages).where(eq(kycImages.ownerId, u.userId))).toHaveLength(0);
    expect((await info(u.token)).userStatus).toBe(1);
  }, 60_000);

  it('photo upload → review (2) → reject with reason (4, SMS, notification) → edit with stored images → approve (3)', async () => {
    const u = await makeUser(h, 1);
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: false, message: '您未实名不可使用该功能', redirect: '/personage-kyc' });
    const r = await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages());
    expect(r).toMatchObject({ code: 200, msg: '提交成功' });
    expect(await info(u.token)).toMatchObject({ userStatus: 2 });
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: true });
    expect((await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages())).msg).toBe(MSG.KYC_UNDER_REVIEW);

    // A non-operator cannot see the queue.
    expect((await u.api.get('/api/admin/kyc/list')).code).toBe(403);
    expect((await client(h).get('/api/admin/kyc/list')).code).toBe(401);
    const id = await pendingId('personal', u.userId);
    const d = await op.api.get('/api/admin/kyc/detail', { id });
    expect(d.code).toBe(200);
    expect(d.data.form).toEqual(expect.arrayContaining([{ label: '姓名', value: '张三' }, { label: '身份证号码', value: idNumber() }]));
    expect(d.data.images.map((i: { field: string }) => i.field).sort()).toEqual(['authorBack', 'authorFront', 'authorHand']);
    const view = await h.app.inject({ method: 'GET', url: d.data.images[0].url });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['cache-control']).toContain('no-store');
    expect(view.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const views = await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'kyc.image.view'), eq(auditLog.actorId, op.userId)));
    expect(views.length).toBeGreaterThan(0);
    // A forged token shows nothing.
    expect((await h.app.inject({ method: 'GET', url: d.data.images[0].url.slice(0, -3) + 'AAA' })).statusCode).toBe(404);

    expect((await op.api.post('/api/admin/kyc/review', { id, pass: 0 })).msg).toBe(MSG.KYC_REJECT_REASON_REQUIRED);
    expect(await op.api.post('/api/admin/kyc/review', { id, pass: 0, reason: '手持照片模糊' })).toMatchObject({ code: 200 });
    expect((await op.api.post('/api/admin/kyc/review', { id, pass: 1 })).msg).toBe(MSG.KYC_ALREADY_REVIEWED);
    expect(await info(u.token)).toMatchObject({ userStatus: 4 });
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: false, message: '您未实名不可使用该功能', redirect: '/personage-kyc' });
    expect(await lastSms(u.mobile)).toContain('手持照片模糊');
    const news = await h.database.db.select().from(notifications).where(eq(notifications.userId, u.userId));
    expect(news.some((n) => n.str.includes('手持照片模糊'))).toBe(true);
    expect(await h.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'kyc.reject'), eq(auditLog.target, `kyc_application:${id}`)))).toHaveLength(1);

    const ai = await u.api.post('/api/user/getAuthInfo');
    expect(ai.data).toMatchObject({ userStatus: 4, reason: '手持照片模糊', form: { userName: '张三', idCard: idNumber() } });
    expect(ai.data.images).toHaveLength(3);
    // Images already stored are sent empty; only the hand-held photo is replaced.
    const again = await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), [{ field: 'authorHand', name: 'hand.jpg', bytes: idPng('hand2') }]);
    expect(again).toMatchObject({ code: 200 });
    const id2 = await pendingId('personal', u.userId);
    await op.api.post('/api/admin/kyc/review', { id: id2, pass: 1 });
    expect(await info(u.token)).toMatchObject({ userStatus: 3, type: 1, repairType: 0 });
    expect(await lastSms(u.mobile)).toContain('审核通过');
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: true });
    expect(await h.services.kyc.isVerifiedIndividual(u.userId)).toBe(true);
    expect(await h.services.kyc.identityOf(u.userId)).toMatchObject({ userStatus: 3, type: 1, kycType: 1, repairType: null, realName: '张三', companyName: '' });
    expect((await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages())).msg).toBe(MSG.KYC_NOT_EDITABLE);
    const shown = (await u.api.post('/api/user/getAuthInfo')).data;
    expect(shown).toMatchObject({ userStatus: 3, userName: '张三', idCardEn: '3101**********' + idNumber().slice(-4), form: null });
  }, 90_000);

  it('stores images encrypted: the stored blob does not contain the uploaded bytes', async () => {
    const u = await makeUser(h, 1);
    const marker = idPng('SECRET-MARKER-42');
    await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), [...personalImages().slice(1), { field: 'authorFront', name: 'f.png', bytes: marker }]);
    const rows = await h.database.db.select().from(kycImages).where(and(eq(kycImages.ownerId, u.userId), eq(kycImages.field, 'authorFront')));
    const onDisk = fs.readFileSync(blobFile(h.ctx.blobs, rows[0]!.blobSha!));
    expect(onDisk.length).toBe(marker.length + 28);
    expect(onDisk.includes(marker.subarray(0, 64))).toBe(false);
    expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    expect(rows[0]!.dataKey!.startsWith('v1:')).toBe(true);
  });

  it('two simultaneous submissions make one application', async () => {
    const u = await makeUser(h, 1);
    const rs = await Promise.all([0, 1, 2].map(() => postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages())));
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.msg === MSG.KYC_UNDER_REVIEW)).toHaveLength(2);
  }, 60_000);

  it('deletes images after the retention period on request (key wiped, blob released, preview gone)', async () => {
    const u = await makeUser(h, 1);
    await postMultipart(h, u.token, '/api/peruser/perAuthorize', personalForm(), personalImages());
    const url = (await u.api.post('/api/user/getAuthInfo')).data.images[0].url;
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const req = await u.api.post('/api/kyc/deleteImages');
    expect(req.data.count).toBe(3);
    // Not before the retention period (default 1095 days) …
    expect(await h.services.kyc.vault.purgeDue(new Date())).toBe(0);
    // … and after it.
    const later = new Date(Date.now() + 1096 * 86400_000);
    expect(await h.services.kyc.vault.purgeDue(later)).toBeGreaterThanOrEqual(3);
    const rows = await h.database.db.select().from(kycImages).where(eq(kycImages.ownerId, u.userId));
    expect(rows.every((r) => r.deletedAt && r.dataKey === null && r.blobSha === null)).toBe(true);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'kyc.image.delete'))).not.toHaveLength(0);
    const refs = await h.database.db.select({ refcount: blobs.refcount }).from(blobs).where(eq(blobs.mime, 'application/octet-stream'));
    expect(refs.some((r) => r.refcount === 0)).toBe(true);
  }, 60_000);
});

describe('face verification through the local simulator (p2 §4) and the supplementary upload (§4–6)', () => {
  it('start → H5 url → liveness → signed return → faceSync 200 实名成功; repair gates notarisation', async () => {
    const u = await makeUser(h, 1);
    const start = await u.api.post('/api/peruser/perAuthorize', { name: '李雷', idCard: idNumber('19950101', '011'), type: 2, address: '北京市海淀区1号', agree: 1 });
    expect(start.code).toBe(200);
    const { bizSeqNo } = start.data;
    expect(await u.api.post('/api/peruser/faceSync', { bizSeqNo })).toMatchObject({ code: '0000' });
    const h5 = await u.api.post('/api/peruser/geth5faceid', { bizSeqNo });
    expect(h5.data.bizSeqNo).toBe(bizSeqNo);
    expect(h5.data.url).toMatch(/^\/face-sim\?faceId=/);
    // Another user cannot poll this session.
    const other = await makeUser(h, 1);
    expect((await other.api.post('/api/peruser/faceSync', { bizSeqNo })).msg).toBe(MSG.FACE_SESSION_INVALID);
    // A forged return changes nothing.
    await h.app.inject({ method: 'GET', url: `/api/peruser/faceLogin?orderNo=${bizSeqNo}&code=0&nonce=${Math.floor(Date.now() / 1000)}.abcdefghijkl&sign=forged` });
    expect(await u.api.post('/api/peruser/faceSync', { bizSeqNo })).toMatchObject({ code: '0000' });
    const location = await runFaceSimulator(h, h5.data.url, 12);
    expect(location).toBe(`/personage-kyc?bizSeqNo=${bizSeqNo}`);
    expect(await u.api.post('/api/peruser/faceSync', { bizSeqNo })).toMatchObject({ code: 200, msg: '实名成功' });
    expect(await info(u.token)).toMatchObject({ userStatus: 3, type: 2, repairType: 1 });
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: false, message: MSG.REPAIR_REQUIRED, redirect: '/personage-kyc' });

    // Supplementary ID upload: address + three images, 20 MB limit.
    expect((await postMultipart(h, u.token, '/api/user/informationRepair', { type: '2' }, personalImages())).msg).toBe('请输入身份证地址');
    expect((await postMultipart(h, u.token, '/api/user/informationRepair', { address: '北京市海淀区1号', type: '2' }, personalImages()))).toMatchObject({ code: 200 });
    expect(await info(u.token)).toMatchObject({ repairType: 2 });
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: false, message: '实名补传还未通过，请耐心等待', redirect: '/person-info' });
    expect((await postMultipart(h, u.token, '/api/user/informationRepair', { address: '北京市海淀区1号', type: '2' }, personalImages())).msg).toBe('实名补传还未通过，请耐心等待');
    const rid = await pendingId('repair', u.userId);
    await op.api.post('/api/admin/kyc/review', { id: rid, pass: 0, reason: '国徽面不清晰' });
    expect(await info(u.token)).toMatchObject({ repairType: 4 });
    await postMultipart(h, u.token, '/api/user/informationRepair', { address: '北京市海淀区1号', type: '2' }, personalImages());
    await op.api.post('/api/admin/kyc/review', { id: await pendingId('repair', u.userId), pass: 1 });
    expect(await info(u.token)).toMatchObject({ userStatus: 3, repairType: 3 });
    expect(await h.services.kyc.notaryGate(u.userId)).toEqual({ ok: true });
  }, 90_000);

  it('a still camera fails liveness → faceSync 实名失败; an expired or unknown session is refused', async () => {
    const u = await makeUser(h, 1);
    const { bizSeqNo } = (await u.api.post('/api/peruser/perAuthorize', { name: '韩梅梅', idCard: idNumber('19960202', '022'), type: 2, address: '北京市朝阳区1号', agree: 1 })).data;
    const h5 = await u.api.post('/api/peruser/geth5faceid', { bizSeqNo });
    await runFaceSimulator(h, h5.data.url, 0.1);
    expect(await u.api.post('/api/peruser/faceSync', { bizSeqNo })).toMatchObject({ code: 400, msg: '实名失败' });
    expect(await info(u.token)).toMatchObject({ userStatus: 1 });
    expect((await u.api.post('/api/peruser/faceSync', { bizSeqNo: 'Fnotasession123' })).msg).toBe(MSG.FACE_SESSION_INVALID);
    // A session past its 30 minutes cannot be opened or polled.
    const late = (await u.api.post('/api/peruser/perAuthorize', { name: '韩梅梅', idCard: idNumber('19960202', '022'), type: 2, address: '北京市朝阳区1号', agree: 1 })).data.bizSeqNo;
    await h.database.db.update(kycFaceSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(kycFaceSessions.bizSeqNo, late));
    expect((await u.api.post('/api/peruser/geth5faceid', { bizSeqNo: late })).msg).toBe(MSG.FACE_SESSION_INVALID);
    expect((await u.api.post('/api/peruser/faceSync', { bizSeqNo: late })).msg).toBe(MSG.FACE_SESSION_INVALID);
    // A company account cannot use personal face verification.
    const c = await makeUser(h, 2);
    expect((await c.api.post('/api/peruser/perAuthorize', { name: '韩梅梅', idCard: idNumber('19960202', '022'), type: 2, address: '北京市朝阳区1号', agree: 1 })).msg).toBe(MSG.KYC_WRONG_ACCOUNT_TYPE);
    expect((await u.api.post('/api/peruser/perAuthorize', { name: '韩梅梅', idCard: idNumber('19960202', '022'), type: 2, address: '北京市朝阳区1号', agree: 0 })).msg).toBe('请先同意实名验证');
    // The spec's payload (name, idCard, type, address) without the tick field is accepted (the page checks it).
    expect((await u.api.post('/api/peruser/perAuthorize', { name: '韩梅梅', idCard: idNumber('19960202', '022'), type: 2, address: '北京市朝阳区1号' })).code).toBe(200);
  }, 60_000);
});

describe('enterprise verification with amendment (p2 §3–5)', () => {
  it('validates, submits (10 MB limit), is approved, shows masked info, and amends the authorised person', async () => {
    const c = await makeUser(h, 2);
    const post = (f: Record<string, string>, files = enterpriseImages()) => postMultipart(h, c.token, '/api/user/companyAuthorize', f, files);
    expect((await post(enterpriseForm({ code: '91350100M000100Y44' }))).msg).toBe('请输入正确的统一社会信用代码');
    expect((await post(enterpriseForm({ mobileReserve: '' }))).msg).toBe('预留手机号不能为空');
    expect((await post(enterpriseForm({ agree: '' }))).msg).toBe('请先同意实名验证');
    const eleven = Buffer.concat([idPng(), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await post(enterpriseForm(), [...enterpriseImages().filter((p) => p.field !== 'file'), { field: 'file', name: 'letter.png', bytes: eleven }])).msg).toBe('上传图片不能超多10M');
    expect((await post(enterpriseForm(), enterpriseImages().filter((p) => p.field !== 'file'))).msg).toBe('请上传授权委托书');
    // A personal account cannot submit the enterprise form.
    const p = await makeUser(h, 1);
    expect((await postMultipart(h, p.token, '/api/user/companyAuthorize', enterpriseForm(), enterpriseImages())).msg).toBe(MSG.KYC_WRONG_ACCOUNT_TYPE);
    expect(await post(enterpriseForm())).toMatchObject({ code: 200, msg: '提交成功' });
    expect(await info(c.token)).toMatchObject({ userStatus: 2 });
    // Under review with every image (p2 §6 "userStatus 3 or 2 with conditions"): notarisation is open.
    expect(await h.services.kyc.notaryGate(c.userId)).toEqual({ ok: true });
    const id = await pendingId('enterprise', c.userId);
    const d = await op.api.get('/api/admin/kyc/detail', { id });
    // Birth date and sex of the authorised person come from the ID number (even second-to-last digit: female).
    expect(d.data.form).toEqual(expect.arrayContaining([{ label: '被授权人出生日期', value: '1985-11-13' }, { label: '被授权人性别', value: '女' }]));
    expect(d.data.images).toHaveLength(7);
    await op.api.post('/api/admin/kyc/review', { id, pass: 1 });
    expect(await info(c.token)).toMatchObject({ userStatus: 3, company: '测试科技有限公司' });
    const ai = (await c.api.post('/api/user/getAuthInfo')).data;
    expect(ai).toMatchObject({ company: '测试科技有限公司', taxNumberEn: '9135***********Y43', accountNoEn: '6222***********0123', authorPhoneEn: '139****5678', accountName: '测试科技有限公司', accountBank: '中国银行福州分行', contactName: '王五', authorSex: 1, authorBrith: '1985-11-13' });
    expect(ai.authorIdcardEn).toMatch(/^3101\*+\d{3}[\dX]$/);
    expect(await h.services.kyc.notaryGate(c.userId)).toEqual({ ok: true });
    expect(await h.services.kyc.identityOf(c.userId)).toMatchObject({ type: 2, companyName: '测试科技有限公司', realName: '王五', enterpriseImagesComplete: true });
    expect(await h.services.kyc.isVerifiedIndividual(c.userId)).toBe(false);
    expect(await info(c.token)).toMatchObject({ type: 0, repairType: 0 });

    // Amendment: new authorised person, images up to 20 MB, empty images keep the stored ones.
    const amend = await postMultipart(h, c.token, '/api/user/updateAuthor', { authorName: '赵六', authorPhone: '13700001111', authorIdcard: idNumber('19700505', '031') }, [{ field: 'authorFront', name: 'f.png', bytes: idPng('new front') }]);
    expect(amend).toMatchObject({ code: 200 });
    expect((await postMultipart(h, c.token, '/api/user/updateAuthor', { authorName: '赵六', authorPhone: '13700001111', authorIdcard: idNumber('19700505', '031') })).msg).toBe(MSG.KYC_UNDER_REVIEW);
    expect((await c.api.post('/api/user/getAuthInfo')).data.contactName).toBe('王五');
    await op.api.post('/api/admin/kyc/review', { id: await pendingId('amend', c.userId), pass: 1 });
    const after = (await c.api.post('/api/user/getAuthInfo')).data;
    expect(after).toMatchObject({ contactName: '赵六', authorPhoneEn: '137****1111', authorSex: 0, authorBrith: '1970-05-05', userStatus: 3 });
  }, 120_000);

  it('serves real .docx templates (POST /api/user/download, /api/home/templateDown → data.url)', async () => {
    const c = await makeUser(h, 2);
    for (const [url, type, title] of [['/api/user/download', 1, '授权委托书'], ['/api/home/templateDown', 2, '法定代表人身份证明书']] as const) {
      const r = await c.api.post(url, { type });
      expect(r.code).toBe(200);
      const dl = await client(h).download(r.data.url);
      expect(dl.status).toBe(200);
      expect(dl.body.subarray(0, 2).toString()).toBe('PK');
      expect(decodeURIComponent(String(dl.headers['content-disposition']))).toContain(`${title}.docx`);
      // Read back with Info-ZIP's unzip: a valid archive with the Word parts.
      const file = path.join(h.dataDir, `t${type}.docx`);
      fs.writeFileSync(file, dl.body);
      expect(execFileSync('unzip', ['-Z1', file]).toString().split('\n')).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']));
      expect(execFileSync('unzip', ['-p', file, 'word/document.xml']).toString()).toContain(title);
    }
  });
});

describe('log redaction of KYC URLs (issue 9 §4 rules applied to issue 14)', () => {
  it('hides preview tokens, the simulator faceId and the provider signature', () => {
    expect(redactUrl('/api/kyc/image/eyJpIjoiYWJjIn0.c2lnbmF0dXJl')).toBe('/api/kyc/image/[REDACTED]');
    const r = redactUrl('/api/peruser/faceLogin?orderNo=F1&code=0&nonce=1764000000.abc&sign=SECRETSIGN');
    expect(r).not.toContain('SECRETSIGN');
    expect(r).toContain('orderNo=F1');
    expect(redactUrl('/face-sim?faceId=PAYLOAD.MAC')).toBe('/face-sim?faceId=[REDACTED]');
  });
});

describe('FACE_PROVIDER=h5: the H5 protocol over HTTP (pointed at a running simulator)', () => {
  it('registers the order server to server, the user passes on the provider, the signed return verifies', async () => {
    // `h` plays the provider: its simulator listens on a real port; the platform under test shares its app secret.
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const secret = fs.readFileSync(path.join(h.dataDir, 'keys', 'face-sim.key'), 'utf8').trim();
    const p = await makeHarness({ RATE_LIMIT_OFF: '1', FACE_PROVIDER: 'h5', FACE_H5_BASE_URL: address, FACE_APP_SECRET: secret, PUBLIC_URL: 'https://cz.example.com' });
    try {
      const u = await makeUser(p, 1);
      const { bizSeqNo } = (await u.api.post('/api/peruser/perAuthorize', { name: '王小明', idCard: idNumber('19920202', '033'), type: 2, address: '广州市天河区1号', agree: 1 })).data;
      const h5 = await u.api.post('/api/peruser/geth5faceid', { bizSeqNo });
      expect(h5.code, h5.msg).toBe(200);
      expect(h5.data.url.startsWith(`${address}/face-sim?faceId=`)).toBe(true);
      const faceId = new URL(h5.data.url).searchParams.get('faceId')!;
      const post = (url: string, body: object) => fetch(`${address}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number; data: any }>);
      expect((await post('/api/facesim/session', { faceId })).data.maskedName).toBe('**明');
      const result = await post('/api/facesim/result', { faceId, motion: 9, frames: 20 });
      expect(result.data.redirect.startsWith('https://cz.example.com/api/peruser/faceLogin?')).toBe(true);
      const back = await p.app.inject({ method: 'GET', url: result.data.redirect.replace('https://cz.example.com', '') });
      expect(back.headers.location).toBe(`/personage-kyc?bizSeqNo=${bizSeqNo}`);
      expect(await u.api.post('/api/peruser/faceSync', { bizSeqNo })).toMatchObject({ code: 200, msg: '实名成功' });
      // An order signed with another secret is refused by the provider.
      const bad = await post('/api/facesim/order', { appId: 'x', orderNo: 'Fabcdefgh123', name: '王小明', idNo: idNumber('19920202', '033'), returnUrl: '/x', nonce: 'abcdefgh12', sign: 'A'.repeat(43) });
      expect(bad.code).toBe(400);
    } finally {
      await p.close();
    }
  }, 90_000);
});
