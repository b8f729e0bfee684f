/**
 * SM3 (GB/T 32905-2016, the Chinese national hash; 256-bit digest) for the browser, incremental so a
 * large local file is hashed chunk by chunk without holding it in memory (issue 12 §3: the public
 * electronicData query looks a certificate up by a file's SHA-256 or SM3 digest computed locally —
 * nothing is uploaded). Node has `crypto.createHash('sm3')`; the tests check this implementation against it.
 */
import type { IncrementalHash } from './sha256.ts';

const IV = [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e];

const rotl = (x: number, n: number): number => ((x << (n & 31)) | (x >>> ((32 - (n & 31)) & 31))) >>> 0;
/** The round constants T_j rotated left by j mod 32 (GB/T 32905 §5.3.3). */
const T = Int32Array.from({ length: 64 }, (_, j) => rotl(j < 16 ? 0x79cc4519 : 0x7a879d8a, j % 32) | 0);

/** Incremental SM3: `update` any number of chunks, then `digest` once (32 bytes). */
export class Sm3 implements IncrementalHash {
  private readonly v = Int32Array.from(IV, (x) => x | 0);
  private readonly block = new Uint8Array(64);
  private fill = 0;
  /** Bytes hashed so far. */
  private length = 0;
  private readonly w = new Int32Array(68);
  private readonly w1 = new Int32Array(64);

  update(chunk: Uint8Array): void {
    this.length += chunk.length;
    let i = 0;
    if (this.fill > 0) {
      const take = Math.min(64 - this.fill, chunk.length);
      this.block.set(chunk.subarray(0, take), this.fill);
      this.fill += take;
      i = take;
      if (this.fill < 64) return;
      this.compress(this.block, 0);
      this.fill = 0;
    }
    for (; i + 64 <= chunk.length; i += 64) this.compress(chunk, i);
    if (i < chunk.length) {
      this.block.set(chunk.subarray(i), 0);
      this.fill = chunk.length - i;
    }
  }

  digest(): Uint8Array {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.fill < 56 ? 64 : 128) - this.fill);
    pad[0] = 0x80;
    const dv = new DataView(pad.buffer);
    dv.setUint32(pad.length - 8, Math.floor(bits / 0x100000000));
    dv.setUint32(pad.length - 4, bits >>> 0);
    this.update(pad);
    const out = new Uint8Array(32);
    const o = new DataView(out.buffer);
    for (let j = 0; j < 8; j++) o.setUint32(j * 4, this.v[j]! >>> 0);
    return out;
  }

  private compress(b: Uint8Array, off: number): void {
    const w = this.w;
    const w1 = this.w1;
    for (let j = 0; j < 16; j++) {
      const i = off + 4 * j;
      w[j] = (b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!;
    }
    for (let j = 16; j < 68; j++) {
      const x = w[j - 16]! ^ w[j - 9]! ^ ((w[j - 3]! << 15) | (w[j - 3]! >>> 17));
      w[j] = x ^ ((x << 15) | (x >>> 17)) ^ ((x << 23) | (x >>> 9)) ^ ((w[j - 13]! << 7) | (w[j - 13]! >>> 25)) ^ w[j - 6]!;
    }
    for (let j = 0; j < 64; j++) w1[j] = w[j]! ^ w[j + 4]!;
    const v = this.v;
    let a = v[0]!, bb = v[1]!, c = v[2]!, d = v[3]!, e = v[4]!, f = v[5]!, g = v[6]!, h = v[7]!;
    for (let j = 0; j < 64; j++) {
      const a12 = (a << 12) | (a >>> 20);
      const t = (a12 + e + T[j]!) | 0;
      const ss1 = (t << 7) | (t >>> 25);
      const ss2 = ss1 ^ a12;
      const ff = j < 16 ? a ^ bb ^ c : (a & bb) | (a & c) | (bb & c);
      const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
      const tt1 = (ff + d + ss2 + w1[j]!) | 0;
      const tt2 = (gg + h + ss1 + w[j]!) | 0;
      d = c;
      c = (bb << 9) | (bb >>> 23);
      bb = a;
      a = tt1;
      h = g;
      g = (f << 19) | (f >>> 13);
      f = e;
      e = tt2 ^ ((tt2 << 9) | (tt2 >>> 23)) ^ ((tt2 << 17) | (tt2 >>> 15));
    }
    v[0] = v[0]! ^ a;
    v[1] = v[1]! ^ bb;
    v[2] = v[2]! ^ c;
    v[3] = v[3]! ^ d;
    v[4] = v[4]! ^ e;
    v[5] = v[5]! ^ f;
    v[6] = v[6]! ^ g;
    v[7] = v[7]! ^ h;
  }
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Hex SM3 of bytes. */
export const sm3Hex = (data: Uint8Array): string => {
  const h = new Sm3();
  h.update(data);
  return hex(h.digest());
};

/** Hex SM3 of a Blob/File, read in 4 MiB slices (`onProgress(done, total)` bytes after each). */
export async function sm3Blob(blob: Blob, onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<string> {
  const CHUNK = 4 * 1024 * 1024;
  const h = new Sm3();
  for (let o = 0; o < blob.size; o += CHUNK) {
    signal?.throwIfAborted();
    h.update(new Uint8Array(await blob.slice(o, o + CHUNK).arrayBuffer()));
    onProgress?.(Math.min(o + CHUNK, blob.size), blob.size);
  }
  return hex(h.digest());
}
