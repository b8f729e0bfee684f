/**
 * SHA-256 of a file in the browser (or any Blob in Node), never uploaded: files up to
 * ONE_SHOT_MAX_BYTES are read once and hashed by WebCrypto (native speed); larger ones are streamed
 * in chunks through the incremental Sha256, so memory stays flat whatever the size (WebCrypto has no
 * streaming digest). Both give the same digest (tested).
 */
import { toHex } from './bytes.ts';
import { Sha256, sha256 } from './sha256.ts';

/** Bytes read per step when streaming. */
const CHUNK_BYTES = 8 << 20;

/** Largest file hashed in one WebCrypto call, bytes. */
export const ONE_SHOT_MAX_BYTES = 64 << 20;

/** Lowercase hex SHA-256 of `blob`; `onProgress(done, total)` is called as bytes are hashed. */
export async function hashBlob(blob: Blob, onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<string> {
  if (blob.size <= ONE_SHOT_MAX_BYTES) {
    const hex = toHex(await sha256(new Uint8Array(await blob.arrayBuffer())));
    onProgress?.(blob.size, blob.size);
    return hex;
  }
  const h = new Sha256();
  for (let o = 0; o < blob.size; o += CHUNK_BYTES) {
    signal?.throwIfAborted();
    h.update(new Uint8Array(await blob.slice(o, o + CHUNK_BYTES).arrayBuffer()));
    onProgress?.(Math.min(o + CHUNK_BYTES, blob.size), blob.size);
  }
  return toHex(h.digest());
}
