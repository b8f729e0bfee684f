/**
 * Ledger routes through the real app (makeHarness): a deposited file's certificate number yields an
 * inclusion proof that a stranger verifies with the public key alone (contract verifier), consistency
 * between two published checkpoints, the explorer lookup by chainhash, and bad input → code 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCheckpoint, verifyCheckpoint, verifyConsistency, verifyLeafProof, fromBase64 } from '../../../../../packages/contract/src/ledger/index.ts';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';

describe('ledger routes', () => {
  let h: Harness;
  const text = async (url: string) => {
    const r = await h.app.inject({ method: 'GET', url });
    return { status: r.statusCode, type: String(r.headers['content-type']), body: r.body };
  };
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => h?.close());

  it('GET /api/ledger/key answers the verifier key as text, case-insensitively', async () => {
    const r = await text('/API/Ledger/Key');
    expect(r.type).toMatch(/^text\/plain/);
    expect(r.body).toBe(h.services.ledger.verifierKey());
    expect(r.body.startsWith(`${h.config.LEDGER_ORIGIN}+`)).toBe(true);
  });

  it('GET /api/ledger/checkpoint on an empty ledger is a 400 envelope', async () => {
    const r = await client(h).get('/api/ledger/checkpoint');
    expect(r).toMatchObject({ code: 400, msg: '账本暂无记录' });
  });

  it('a deposit is provable by its certificate number with public data only', async () => {
    const u = await registerUser(h);
    const up = await u.api.upload('合同.txt', Buffer.from('第一份证据 evidence one'));
    expect(up.code).toBe(200);
    const key = (await text('/api/ledger/key')).body;
    const anon = client(h);
    const p = await anon.get('/api/ledger/proof', { baoquan: up.data.baoquan });
    expect(p.code).toBe(200);
    expect(Object.keys(p.data).sort()).toEqual(['checkpoint', 'leaf', 'leafHash', 'leafIndex', 'proof', 'treeSize']);
    const v = await verifyLeafProof(p.data, key);
    expect(v).toMatchObject({ ok: true, chainhash: up.data.chainhash });
    expect(v.entry).toMatchObject({ baoquan: up.data.baoquan, sha256: up.data.sha256, size: up.data.size, kind: 'data', v: 2 });
    // the checkpoint route serves the same (or a later) signed note
    const cp = await verifyCheckpoint((await text('/api/ledger/checkpoint')).body, key);
    expect(cp.size).toBeGreaterThanOrEqual(p.data.treeSize);
    // a forged leaf or proof is caught by the verifier
    expect((await verifyLeafProof({ ...p.data, leafIndex: p.data.leafIndex + 1 }, key)).ok).toBe(false);
    const forged = Buffer.from(p.data.leaf, 'base64').toString('utf8').replace(up.data.sha256, '0'.repeat(64));
    expect(await verifyLeafProof({ ...p.data, leaf: Buffer.from(forged).toString('base64') }, key)).toMatchObject({ ok: false, failed: 'leafHash' });

    // explorer lookup by chainhash
    const e = await anon.get('/api/ledger/entry', { chainhash: up.data.chainhash.toUpperCase() });
    expect(e.code).toBe(200);
    expect(e.data).toMatchObject({ leafIndex: p.data.leafIndex, leaf: p.data.leaf, leafHash: p.data.leafHash });
    expect((await verifyLeafProof(e.data, key)).ok).toBe(true);

    // more deposits, then the old checkpoint is consistent with the new one
    const old = parseCheckpoint(p.data.checkpoint);
    for (let i = 0; i < 5; i++) expect((await u.api.upload(`f${i}.txt`, Buffer.from(`证据 ${i}`))).code).toBe(200);
    const now = await verifyCheckpoint((await text('/api/ledger/checkpoint')).body, key);
    expect(now.size).toBe(old.size + 5);
    const c = await anon.get('/api/ledger/consistency', { first: old.size, second: now.size });
    expect(c.code).toBe(200);
    expect(await verifyConsistency(old.size, now.size, c.data.proof.map(fromBase64), old.root, now.root)).toBe(true);
    expect((await anon.get('/api/ledger/consistency', { first: now.size, second: now.size })).data).toEqual({ proof: [] });
  });

  it('bad input answers code 400 with a Chinese message', async () => {
    const anon = client(h);
    const cases: Array<[string, Record<string, string | number>, string]> = [
      ['/api/ledger/proof', {}, '请输入保全号'],
      ['/api/ledger/proof', { baoquan: '' }, '请输入保全号'],
      ['/api/ledger/proof', { baoquan: 'NO-SUCH-NUMBER' }, '保全号不存在'],
      ['/api/ledger/proof', { baoquan: 'x'.repeat(65) }, '保全号不存在'],
      ['/api/ledger/consistency', {}, '树大小无效'],
      ['/api/ledger/consistency', { first: 'abc', second: 2 }, '树大小无效'],
      ['/api/ledger/consistency', { first: 0, second: 2 }, '树大小无效'],
      ['/api/ledger/consistency', { first: 3, second: 2 }, '树大小无效'],
      ['/api/ledger/consistency', { first: 1.5, second: 2 }, '树大小无效'],
      ['/api/ledger/consistency', { first: 1, second: 1_000_000 }, '树大小无效'],
      ['/api/ledger/consistency', { first: 1, second: '9'.repeat(30) }, '树大小无效'],
      ['/api/ledger/entry', {}, '链上哈希格式错误'],
      ['/api/ledger/entry', { chainhash: 'abc' }, '链上哈希格式错误'],
      ['/api/ledger/entry', { chainhash: 'g'.repeat(64) }, '链上哈希格式错误'],
      ['/api/ledger/entry', { chainhash: '0'.repeat(64) }, '链上哈希不存在'],
    ];
    for (const [url, q, msg] of cases) expect(await anon.get(url, q), `${url} ${JSON.stringify(q)}`).toMatchObject({ code: 400, msg, data: null });
  });
});
