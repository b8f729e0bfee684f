/**
 * Server-side proof generation against the RFC 6962 vectors (tree built with the storage code on a real
 * database) and a randomized property test checked by the independent contract verifier.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyConsistency, verifyInclusion } from '../../../../../packages/contract/src/ledger/merkle.ts';
import { VECTOR_LEAVES, VECTOR_ROOT8, loadVectors, type ConsistencyVector, type InclusionVector } from '../../../../../packages/contract/src/ledger/vectors.test-util.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { EMPTY_ROOT, consistencyProof, hashChildren, hashLeaf, inclusionProof, rootAt, splitPoint } from './merkle.ts';
import { appendLeaves, nodeReader } from './tree.ts';

const b64 = (b: Buffer) => b.toString('base64');

/** Reference MTH straight from RFC 6962 §2.1 (recursive, in memory). */
function mth(leaves: Buffer[], a = 0, b = leaves.length): Buffer {
  if (b - a === 0) return EMPTY_ROOT;
  if (b - a === 1) return hashLeaf(leaves[a]!);
  const k = splitPoint(b - a);
  return hashChildren(mth(leaves, a, a + k), mth(leaves, a + k, b));
}

/** Deterministic PRNG (mulberry32) so a failure can be replayed from the printed seed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('server proofs equal the RFC 6962 vectors', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
    // First 3 leaves one transaction each (single-append path), the rest as one batch.
    for (const leaf of VECTOR_LEAVES.slice(0, 3)) await h.database.db.transaction((tx) => appendLeaves(tx, [{ leaf: Buffer.from(leaf), evidenceId: null }]));
    await h.database.db.transaction((tx) => appendLeaves(tx, VECTOR_LEAVES.slice(3).map((l) => ({ leaf: Buffer.from(l), evidenceId: null }))));
  });
  afterAll(async () => h?.close());

  it('stores the tree whose root is the published one', async () => {
    expect((await rootAt(nodeReader(h.database.db), 8)).toString('hex')).toBe(VECTOR_ROOT8);
  });

  const happy = (v: { file: string }) => /^(inclusion|consistency)\/[0-4]\/happy-path\.json$/.test(v.file);
  const inclusion = loadVectors<InclusionVector>('inclusion').filter(happy);
  const consistency = loadVectors<ConsistencyVector>('consistency').filter(happy);

  it('has the happy paths of folders 0–4', () => {
    expect(inclusion.length).toBe(5);
    expect(consistency.length).toBe(5);
  });

  it.each(inclusion.map((v) => [v.file, v] as const))('inclusion %s', async (_f, v) => {
    const read = nodeReader(h.database.db);
    expect(b64(await rootAt(read, v.treeSize))).toBe(v.root);
    expect(b64(hashLeaf(Buffer.from(VECTOR_LEAVES[v.leafIdx]!)))).toBe(v.leafHash);
    expect((await inclusionProof(read, v.leafIdx, v.treeSize)).map(b64)).toEqual(v.proof ?? []);
  });

  it.each(consistency.map((v) => [v.file, v] as const))('consistency %s', async (_f, v) => {
    const read = nodeReader(h.database.db);
    expect(b64(await rootAt(read, v.size1))).toBe(v.root1);
    expect(b64(await rootAt(read, v.size2))).toBe(v.root2);
    expect((await consistencyProof(read, v.size1, v.size2)).map(b64)).toEqual(v.proof ?? []);
  });

  it('refuses proofs outside the tree', async () => {
    const read = nodeReader(h.database.db);
    await expect(inclusionProof(read, 8, 8)).rejects.toThrow(RangeError);
    await expect(consistencyProof(read, 0, 3)).rejects.toThrow(RangeError);
    await expect(consistencyProof(read, 4, 3)).rejects.toThrow(RangeError);
    await expect(rootAt(read, 9)).rejects.toThrow(/missing subtree/);
  });
});

describe('property: every generated proof verifies with the contract verifier', () => {
  const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? (Date.now() % 1_000_000));
  const rnd = prng(seed);
  const pick = (n: number) => Math.floor(rnd() * n);
  const N = 2000 + pick(1000);
  const leaves: Buffer[] = [];
  let h: Harness;

  beforeAll(async () => {
    console.log(`ledger property test: seed ${seed}, ${N} leaves`);
    h = await makeHarness();
    while (leaves.length < N) {
      const k = Math.min(N - leaves.length, rnd() < 0.3 ? 1 : 1 + pick(300));
      const batch = Array.from({ length: k }, () => crypto.randomBytes(pick(80)));
      const got = await h.database.db.transaction((tx) => appendLeaves(tx, batch.map((leaf) => ({ leaf, evidenceId: null }))));
      expect(got[0]!.index).toBe(leaves.length);
      leaves.push(...batch);
    }
  }, 120_000);
  afterAll(async () => h?.close());

  it('roots of stored subtrees equal the RFC recursion', async () => {
    const read = nodeReader(h.database.db);
    const sizes = [...Array.from({ length: 70 }, (_, i) => i), ...Array.from({ length: 30 }, () => pick(N + 1)), N];
    for (const n of sizes) expect((await rootAt(read, n)).equals(mth(leaves, 0, n)), `size ${n}`).toBe(true);
  });

  it('every inclusion proof of the full tree and of three smaller trees verifies', async () => {
    const read = nodeReader(h.database.db);
    for (const n of [N, 1 + pick(N), 1 + pick(300), 1 + pick(40)]) {
      const root = await rootAt(read, n);
      for (let m = 0; m < n; m++) {
        const proof = await inclusionProof(read, m, n);
        const ok = await verifyInclusion(hashLeaf(leaves[m]!), m, n, proof, root);
        if (!ok) throw new Error(`inclusion ${m} of ${n} does not verify (seed ${seed})`);
      }
      // and a wrong leaf never verifies
      expect(await verifyInclusion(hashLeaf(Buffer.from('not a leaf')), 0, n, await inclusionProof(read, 0, n), root)).toBe(false);
    }
  }, 120_000);

  it('consistency proofs between many size pairs verify, and fail for the wrong old root', async () => {
    const read = nodeReader(h.database.db);
    const pairs: Array<[number, number]> = [];
    for (let n = 1; n <= 40; n++) for (let m = 1; m <= n; m++) pairs.push([m, n]);
    for (let i = 0; i < 400; i++) {
      const n = 1 + pick(N);
      pairs.push([1 + pick(n), n]);
    }
    pairs.push([1, N], [N - 1, N], [N, N]);
    for (const [m, n] of pairs) {
      const proof = await consistencyProof(read, m, n);
      const r1 = await rootAt(read, m);
      const r2 = await rootAt(read, n);
      if (!(await verifyConsistency(m, n, proof, r1, r2))) throw new Error(`consistency ${m} → ${n} does not verify (seed ${seed})`);
      if (m < n && (await verifyConsistency(m, n, proof, hashLeaf(Buffer.from('x')), r2))) throw new Error(`consistency ${m} → ${n} accepted a wrong root`);
    }
  }, 120_000);
});
