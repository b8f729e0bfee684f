/**
 * One evidence model (issue 11 §1): the same certificate, extraction, list and batch-download code serves
 * every kind — a data deposit, a web capture and a process evidence deposited through the one deposit —
 * and each kind's own certificate call (getWebView …) refuses the numbers of other kinds.
 * Real app, real database, real files.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { MSG } from '@cunzheng/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as captureRepo from '../src/modules/webcapture/repo.ts';
import { makeUser, userRow } from './blob-helpers.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('one evidence model for every kind', () => {
  let h: Harness;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  const bytes = { data: Buffer.from(`数据 ${crypto.randomUUID()}`), web: Buffer.from(`wacz ${crypto.randomUUID()}`), process: Buffer.from(`process wacz ${crypto.randomUUID()}`), mp4: Buffer.from(`mp4 ${crypto.randomUUID()}`) };
  const ev: Record<'data' | 'web' | 'process', { id: number; baoquan: string }> = {} as never;
  let captureId = 0;

  beforeAll(async () => {
    h = await makeHarness();
    owner = await makeUser(h);
    const u = await userRow(h, owner.row.id);
    const stage = (b: Buffer) => h.services.evidence.stage(Readable.from([b]), () => false);
    ev.data = await h.services.evidence.deposit({ owner: u, staged: await stage(bytes.data), fileName: '合同.txt', title: '合同' });
    const cap = await captureRepo.insertCapture(h.database.db, { userId: u.id, url: 'https://example.com/', title: '网页' });
    captureId = cap.id;
    ev.web = await h.services.evidence.deposit({
      owner: u, staged: await stage(bytes.web), fileName: 'page.wacz', kind: 'web',
      inTx: async (tx, row) => captureRepo.updateCapture(tx, cap.id, { status: 2, evidenceId: row.id, finalUrl: 'https://example.com/', finishedAt: new Date(), artefacts: [], provenance: { captureTime: Math.floor(Date.now() / 1000) } }),
    });
    ev.process = (await h.services.evidence.depositArtefacts({
      kind: 'process', owner: u, title: '过程',
      artefacts: [{ role: 'wacz', name: 'session.wacz', staged: await stage(bytes.process) }, { role: 'video', name: 'session.mp4', staged: await stage(bytes.mp4), mime: 'video/mp4' }],
    })).item;
  });
  afterAll(async () => { await h.close(); });

  it('the certificate view and the extraction by code are the same for every kind', async () => {
    const visitor = client(h);
    for (const kind of ['data', 'web', 'process'] as const) {
      const v = await visitor.get('/api/share/getView', { baoquan: ev[kind].baoquan });
      expect(v.code, `${kind}: ${v.msg}`).toBe(200);
      expect(v.data).toMatchObject({ baoquan: ev[kind].baoquan, sha256: sha(kind === 'data' ? bytes.data : kind === 'web' ? bytes.web : bytes.process), isDownload: 1 });
      const x = await visitor.post<{ downUrl: string }>('/api/share/downBaoquan', { baoquan: ev[kind].baoquan, code: owner.extractCode });
      expect(x.code, `${kind}: ${x.msg}`).toBe(200);
      const file = await visitor.download(x.data.downUrl);
      expect(sha(file.body)).toBe(v.data.sha256);
    }
    // A kind's own certificate call is the same view restricted to its kind.
    const web = await visitor.get('/api/share/getWebView', { baoquan: ev.web.baoquan });
    expect(web.code, web.msg).toBe(200);
    expect(web.data).toMatchObject({ baoquan: ev.web.baoquan, url: 'https://example.com/' });
    for (const other of [ev.data, ev.process]) {
      expect(await visitor.get('/api/share/getWebView', { baoquan: other.baoquan })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
      expect(await visitor.post('/api/share/webDownload', { baoquan: other.baoquan, code: owner.extractCode })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    }
    const data = await h.services.certificate.kindView(['data', 'app'], ev.data.baoquan, null);
    expect(data.baoquan).toBe(ev.data.baoquan);
    for (const other of [ev.web, ev.data]) {
      expect(await visitor.get('/api/share/getProView', { baoquan: other.baoquan })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
      expect(await visitor.post('/api/share/downProBaoquan', { baoquan: other.baoquan, code: owner.extractCode })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    }
  });

  it('the one list serves every kind: data from evidence, web and process-like kinds through their side table', async () => {
    await owner.api.post('/api/webforlist/saveLabel', { id: captureId, label: '同一标签' });
    await owner.api.post('/api/data/saveLabel', { dataId: ev.data.id, label: '同一标签' });
    const data = await owner.api.get('/api/data/getList', { label: '同一标签' });
    expect(data.data.list.map((r: { baoquan: string }) => r.baoquan)).toEqual([ev.data.baoquan]);
    const web = await owner.api.post('/api/webforlist/webList', { label: '同一标签' });
    expect(web.data.list.map((r: { baoquan: string }) => r.baoquan)).toEqual([ev.web.baoquan]);
    expect((await owner.api.post('/api/webforlist/webList', { keyword: ev.web.baoquan.slice(-8) })).data.count).toBe(1);
    const pro = await h.services.evidence.list({ userId: owner.row.id, kind: 'process', page: 1, limit: 20 });
    expect(pro.list.map((r) => r.baoquan)).toEqual([ev.process.baoquan]);
  });

  it('the one batch download zips evidence of any kind, named after the kind', async () => {
    const web = (await h.app.inject({ method: 'GET', url: `/down/downloadBatch?ids=${captureId}`, headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' } })).json();
    const z1 = web.code === 200 ? await client(h).download(web.data.downUrl) : null;
    expect(z1?.status, web.msg).toBe(200);
    expect(decodeURIComponent(String(z1!.headers['content-disposition']))).toContain('网页取证批量下载-1个.zip');
    const any = await h.services.evidence.zipUrl(owner.row.id, [ev.data.id, ev.process.id], 'process');
    const z2 = await client(h).download(any.downUrl);
    expect(z2.status).toBe(200);
    expect(decodeURIComponent(String(z2.headers['content-disposition']))).toContain('过程取证批量下载-2个.zip');
    // Members are named `<baoquan>-<file name>` (zip central directory).
    expect(z2.body.includes(Buffer.from(`${ev.data.baoquan}-`)) && z2.body.includes(Buffer.from(`${ev.process.baoquan}-session.wacz`))).toBe(true);
  });
});
