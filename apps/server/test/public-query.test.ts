/**
 * Public query calls (issue 12 §3) on the real app and database: POST /api/check/checkNo for any kind,
 * POST /api/check/checkDigest by SHA-256 and by SM3 (digests recorded by the catch-up from the stored
 * files), GET /api/Education and POST /api/Education/downPdf (a real PDF with the article's Chinese text).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { makeUser } from './blob-helpers.ts';
import { blobFile } from './blobFiles.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const digest = (algo: string, b: Buffer) => crypto.createHash(algo).update(b).digest('hex');

describe('public query calls', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('checkNo answers any kind with its certificate page; unknown and bad numbers are refused', async () => {
    const u = await makeUser(h);
    const file = Buffer.from(`合同 ${crypto.randomUUID()}`);
    const up = await u.api.upload('合同.txt', file, { title: '合同' });
    const r = await client(h).post('/api/check/checkNo', { no: up.data.baoquan.toLowerCase() });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ baoquan: up.data.baoquan, kind: 'data', kindName: '数据保全', evidenceType: 1, certificatePath: `/attestation/${up.data.baoquan}`, title: '合同', fileName: '合同.txt', size: file.length, sha256: digest('sha256', file), chainhash: up.data.chainhash, deleted: 0 });
    expect((await client(h).post('/api/check/checkNo', { no: 'CZ0000000000000000' })).msg).toBe(MSG.BAOQUAN_NOT_FOUND);
    expect((await client(h).post('/api/check/checkNo', { no: '' })).msg).toBe(MSG.BAOQUAN_REQUIRED);
    expect((await client(h).post('/api/check/checkNo', {})).code).toBe(400);
    // A deleted evidence still answers (the certificate stays), marked deleted.
    await u.api.get('/api/data/delData', { dataId: up.data.id });
    expect((await client(h).post('/api/check/checkNo', { no: up.data.baoquan })).data.deleted).toBe(1);
  });

  it('checkDigest finds certificates by SHA-256 and by SM3 (recorded from the stored file), nothing for other digests', async () => {
    const u = await makeUser(h);
    const file = Buffer.from(`电子数据 ${crypto.randomUUID()}`);
    const a = await u.api.upload('a.txt', file);
    const b = await u.api.upload('b.txt', file);
    const bySha = await client(h).post('/api/check/checkDigest', { digest: digest('sha256', file).toUpperCase() });
    expect(bySha.code, bySha.msg).toBe(200);
    expect(bySha.data.list.map((x: { baoquan: string }) => x.baoquan)).toEqual([b.data.baoquan, a.data.baoquan]);
    const bySm3 = await client(h).post('/api/check/checkDigest', { digest: digest('sm3', file), algo: 'sm3' });
    expect(bySm3.code, bySm3.msg).toBe(200);
    expect(bySm3.data.list.map((x: { baoquan: string }) => x.baoquan)).toEqual([b.data.baoquan, a.data.baoquan]);
    expect(bySm3.data.list[0]).toMatchObject({ sha256: digest('sha256', file), kind: 'data' });
    // The SHA-256 is not an SM3 and the other way round.
    expect((await client(h).post('/api/check/checkDigest', { digest: digest('sha256', file), algo: 'sm3' })).data.list).toEqual([]);
    expect((await client(h).post('/api/check/checkDigest', { digest: digest('sm3', file) })).data.list).toEqual([]);
    // Concurrent SM3 lookups share the catch-up and agree.
    const c = await u.api.upload('c.txt', Buffer.from(`新的 ${crypto.randomUUID()}`));
    const rs = await Promise.all([0, 1, 2].map(() => client(h).post('/api/check/checkDigest', { digest: digest('sm3', file), algo: 'sm3' })));
    for (const r of rs) expect(r.data.list).toHaveLength(2);
    expect(c.code).toBe(200);
    // Bad input.
    expect((await client(h).post('/api/check/checkDigest', { digest: 'abc' })).msg).toBe(MSG.DIGEST_INVALID);
    expect((await client(h).post('/api/check/checkDigest', { digest: 'g'.repeat(64) })).msg).toBe(MSG.DIGEST_INVALID);
    expect((await client(h).post('/api/check/checkDigest', { digest: 'a'.repeat(64), algo: 'md5' })).msg).toBe(MSG.DIGEST_ALGO_INVALID);
  });

  it('checkDigest by SM3 takes the SM3 from the v2 ledger entry: the stored file is not read again', async () => {
    const u = await makeUser(h);
    const file = Buffer.from(`账本 SM3 ${crypto.randomUUID()}`);
    const up = await u.api.upload('entry.txt', file);
    expect(up.code, up.msg).toBe(200);
    // The stored bytes are gone: a catch-up that re-read the file would record nothing for this evidence.
    fs.rmSync(blobFile(h.ctx.blobs, digest('sha256', file)));
    const bySm3 = await client(h).post('/api/check/checkDigest', { digest: digest('sm3', file), algo: 'sm3' });
    expect(bySm3.code, bySm3.msg).toBe(200);
    expect(bySm3.data.list.map((x: { baoquan: string }) => x.baoquan)).toEqual([up.data.baoquan]);
  });

  it('GET /api/Education lists the law and how-to articles; downPdf gives a real PDF with the Chinese text', async () => {
    const r = await client(h).get('/api/Education');
    expect(r.code).toBe(200);
    const list = r.data.list as Array<{ id: string; category: string; title: string; sections: Array<{ paragraphs: string[] }> }>;
    expect(new Set(list.map((a) => a.category))).toEqual(new Set(['法律法规', '操作指南']));
    const evidenceRules = list.find((a) => a.id === 'civil-evidence-provisions')!;
    expect(evidenceRules.sections.flatMap((s) => s.paragraphs).join('')).toContain('由记录和保存电子数据的中立第三方平台提供或者确认的');
    const p = await client(h).post('/api/Education/downPdf', { id: 'internet-court-provisions' });
    expect(p.code, p.msg).toBe(200);
    const pdf = await client(h).download(p.data.downUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const f = path.join(os.tmpdir(), `cz-article-${crypto.randomUUID()}.pdf`);
    fs.writeFileSync(f, pdf.body);
    try {
      const text = execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
      expect(text).toContain('可信时间戳');
      expect(text).toContain('互联网法院应当确认');
    } finally {
      fs.rmSync(f);
    }
    // Cached: the same blob the second time.
    const again = await client(h).post('/api/Education/downPdf', { id: 'internet-court-provisions' });
    expect(sha256Of((await client(h).download(again.data.downUrl)).body)).toBe(sha256Of(pdf.body));
    expect((await client(h).post('/api/Education/downPdf', { id: 'no-such' })).msg).toBe(MSG.ARTICLE_NOT_FOUND);
    expect((await client(h).post('/api/Education/downPdf', {})).msg).toBe(MSG.ARTICLE_NOT_FOUND);
  });
});

const sha256Of = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
