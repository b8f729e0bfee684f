/**
 * The S3 blob store (issue 17 §1) against a real S3-compatible server over HTTP (s3rver): single-part and
 * multipart uploads (a 12 MiB file with 5 MiB parts), verified reads and ranges, missing and altered objects,
 * repair, listing and garbage collection by age, and the readiness probe.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobIntegrityError, type BlobStore } from '../src/platform/blobs.ts';
import { parseS3Url, s3BlobStore, s3ObjectOf } from '../src/platform/blobsS3.ts';
import { startS3rver, TEST_BUCKET } from './s3Setup.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const read = async (r: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of r as AsyncIterable<Buffer>) parts.push(c);
  return Buffer.concat(parts);
};

describe('S3 blob store', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: BlobStore;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-s3store-'));
  const objectFile = (h: string) => {
    const { bucket, key } = s3ObjectOf(store, h);
    return path.join(s3.dir, bucket, `${key}._S3rver_object`);
  };
  beforeAll(async () => {
    s3 = await startS3rver();
    store = s3BlobStore({ url: `s3://${TEST_BUCKET}/unit/`, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, partSize: 5 * 1024 * 1024, tmpDir: path.join(tmp, 'tmp') });
  });
  afterAll(async () => {
    await s3?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('parses BLOB_STORE URLs and refuses others', () => {
    expect(parseS3Url('s3://cz-evidence/prod/a')).toEqual({ bucket: 'cz-evidence', prefix: 'prod/a' });
    expect(parseS3Url('s3://cz-evidence')).toEqual({ bucket: 'cz-evidence', prefix: '' });
    expect(() => parseS3Url('http://x/y')).toThrow('BLOB_STORE');
  });

  it('stores a multipart file and a small one; reads them verified, whole and by range', async () => {
    const big = crypto.randomBytes(12 * 1024 * 1024 + 17);
    const staged = await store.stage(Readable.from([big.subarray(0, 3e6), big.subarray(3e6)]), () => false);
    expect(staged).toMatchObject({ sha256: sha(big), size: big.length });
    expect(await store.commit(staged)).toBe(true);
    expect(await store.commit(staged)).toBe(false); // already stored: touched, not rewritten
    await store.discard(staged);
    expect(fs.readdirSync(path.join(tmp, 'tmp'))).toEqual([]);
    expect(fs.statSync(objectFile(sha(big))).size).toBe(big.length);

    const v = await store.openVerified(sha(big));
    expect(v.size).toBe(big.length);
    expect((await read(v.stream({ start: 5 * 1024 * 1024 - 3, end: 5 * 1024 * 1024 + 2 }))).equals(big.subarray(5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 3))).toBe(true);
    const whole = await store.openVerified(sha(big));
    expect(sha(await read(whole.stream()))).toBe(sha(big));
    // The read spool is gone once the stream is consumed.
    expect(fs.readdirSync(path.join(tmp, 'tmp'))).toEqual([]);

    const small = Buffer.from('小文件 small file');
    const h = await store.putBuffer(small);
    expect(h).toBe(sha(small));
    expect((await store.readVerified(h)).equals(small)).toBe(true);
    expect(await store.has(h)).toBe(true);
    expect(await store.rehash(h)).toEqual({ sha256: h, size: small.length });
  });

  it('missing and altered objects are never served; repair replaces altered bytes', async () => {
    const content = Buffer.from('evidence bytes '.repeat(1000));
    const h = await store.putBuffer(content);
    const file = objectFile(h);
    const b = fs.readFileSync(file);
    b[100] = b[100]! ^ 0xff;
    fs.writeFileSync(file, b);
    await expect(store.openVerified(h)).rejects.toMatchObject({ kind: 'mismatch' });
    await expect(store.readVerified(h)).rejects.toBeInstanceOf(BlobIntegrityError);
    expect((await store.rehash(h))!.sha256).not.toBe(h);
    const staged = await store.stage(Readable.from([content]), () => false);
    expect(await store.repair(staged)).toBe(true);
    await store.discard(staged);
    expect((await store.readVerified(h)).equals(content)).toBe(true);

    fs.rmSync(file);
    await expect(store.openVerified(h)).rejects.toMatchObject({ kind: 'missing' });
    expect(await store.rehash(h)).toBeNull();
    expect(await store.has(h)).toBe(false);
    expect(await store.touch(h)).toBe(false);
  });

  it('lists objects with their age; collect deletes only older ones; ping', async () => {
    const old = await store.putBuffer(Buffer.from(`old ${crypto.randomUUID()}`));
    const young = await store.putBuffer(Buffer.from(`young ${crypto.randomUUID()}`));
    const past = new Date(Date.now() - 3 * 24 * 3600_000);
    fs.utimesSync(objectFile(old), past, past);
    const listed = new Map<string, number>();
    for await (const f of store.list()) listed.set(f.sha256, f.mtimeMs);
    expect(listed.get(old)).toBeLessThan(Date.now() - 2 * 24 * 3600_000);
    expect(listed.get(young)).toBeGreaterThan(Date.now() - 3600_000);
    const cutoff = Date.now() - 24 * 3600_000;
    expect(await store.collect(young, cutoff)).toBe(false);
    expect(await store.collect(old, cutoff)).toBe(true);
    expect(await store.has(old)).toBe(false);
    await expect(store.ping()).resolves.toBeUndefined();
    const nowhere = s3BlobStore({ url: 's3://no-such-bucket/x', endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, partSize: 5 * 1024 * 1024, tmpDir: path.join(tmp, 'tmp2') });
    await expect(nowhere.ping()).rejects.toBeTruthy();
  });

  it('refuses empty uploads and keeps no temp file', async () => {
    await expect(store.stage(Readable.from([Buffer.alloc(0)]), () => false)).rejects.toMatchObject({ message: '文件不能为空' });
    expect(fs.readdirSync(path.join(tmp, 'tmp'))).toEqual([]);
  });
});
