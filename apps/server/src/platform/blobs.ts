/**
 * Local-disk blob store, content-addressed by SHA-256 (DESIGN.md Domain model `blobs`).
 * Uploads stream through a SHA-256 transform into a temp file (never buffered whole), then move
 * into `DATA_DIR/blobs/ab/cd/<sha256>`. Bytes live outside any static path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest } from './errors.ts';
import { MSG } from '@cunzheng/contract/messages';

export interface StagedBlob {
  sha256: string;
  /** Bytes. */
  size: number;
  /** First bytes of the file (up to 4100) for type sniffing. */
  head: Buffer;
  tmpPath: string;
}

export interface BlobStore {
  /**
   * Streams `source` to a temp file while hashing. Throws AppError 400 `文件不能为空` when empty,
   * `文件大小超过限制` when `isTruncated()` reports the multipart limit was hit; the temp file is removed then.
   */
  stage(source: Readable, isTruncated: () => boolean): Promise<StagedBlob>;
  /** Moves a staged file to its content address; returns true when this call created it. */
  commit(staged: StagedBlob): Promise<boolean>;
  /** Removes a staged temp file (ignores a missing one). */
  discard(staged: StagedBlob): Promise<void>;
  /** Removes a committed blob (only for rollback of a blob this process just created). */
  remove(sha256: string): Promise<void>;
  /** Opens a committed blob for reading. */
  open(sha256: string): fs.ReadStream;
  /** Absolute path of a committed blob (for re-hashing by the auditor). */
  pathOf(sha256: string): string;
  /** Stores a small in-memory buffer (generated PDFs); returns its SHA-256. */
  putBuffer(buf: Buffer): Promise<string>;
}

/** Builds the store rooted at `dir` (created if missing). */
export function localBlobStore(dir: string): BlobStore {
  const tmpDir = path.join(dir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const pathOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error('bad blob address');
    return path.join(dir, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  const moveIn = async (tmp: string, sha: string): Promise<boolean> => {
    const final = pathOf(sha);
    await fsp.mkdir(path.dirname(final), { recursive: true });
    try {
      await fsp.link(tmp, final);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  };
  return {
    pathOf,
    async stage(source, isTruncated) {
      const tmpPath = path.join(tmpDir, crypto.randomUUID());
      const hash = crypto.createHash('sha256');
      let size = 0;
      const headParts: Buffer[] = [];
      let headLen = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          hash.update(chunk);
          size += chunk.length;
          if (headLen < 4100) {
            headParts.push(chunk.subarray(0, 4100 - headLen));
            headLen += Math.min(chunk.length, 4100 - headLen);
          }
          cb(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, fs.createWriteStream(tmpPath, { mode: 0o600 }));
      } catch (e) {
        await fsp.rm(tmpPath, { force: true });
        throw e;
      }
      const staged = { sha256: hash.digest('hex'), size, head: Buffer.concat(headParts), tmpPath };
      if (isTruncated()) {
        await fsp.rm(tmpPath, { force: true });
        throw badRequest(MSG.FILE_TOO_LARGE);
      }
      if (size === 0) {
        await fsp.rm(tmpPath, { force: true });
        throw badRequest(MSG.FILE_EMPTY);
      }
      return staged;
    },
    commit: (staged) => moveIn(staged.tmpPath, staged.sha256),
    discard: (staged) => fsp.rm(staged.tmpPath, { force: true }),
    remove: (sha) => fsp.rm(pathOf(sha), { force: true }),
    open: (sha) => fs.createReadStream(pathOf(sha)),
    async putBuffer(buf) {
      const sha = crypto.createHash('sha256').update(buf).digest('hex');
      const tmp = path.join(tmpDir, crypto.randomUUID());
      await fsp.writeFile(tmp, buf, { mode: 0o600 });
      await moveIn(tmp, sha);
      return sha;
    },
  };
}
