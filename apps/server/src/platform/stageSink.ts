/**
 * The write side of staging an upload (issue 16, performance round 1; docs/performance.md "Upload"):
 * - `fileSink`: a Writable over a new 0600 temp file that writes every queued chunk with ONE `writev`
 *   at an explicit position and starts an `fdatasync` every 64 MiB (in the background), so the page cache never holds more than that
 *   much dirty data: the final fsync is short (on this VM, 1 GiB written then fsynced once: 1.36 s;
 *   with a sync every 64 MiB: 0.49 s) and memory stays flat whatever the file size.
 * - SM3 (GB/T 32905; issue 10 §3: every ledger entry records it) of the same bytes WITHOUT a second pass
 *   over the file on the request's thread: up to `SM3_INLINE_MAX` it is hashed inline (a worker would cost
 *   more than the hash); past that a worker thread follows the file as the sink writes it (reading what
 *   is already on disk, i.e. from the page cache), so SM3 (≈ 450 MB/s, a quarter of SHA-256 with SHA-NI)
 *   runs on the other core while this thread receives, hashes SHA-256 and writes.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/** Bytes written between two `fdatasync` calls of a staged file. */
export const SYNC_EVERY = 64 * 1024 * 1024;
/** Up to this many bytes, SM3 is computed inline; beyond, by a worker thread following the file. */
export const SM3_INLINE_MAX = 8 * 1024 * 1024;

/** Bytes received between two young-generation collections requested while staging (`scavenger`). */
export const SCAVENGE_EVERY = 16 * 1024 * 1024;

/**
 * A byte counter that asks V8 for a young-generation collection (a scavenge, ≈ 1 ms) every
 * `SCAVENGE_EVERY` bytes received. Why: every socket read is a new 64 KiB external buffer, but receiving
 * allocates almost nothing on the JS heap, so no scavenge comes to free them; V8 then counts the dead
 * buffers as external memory and, every ≈ 64 MiB of it, marks the WHOLE heap (the app's module graph,
 * ≈ 100 MiB) to find them: ≈ 45 mark-compacts per GiB, ≈ 2 s of main-thread and concurrent-marking CPU
 * (docs/performance.md "Upload of a large file"). A scavenge frees the dead young buffers at a fraction of
 * that. Needs `--expose-gc` (the server runs with it: platform/v8Flags.ts); a no-op without it.
 */
export function scavenger(): (bytes: number) => void {
  const gc = (globalThis as { gc?: (o: { type: 'minor' }) => void }).gc;
  if (typeof gc !== 'function') return () => undefined;
  let next = SCAVENGE_EVERY;
  let seen = 0;
  return (bytes) => {
    seen += bytes;
    if (seen < next) return;
    next = seen + SCAVENGE_EVERY;
    gc({ type: 'minor' });
  };
}

