/**
 * S3 blob store (issue 17 §1): the `BlobStore` contract of platform/blobs.ts on any S3-compatible object
 * storage (AWS S3, Aliyun OSS's S3 endpoint, Tencent COS, MinIO), selected by `BLOB_STORE=s3://bucket/prefix`.
 *
 * - Uploads are staged on local disk exactly as in the local store (`DATA_DIR/blobs/tmp`, hashed while
 *   streaming, fsynced), so the content address is known before anything is sent.
 * - `commit` (inside the transaction that references the blob) uploads the staged file: up to one part
 *   (`S3_PART_SIZE_MB`) with a single PutObject carrying `x-amz-checksum-sha256` = the content address, so
 *   the service itself refuses bytes that do not hash to the address; larger files stream as a multipart
 *   upload (`@aws-sdk/lib-storage`) with a SHA-256 checksum per part, verified by the service. The object
 *   key is `<prefix>/<sha256>`; an existing object is only "touched" (copied onto itself), never rewritten.
 * - Reads for downloads (`openVerified`) spool the object to a local temp file while hashing it and then
 *   stream from that same file, so altered or missing bytes are never sent (same guarantee as local).
 * - The object's Last-Modified is the blob's mtime for the garbage collector; `touch` refreshes it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';
import { BlobIntegrityError, stageToFile, sweepDir, type BlobStore, type StagedBlob } from './blobs.ts';

const requireLazy = createRequire(import.meta.url);

export interface S3BlobSettings {
  /** `s3://bucket/prefix` (prefix optional). */
  url: string;
  /** Endpoint URL (`http://127.0.0.1:9000`, `https://oss-cn-hangzhou.aliyuncs.com`); unset: AWS. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (`endpoint/bucket/key`), needed by MinIO and most local servers. */
  forcePathStyle: boolean;
  /** Multipart part size, bytes (≥ 5 MiB); also the largest single PutObject. */
  partSize: number;
  /** Local directory for staged uploads and read spools. */
  tmpDir: string;
}

/** Parses `s3://bucket/prefix` → bucket and prefix without slashes at its ends; throws on another scheme. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) throw new Error('BLOB_STORE must be `local` or `s3://bucket/prefix`');
  return { bucket: m[1]!, prefix: (m[2] ?? '').replace(/^\/+|\/+$/g, '') };
}

/** Bucket and key of each S3 store's objects, for tests that alter objects on purpose (never used by `src/`). */
const objectKeys = new WeakMap<BlobStore, (sha256: string) => { bucket: string; key: string }>();

/** TESTS ONLY: bucket and key of blob `sha256` in an S3 store; throws for another store. */
export function s3ObjectOf(store: BlobStore, sha256: string): { bucket: string; key: string } {
  const f = objectKeys.get(store);
  if (!f) throw new Error('not an S3 blob store');
  return f(sha256);
}

const statusOf = (e: unknown): number | undefined => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (e: unknown): boolean => statusOf(e) === 404 || ['NotFound', 'NoSuchKey'].includes((e as { name?: string }).name ?? '');

