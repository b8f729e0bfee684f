/**
 * Staging computes SHA-256 and SM3 of the bytes in one pass (issue 16; platform/stageSink.ts): inline for
 * small files, by a worker thread following the temp file for large ones; both equal the digests of the
 * bytes, the temp file is fsynced and complete, and a failing source leaves no temp file nor worker.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { stageToFile } from '../src/platform/blobs.ts';
import { SM3_INLINE_MAX } from '../src/platform/stageSink.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-stage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `total` bytes of random data in chunks of `chunk` bytes. */
function randomChunks(total: number, chunk: number): Buffer[] {
  const out: Buffer[] = [];
  for (let left = total; left > 0; left -= chunk) out.push(crypto.randomBytes(Math.min(chunk, left)));
  return out;
}

describe('stageToFile digests', () => {
  for (const [label, size] of [['small (inline SM3)', 100_000], ['large (SM3 worker)', SM3_INLINE_MAX * 3 + 12345]] as const) {
    it(`${label}: SHA-256, SM3, size and head match the bytes`, async () => {
      const chunks = randomChunks(size, 65_536 + 7);
      const all = Buffer.concat(chunks);
      const staged = await stageToFile(dir, Readable.from(chunks), () => false);
      try {
        expect(staged.size).toBe(size);
        expect(staged.sha256).toBe(crypto.createHash('sha256').update(all).digest('hex'));
        expect(staged.sm3).toBe(crypto.createHash('sm3').update(all).digest('hex'));
        expect(staged.head.equals(all.subarray(0, 4100))).toBe(true);
        expect(fs.readFileSync(staged.tmpPath).equals(all)).toBe(true);
        expect((fs.statSync(staged.tmpPath).mode & 0o777).toString(8)).toBe('600');
      } finally {
        fs.rmSync(staged.tmpPath, { force: true });
      }
    });
  }

  it('a source failing after the SM3 worker started leaves no temp file', async () => {
    const before = fs.readdirSync(dir).length;
    async function* failing() {
      for (const c of randomChunks(SM3_INLINE_MAX * 2, 1 << 20)) yield c;
      throw new Error('client went away');
    }
    await expect(stageToFile(dir, Readable.from(failing()), () => false)).rejects.toThrow('client went away');
    expect(fs.readdirSync(dir).length).toBe(before);
  });
});
