/** Data deposit end to end (issue 2 §4; spec p1 §2–4, §7–9) on the real app, real files, real database. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A minimal real PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Files left in the blob store's temp folder (must be none after any request). */
const tmpFiles = (h: Harness) => fs.readdirSync(path.join(h.dataDir, 'blobs', 'tmp'));

describe('data deposit', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness({ UPLOAD_MAX_BYTES: String(64 * 1024) }); });
  afterAll(async () => { await h.close(); });

  it('deposits a file: hash, sniffed type, baoquan, chainhash, ledger entry', async () => {
    const u = await registerUser(h);
    const r = await u.api.upload('合同.pdf', PDF, { title: '购销合同', label: '合同' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ title: '购销合同', label: '合同', fileType: 1, size: PDF.length, sha256: sha(PDF) });
    expect(r.data.baoquan).toMatch(/^CZ\d{8}[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(r.data.chainhash).toMatch(/^[0-9a-f]{64}$/);
    const proof = await client(h).get('/api/ledger/proof', { baoquan: r.data.baoquan });
    expect(proof.code).toBe(200);
    const leaf = Buffer.from(proof.data.leaf, 'base64');
    const entry = JSON.parse(leaf.toString('utf8'));
    expect(entry).toMatchObject({ baoquan: r.data.baoquan, sha256: sha(PDF), size: PDF.length, kind: 'data' });
    expect(JSON.stringify(entry)).not.toContain(u.mobile);
    expect(sha(Buffer.concat([Buffer.from([0]), leaf]))).toBe(r.data.chainhash);
    expect(tmpFiles(h)).toEqual([]);
  });

  it('sniffs the type from bytes, not the name', async () => {
    const u = await registerUser(h);
    const img = await u.api.upload('not-a-pdf.pdf', PNG);
    expect(img.data).toMatchObject({ fileType: 2, title: 'not-a-pdf.pdf' });
    const txt = await u.api.upload('说明.txt', Buffer.from('这是一段中文说明文字。\n'));
    expect(txt.data.fileType).toBe(1);
    const bin = await u.api.upload('blob.bin', crypto.randomBytes(2000));
    expect(bin.data.fileType).toBe(5);
  });

  it('refuses empty and oversize files and keeps nothing', async () => {
    const u = await registerUser(h);
    expect(await u.api.upload('empty.txt', Buffer.alloc(0))).toMatchObject({ code: 400, msg: '文件不能为空' });
    expect(await u.api.upload('big.bin', crypto.randomBytes(64 * 1024 + 1))).toMatchObject({ code: 400, msg: '文件大小超过限制' });
    expect(tmpFiles(h)).toEqual([]);
    const list = await u.api.get('/api/data/getList');
    expect(list.data.count).toBe(0);
    const health = await client(h).get('/api/health');
    const before = health.data.ledgerSize;
    expect(await u.api.upload('empty.txt', Buffer.alloc(0))).toMatchObject({ code: 400 });
    expect((await client(h).get('/api/health')).data.ledgerSize).toBe(before);
  });

  it('refuses a missing file, an oversize label, and anonymous uploads', async () => {
    const u = await registerUser(h);
    expect(await u.api.upload('a.txt', Buffer.from('x'), { label: '标'.repeat(21) })).toMatchObject({ code: 400, msg: '标签不能超过20个字' });
    const noFile = await h.app.inject({ method: 'POST', url: '/api/data/upload', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'title=x' });
    expect(noFile.json()).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
    expect((await client(h).upload('a.txt', Buffer.from('x'))).code).toBe(401);
    expect(tmpFiles(h)).toEqual([]);
  });

  it('lists with every p1 §7 filter, labels, paging', async () => {
    const u = await registerUser(h);
    await u.api.upload('a.png', PNG, { label: '图片' });
    await u.api.upload('报告.txt', Buffer.from('季度报告'), { label: '文档', title: '季度报告' });
    await u.api.upload('c.bin', crypto.randomBytes(100));
    const all = await u.api.get('/api/data/getList', { page: 1, limit: 20 });
    expect(all.data.count).toBe(3);
    expect((await u.api.get('/api/data/getList', { type: 2 })).data.list.map((e: any) => e.fileName)).toEqual(['a.png']);
    expect((await u.api.get('/api/data/getList', { label: '文档' })).data.count).toBe(1);
    expect((await u.api.get('/api/data/getList', { keyword: '季度' })).data.list[0].title).toBe('季度报告');
    expect((await u.api.get('/api/data/getList', { keyword: '%' })).data.count).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    expect((await u.api.get('/api/data/getList', { startTime: now - 60, endTime: now + 86399 })).data.count).toBe(3);
    expect((await u.api.get('/api/data/getList', { startTime: now + 3600 })).data.count).toBe(0);
    const p2 = await u.api.get('/api/data/getList', { page: 2, limit: 2 });
    expect(p2.data).toMatchObject({ count: 3 });
    expect(p2.data.list).toHaveLength(1);
    expect(await u.api.get('/api/data/getList', { type: 9 })).toMatchObject({ code: 400 });
    expect(await u.api.get('/api/data/getList', { startTime: 'abc' })).toMatchObject({ code: 400 });
    expect((await u.api.get('/api/data/getLabelList')).data).toEqual([{ label: '图片' }, { label: '文档' }]);
    // Another user sees none of it.
    const other = await registerUser(h);
    expect((await other.api.get('/api/data/getList')).data.count).toBe(0);
  });

  it('saveLabel and delData: owner only; deletion keeps the ledger entry', async () => {
    const u = await registerUser(h);
    const other = await registerUser(h);
    const d = (await u.api.upload('x.txt', Buffer.from('hello'))).data;
    expect(await other.api.post('/api/data/saveLabel', { dataId: d.id, label: '偷' })).toMatchObject({ code: 400, msg: '证据不存在' });
    expect(await u.api.post('/api/data/saveLabel', { dataId: d.id, label: '新标签' })).toMatchObject({ code: 200 });
    expect(await u.api.post('/api/data/saveLabel', { dataId: 'abc', label: 'x' })).toMatchObject({ code: 400 });
    expect(await other.api.get('/api/data/delData', { dataId: d.id })).toMatchObject({ code: 400, msg: '证据不存在' });
    const size = (await client(h).get('/api/health')).data.ledgerSize;
    expect(await u.api.get('/api/data/delData', { dataId: d.id })).toMatchObject({ code: 200, msg: MSG.DELETE_SUCCESS });
    expect((await u.api.get('/api/data/getList')).data.count).toBe(0);
    expect((await client(h).get('/api/health')).data.ledgerSize).toBe(size);
    expect((await client(h).get('/api/ledger/proof', { baoquan: d.baoquan })).code).toBe(200);
  });

  it('downloads: exact bytes with a UTF-8 name, batch URLs, one zip; foreign ids look missing', async () => {
    const u = await registerUser(h);
    const other = await registerUser(h);
    const content = Buffer.from('证据内容 evidence bytes');
    const a = (await u.api.upload('证据 一.txt', content)).data;
    const b = (await u.api.upload('b.png', PNG)).data;
    const one = await u.api.post('/api/data/downBaoquan', { dataId: a.id });
    const file = await client(h).download(one.data.downUrl);
    expect(file.status).toBe(200);
    expect(file.body.equals(content)).toBe(true);
    expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('证据 一.txt')}`);
    expect(await other.api.post('/api/data/downBaoquan', { dataId: a.id })).toMatchObject({ code: 400, msg: '证据不存在' });

    const batch = await u.api.post('/api/data/downloadBatch', { dataIdStr: `${a.id},${b.id}` });
    expect(batch.data).toHaveLength(2);
    expect(await u.api.post('/api/data/downloadBatch', { dataIdStr: '' })).toMatchObject({ code: 400, msg: MSG.SELECT_EVIDENCE_TO_DOWNLOAD });
    expect(await other.api.post('/api/data/downloadBatch', { dataIdStr: `${a.id}` })).toMatchObject({ code: 400, msg: MSG.NO_DOWNLOAD_FILE });

    const zip = await u.api.post('/api/data/downloadZip', { dataIdStr: `${a.id},${b.id}` });
    const z = await client(h).download(zip.data.downUrl);
    expect(z.headers['content-type']).toBe('application/zip');
    expect(z.body.subarray(0, 2).toString()).toBe('PK');

    const forged = one.data.downUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await client(h).download(forged)).body.toString()).toContain('"code":403');
  });
});
