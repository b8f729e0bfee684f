// @vitest-environment node
/**
 * The explorer's in-browser verdict (issue 2 §7) on a real little log built here with WebCrypto:
 * RFC 6962 tree, C2SP signed checkpoint with a fresh Ed25519 key. Also runs the public-tool scripts
 * the page shows (coreutils, Python 3, OpenSSL 3) to prove the instructions really work.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { concat, toBase64, toHex, utf8 } from '@cunzheng/contract/ledger/bytes';
import { leafHash, nodeHash } from '@cunzheng/contract/ledger/merkle';
import { keyIdOf } from '@cunzheng/contract/ledger/note';
import type { LedgerProof } from '../../../api/ledger';
import { computeVerdict } from './verdict';
import { howToInclusion, howToLeaf, howToSignature } from './howto';

const ORIGIN = 'cunzheng.test/log';

/** RFC 6962 §2.1 Merkle tree hash of leaf hashes. */
async function mth(hashes: Uint8Array[]): Promise<Uint8Array> {
  if (hashes.length === 1) return hashes[0]!;
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return nodeHash(await mth(hashes.slice(0, k)), await mth(hashes.slice(k)));
}

/** RFC 6962 §2.1.1 audit path of leaf m. */
async function auditPath(m: number, hashes: Uint8Array[]): Promise<Uint8Array[]> {
  if (hashes.length <= 1) return [];
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  if (m < k) return [...(await auditPath(m, hashes.slice(0, k))), await mth(hashes.slice(k))];
  return [...(await auditPath(m - k, hashes.slice(k))), await mth(hashes.slice(0, k))];
}

interface TestLog {
  entries: Uint8Array[];
  hashes: Uint8Array[];
  vkey: string;
  sign(text: string): Promise<string>;
  proofFor(index: number): Promise<LedgerProof>;
}

async function makeLog(n: number): Promise<TestLog> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const keyId = await keyIdOf(ORIGIN, pub);
  const vkey = `${ORIGIN}+${toHex(keyId)}+${toBase64(concat(Uint8Array.of(1), pub))}`;
  const entries = Array.from({ length: n }, (_, i) =>
    utf8(JSON.stringify({ baoquan: `BQ2026${String(i).padStart(6, '0')}`, kind: 'data', owner: 'ab'.repeat(32), sha256: 'cd'.repeat(32), size: 100 + i, time: 1790000000 + i })),
  );
  const hashes = await Promise.all(entries.map((e) => leafHash(e)));
  const sign = async (text: string) => {
    const sig = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, utf8(text)));
    return `${text}\n\u2014 ${ORIGIN} ${toBase64(concat(keyId, sig))}\n`;
  };
  return {
    entries,
    hashes,
    vkey,
    sign,
    async proofFor(index) {
      const root = await mth(hashes);
      const checkpoint = await sign(`${ORIGIN}\n${n}\n${toBase64(root)}\n`);
      return {
        leafIndex: index,
        treeSize: n,
        leaf: toBase64(entries[index]!),
        leafHash: toBase64(hashes[index]!),
        proof: (await auditPath(index, hashes)).map(toBase64),
        checkpoint,
      };
    },
  };
}

let log: TestLog;
beforeAll(async () => {
  log = await makeLog(7);
});