/** Worker body (plain JS, `eval`): hashes `path` with SM3 up to the shared written count until `done`. */
const FOLLOWER = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const { path, shared } = workerData;
const written = new BigInt64Array(shared, 0, 2);
const h = crypto.createHash('sm3');
const buf = Buffer.allocUnsafe(1 << 20);
let fd;
try {
  fd = fs.openSync(path, 'r');
  let pos = 0;
  for (;;) {
    const w = Number(Atomics.load(written, 0));
    if (pos < w) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, w - pos), pos);
      if (n === 0) throw new Error('staged file shorter than written');
      h.update(buf.subarray(0, n));
      pos += n;
      continue;
    }
    if (Atomics.load(written, 1) === 1n) break;
    Atomics.wait(written, 0, BigInt(w), 200);
  }
  parentPort.postMessage({ sm3: h.digest('hex') });
} catch (e) {
  parentPort.postMessage({ error: String(e && e.message || e) });
} finally {
  if (fd !== undefined) fs.closeSync(fd);
}
`;

/** SM3 of a file as it is written: inline for small files, a worker following the file for large ones. */
class Sm3Follower {
  private inline: crypto.Hash | null = crypto.createHash('sm3');
  private worker: Worker | null = null;
  private result: Promise<string> | null = null;
  private readonly shared = new SharedArrayBuffer(16);
  private readonly written = new BigInt64Array(this.shared);
  private notified = 0;
  private total = 0;

  private readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  /** `chunks` were just written; `total` bytes are now on disk. */
  wrote(chunks: Buffer[], total: number): void {
    this.total = total;
    if (this.inline) {
      if (total <= SM3_INLINE_MAX) {
        for (const c of chunks) this.inline.update(c);
        return;
      }
      this.inline = null;
      this.start();
    }
    // Wake the worker every 4 MiB, not per write: a futex wake per 64 KiB chunk cost ≈ 0.6 s per GiB.
    if (total - this.notified < 4 * 1024 * 1024) return;
    this.notified = total;
    Atomics.store(this.written, 0, BigInt(total));
    Atomics.notify(this.written, 0);
  }

  private start(): void {
    const w = new Worker(FOLLOWER, { eval: true, workerData: { path: this.path, shared: this.shared } });
    this.worker = w;
    this.result = new Promise<string>((resolve, reject) => {
      w.once('message', (m: { sm3?: string; error?: string }) => (m.sm3 ? resolve(m.sm3) : reject(new Error(`sm3 follower: ${m.error}`))));
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`sm3 follower exited (${code})`)));
    });
    this.result.catch(() => undefined); // awaited by digest(); no unhandled rejection when staging fails first
  }

  /** The hex SM3 once every byte is written. */
  async digest(): Promise<string> {
    if (this.inline) return this.inline.digest('hex');
    Atomics.store(this.written, 0, BigInt(this.total));
    Atomics.store(this.written, 1, 1n);
    Atomics.notify(this.written, 0);
    try {
      return await this.result!;
    } finally {
      await this.worker!.terminate();
    }
  }

  /** Stops the worker (staging failed). */
  async abort(): Promise<void> {
    await this.worker?.terminate();
  }
}

/** A temp-file sink with its SM3: write through `writable`, then `finish()` (fsync + digest) or `abort()`. */
export interface FileSink {
  writable: Writable;
  /** Fsyncs and closes the file; resolves to the SM3 (hex) of every byte written. */
  finish(): Promise<string>;
  /** Closes the file and stops hashing (the caller removes the file). */
  abort(): Promise<void>;
}

/** Creates `tmpPath` (0600, must not exist) and returns its sink. */
export async function fileSink(tmpPath: string): Promise<FileSink> {
  const fh = await fsp.open(tmpPath, 'wx', 0o600);
  const sm3 = new Sm3Follower(tmpPath);
  let pos = 0;
  let synced = 0;
  let syncing: Promise<void> | null = null;
  let syncError: Error | null = null;
  let closed = false;
  const write = async (chunks: Buffer[]): Promise<void> => {
    let off = 0;
    let bufs = chunks;
    const len = chunks.reduce((n, c) => n + c.length, 0);
    while (off < len) {
      const { bytesWritten } = await fh.writev(bufs, pos + off);
      off += bytesWritten;
      if (off < len) bufs = [Buffer.concat(chunks).subarray(off)]; // short write: rare, copy the rest once
    }
    pos += len;
    if (syncError) throw syncError;
    if (pos - synced >= SYNC_EVERY && !syncing) {
      // In the background: writes go on while the kernel flushes (at most one fdatasync in flight).
      synced = pos;
      syncing = fh.datasync().then(
        () => void (syncing = null),
        (e: unknown) => void ((syncError = e as Error), (syncing = null)),
      );
    }
    sm3.wrote(chunks, pos);
  };
  const close = async () => {
    if (closed) return;
    closed = true;
    await fh.close();
  };
  const writable = new Writable({
    highWaterMark: 1 << 20,
    writev(items, cb) {
      write(items.map((i) => i.chunk as Buffer)).then(() => cb(), cb);
    },
  });
  return {
    writable,
    async finish() {
      try {
        await syncing;
        if (syncError) throw syncError;
        await fh.sync();
      } finally {
        await close();
      }
      return sm3.digest();
    },
    async abort() {
      await syncing;
      await sm3.abort();
      await close();
    },
  };
}
