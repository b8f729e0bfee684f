/**
 * One deposit for every kind (issue 11 §1): `evidenceService.depositArtefacts` stores a multi-artefact
 * evidence (main file in the evidence row and the ledger entry, the others as referenced blobs in
 * evidence_artefacts), and a signed artefact URL delivers the exact bytes. Real app, real database.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, userRow } from './blob-helpers.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('depositArtefacts', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('deposits a WACZ plus an MP4 as one process evidence, with its side-table hook in the same transaction', async () => {
    const owner = await makeUser(h);
    const wacz = Buffer.from(`wacz ${crypto.randomUUID()}`);
    const mp4 = Buffer.from(`mp4 ${crypto.randomUUID()}`);
    const stage = (b: Buffer) => h.services.evidence.stage(Readable.from([b]), () => false);
    let seen: { id: number; roles: string[] } | null = null;
    const r = await h.services.evidence.depositArtefacts({
      kind: 'process',
      owner: await userRow(h, owner.row.id),
      title: '过程取证',
      note: '视频编码失败',
      artefacts: [
        { role: 'video', name: 'session.mp4', staged: await stage(mp4), mime: 'video/mp4' },
        { role: 'wacz', name: 'session.wacz', staged: await stage(wacz) },
      ],
      inTx: async (_tx, ev, arts) => { seen = { id: ev.id, roles: arts.map((a) => a.role) }; },
    });
    expect(r.item).toMatchObject({ title: '过程取证', fileName: 'session.wacz', sha256: sha(wacz), size: wacz.length });
    expect(seen).toEqual({ id: r.item.id, roles: ['video'] });
    expect(r.artefacts.map((a) => ({ role: a.role, name: a.name, sha256: a.sha256, size: a.size, mime: a.mime }))).toEqual([{ role: 'video', name: 'session.mp4', sha256: sha(mp4), size: mp4.length, mime: 'video/mp4' }]);
    // The ledger entry names the kind and the main artefact.
    const proof = await client(h).get('/api/ledger/proof', { baoquan: r.item.baoquan });
    expect(JSON.parse(Buffer.from(proof.data.leaf, 'base64').toString('utf8'))).toMatchObject({ kind: 'process', sha256: sha(wacz), size: wacz.length });
    // The MP4 comes back through a verified download ticket.
    const url = await h.services.evidence.artefactUrl(r.item.id, 'video');
    expect(url).toBeTruthy();
    const got = await client(h).download(url!);
    expect(got.status).toBe(200);
    expect(sha(got.body)).toBe(sha(mp4));
    expect(await h.services.evidence.artefactUrl(r.item.id, 'actionLog')).toBeNull();
    expect(await h.services.evidence.artefacts(r.item.id)).toHaveLength(1);
  });

  it('refuses a deposit without the kind\'s main artefact and keeps nothing', async () => {
    const owner = await makeUser(h);
    const staged = await h.services.evidence.stage(Readable.from([Buffer.from('only a video')]), () => false);
    await expect(h.services.evidence.depositArtefacts({ kind: 'process', owner: await userRow(h, owner.row.id), artefacts: [{ role: 'video', name: 'x.mp4', staged }] })).rejects.toThrow(/needs exactly one wacz/);
    expect((await owner.api.get('/api/data/getList')).data.count).toBe(0);
  });
});
