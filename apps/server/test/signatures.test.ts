/**
 * Signatures end to end (issue 5 §4; spec p1 §2, §3, §7, §8): upload checks from the bytes (a JPEG named
 * .png, oversize, corrupt, wrong dimensions), transparency kept (alpha of the stored bytes), generated
 * company and personal seals (valid transparent PNGs, saved to /tmp/shots/account/ to look at), list,
 * set default, delete, and the owner-only rule for owner, other user, operator and anonymous callers.
 */
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { ZSignatureListRes } from '@cunzheng/contract/account';
import { auditLog } from '../src/db/schema/index.ts';
import { inspectPng } from '../src/modules/seals/png.ts';
import { JPEG, decodePng, makeOperator, pngSize, transparentPng, withChunk } from './account-helpers.ts';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const SHOTS = '/tmp/shots/account';

describe('signatures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => { await h.close(); });

  const add = (api: ReturnType<typeof client>, name: string, file: Buffer, fileName = 'stamp.png') => api.upload(fileName, file, { name }, '/api/signature/add');
  const listing = async (api: ReturnType<typeof client>) => (await api.post('/api/signature/listing')).data as Array<{ id: number; name: string; pic_url: string; add_time: number; is_default: string }>;

  it('upload keeps the PNG byte for byte, transparent background included', async () => {
    const u = await registerUser(h);
    const png = transparentPng(300, 200);
    const r = await add(u.api, '我的签名', png);
    expect(r).toMatchObject({ code: 200, msg: MSG.ADD_SUCCESS });
    expect(r.data.pic_url).toMatch(/^\/api\/file\//);
    const got = await u.api.download(r.data.pic_url);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toMatch(/^image\/png/);
    expect(Buffer.compare(got.body, png)).toBe(0);
    // The alpha channel of the stored bytes: corners transparent, the disc opaque red.
    const img = decodePng(got.body, 300, 200);
    expect(img.at(0, 0)[3]).toBe(0);
    expect(img.at(299, 199)[3]).toBe(0);
    const [rr, gg, bb, aa] = img.at(150, 100);
    expect(aa).toBe(255);
    expect([rr, gg, bb]).toEqual([0xd8, 0x1e, 0x06]);
    const info = inspectPng(got.body, 5000)!;
    expect(info).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    const l = await listing(u.api);
    expect(ZSignatureListRes.safeParse(l).success).toBe(true);
    expect(l).toEqual([{ id: r.data.id, name: '我的签名', pic_url: expect.any(String), add_time: expect.any(Number), is_default: '1' }]);
    expect(Math.abs(l[0]!.add_time - Date.now() / 1000)).toBeLessThan(60);
  });

  it('refuses a JPEG named .png, oversize, corrupt, tiny or huge images, and bad names', async () => {
    const u = await registerUser(h);
    expect(await add(u.api, '照片', JPEG, 'photo.png')).toMatchObject({ code: 400, msg: MSG.SIGNATURE_PNG_ONLY });
    expect(await add(u.api, '文本', Buffer.from('not an image at all'), 'x.png')).toMatchObject({ code: 400, msg: MSG.SIGNATURE_PNG_ONLY });
    const big = withChunk(transparentPng(200, 200), 'tEXt', Buffer.alloc(2 * 1024 * 1024, 0x61));
    expect(inspectPng(big, 5000)).not.toBeNull();
    expect(await add(u.api, '超大', big)).toMatchObject({ code: 400, msg: MSG.SIGNATURE_TOO_LARGE });
    const good = transparentPng(120, 120);
    const corrupt = Buffer.from(good);
    corrupt[40] = corrupt[40]! ^ 0xff; // inside IDAT: the CRC no longer matches
    expect(await add(u.api, '损坏', corrupt)).toMatchObject({ code: 400, msg: MSG.SIGNATURE_PNG_ONLY });
    expect(await add(u.api, '截断', good.subarray(0, good.length - 20))).toMatchObject({ code: 400, msg: MSG.SIGNATURE_PNG_ONLY });
    expect(await add(u.api, '太小', transparentPng(20, 20))).toMatchObject({ code: 400, msg: MSG.SIGNATURE_DIMENSIONS });
    expect(await add(u.api, '太宽', transparentPng(2001, 60))).toMatchObject({ code: 400, msg: MSG.SIGNATURE_DIMENSIONS });
    expect(await add(u.api, '', good)).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NAME_REQUIRED });
    expect(await add(u.api, '名'.repeat(21), good)).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NAME_TOO_LONG });
    expect(await add(u.api, '<b>签</b>', good)).toMatchObject({ code: 400, msg: '签章名称不能包含特殊字符' });
    expect(await add(u.api, '空', Buffer.alloc(0))).toMatchObject({ code: 400, msg: MSG.FILE_EMPTY });
    expect(await u.api.post('/api/signature/add', { name: '无文件' })).toMatchObject({ code: 400, msg: MSG.FILE_REQUIRED });
    expect(await listing(u.api)).toEqual([]);
  });

  it('generates real seals: valid transparent PNGs with seal-red ink', async () => {
    const u = await registerUser(h);
    const cases: Array<{ file: string; body: Record<string, string>; size: number; display: string }> = [
      { file: 'seal-company.png', body: { type: 'company', name: '北京存证科技有限公司', subText: '合同专用章' }, size: 480, display: '北京存证科技有限公司合同专用章' },
      { file: 'seal-company-plain.png', body: { type: 'company', name: '上海市浦东新区示例贸易有限责任公司' }, size: 480, display: '上海市浦东新区示例贸易有限责任公司' },
      { file: 'seal-personal-2.png', body: { type: 'personal', name: '李白' }, size: 360, display: '李白' },
      { file: 'seal-personal-3.png', body: { type: 'personal', name: '张三丰' }, size: 360, display: '张三丰' },
      { file: 'seal-personal-4.png', body: { type: 'personal', name: '欧阳明月' }, size: 360, display: '欧阳明月' },
    ];
    for (const c of cases) {
      const r = await u.api.post('/api/signature/generate', c.body);
      expect(r).toMatchObject({ code: 200, msg: MSG.ADD_SUCCESS });
      const got = await u.api.download(r.data.pic_url);
      expect(got.status).toBe(200);
      const info = inspectPng(got.body, 5000);
      expect(info).toMatchObject({ width: c.size, height: c.size, colorType: 6, hasAlpha: true });
      fs.writeFileSync(`${SHOTS}/${c.file}`, got.body);
      const img = decodePng(got.body, c.size, c.size);
      // Transparent corners and centre-free background; plenty of red, nothing else.
      expect(img.at(0, 0)[3]).toBe(0);
      expect(img.at(c.size - 1, c.size - 1)[3]).toBe(0);
      let red = 0;
      let other = 0;
      for (let i = 0; i < img.pixels.length; i += 4) {
        if (img.pixels[i + 3]! < 255) continue; // anti-aliased edges are premultiplied
        const [R, G, B] = [img.pixels[i]!, img.pixels[i + 1]!, img.pixels[i + 2]!];
        if (R > 180 && G < 70 && B < 50) red++;
        else other++;
      }
      expect(red).toBeGreaterThan(c.size * c.size * 0.08);
      expect(other).toBe(0);
      if (c.body.type === 'company') {
        // The star: the exact centre is inked; the ring: the rim on the horizontal axis is inked.
        expect(img.at(c.size / 2, c.size / 2 + 4)[3]).toBeGreaterThan(0);
      }
    }
    const l = await listing(u.api);
    expect(l.map((s) => s.name).sort()).toEqual(cases.map((c) => c.display).sort());
    expect(l.filter((s) => s.is_default === '1')).toHaveLength(1);
    expect(pngSize((await u.api.download(l[0]!.pic_url)).body).width).toBeGreaterThan(0);
  });

  it('validates generate input', async () => {
    const u = await registerUser(h);
    expect(await u.api.post('/api/signature/generate', { type: 'round', name: '某公司' })).toMatchObject({ code: 400, msg: MSG.SEAL_TYPE_REQUIRED });
    expect(await u.api.post('/api/signature/generate', { type: 'company', name: '' })).toMatchObject({ code: 400, msg: MSG.SEAL_NAME_REQUIRED });
    expect(await u.api.post('/api/signature/generate', { type: 'company', name: '某' })).toMatchObject({ code: 400, msg: MSG.SEAL_COMPANY_NAME_FORMAT });
    expect(await u.api.post('/api/signature/generate', { type: 'company', name: '某'.repeat(31) })).toMatchObject({ code: 400, msg: '印章文字不能超过30个字符' });
    expect(await u.api.post('/api/signature/generate', { type: 'company', name: '某某公司', subText: '专'.repeat(11) })).toMatchObject({ code: 400, msg: '印章下方文字不能超过10个字符' });
    expect(await u.api.post('/api/signature/generate', { type: 'personal', name: '张' })).toMatchObject({ code: 400, msg: MSG.SEAL_PERSON_NAME_FORMAT });
    expect(await u.api.post('/api/signature/generate', { type: 'personal', name: 'Tom' })).toMatchObject({ code: 400, msg: MSG.SEAL_PERSON_NAME_FORMAT });
    expect(await u.api.post('/api/signature/generate', { type: 'personal', name: '张三李四王' })).toMatchObject({ code: 400, msg: MSG.SEAL_PERSON_NAME_FORMAT });
    expect(await u.api.post('/api/signature/generate', { type: 'company', name: '<script>' })).toMatchObject({ code: 400, msg: '印章文字不能包含特殊字符' });
  });

  it('set default and delete: server msg, audit rows; another user\'s id answers like a missing one', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const op = await makeOperator(h);
    const s1 = (await add(a.api, '签名一', transparentPng(100, 100))).data;
    const s2 = (await add(a.api, '签名二', transparentPng(100, 100))).data;
    const sb = (await add(b.api, 'B的签名', transparentPng(100, 100))).data;
    let l = await listing(a.api);
    expect(l.map((s) => [s.id, s.is_default])).toEqual([[s1.id, '1'], [s2.id, '0']]);

    expect(await a.api.post('/api/signature/setDefault', { id: s2.id })).toMatchObject({ code: 200, msg: MSG.SET_DEFAULT_SUCCESS });
    l = await listing(a.api);
    expect(l.map((s) => [s.id, s.is_default])).toEqual([[s2.id, '1'], [s1.id, '0']]);

    // B's stamp through A, and the operator acting on A's stamp: 签章不存在, nothing changes.
    expect(await a.api.post('/api/signature/setDefault', { id: sb.id })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });
    expect(await a.api.post('/api/signature/del', { id: sb.id })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });
    expect(await a.api.post('/api/signature/del', { id: 99999999 })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });
    expect(await op.api.post('/api/signature/del', { id: s1.id })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });
    expect(await op.api.post('/api/signature/listing')).toMatchObject({ code: 200, data: [] });
    expect((await listing(b.api)).map((s) => s.id)).toEqual([sb.id]);
    expect(await a.api.post('/api/signature/del', { id: 'abc' })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });

    expect(await a.api.post('/api/signature/del', { id: s2.id })).toMatchObject({ code: 200, msg: MSG.DELETE_SUCCESS });
    l = await listing(a.api);
    expect(l.map((s) => [s.id, s.is_default])).toEqual([[s1.id, '0']]);
    expect(await a.api.post('/api/signature/del', { id: s2.id })).toMatchObject({ code: 400, msg: MSG.SIGNATURE_NOT_FOUND });

    const audit = await h.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, a.userInfo.userId)));
    const actions = audit.map((r) => r.action);
    expect(actions.filter((x) => x === 'signature.create')).toHaveLength(2);
    expect(actions).toContain('signature.default');
    expect(actions).toContain('signature.delete');

    // The image URL is signed: a modified one is refused.
    const url = l[0]!.pic_url;
    const forged = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await client(h).download(forged)).status).toBe(200);
    expect((await client(h).download(forged)).body.toString()).toContain('"code":403');
  });

  it('anonymous callers get 401 everywhere; at most 20 stamps', async () => {
    const anon = client(h);
    expect(await anon.post('/api/signature/listing')).toMatchObject({ code: 401, msg: MSG.LOGIN_REQUIRED });
    expect(await anon.post('/api/signature/del', { id: 1 })).toMatchObject({ code: 401 });
    expect(await anon.post('/api/signature/setDefault', { id: 1 })).toMatchObject({ code: 401 });
    expect(await anon.post('/api/signature/generate', { type: 'personal', name: '张三' })).toMatchObject({ code: 401 });
    expect(await add(anon, '匿名', transparentPng(100, 100))).toMatchObject({ code: 401 });
    const u = await registerUser(h);
    const png = transparentPng(64, 64);
    for (let i = 0; i < 20; i++) expect((await add(u.api, `签${i}`, png)).code).toBe(200);
    expect(await add(u.api, '第21个', png)).toMatchObject({ code: 400, msg: MSG.SIGNATURE_LIMIT });
    expect(await listing(u.api)).toHaveLength(20);
  });
});
