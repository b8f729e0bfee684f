// @vitest-environment node
/**
 * The explorer's anchor verdict (issue 3 §3) on a real little log built here with WebCrypto (RFC 6962
 * tree, C2SP signed checkpoints with a fresh Ed25519 key, CZA1 calldata): a sound anchor passes all
 * three checks; each kind of tampering fails exactly its check. Also runs the page's Python 3
 * consistency script to prove the instructions work.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeAnchorCalldata, type TAnchorProof } from '@cunzheng/contract/anchor';
import { concat, sha256, toBase64, toHex, utf8 } from '@cunzheng/contract/ledger/bytes';
import { leafHash, nodeHash } from '@cunzheng/contract/ledger/merkle';
import { keyIdOf } from '@cunzheng/contract/ledger/note';
import { computeAnchorVerdict } from './anchorVerdict';
import { howToAnchorConsistency } from './anchorHowto';

const ORIGIN = 'cunzheng.test/log';

async function mth(h: Uint8Array[]): Promise<Uint8Array> {
  if (h.length === 1) return h[0]!;
  let k = 1;
  while (k * 2 < h.length) k *= 2;
  return nodeHash(await mth(h.slice(0, k)), await mth(h.slice(k)));
}

/** RFC 6962 §2.1.2 SUBPROOF(m, D[n], b). */
async function subproof(m: number, h: Uint8Array[], b: boolean): Promise<Uint8Array[]> {
  const n = h.length;
  if (m === n) return b ? [] : [await mth(h)];
  let k = 1;
  while (k * 2 < n) k *= 2;
  if (m <= k) return [...(await subproof(m, h.slice(0, k), b)), await mth(h.slice(k))];
  return [...(await subproof(m - k, h.slice(k), false)), await mth(h.slice(0, k))];
}

let hashes: Uint8Array[];
let vkey: string;
let sign: (text: string) => Promise<string>;
const cpText = async (n: number) => `${ORIGIN}\n${n}\n${toBase64(await mth(hashes.slice(0, n)))}\n`;

/** A sound anchor of a 13-entry tree for leaf 4 whose first checkpoint had 6 entries. */
async function anchorFor(entrySize = 6, anchorSize = 13): Promise<TAnchorProof> {
  const anchored = await sign(await cpText(anchorSize));
  const entry = await sign(await cpText(entrySize));
  const root = await mth(hashes.slice(0, anchorSize));
  return {
    chainId: 31337,
    chainName: 'Hardhat',
    blockNumber: 7,
    blockTime: 1790000000,
    txHash: `0x${'ab'.repeat(32)}`,
    txUrl: '',
    from: `0x${'12'.repeat(20)}`,
    calldata: encodeAnchorCalldata({ origin: ORIGIN, size: anchorSize, root, noteSha256: await sha256(utf8(anchored)) }),
    size: anchorSize,
    root: toBase64(root),
    noteSha256: toHex(await sha256(utf8(anchored))),
    anchoredCheckpoint: anchored,
    entryCheckpoint: { size: entrySize, root: toBase64(await mth(hashes.slice(0, entrySize))), note: entry },
    consistency: (await subproof(entrySize, hashes.slice(0, anchorSize), true)).map(toBase64),
  };
}
const linkProof = async (a: number, b: number) => (a === b ? [] : (await subproof(a, hashes.slice(0, b), true)).map(toBase64));

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const keyId = await keyIdOf(ORIGIN, pub);
  vkey = `${ORIGIN}+${toHex(keyId)}+${toBase64(concat(Uint8Array.of(1), pub))}`;
  sign = async (text) => `${text}\n\u2014 ${ORIGIN} ${toBase64(concat(keyId, new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, utf8(text)))))}\n`;
  hashes = await Promise.all(Array.from({ length: 20 }, (_, i) => leafHash(utf8(`{"i":${i}}`))));
});

describe('computeAnchorVerdict', () => {
  it('passes a sound anchor, with the current checkpoint larger or smaller than the anchored one', async () => {
    const a = await anchorFor();
    for (const cur of [20, 13, 9]) {
      const current = { note: await sign(await cpText(cur)) };
      const v = await computeAnchorVerdict(a, 4, current, await linkProof(Math.min(13, cur), Math.max(13, cur)), vkey);
      expect(v, `current ${cur}`).toMatchObject({ ok: true, calldata: { ok: true, size: 13, origin: ORIGIN }, consistency: { ok: true, from: 6, to: 13 }, link: { ok: true } });
    }
  });

  it('fails the matching check for each tampering', async () => {
    const current = { note: await sign(await cpText(20)) };
    const link = await linkProof(13, 20);
    const good = await anchorFor();
    const other = await anchorFor(6, 14);

    const badCalldata = { ...good, calldata: other.calldata };
    expect((await computeAnchorVerdict(badCalldata, 4, current, link, vkey)).calldata).toMatchObject({ ok: false, reason: expect.stringContaining('不一致') });
    expect((await computeAnchorVerdict({ ...good, calldata: '0x00' }, 4, current, link, vkey)).calldata).toMatchObject({ ok: false, reason: expect.stringContaining('CZA1') });
    expect((await computeAnchorVerdict(good, 4, current, link, null)).calldata.ok).toBe(false);

    const p = [...good.consistency];
    p[0] = toBase64(new Uint8Array(32).fill(1));
    expect((await computeAnchorVerdict({ ...good, consistency: p }, 4, current, link, vkey))).toMatchObject({ ok: false, calldata: { ok: true }, consistency: { ok: false } });
    expect((await computeAnchorVerdict(good, 7, current, link, vkey)).consistency).toMatchObject({ ok: false, reason: '本条目检查点不包含该条目' });

    const wrongLink = await linkProof(12, 20);
    expect((await computeAnchorVerdict(good, 4, current, wrongLink, vkey)).link.ok).toBe(false);
    expect((await computeAnchorVerdict(good, 4, current, null, vkey)).link.ok).toBe(false);
  });

  it("the page's Python 3 consistency script accepts the proof and rejects a tampered one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cz-anchor-howto-'));
    for (const [entry, anchor] of [[6, 13], [8, 13], [1, 20], [13, 13]] as const) {
      const a = await anchorFor(entry, anchor);
      const file = path.join(dir, `ok-${entry}-${anchor}.py`);
      writeFileSync(file, howToAnchorConsistency(a).script);
      expect(execFileSync('python3', [file]).toString().trim(), `${entry}→${anchor}`).toBe('一致性证明有效');
    }
    const a = await anchorFor(6, 13);
    const bad = path.join(dir, 'bad.py');
    writeFileSync(bad, howToAnchorConsistency({ ...a, root: a.entryCheckpoint.root }).script);
    expect(execFileSync('python3', [bad]).toString().trim()).toBe('一致性证明无效');
  });
});
