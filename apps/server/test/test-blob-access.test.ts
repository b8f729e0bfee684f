/**
 * Guard of the S3 run (issue 17 §1): the whole server suite runs once with `TEST_BLOB_STORE=s3`, so no test
 * may reach stored blobs by a local path. Tests go through the BlobStore (`h.ctx.blobs`) or, to alter bytes
 * behind the application's back, `test/blobFiles.ts` (`blobFile`, `blobFileOf`), which knows both stores.
 * The staging directory DATA_DIR/blobs/tmp is local with either store and stays allowed. A test of the local
 * store itself (it makes its own `localBlobStore(…)` and never starts the app) reads that store's paths: it
 * runs the same under `TEST_BLOB_STORE=s3`, so it is exempt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules') testFiles(p, out);
    else if (e.isFile() && /\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Whether `text` is a test of the local store alone: its own `localBlobStore(` and no app harness or context. */
export function ownLocalStoreOnly(text: string): boolean {
  return /\blocalBlobStore\(/.test(text) && !/\b(startHarness|harness|ctx)\b/.test(text);
}

/** Lines reaching a stored blob by path: `localBlobPath(`, or a `'blobs'` path segment followed by anything but `'tmp'`. */
export function localBlobAccess(text: string): string[] {
  return text.split('\n').filter((l) => /\blocalBlobPath\(/.test(l) || /['"]blobs['"]\s*,\s*(?!['"]tmp['"])[\w'"`]/.test(l));
}

describe('tests reach blobs through the blob store', () => {
  it('no test opens a stored blob by a local path (the S3 run would not see it)', () => {
    const bad: string[] = [];
    for (const f of [...testFiles(path.join(ROOT, 'test')), ...testFiles(path.join(ROOT, 'src'))]) {
      if (f === import.meta.filename) continue;
      const text = fs.readFileSync(f, 'utf8');
      if (ownLocalStoreOnly(text)) continue;
      for (const l of localBlobAccess(text)) bad.push(`${path.relative(ROOT, f)}: ${l.trim()}`);
    }
    expect(bad).toEqual([]);
  });

  it('the check catches both forms and allows the staging directory', () => {
    expect(localBlobAccess("fs.readFileSync(localBlobPath(h.ctx.blobs, sha))")).toHaveLength(1);
    expect(localBlobAccess("path.join(dataDir, 'blobs', sha.slice(0, 2), sha.slice(2, 4), sha)")).toHaveLength(1);
    expect(localBlobAccess("fs.readdirSync(path.join(h.dataDir, 'blobs', 'tmp'))")).toEqual([]);
    // Only a test of its own local store is exempt, not one that also reaches the app's store.
    expect(ownLocalStoreOnly('const store = localBlobStore(dir);\nlocalBlobPath(store, sha)')).toBe(true);
    expect(ownLocalStoreOnly('const store = localBlobStore(dir);\nlocalBlobPath(h.ctx.blobs, sha)')).toBe(false);
    expect(ownLocalStoreOnly('localBlobPath(h.ctx.blobs, sha)')).toBe(false);
  });
});
