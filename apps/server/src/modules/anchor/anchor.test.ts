/**
 * External anchoring end to end (issue 3 §3) against a real local EVM node (Hardhat 3's `hardhat node`,
 * started by this test): the job runs through pg-boss, the anchor is read back from the chain with an
 * independent viem client and its calldata compared with the signed checkpoint; the public route, the
 * certificate (html and PDF) and the continuous audit show it. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL. Also: anchoring off → the certificate says so; a broken setup fails fast.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAnchorCalldata, type TAnchorView } from '@cunzheng/contract/anchor';
import { fromBase64, verifyCheckpoint, verifyConsistency } from '@cunzheng/contract/ledger/index';
import { MSG } from '@cunzheng/contract/messages';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { client, registerUser } from '../../../test/client.ts';
import { startDevChain, type DevChain } from '../../../test/devChain.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { anchors } from '../../db/schema/index.ts';
import { ANCHOR_QUEUE, buildAnchor } from './wire.ts';

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
const until = async (what: string, f: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('anchoring on a local EVM node', () => {
  let chain: DevChain;
  let h: Harness;
  let user: Awaited<ReturnType<typeof registerUser>>;
  const uploads: Array<{ baoquan: string; chainhash: string }> = [];

  beforeAll(async () => {
    chain = await startDevChain();
    h = await makeHarness({
      ANCHOR_RPC_URL: chain.url,
      ANCHOR_PRIVATE_KEY: chain.keys[1]!,
      ANCHOR_EXPLORER_TX_URL: 'https://explorer.example.com/tx/{tx}',
      ANCHOR_CHAIN_NAME: 'Hardhat 本地链',
      ANCHOR_INTERVAL_SECONDS: '3600',
      ANCHOR_MIN_NEW_ENTRIES: '2',
    }, { jobs: true });
    user = await registerUser(h, { name: '王锚定' });
  });
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
  });

  const upload = async (text: string) => {
    const r = await user.api.upload(`${text}.txt`, Buffer.from(`${text}\n`.repeat(20)), { title: text });
    expect(r.code, r.msg).toBe(200);
    uploads.push(r.data);
    return r.data as { baoquan: string; chainhash: string };
  };

  it('skips while fewer than ANCHOR_MIN_NEW_ENTRIES entries exist, then anchors through the pg-boss job; the chain holds the checkpoint', async () => {
    await upload('第一份证据');
    await h.services.ledger.checkpointNow();
    expect(await h.services.anchor.runOnce()).toEqual({ status: 'skipped', reason: 'too-few' });
    await upload('第二份证据');
    const cp = (await h.services.ledger.checkpointNow())!;
    expect(cp.size).toBe(2);

    await h.ctx.jobs!.send(ANCHOR_QUEUE, {});
    await until('the anchor to be confirmed', async () => (await h.services.anchor.summary()).count === 1);
    const [row] = await h.database.db.select().from(anchors);
    expect(row).toMatchObject({ status: 'confirmed', size: 2, chainId: 31337, chainName: 'Hardhat 本地链' });

    // Read back with an independent client: a 0-value transaction to self carrying the checkpoint.
    const pub = createPublicClient({ transport: http(chain.url) });
    const me = privateKeyToAccount(chain.keys[1]!).address.toLowerCase();
    const tx = await pub.getTransaction({ hash: row!.txHash as Hex });
    expect(tx.from.toLowerCase()).toBe(me);
    expect(tx.to?.toLowerCase()).toBe(me);
    expect(tx.value).toBe(0n);
    expect(tx.input.slice(0, 10)).toBe('0x435a4131');
    const onChain = decodeAnchorCalldata(tx.input);
    expect(onChain.origin).toBe(h.config.LEDGER_ORIGIN);
    expect(onChain.size).toBe(cp.size);
    expect(Buffer.from(onChain.root).equals(cp.root)).toBe(true);
    expect(Buffer.from(onChain.noteSha256).equals(sha256(cp.note))).toBe(true);
    const receipt = await pub.getTransactionReceipt({ hash: row!.txHash as Hex });
    expect(receipt.status).toBe('success');
    expect(Number(receipt.blockNumber)).toBe(row!.blockNumber);
    expect(Number((await pub.getBlock({ blockNumber: receipt.blockNumber })).timestamp)).toBe(row!.blockTime);
  });

  it('GET /api/ledger/anchor: the first anchor covering the entry, with a consistency proof that verifies', async () => {
    const key = h.services.ledger.verifierKey();
    const r = await client(h).get<TAnchorView>('/api/ledger/anchor', { index: 0 });
    expect(r.code).toBe(200);
    const a = r.data.anchor!;
    expect(r.data).toMatchObject({ configured: true, chainName: 'Hardhat 本地链' });
    expect(a).toMatchObject({ chainId: 31337, size: 2, txUrl: `https://explorer.example.com/tx/${a.txHash}` });
    expect(decodeAnchorCalldata(a.calldata).size).toBe(2);
    expect(sha256(a.anchoredCheckpoint).toString('hex')).toBe(a.noteSha256);
    const anchored = await verifyCheckpoint(a.anchoredCheckpoint, key);
    const entry = await verifyCheckpoint(a.entryCheckpoint.note, key);
    expect(entry.size).toBeGreaterThan(0);
    expect(await verifyConsistency(entry.size, anchored.size, a.consistency.map(fromBase64), entry.root, anchored.root)).toBe(true);

    expect(await client(h).get('/api/ledger/anchor', { index: 999 })).toMatchObject({ code: 200, data: { configured: true, anchor: null } });
    for (const bad of ['-1', 'abc', '1.5', '']) expect(await client(h).get('/api/ledger/anchor', { index: bad })).toMatchObject({ code: 400, msg: MSG.LEDGER_INDEX_INVALID });
  });

  it('respects the interval; a later anchor covers newer entries with a non-empty consistency proof from their own checkpoint', async () => {
    const c = await upload('第三份证据');
    const cp3 = (await h.services.ledger.checkpointNow())!;
    await upload('第四份证据');
    await upload('第五份证据');
    const cp5 = (await h.services.ledger.checkpointNow())!;
    expect([cp3.size, cp5.size]).toEqual([3, 5]);
    expect(await h.services.anchor.runOnce()).toEqual({ status: 'skipped', reason: 'too-soon' });
    const r = await h.services.anchor.runOnce({ force: true });
    expect(r).toMatchObject({ status: 'anchored', size: 5 });
    expect(await h.services.anchor.runOnce({ force: true })).toEqual({ status: 'skipped', reason: 'up-to-date' });

    const found = await h.services.ledger.findByChainhash(c.chainhash);
    const v = (await client(h).get<TAnchorView>('/api/ledger/anchor', { index: found!.index })).data;
    expect(v.anchor).toMatchObject({ size: 5, entryCheckpoint: { size: 3 } });
    expect(v.anchor!.consistency.length).toBeGreaterThan(0);
    expect(await verifyConsistency(3, 5, v.anchor!.consistency.map(fromBase64), cp3.root, cp5.root)).toBe(true);
    // The first entries stay with the first anchor.
    expect((await client(h).get<TAnchorView>('/api/ledger/anchor', { index: 1 })).data.anchor).toMatchObject({ size: 2 });
  });

  it('the certificate page (html, English html) shows chain, block and the transaction linking to the explorer as current state; the issued PDF does not change', async () => {
    const bq = uploads[0]!.baoquan;
    const v = (await client(h).get('/api/share/getView', { baoquan: bq })).data;
    const a = (await client(h).get<TAnchorView>('/api/ledger/anchor', { index: 0 })).data.anchor!;
    expect(v.html).toContain('外部锚定：Hardhat 本地链');
    expect(v.html).toContain(`href="https://explorer.example.com/tx/${a.txHash}"`);
    expect(v.html).toContain(`区块 ${a.blockNumber}`);
    expect(v.html).toContain(`/api/ledger/anchor?index=0`);
    expect(v.htmlEn).toContain('External anchoring: Hardhat 本地链');
    expect(v.htmlEn).toContain(a.txHash);
    const pdf = (await client(h).post('/api/check/downCertificate', { no: bq })).data;
    const file = await client(h).download(pdf.downUrl);
    expect(file.status).toBe(200);
    // The PDF is the certificate issued once (issue 10 §1): an anchor made later is not printed into it.
    const text = execFileSync('pdftotext', ['-', '-'], { input: file.body }).toString('utf8');
    expect(text.replace(/\s+/g, '')).toContain(bq);
    expect(text.replace(/\s+/g, '')).not.toContain(a.txHash.slice(0, 20));
    expect(v.html.indexOf('当前状态（查询时，非证书内容）')).toBeLessThan(v.html.indexOf('外部锚定：Hardhat 本地链'));
  });

  it('the continuous audit reads every anchor back from the chain, and flags a tampered anchor row', async () => {
    const ok = (await h.services.audit.runOnce({ force: true }))!;
    expect(ok.anchorsChecked).toBe(2);
    expect(ok.problems).toBe(0);
    await h.database.db.execute(sql`update anchors set root = ${Buffer.alloc(32, 9)} where size = 2`);
    const bad = (await h.services.audit.runOnce({ force: true }))!;
    expect(bad.problems).toBeGreaterThan(0);
    const overview = await h.services.audit.overview();
    const alert = overview.alerts.find((x) => x.kind === 'anchor');
    expect(alert?.detail).toMatch(/stored root differs|calldata on chain differs/);
    expect(overview.anchoring).toMatchObject({ configured: true, count: 2, latest: { size: 5 } });
  });
});

describe('anchoring errors', () => {
  it('an unfunded account: the run reports the failure, nothing is confirmed, the certificate says pending', async () => {
    const chain = await startDevChain();
    const h = await makeHarness({ ANCHOR_RPC_URL: chain.url, ANCHOR_PRIVATE_KEY: `0x${'11'.repeat(32)}` });
    try {
      const u = await registerUser(h);
      const up = await u.api.upload('a.txt', Buffer.from('无资金账户'));
      await h.services.ledger.checkpointNow();
      const r = await h.services.anchor.runOnce().catch((e: Error) => ({ status: 'threw', error: e.message }));
      expect(['failed', 'threw']).toContain(r.status);
      expect((await h.services.anchor.summary()).count).toBe(0);
      const v = (await client(h).get('/api/share/getView', { baoquan: up.data.baoquan })).data;
      expect(v.html).toContain('外部锚定：等待锚定');
      expect(v.htmlEn).toContain('External anchoring: pending');
    } finally {
      await h.close();
      await chain.stop();
    }
  });

  it('fails fast on half a configuration or a bad explorer template', () => {
    const ctx = (env: Record<string, string>) => ({ config: loadConfig(env), db: null, log: console }) as unknown as AppContext;
    const ledger = null as never;
    expect(() => buildAnchor(ctx({ ANCHOR_RPC_URL: 'http://127.0.0.1:1' }), { ledger })).toThrow(/set together/);
    expect(() => buildAnchor(ctx({ ANCHOR_PRIVATE_KEY: `0x${'22'.repeat(32)}` }), { ledger })).toThrow(/set together/);
    expect(() => buildAnchor(ctx({ ANCHOR_RPC_URL: 'http://127.0.0.1:1', ANCHOR_PRIVATE_KEY: `0x${'22'.repeat(32)}`, ANCHOR_EXPLORER_TX_URL: 'javascript:alert(1)//{tx}' }), { ledger })).toThrow(/EXPLORER/);
    expect(() => loadConfig({ ANCHOR_PRIVATE_KEY: '0x1234' })).toThrow(/ANCHOR_PRIVATE_KEY/);
  });
});

describe('anchoring off', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h?.close(); });

  it('the certificate says external anchoring is not configured, in both languages; the route and the job say off', async () => {
    const u = await registerUser(h);
    const up = await u.api.upload('b.txt', Buffer.from('未配置锚定'));
    expect(await h.services.anchor.runOnce()).toEqual({ status: 'off' });
    const v = (await client(h).get('/api/share/getView', { baoquan: up.data.baoquan })).data;
    expect(v.html).toContain('外部锚定：未配置');
    expect(v.htmlEn).toContain('External anchoring: not configured');
    expect(await client(h).get('/api/ledger/anchor', { index: 0 })).toMatchObject({ code: 200, data: { configured: false, chainName: '', anchor: null } });
  });
});
