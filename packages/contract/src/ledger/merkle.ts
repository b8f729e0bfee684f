/**
 * RFC 6962 / RFC 9162 §2.1 Merkle tree verification with WebCrypto only (browser and Node 24):
 * leaf hash = SHA-256(0x00 ‖ entry), node hash = SHA-256(0x01 ‖ left ‖ right).
 * Implements DESIGN.md Trust design §2 (verifier side); tree sizes and indexes are safe integers.
 */
import { LedgerFormatError, bytesEqual, concat, sha256 } from './bytes.ts';

/** Size in bytes of every hash of the log. */
export const HASH_SIZE = 32;

/** RFC 6962 leaf hash of the exact entry bytes: SHA-256(0x00 ‖ entry). */
export async function leafHash(entry: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(concat(Uint8Array.of(0), entry));
}

/** RFC 6962 interior node hash: SHA-256(0x01 ‖ left ‖ right). */
export async function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(concat(Uint8Array.of(1), left, right));
}

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;
const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isPow2 = (n: number) => {
  while (n > 1 && n % 2 === 0) n /= 2;
  return n === 1;
};

/**
 * Root hash implied by an inclusion proof (RFC 9162 §2.1.3.2): leaf `index` (0-based) with hash
 * `leaf` in a tree of `size` leaves, `proof` ordered from the leaf upwards.
 * Throws LedgerFormatError when index ≥ size, a hash is not 32 bytes, or the proof has the wrong length.
 */
export async function rootFromInclusion(leaf: Uint8Array, index: number, size: number, proof: readonly Uint8Array[]): Promise<Uint8Array> {
  if (!isCount(index) || !isCount(size) || index >= size) throw new LedgerFormatError('leaf index out of range');
  if (leaf.length !== HASH_SIZE) throw new LedgerFormatError('leaf hash must be 32 bytes');
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  for (const p of proof) {
    if (p.length !== HASH_SIZE) throw new LedgerFormatError('proof hash must be 32 bytes');
    if (sn === 0) throw new LedgerFormatError('proof too long');
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      while (!odd(fn) && fn !== 0) { fn = half(fn); sn = half(sn); }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new LedgerFormatError('proof too short');
  return r;
}

/**
 * True when `proof` proves that the leaf with hash `leaf` is at `index` in the tree of `size`
 * leaves whose root is `root` (RFC 9162 §2.1.3.2). Never throws: malformed input is false.
 */
export async function verifyInclusion(leaf: Uint8Array, index: number, size: number, proof: readonly Uint8Array[], root: Uint8Array): Promise<boolean> {
  try {
    return bytesEqual(await rootFromInclusion(leaf, index, size, proof), root);
  } catch (e) {
    if (e instanceof LedgerFormatError) return false;
    throw e;
  }
}

/**
 * True when `proof` proves that the tree of `size1` leaves with root `root1` is a prefix of the tree
 * of `size2` leaves with root `root2` (RFC 9162 §2.1.4.2). Requires 0 < size1 ≤ size2; equal sizes
 * need an empty proof and equal roots. Never throws: malformed input is false.
 */
export async function verifyConsistency(size1: number, size2: number, proof: readonly Uint8Array[], root1: Uint8Array, root2: Uint8Array): Promise<boolean> {
  if (!isCount(size1) || !isCount(size2) || size1 === 0 || size1 > size2) return false;
  if (size1 === size2) return proof.length === 0 && bytesEqual(root1, root2);
  if (proof.length === 0 || proof.some((p) => p.length !== HASH_SIZE)) return false;
  // size1 a power of two: the first subtree is root1 itself and is not repeated in the proof.
  const path = isPow2(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) { fn = half(fn); sn = half(sn); }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!odd(fn) && fn !== 0) { fn = half(fn); sn = half(sn); }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && bytesEqual(fr, root1) && bytesEqual(sr, root2);
}
