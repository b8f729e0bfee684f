/** Contract ledger verifier: every RFC 6962 vector, reference signed notes, tampering. */
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64, toHex, utf8 } from './bytes.ts';
import { leafHash, nodeHash, rootFromInclusion, verifyConsistency, verifyInclusion } from './merkle.ts';
import { parseCheckpoint, parseNote, parseVerifierKey, verifyCheckpoint, verifyNote } from './note.ts';
import { VECTOR_LEAVES, VECTOR_ROOT8, loadVectors, type ConsistencyVector, type InclusionVector } from './vectors.test-util.ts';

const b = (s: string) => fromBase64(s);

describe('RFC 6962 vectors (transparency-dev/merkle testdata)', () => {
  const inclusion = loadVectors<InclusionVector>('inclusion');
  const consistency = loadVectors<ConsistencyVector>('consistency');

  it('finds the vector folders', () => {
    expect(inclusion.length).toBeGreaterThan(60);
    expect(consistency.length).toBeGreaterThan(80);
    expect(inclusion.filter((v) => !v.wantErr).length).toBeGreaterThanOrEqual(6);
  });

  it.each(inclusion.map((v) => [v.file, v] as const))('inclusion %s', async (_f, v) => {
    const ok = await verifyInclusion(b(v.leafHash), v.leafIdx, v.treeSize, (v.proof ?? []).map(b), b(v.root));
    expect(ok).toBe(!v.wantErr);
    if (!v.wantErr) expect(toBase64(await rootFromInclusion(b(v.leafHash), v.leafIdx, v.treeSize, (v.proof ?? []).map(b)))).toBe(v.root);
  });

  it.each(consistency.map((v) => [v.file, v] as const))('consistency %s', async (_f, v) => {
    const ok = await verifyConsistency(v.size1, v.size2, (v.proof ?? []).map(b), b(v.root1), b(v.root2));
    expect(ok).toBe(!v.wantErr);
  });

  it('hashes the README leaves to the published root', async () => {
    const level = await Promise.all(VECTOR_LEAVES.map((l) => leafHash(l)));
    let cur = level;
    while (cur.length > 1) {
      const next = [];
      for (let i = 0; i < cur.length; i += 2) next.push(await nodeHash(cur[i]!, cur[i + 1]!));
      cur = next;
    }
    expect(toHex(cur[0]!)).toBe(VECTOR_ROOT8);
  });
});

// Known answer of golang.org/x/mod/sumdb/note (its package documentation example).
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed notes and verifier keys', () => {
  it('parses the Go reference verifier key and checks its key ID', async () => {
    const k = await parseVerifierKey(GO_VKEY);
    expect(k.name).toBe('PeterNeumann');
    expect(k.keyIdHex).toBe('c74f20a3');
    expect(k.publicKey.length).toBe(32);
    await expect(parseVerifierKey(GO_VKEY.replace('c74f20a3', 'c74f20a4'))).rejects.toThrow(/hash/);
    await expect(parseVerifierKey('Peter+Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW')).rejects.toThrow();
    // unknown algorithm byte and wrong key length (Go's own negative examples)
    await expect(parseVerifierKey('PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW')).rejects.toThrow();
    await expect(parseVerifierKey('PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==')).rejects.toThrow();
  });

  it('verifies the Go reference note and rejects every one-byte change', async () => {
    expect(await verifyNote(GO_NOTE, GO_VKEY)).toBe(true);
    expect(parseNote(GO_NOTE).text).toBe(GO_TEXT);
    const bytes = utf8(GO_NOTE);
    let accepted = 0;
    for (let i = 0; i < bytes.length; i++) {
      const t = Uint8Array.from(bytes);
      t[i] = t[i]! ^ 0x01;
      const s = new TextDecoder().decode(t);
      if (s !== GO_NOTE && (await verifyNote(s, GO_VKEY))) accepted++;
    }
    expect(accepted).toBe(0);
  });

  it('ignores signatures by other keys and rejects a note without a known signature', async () => {
    const other = `${GO_TEXT}\n\u2014 SomeoneElse AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n`;
    expect(await verifyNote(other, GO_VKEY)).toBe(false);
    const both = GO_NOTE + '\u2014 SomeoneElse AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n';
    expect(await verifyNote(both, GO_VKEY)).toBe(true);
    expect(await verifyNote(GO_TEXT, GO_VKEY)).toBe(false);
    expect(await verifyNote('garbage', 'not a key')).toBe(false);
  });

  it('parses checkpoints strictly', () => {
    const root = toBase64(new Uint8Array(32).fill(7));
    expect(parseCheckpoint(`example.com/log\n12\n${root}\n`)).toMatchObject({ origin: 'example.com/log', size: 12, extensions: [] });
    expect(() => parseCheckpoint(`example.com/log\n012\n${root}\n`)).toThrow();
    expect(() => parseCheckpoint(`example.com/log\n12\n${root}`)).toThrow();
    expect(() => parseCheckpoint(`example.com/log\n12\nAAAA\n`)).toThrow();
    expect(() => parseCheckpoint(`\n12\n${root}\n`)).toThrow();
    expect(() => parseCheckpoint(`example.com/log\n-1\n${root}\n`)).toThrow();
  });

  it('verifies a checkpoint signed with a fresh WebCrypto Ed25519 key', async () => {
    const kp = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const pub = new Uint8Array(await crypto.subtle.exportKey('raw', kp.publicKey));
    const name = 'example.com/log';
    const { keyIdOf } = await import('./note.ts');
    const keyId = await keyIdOf(name, pub);
    const vkey = `${name}+${toHex(keyId)}+${toBase64(Uint8Array.of(1, ...pub))}`;
    const text = `${name}\n3\n${toBase64(await leafHash(new Uint8Array()))}\n`;
    const sig = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, kp.privateKey, utf8(text)));
    const note = `${text}\n\u2014 ${name} ${toBase64(Uint8Array.of(...keyId, ...sig))}\n`;
    const cp = await verifyCheckpoint(note, vkey);
    expect(cp.size).toBe(3);
    await expect(verifyCheckpoint(note.replace('\n3\n', '\n4\n'), vkey)).rejects.toThrow(/signature/);
    await expect(verifyCheckpoint(note, vkey, 'other.origin')).rejects.toThrow(/origin/);
  });
});
