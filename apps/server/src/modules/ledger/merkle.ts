/**
 * RFC 6962 / RFC 9162 §2.1 Merkle tree hashing and proof generation over stored complete subtrees
 * (DESIGN.md Trust design §2). A node (level L, idx i) covers leaves [i·2^L, (i+1)·2^L); only complete
 * subtrees exist, level 0 being the leaf hashes. Every tree hash the RFC needs, MTH(D[a:b]), is the
 * right fold of the O(log n) complete subtrees that tile [a, b), so roots and proofs take one batched
 * read of O(log n) nodes. Pure functions here; storage comes in as a NodeReader.
 */
import crypto from 'node:crypto';

/** A complete subtree: level L, position i (covers leaves [i·2^L, (i+1)·2^L)). */
export interface NodeId {
  level: number;
  idx: number;
}

/** Reads the hashes of the given complete subtrees (one round trip); throws if one is missing. */
export type NodeReader = (ids: readonly NodeId[]) => Promise<Map<string, Buffer>>;

/** Map key of a node. */
export const nodeKey = (n: NodeId): string => `${n.level}:${n.idx}`;

/** RFC 6962 leaf hash SHA-256(0x00 ‖ data). */
export function hashLeaf(data: Uint8Array): Buffer {
  return crypto.createHash('sha256').update(LEAF_PREFIX).update(data).digest();
}

/** RFC 6962 interior node hash SHA-256(0x01 ‖ left ‖ right). */
export function hashChildren(left: Uint8Array, right: Uint8Array): Buffer {
  return crypto.createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);
/** Root of the empty tree: SHA-256 of the empty string (RFC 6962 §2.1). */
export const EMPTY_ROOT = crypto.createHash('sha256').digest();

/** Largest power of two strictly smaller than n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The complete subtrees tiling [a, b), left to right (largest first). For the ranges of RFC 6962's
 * recursion (a aligned to a power of two ≥ b − a) MTH(D[a:b]) is the right fold of their hashes.
 */
export function tiles(a: number, b: number): NodeId[] {
  const out: NodeId[] = [];
  while (a < b) {
    let size = 1;
    let level = 0;
    while (a % (size * 2) === 0 && a + size * 2 <= b) {
      size *= 2;
      level++;
    }
    out.push({ level, idx: a / size });
    a += size;
  }
  return out;
}

/** A subtree hash needed by a proof: MTH(D[a:b]). */
export interface Range {
  a: number;
  b: number;
}

/** Ranges of the RFC 6962 §2.1.1 audit path PATH(m, D[lo:hi]), leaf side first. */
export function inclusionRanges(m: number, lo: number, hi: number): Range[] {
  const out: Range[] = [];
  // Iterative descent from the root, collecting siblings top-down, then reversed.
  while (hi - lo > 1) {
    const k = splitPoint(hi - lo);
    if (m < lo + k) {
      out.push({ a: lo + k, b: hi });
      hi = lo + k;
    } else {
      out.push({ a: lo, b: lo + k });
      lo += k;
    }
  }
  return out.reverse();
}

/** Ranges of the RFC 6962 §2.1.2 consistency proof PROOF(m, D[n]) for 0 < m < n, in proof order. */
export function consistencyRanges(m: number, n: number): Range[] {
  const top: Range[] = [];
  let lo = 0;
  let hi = n;
  let complete = true; // the `b` flag of SUBPROOF: D[lo:lo+m'] is the whole old tree
  let mm = m;
  while (true) {
    if (mm === hi - lo) {
      if (!complete) top.push({ a: lo, b: hi });
      break;
    }
    const k = splitPoint(hi - lo);
    if (mm <= k) {
      top.push({ a: lo + k, b: hi });
      hi = lo + k;
    } else {
      top.push({ a: lo, b: lo + k });
      lo += k;
      mm -= k;
      complete = false;
    }
  }
  return top.reverse();
}

/** Complete subtrees needed to hash every range. */
export function nodesFor(ranges: readonly Range[]): NodeId[] {
  const seen = new Map<string, NodeId>();
  for (const r of ranges) for (const t of tiles(r.a, r.b)) seen.set(nodeKey(t), t);
  return [...seen.values()];
}

/** MTH(D[a:b]) from the hashes of its tiles (right fold). */
export function rangeHash(r: Range, hashes: Map<string, Buffer>): Buffer {
  const t = tiles(r.a, r.b);
  const get = (n: NodeId) => {
    const h = hashes.get(nodeKey(n));
    if (!h) throw new Error(`ledger: missing subtree hash ${nodeKey(n)}`);
    return h;
  };
  let h = get(t[t.length - 1]!);
  for (let i = t.length - 2; i >= 0; i--) h = hashChildren(get(t[i]!), h);
  return h;
}

/** Root hash of the first `n` leaves (EMPTY_ROOT for 0) from popcount(n) stored subtrees. */
export async function rootAt(read: NodeReader, n: number): Promise<Buffer> {
  if (n === 0) return EMPTY_ROOT;
  const range = { a: 0, b: n };
  return rangeHash(range, await read(nodesFor([range])));
}

/** Inclusion proof (RFC 6962 §2.1.1) of leaf m in the tree of size n; requires 0 ≤ m < n. */
export async function inclusionProof(read: NodeReader, m: number, n: number): Promise<Buffer[]> {
  if (!(m >= 0 && m < n)) throw new RangeError('leaf index out of range');
  const ranges = inclusionRanges(m, 0, n);
  const hashes = await read(nodesFor(ranges));
  return ranges.map((r) => rangeHash(r, hashes));
}

/** Consistency proof (RFC 6962 §2.1.2) between sizes m and n; [] when m == n; requires 0 < m ≤ n. */
export async function consistencyProof(read: NodeReader, m: number, n: number): Promise<Buffer[]> {
  if (!(m > 0 && m <= n)) throw new RangeError('tree sizes out of range');
  if (m === n) return [];
  const ranges = consistencyRanges(m, n);
  const hashes = await read(nodesFor(ranges));
  return ranges.map((r) => rangeHash(r, hashes));
}