describe('computeVerdict', () => {
  it('passes all three checks for every leaf of a 7-leaf log', async () => {
    for (let i = 0; i < 7; i++) {
      const data = await log.proofFor(i);
      const v = await computeVerdict(toHex(log.hashes[i]!), data, log.vkey);
      expect(v.leaf.ok && v.inclusion.ok && v.signature.ok, `leaf ${i}`).toBe(true);
      expect(v.ok).toBe(true);
      expect((v.entryJson as { baoquan: string }).baoquan).toBe(`BQ2026${String(i).padStart(6, '0')}`);
      expect(v.checkpoint?.size).toBe(7);
    }
  });

  it('accepts an upper-case chainhash and a single-entry log (empty proof)', async () => {
    const one = await makeLog(1);
    const data = await one.proofFor(0);
    expect(data.proof).toEqual([]);
    const v = await computeVerdict(toHex(one.hashes[0]!).toUpperCase(), data, one.vkey);
    expect(v.ok).toBe(true);
  });

  it('fails only the leaf check when the chainhash does not match the bytes', async () => {
    const data = await log.proofFor(2);
    const v = await computeVerdict(toHex(log.hashes[3]!), data, log.vkey);
    expect(v.leaf.ok).toBe(false);
    expect(v.inclusion.ok).toBe(true);
    expect(v.signature.ok).toBe(true);
    expect(v.ok).toBe(false);
  });

  it('fails the leaf and inclusion checks when the entry bytes were altered', async () => {
    const data = await log.proofFor(4);
    const bytes = Uint8Array.from(log.entries[4]!);
    bytes[bytes.length - 2]! ^= 1;
    const v = await computeVerdict(toHex(log.hashes[4]!), { ...data, leaf: toBase64(bytes) }, log.vkey);
    expect(v.leaf.ok).toBe(false);
    expect(v.inclusion.ok).toBe(false);
    expect(v.inclusion.reason).toBe('由证明计算出的根哈希与检查点中的根哈希不一致');
    expect(v.signature.ok).toBe(true);
  });

  it('fails the inclusion check for a tampered, short or mis-sized proof', async () => {
    const data = await log.proofFor(5);
    const hash = toHex(log.hashes[5]!);
    const flipped = [...data.proof];
    flipped[0] = toBase64(log.hashes[0]!);
    expect((await computeVerdict(hash, { ...data, proof: flipped }, log.vkey)).inclusion.ok).toBe(false);
    const short = await computeVerdict(hash, { ...data, proof: data.proof.slice(1) }, log.vkey);
    expect(short.inclusion).toMatchObject({ ok: false, reason: '证明的长度或叶子序号与树大小不符' });
    const wrongIndex = await computeVerdict(hash, { ...data, leafIndex: 4 }, log.vkey);
    expect(wrongIndex.inclusion.ok).toBe(false);
    const bad64 = await computeVerdict(hash, { ...data, proof: ['not base64!'] }, log.vkey);
    expect(bad64.inclusion).toMatchObject({ ok: false, reason: '证明中的哈希不是合法的 base64' });
  });

  it('fails the signature check for an altered checkpoint, another key, a bad or missing key', async () => {
    const data = await log.proofFor(1);
    const hash = toHex(log.hashes[1]!);
    const altered = data.checkpoint.replace(`\n7\n`, `\n8\n`);
    const v1 = await computeVerdict(hash, { ...data, checkpoint: altered }, log.vkey);
    expect(v1.signature.ok).toBe(false);
    expect(v1.inclusion).toMatchObject({ ok: false, reason: '证明的树大小与检查点的树大小不一致' });
    const other = await makeLog(7);
    const v2 = await computeVerdict(hash, data, other.vkey);
    expect(v2.signature).toMatchObject({ ok: false, reason: '检查点上没有该公钥的有效 Ed25519 签名' });
    expect(v2.inclusion.ok).toBe(true);
    expect((await computeVerdict(hash, data, 'garbage')).signature).toMatchObject({ ok: false, reason: '验证公钥格式错误' });
    expect((await computeVerdict(hash, data, null)).signature).toMatchObject({ ok: false, reason: '无法获取验证公钥' });
  });

  it('never throws on a malformed entry or checkpoint', async () => {
    const data = await log.proofFor(0);
    const v = await computeVerdict('00'.repeat(32), { ...data, leaf: '%%%', leafHash: '', checkpoint: 'nonsense' }, log.vkey);
    expect(v).toMatchObject({ ok: false, entryBytes: null, entryJson: null, checkpoint: null });
    expect(v.leaf.ok).toBe(false);
    expect(v.inclusion.ok).toBe(false);
    expect(v.signature.ok).toBe(false);
  });
});

/** True when `cmd` runs on this machine. */
function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('public-tool instructions', () => {
  it('the leaf-hash commands (base64 + sha256sum) print the chainhash', async () => {
    const data = await log.proofFor(3);
    const dir = mkdtempSync(path.join(tmpdir(), 'lx-'));
    const out = execFileSync('sh', ['-c', howToLeaf(data, toHex(log.hashes[3]!)).script], { cwd: dir, encoding: 'utf8' });
    expect(out.split(/\s/)[0]).toBe(toHex(log.hashes[3]!));
  });

  it.skipIf(!has('python3', ['--version']))('the Python inclusion script prints True and the checkpoint root', async () => {
    for (const i of [0, 5, 6]) {
      const data = await log.proofFor(i);
      const out = execFileSync('python3', ['-c', howToInclusion(data).script], { encoding: 'utf8' }).trim();
      const root = data.checkpoint.split('\n')[2];
      expect(out).toBe(`True ${root}`);
    }
  });

  it.skipIf(!has('openssl', ['version']))('the OpenSSL commands verify the checkpoint signature', async () => {
    const data = await log.proofFor(0);
    const dir = mkdtempSync(path.join(tmpdir(), 'lx-'));
    writeFileSync(path.join(dir, 'key.txt'), `${log.vkey}\n`);
    writeFileSync(path.join(dir, 'checkpoint.txt'), data.checkpoint);
    // The first line fetches the key over HTTP; key.txt is already here.
    const script = howToSignature('http://127.0.0.1:9').script.split('\n').slice(1).join('\n');
    expect(execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' })).toContain('Signature Verified Successfully');
    writeFileSync(path.join(dir, 'checkpoint.txt'), data.checkpoint.replace('\n7\n', '\n8\n'));
    expect(() => execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', stdio: 'pipe' })).toThrow();
  });
});
