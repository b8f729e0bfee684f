/**
 * Issue 16: the local store links a blob into a leaf directory it already made durable without `mkdir`, and
 * reads a would-be repair target through a bare descriptor. If the leaf was removed since (by hand, a restore),
 * the link makes the directories again; an existing blob is left as is (mtime refreshed); a missing staged file
 * still fails the link.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { localBlobPath, localBlobStore } from '../src/platform/blobs.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-link-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Two different contents whose SHA-256 share the first 4 hex digits (same leaf directory). */
function sameLeafPair(): [Buffer, Buffer] {
  const seen = new Map<string, Buffer>();
  for (let i = 0; ; i++) {
    const b = Buffer.from(`blob ${i}`);
    const leaf = crypto.createHash('sha256').update(b).digest('hex').slice(0, 4);
    const other = seen.get(leaf);
    if (other) return [other, b];
    seen.set(leaf, b);
  }
}

describe('local blob links', () => {
  it('a second blob in a known leaf links without mkdir; a removed leaf is made again', async () => {
    const store = localBlobStore(path.join(root, 'a'));
    const [x, y] = sameLeafPair();
    const stage = async (b: Buffer) => store.stage(Readable.from([b]), () => false);
    const sx = await stage(x);
    expect(await store.repair(sx)).toBe(false); // new blob: nothing to repair
    expect(await store.commit(sx)).toBe(true);
    const px = localBlobPath(store, sx.sha256);
    expect(fs.readFileSync(px).equals(x)).toBe(true);
    // the leaf is removed behind the store's back
    fs.rmSync(path.dirname(px), { recursive: true });
    const sy = await stage(y);
    expect(await store.commit(sy)).toBe(true);
    expect(fs.readFileSync(localBlobPath(store, sy.sha256)).equals(y)).toBe(true);
    // linking x again into the re-made leaf
    expect(await store.commit(sx)).toBe(true);
    expect(await store.commit(sx)).toBe(false); // already there
    await store.discard(sx);
    await store.discard(sy);
    expect(fs.readdirSync(path.join(root, 'a', 'tmp'))).toEqual([]);
  });

  it('a missing staged file fails the link; an altered blob is repaired from the staged bytes', async () => {
    const store = localBlobStore(path.join(root, 'b'));
    const b = crypto.randomBytes(2000);
    const s = await store.stage(Readable.from([b]), () => false);
    expect(await store.commit(s)).toBe(true);
    const p = localBlobPath(store, s.sha256);
    fs.rmSync(p); // a new file in its place (writing through the path would alter the staged hard link too)
    fs.writeFileSync(p, 'altered');
    expect(await store.repair(s)).toBe(true);
    expect(fs.readFileSync(p).equals(b)).toBe(true);
    await store.discard(s);
    await expect(store.commit({ ...s, sha256: crypto.createHash('sha256').update('other').digest('hex') })).rejects.toThrow(/ENOENT/);
  });
});
