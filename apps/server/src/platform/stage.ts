/**
 * Staging an upload on local disk (shared by the local and S3 blob stores, platform/blobs.ts): the bytes go
 * to a new 0600 temp file, fsynced, with their SHA-256, SM3, size and first bytes (StagedBlob). Small files
 * are read whole and written once; larger ones stream (platform/stageSink.ts).
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@cunzheng/contract/messages';
import type { StagedBlob } from './blobs.ts';
import { badRequest } from './errors.ts';
import { fileSink, scavenger } from './stageSink.ts';

/** Files up to this many bytes are staged in memory and written with one write (`stageToFile`). */
export const STAGE_IN_MEMORY_MAX = 64 * 1024;

/**
 * Streams `source` into a new 0600 temp file under `tmpDir` through SHA-256 and SM3 (never buffered
 * whole; SM3 off this thread for large files, platform/stageSink.ts) and fsyncs it (shared by the local and S3 stores: both stage on local disk, then commit). Errors as `BlobStore.stage`.
 * Issue 16: a file of at most STAGE_IN_MEMORY_MAX bytes (a small deposit) is read whole first, hashed in memory
 * and written with one write, then fsynced — the same temp file, without the stream pipeline; a larger one goes
 * on through the streaming path with the chunks already read.
 */
export async function stageToFile(tmpDir: string, source: Readable, isTruncated: () => boolean): Promise<StagedBlob> {
  const it = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let firstLen = 0;
  for (;;) {
    const r = await it.next();
    if (r.done) return stageSmall(tmpDir, first.length === 1 ? first[0]! : Buffer.concat(first, firstLen), isTruncated);
    first.push(r.value);
    firstLen += r.value.length;
    if (firstLen > STAGE_IN_MEMORY_MAX) break;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    let done = false;
    try {
      yield* first.splice(0);
      for (;;) {
        const r = await it.next();
        if (r.done) return void (done = true);
        yield r.value;
      }
    } finally {
      if (!done) await it.return?.(); // staging failed: the source is destroyed, as pipeline() did
    }
  }
  return stageStream(tmpDir, rest(), isTruncated);
}

/** Stages a file already in memory: digests, then one write to a new 0600 temp file and its fsync. */
async function stageSmall(tmpDir: string, buf: Buffer, isTruncated: () => boolean): Promise<StagedBlob> {
  if (isTruncated()) throw badRequest(MSG.FILE_TOO_LARGE);
  if (buf.length === 0) throw badRequest(MSG.FILE_EMPTY);
  const tmpPath = path.join(tmpDir, crypto.randomUUID());
  try {
    await fsp.writeFile(tmpPath, buf, { flag: 'wx', mode: 0o600, flush: true }); // flush: fsync before close
  } catch (e) {
    await fsp.rm(tmpPath, { force: true });
    throw e;
  }
  const sha256 = crypto.createHash('sha256').update(buf).digest('hex');
  const sm3 = crypto.createHash('sm3').update(buf).digest('hex');
  return { sha256, sm3, size: buf.length, head: buf.subarray(0, 4100), tmpPath };
}

/** The streaming path of `stageToFile` (files past STAGE_IN_MEMORY_MAX). */
async function stageStream(tmpDir: string, source: AsyncIterable<Buffer>, isTruncated: () => boolean): Promise<StagedBlob> {
  const tmpPath = path.join(tmpDir, crypto.randomUUID());
  const hash = crypto.createHash('sha256');
  let size = 0;
  const headParts: Buffer[] = [];
  let headLen = 0;
  const received = scavenger(); // frees the socket's read buffers young (platform/stageSink.ts)
  const tap = new Transform({
    // 1 MiB queues (not 16 KiB): fewer, larger writev calls; still bounded whatever the file size.
    highWaterMark: 1 << 20,
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      received(chunk.length);
      if (headLen < 4100) {
        headParts.push(chunk.subarray(0, 4100 - headLen));
        headLen += Math.min(chunk.length, 4100 - headLen);
      }
      cb(null, chunk);
    },
  });
  let sm3: string;
  try {
    // Written with periodic fdatasync and fsynced at the end; SM3 hashed beside it (platform/stageSink.ts).
    const sink = await fileSink(tmpPath);
    try {
      await pipeline(source, tap, sink.writable);
      sm3 = await sink.finish();
    } catch (e) {
      await sink.abort();
      throw e;
    }
  } catch (e) {
    await fsp.rm(tmpPath, { force: true });
    throw e;
  }
  const staged = { sha256: hash.digest('hex'), sm3, size, head: Buffer.concat(headParts), tmpPath };
  if (isTruncated()) {
    await fsp.rm(tmpPath, { force: true });
    throw badRequest(MSG.FILE_TOO_LARGE);
  }
  if (size === 0) {
    await fsp.rm(tmpPath, { force: true });
    throw badRequest(MSG.FILE_EMPTY);
  }
  return staged;
}
