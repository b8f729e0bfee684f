/**
 * Digests of a local file computed in the browser (issue 12 §3: nothing is uploaded): SHA-256 (WebCrypto,
 * or the incremental implementation above 64 MiB) and SM3 (GB/T 32905, @cunzheng/verify/sm3).
 */
import { hashBlob } from '@cunzheng/verify/hashFile';
import { sm3Blob } from '@cunzheng/verify/sm3';

/** Hex digest of `file` by `algo`; `onProgress(0..100)`. */
export function localDigest(file: Blob, algo: 'sha256' | 'sm3', onProgress?: (percent: number) => void): Promise<string> {
  const p = (done: number, total: number) => onProgress?.(total > 0 ? Math.round((done / total) * 100) : 100);
  return algo === 'sha256' ? hashBlob(file, p) : sm3Blob(file, p);
}
