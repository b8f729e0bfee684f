/** SM3 against the GB/T 32905 examples and node:crypto's OpenSSL SM3 (any length, any chunking). */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sm3, sm3Blob, sm3Hex } from './sm3.ts';

const te = new TextEncoder();
const node = (b: Uint8Array) => crypto.createHash('sm3').update(b).digest('hex');

describe('SM3', () => {
  it('gives the standard examples (GB/T 32905-2016 A.1, A.2)', () => {
    expect(sm3Hex(te.encode('abc'))).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    expect(sm3Hex(te.encode('abcd'.repeat(16)))).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
  });
  it('equals OpenSSL for lengths around the block boundaries and for any chunking', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const b = crypto.randomBytes(n);
      expect(sm3Hex(b)).toBe(node(b));
      const h = new Sm3();
      for (let o = 0; o < n; o += 37) h.update(b.subarray(o, o + 37));
      expect(Buffer.from(h.digest()).toString('hex')).toBe(node(b));
    }
  });
  it('hashes a Blob in slices', async () => {
    const b = crypto.randomBytes(5 * 1024 * 1024 + 17);
    const seen: number[] = [];
    expect(await sm3Blob(new Blob([b]), (d) => seen.push(d))).toBe(node(b));
    expect(seen.at(-1)).toBe(b.length);
  });
});
