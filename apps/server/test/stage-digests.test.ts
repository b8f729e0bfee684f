/**
 * Staging computes SHA-256 and SM3 of the bytes in one pass (issue 16; platform/stageSink.ts): inline for
 * small files, by a worker thread following the temp file for large ones; both equal the digests of the
 * bytes, the temp file is fsynced and complete, and a failing source leaves no temp file nor worker.
 * While receiving, staging asks for a young-generation GC every SCAVENGE_EVERY bytes (frees the socket's
 * read buffers before V8 marks the whole heap for them) when `gc` is exposed, and the bytes are unchanged.
 * Files up to STAGE_IN_MEMORY_MAX are read whole and written with one write (no stream pipeline): same
 * digests, same fsynced 0600 temp file, same refusals (empty, truncated) leaving no temp file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { STAGE_IN_MEMORY_MAX, stageToFile } from '../src/platform/blobs.ts';
import { SCAVENGE_EVERY, SM3_INLINE_MAX } from '../src/platform/stageSink.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-stage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `total` bytes of random data in chunks of `chunk` bytes. */
function randomChunks(total: number, chunk: number): Buffer[] {
  const out: Buffer[] = [];
  for (let left = total; left > 0; left -= chunk) out.push(crypto.randomBytes(Math.min(chunk, left)));
  return out;
}

describe('stageToFile digests', () => {
  for (const [label, size, chunk] of [
    ['tiny, in memory', 1024, 65_536],
    ['in memory, several chunks, exactly the limit', STAGE_IN_MEMORY_MAX, 1000],
    ['one byte past the in-memory limit (streamed)', STAGE_IN_MEMORY_MAX + 1, 1000],
    ['small (inline SM3)', 100_000, 65_536 + 7],
    ['large (SM3 worker)', SM3_INLINE_MAX * 3 + 12345, 65_536 + 7],
  ] as const) {
    it(`${label}: SHA-256, SM3, size and head match the bytes`, async () => {
      const chunks = randomChunks(size, chunk);
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

  it('in memory: an empty file and a truncated one are refused and leave no temp file', async () => {
    const before = fs.readdirSync(dir).length;
    await expect(stageToFile(dir, Readable.from([]), () => false)).rejects.toThrow('文件不能为空');
    await expect(stageToFile(dir, Readable.from([crypto.randomBytes(500)]), () => true)).rejects.toThrow('文件大小超过限制');
    expect(fs.readdirSync(dir).length).toBe(before);
  });

  for (const [label, size] of [['before the in-memory limit', 1000], ['past the in-memory limit', STAGE_IN_MEMORY_MAX * 3]] as const) {
    it(`a source failing ${label} leaves no temp file, and the source is destroyed`, async () => {
      const before = fs.readdirSync(dir).length;
      async function* failing() {
        for (const c of randomChunks(size, 1000)) yield c;
        throw new Error('client went away');
      }
      const src = Readable.from(failing());
      await expect(stageToFile(dir, src, () => false)).rejects.toThrow('client went away');
      expect(src.destroyed).toBe(true);
      expect(fs.readdirSync(dir).length).toBe(before);
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

  it('asks for a scavenge every SCAVENGE_EVERY bytes received when gc is exposed; digests unchanged', async () => {
    const g = globalThis as { gc?: unknown };
    const had = Object.getOwnPropertyDescriptor(g, 'gc');
    const calls: unknown[] = [];
    if (had && !had.configurable) return; // node --expose-gc: V8's gc cannot be replaced; nothing to observe
    Object.defineProperty(g, 'gc', { value: (o: unknown) => calls.push(o), configurable: true, writable: true });
    try {
      const size = SCAVENGE_EVERY * 2 + 1000;
      const chunks = randomChunks(size, 65_536);
      const staged = await stageToFile(dir, Readable.from(chunks), () => false);
      fs.rmSync(staged.tmpPath, { force: true });
      expect(calls).toEqual([{ type: 'minor' }, { type: 'minor' }]);
      const all = Buffer.concat(chunks);
      expect(staged.sha256).toBe(crypto.createHash('sha256').update(all).digest('hex'));
      expect(staged.sm3).toBe(crypto.createHash('sm3').update(all).digest('hex'));
    } finally {
      if (had) Object.defineProperty(g, 'gc', had);
      else delete g.gc;
    }
  });
});
