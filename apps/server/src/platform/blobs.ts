/**
 * Local-disk blob store, content-addressed by SHA-256 (DESIGN.md Domain model `blobs`; issue 9 §1-2).
 * Uploads stream through a SHA-256 transform into a temp file (never buffered whole, fsynced), then are
 * linked into `DATA_DIR/blobs/ab/cd/<sha256>` (directory fsynced) INSIDE the database transaction that
 * adds the reference (platform/blobRefs.ts), so the bytes are durable before the row that makes them
 * visible commits. Nothing but the garbage collector (`collect`, platform/blobGc.ts) ever deletes a
 * stored blob. Reads for downloads go through `openVerified`: the file is hashed first and then streamed
 * from the same open descriptor, so altered or missing bytes are never sent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';

export interface StagedBlob {
  sha256: string;
  /** Hex SM3 of the same bytes (issue 10 §3), computed while staging (platform/stageSink.ts). */
  sm3?: string;
  /** Bytes. */
  size: number;
  /** First bytes of the file (up to 4100) for type sniffing. */
  head: Buffer;
  tmpPath: string;
}

/** A missing (`kind: 'missing'`) or altered (`'mismatch'`) blob found while reading it for a download. */
export class BlobIntegrityError extends Error {
  readonly kind: 'missing' | 'mismatch';
  readonly sha256: string;
  constructor(kind: 'missing' | 'mismatch', sha256: string, detail: string) {
    super(detail);
    this.kind = kind;
    this.sha256 = sha256;
  }
}

/** A blob whose bytes were hashed equal to its address; stream it (once) or close it. */
export interface VerifiedBlob {
  sha256: string;
  size: number;
  /** The bytes (or bytes `start`..`end` inclusive), read from the descriptor that was hashed (closed at the end). */
  stream(range?: { start: number; end: number }): Readable;
  /** Releases the descriptor when the stream will not be used. */
  close(): Promise<void>;
}

/** One stored file seen by the garbage collector. */
export interface StoredBlobFile {
  sha256: string;
  size: number;
  /** Last modification, ms since the epoch (a re-use of the bytes refreshes it). */
  mtimeMs: number;
}

export interface BlobStore {
  /**
   * Streams `source` to a temp file while hashing, fsyncs it. Throws AppError 400 `文件不能为空` when empty,
   * `文件大小超过限制` when `isTruncated()` reports the multipart limit was hit; the temp file is removed then.
   */
  stage(source: Readable, isTruncated: () => boolean): Promise<StagedBlob>;
  /**
   * Links a staged file to its content address and fsyncs the directory (call inside the transaction that
   * references it, after the reference row is written). Returns true when this call created the file; an
   * existing file gets its mtime refreshed. The temp file stays until `discard`.
   */
  commit(staged: StagedBlob): Promise<boolean>;
  /**
   * If a file already stored under the staged address does not hash to it (altered on disk), atomically
   * replaces it with the staged bytes (fsynced); returns true then. Call before the deposit transaction.
   */
  repair(staged: StagedBlob): Promise<boolean>;
  /** Removes a staged temp file (ignores a missing one). */
  discard(staged: StagedBlob): Promise<void>;
  /** Stores a small in-memory buffer durably (same rules as `commit`); returns its SHA-256. */
  putBuffer(buf: Buffer): Promise<string>;
  /** Whether a blob is stored. */
  has(sha256: string): Promise<boolean>;
  /** Whether a blob is stored; refreshes its mtime (a cached blob in use is not collected). */
  touch(sha256: string): Promise<boolean>;
  /** Opens a blob and hashes it; throws BlobIntegrityError when missing or when its bytes do not hash to `sha256`. */
  openVerified(sha256: string): Promise<VerifiedBlob>;
  /** Reads a small blob whole and checks its hash (BlobIntegrityError otherwise). */
  readVerified(sha256: string): Promise<Buffer>;
  /**
   * Streams a stored blob through SHA-256 (1 MiB reads, bounded memory) for the auditor: the digest and
   * size its bytes actually have (compare with the address), or null when it is missing.
   */
  rehash(sha256: string): Promise<{ sha256: string; size: number } | null>;
  /** Every stored blob file (for the garbage collector). */
  list(): AsyncIterable<StoredBlobFile>;
  /** GC only: deletes blob `sha256` if its mtime is still before `olderThanMs`; returns true when deleted. */
  collect(sha256: string, olderThanMs: number): Promise<boolean>;
  /** Removes temp files (interrupted uploads) older than `olderThanMs` (Infinity: all, at start); returns how many. */
  sweepTmp(olderThanMs: number): Promise<number>;
  /** Readiness probe (issue 17 §3): resolves when the store can be written (local dir / S3 bucket reachable); throws otherwise. */
  ping(): Promise<void>;
}

