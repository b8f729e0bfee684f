/** The incremental SHA-256 and hashBlob agree with WebCrypto and node:crypto at every block boundary. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes.ts';
import { hashBlob, ONE_SHOT_MAX_BYTES } from './hashFile.ts';
import { Sha256, sha256 } from './sha256.ts';

describe('sha256', () => {
  it('equals WebCrypto for lengths around every padding boundary and any chunking', async () => {
    for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const data = crypto.randomBytes(n);
      const want = toHex(await sha256(data));
      const whole = new Sha256();
      whole.update(data);
      expect(toHex(whole.digest()), `n=${n}`).toBe(want);
      const chunked = new Sha256();
      for (let i = 0; i < n; ) {
        const k = 1 + crypto.randomInt(97);
        chunked.update(data.subarray(i, i + k));
        i += k;
      }
      expect(toHex(chunked.digest()), `chunked n=${n}`).toBe(want);
    }
    expect(toHex(new Sha256().digest())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashBlob: one WebCrypto call for small files, streamed above ONE_SHOT_MAX_BYTES, same digest', async () => {
    const small = crypto.randomBytes(12345);
    expect(await hashBlob(new Blob([small]))).toBe(crypto.createHash('sha256').update(small).digest('hex'));
    const big = Buffer.alloc(ONE_SHOT_MAX_BYTES + 1000, 7);
    let calls = 0;
    const hex = await hashBlob(new Blob([big]), () => calls++);
    expect(hex).toBe(crypto.createHash('sha256').update(big).digest('hex'));
    expect(calls).toBeGreaterThan(1);
  });
});