/** Builds an S3 blob store (no network call until first use). */
export function s3BlobStore(s: S3BlobSettings): BlobStore {
  const { bucket, prefix } = parseS3Url(s.url);
  // The AWS SDK (≈ 35 MiB RSS) loads only for an S3 store, not at every server start (issue 16).
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, CopyObjectCommand, DeleteObjectCommand, ListObjectsV2Command, HeadBucketCommand } =
    requireLazy('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const { Upload } = requireLazy('@aws-sdk/lib-storage') as typeof import('@aws-sdk/lib-storage');
  fs.mkdirSync(s.tmpDir, { recursive: true, mode: 0o700 });
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint || undefined,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
  const keyOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error('bad blob address');
    return prefix ? `${prefix}/${sha}` : sha;
  };
  const listPrefix = prefix ? `${prefix}/` : '';
  const b64 = (sha: string) => Buffer.from(sha, 'hex').toString('base64');
  const missing = (sha: string) => new BlobIntegrityError('missing', sha, `blob ${sha} is missing`);
  const mismatch = (sha: string, got: string) => new BlobIntegrityError('mismatch', sha, `blob ${sha} hashes to ${got}`);

  const exists = async (sha: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(sha) }));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  };
  /** Refreshes Last-Modified by copying the object onto itself; false when it is missing. */
  const touch = async (sha: string): Promise<boolean> => {
    try {
      await client.send(
        new CopyObjectCommand({ Bucket: bucket, Key: keyOf(sha), CopySource: `${bucket}/${keyOf(sha)}`, MetadataDirective: 'REPLACE', Metadata: { sha256: sha, touched: String(Date.now()) } }),
      );
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  };
  /** Uploads `file` (`size` bytes, hashing to `sha`) under its address, checksummed by the service. */
  const upload = async (file: string, sha: string, size: number): Promise<void> => {
    if (size <= s.partSize) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(sha), Body: fs.createReadStream(file), ContentLength: size, ChecksumSHA256: b64(sha), Metadata: { sha256: sha } }),
      );
      return;
    }
    const up = new Upload({
      client,
      params: { Bucket: bucket, Key: keyOf(sha), Body: fs.createReadStream(file, { highWaterMark: 1 << 20 }), ChecksumAlgorithm: 'SHA256', Metadata: { sha256: sha } },
      partSize: s.partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await up.done();
  };
  /** Streams the object's bytes, or null when it is missing. */
  const get = async (sha: string): Promise<Readable | null> => {
    try {
      const r = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha) }));
      return r.Body as Readable;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  };
  const rehash = async (sha: string): Promise<{ sha256: string; size: number } | null> => {
    const body = await get(sha);
    if (!body) return null;
    const h = crypto.createHash('sha256');
    let size = 0;
    for await (const c of body as AsyncIterable<Buffer>) {
      h.update(c);
      size += c.length;
    }
    return { sha256: h.digest('hex'), size };
  };
  const commit = async (staged: StagedBlob): Promise<boolean> => {
    if (await touch(staged.sha256)) return false;
    await upload(staged.tmpPath, staged.sha256, staged.size);
    return true;
  };

  const store: BlobStore = {
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    stage: (source, isTruncated) => stageToFile(s.tmpDir, source, isTruncated),
    commit,
    discard: (staged) => fsp.rm(staged.tmpPath, { force: true }),
    async repair(staged) {
      const got = await rehash(staged.sha256);
      if (!got || got.sha256 === staged.sha256) return false;
      await upload(staged.tmpPath, staged.sha256, staged.size);
      return true;
    },
    async putBuffer(buf) {
      const sha = crypto.createHash('sha256').update(buf).digest('hex');
      if (await touch(sha)) return sha;
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(sha), Body: buf, ChecksumSHA256: b64(sha), Metadata: { sha256: sha } }));
      return sha;
    },
    has: exists,
    touch,
    rehash,
    async openVerified(sha) {
      const body = await get(sha);
      if (!body) throw missing(sha);
      // Spool while hashing, then serve the spooled bytes: only bytes that were hashed are sent.
      const spool = path.join(s.tmpDir, `read-${crypto.randomUUID()}`);
      const h = crypto.createHash('sha256');
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (src: AsyncIterable<Buffer>) {
            for await (const c of src) {
              h.update(c);
              size += c.length;
              yield c;
            }
          },
          fs.createWriteStream(spool, { mode: 0o600 }),
        );
        const got = h.digest('hex');
        if (got !== sha) throw mismatch(sha, got);
      } catch (e) {
        await fsp.rm(spool, { force: true });
        throw e;
      }
      const fh = await fsp.open(spool, 'r');
      await fsp.rm(spool, { force: true }); // the open descriptor keeps the bytes until it closes
      let used = false;
      return {
        sha256: sha,
        size,
        stream(range) {
          if (used) throw new Error('blob stream already taken');
          used = true;
          const start = range ? Math.max(0, range.start) : 0;
          const end = Math.min(size - 1, range ? range.end : size - 1);
          return fh.createReadStream({ start, end: Math.max(start, end), autoClose: true, highWaterMark: 1 << 20 });
        },
        async close() {
          if (!used) {
            used = true;
            await fh.close();
          }
        },
      };
    },
    async readVerified(sha) {
      const body = await get(sha);
      if (!body) throw missing(sha);
      const parts: Buffer[] = [];
      for await (const c of body as AsyncIterable<Buffer>) parts.push(c);
      const buf = Buffer.concat(parts);
      const got = crypto.createHash('sha256').update(buf).digest('hex');
      if (got !== sha) throw mismatch(sha, got);
      return buf;
    },
    async *list() {
      let token: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, ContinuationToken: token }));
        for (const o of r.Contents ?? []) {
          const name = (o.Key ?? '').slice(listPrefix.length);
          if (/^[0-9a-f]{64}$/.test(name)) yield { sha256: name, size: o.Size ?? 0, mtimeMs: o.LastModified?.getTime() ?? Date.now() };
        }
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    },
    async collect(sha, olderThanMs) {
      let modified: number;
      try {
        const h = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(sha) }));
        modified = h.LastModified?.getTime() ?? Date.now();
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
      if (modified >= olderThanMs) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(sha) }));
      return true;
    },
    sweepTmp: (olderThanMs) => sweepDir(s.tmpDir, olderThanMs),
  };
  objectKeys.set(store, (sha) => ({ bucket, key: keyOf(sha) }));
  return store;
}
