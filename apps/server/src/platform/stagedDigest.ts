/**
 * SM3 digest (GB/T 32905; issue 10 §3) of a staged upload, streamed from its temp file (never buffered
 * whole). Runs before the deposit transaction beside the time-stamp request. Node's OpenSSL provides
 * SM3 (`openssl dgst -sm3` gives the same hex).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { StagedBlob } from './blobs.ts';

/** Lowercase hex SM3 of the staged file's bytes (the one computed at staging when present). Throws when the temp file cannot be read. */
export async function sm3OfStaged(staged: Pick<StagedBlob, 'tmpPath' | 'sm3'>): Promise<string> {
  if (staged.sm3) return staged.sm3; // hashed while staging (platform/stageSink.ts, issue 16)
  const h = crypto.createHash('sm3');
  for await (const c of fs.createReadStream(staged.tmpPath, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) h.update(c);
  return h.digest('hex');
}