const openFd = promisify(fs.open);
const fsyncFd = promisify(fs.fsync);
const closeFd = promisify(fs.close);

/** fsync of a directory (makes a link or unlink in it durable). Bare descriptors: no FileHandle per call (issue 16). */
async function syncDir(dir: string): Promise<void> {
  const fd = await openFd(dir, 'r');
  try {
    await fsyncFd(fd);
  } finally {
    await closeFd(fd);
  }
}

/** Removes a file; a missing one is fine (issue 16: `unlink` alone, where `rm` also `lstat`s first). */
async function unlinkIfThere(file: string): Promise<void> {
  try {
    await fsp.unlink(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/** Paths of local stores' blobs, for tests that damage or age files on disk (never used by `src/`). */
const localPaths = new WeakMap<BlobStore, (sha256: string) => string>();

/**
 * TESTS ONLY: the file of blob `sha256` in a local store (to alter, delete or age it on purpose). Modules
 * read blobs through the BlobStore interface only (test/boundaries.test.ts), so an S3 store can replace
 * the local one. Throws for a store that is not local.
 */
export function localBlobPath(store: BlobStore, sha256: string): string {
  const pathOf = localPaths.get(store);
  if (!pathOf) throw new Error('not a local blob store');
  return pathOf(sha256);
}

import { stageToFile } from './stage.ts';

export { STAGE_IN_MEMORY_MAX, stageToFile } from './stage.ts';

/** Removes entries of `tmpDir` older than `olderThanMs` (ms since the epoch); returns how many. */
export async function sweepDir(tmpDir: string, olderThanMs: number): Promise<number> {
  let n = 0;
  for (const name of await fsp.readdir(tmpDir).catch(() => [] as string[])) {
    const p = path.join(tmpDir, name);
    const st = await fsp.stat(p).catch(() => null);
    if (!st || st.mtimeMs >= olderThanMs) continue;
    await fsp.rm(p, { force: true, recursive: true });
    n += 1;
  }
  return n;
}

/** Builds the store rooted at `dir` (created if missing). */
export function localBlobStore(dir: string): BlobStore {
  const tmpDir = path.join(dir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const pathOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error('bad blob address');
    return path.join(dir, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  // Shard directories whose own entry this process made durable (fsynced their parent after they existed):
  // their parent need not be fsynced again for every blob linked under them (issue 16: a link into an existing
  // leaf directory fsyncs 1 directory instead of 3; into a new leaf, 2). A directory `mkdir` (re)creates leaves
  // the set until its parent is fsynced again.
  const durableDirs = new Set<string>();
  const linkIn = async (tmp: string, sha: string): Promise<boolean> => {
    const final = pathOf(sha);
    const parent = path.dirname(final);
    const shard = path.dirname(parent);
    const makeDirs = async () => {
      // `mkdir` answers the first directory it created: the leaf alone, or the shard too.
      const made = await fsp.mkdir(parent, { recursive: true, mode: 0o700 });
      if (made) {
        durableDirs.delete(parent);
        if (made !== parent) durableDirs.delete(shard);
      }
    };
    // A leaf this process already made durable exists: no `mkdir` (issue 16); if it was removed since, the link
    // answers ENOENT and the directories are made again.
    if (!durableDirs.has(parent)) await makeDirs();
    let created = false;
    for (let attempt = 0; ; attempt++) {
      try {
        await fsp.link(tmp, final);
        created = true;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && attempt === 0 && (await fsp.access(tmp).then(() => true, () => false))) {
          durableDirs.delete(parent);
          durableDirs.delete(shard);
          await makeDirs();
          continue;
        }
        if (code !== 'EEXIST') throw e;
        const now = new Date();
        await fsp.utimes(final, now, now);
      }
      break;
    }
    await syncDir(parent);
    // New shard directories: make their entries durable too (once per directory and process, see durableDirs).
    if (!durableDirs.has(parent)) {
      await syncDir(shard);
      if (!durableDirs.has(shard)) {
        await syncDir(dir);
        durableDirs.add(shard);
      }
      durableDirs.add(parent);
    }
    return created;
  };
  const writeTmp = async (buf: Buffer): Promise<string> => {
    const tmp = path.join(tmpDir, crypto.randomUUID());
    const fh = await fsp.open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(buf);
      await fh.sync();
    } finally {
      await fh.close();
    }
    return tmp;
  };
  const missing = (sha: string) => new BlobIntegrityError('missing', sha, `blob ${sha} is missing`);
  const mismatch = (sha: string, got: string) => new BlobIntegrityError('mismatch', sha, `blob ${sha} hashes to ${got}`);

  const store: BlobStore = {
    async rehash(sha) {
      const h = crypto.createHash('sha256');
      let size = 0;
      try {
        for await (const c of fs.createReadStream(pathOf(sha), { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
          h.update(c);
          size += c.length;
        }
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
      return { sha256: h.digest('hex'), size };
    },
    stage: (source, isTruncated) => stageToFile(tmpDir, source, isTruncated),
    commit: (staged) => linkIn(staged.tmpPath, staged.sha256),
    discard: (staged) => unlinkIfThere(staged.tmpPath),
    async repair(staged) {
      const final = pathOf(staged.sha256);
      const h = crypto.createHash('sha256');
      // Usually a new blob: a bare open answers ENOENT (issue 16: no read stream built for nothing).
      let fd: number;
      try {
        fd = await openFd(final, 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw e;
      }
      for await (const c of fs.createReadStream('', { fd, highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) h.update(c); // closes fd
      if (h.digest('hex') === staged.sha256) return false;
      const side = path.join(tmpDir, `repair-${crypto.randomUUID()}`); // swept if a crash leaves it
      await fsp.link(staged.tmpPath, side);
      await fsp.rename(side, final);
      await syncDir(path.dirname(final));
      return true;
    },
    async putBuffer(buf) {
      const sha = crypto.createHash('sha256').update(buf).digest('hex');
      const tmp = await writeTmp(buf);
      try {
        await linkIn(tmp, sha);
      } finally {
        await fsp.rm(tmp, { force: true });
      }
      return sha;
    },
    has: (sha) => fsp.access(pathOf(sha)).then(() => true, () => false),
    async touch(sha) {
      const now = new Date();
      try {
        await fsp.utimes(pathOf(sha), now, now);
        return true;
      } catch {
        return false;
      }
    },
    async openVerified(sha) {
      let fh: fsp.FileHandle;
      try {
        fh = await fsp.open(pathOf(sha), 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw missing(sha);
        throw e;
      }
      try {
        const h = crypto.createHash('sha256');
        const chunk = Buffer.allocUnsafe(1 << 20);
        let size = 0;
        for (;;) {
          const { bytesRead } = await fh.read(chunk, 0, chunk.length, size);
          if (bytesRead === 0) break;
          h.update(chunk.subarray(0, bytesRead));
          size += bytesRead;
        }
        const got = h.digest('hex');
        if (got !== sha) throw mismatch(sha, got);
        let used = false;
        return {
          sha256: sha,
          size,
          stream(range) {
            if (used) throw new Error('blob stream already taken');
            used = true;
            // Same descriptor as hashed, and only bytes that were hashed.
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
      } catch (e) {
        await fh.close();
        throw e;
      }
    },
    async readVerified(sha) {
      let buf: Buffer;
      try {
        buf = await fsp.readFile(pathOf(sha));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw missing(sha);
        throw e;
      }
      const got = crypto.createHash('sha256').update(buf).digest('hex');
      if (got !== sha) throw mismatch(sha, got);
      return buf;
    },
    async *list() {
      const hex2 = /^[0-9a-f]{2}$/;
      for (const a of await fsp.readdir(dir)) {
        if (!hex2.test(a)) continue;
        for (const b of await fsp.readdir(path.join(dir, a)).catch(() => [] as string[])) {
          if (!hex2.test(b)) continue;
          for (const name of await fsp.readdir(path.join(dir, a, b)).catch(() => [] as string[])) {
            if (!/^[0-9a-f]{64}$/.test(name)) continue;
            const st = await fsp.stat(path.join(dir, a, b, name)).catch(() => null);
            if (st?.isFile()) yield { sha256: name, size: st.size, mtimeMs: st.mtimeMs };
          }
        }
      }
    },
    async collect(sha, olderThanMs) {
      const file = pathOf(sha);
      const st = await fsp.stat(file).catch(() => null);
      if (!st || st.mtimeMs >= olderThanMs) return false;
      await fsp.rm(file, { force: true });
      await syncDir(path.dirname(file));
      return true;
    },
    sweepTmp: (olderThanMs) => sweepDir(tmpDir, olderThanMs),
    ping: () => fsp.access(tmpDir, fs.constants.W_OK),
  };
  localPaths.set(store, pathOf);
  return store;
}
