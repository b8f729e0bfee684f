/**
 * Verified reads for everything sent to a client (issue 9 §2). Each download path opens its blob with
 * `openForDownload` / `readForDownload`: the bytes are hashed against the recorded SHA-256 (the
 * evidence row's hash, which is the ledger entry's) BEFORE anything is sent, then streamed from the same
 * descriptor. A missing file answers 400 证据缺失不可下载, altered bytes 400 证据文件校验失败，已通知平台处理;
 * both raise an integrity alert through `report` (audit service `integrityAlert`: alert row + operators
 * notified). Never a raw 500, never a partial or altered file.
 */
import { MSG } from '@cunzheng/contract/messages';
import { BlobIntegrityError, type BlobStore, type VerifiedBlob } from './blobs.ts';
import { badRequest } from './errors.ts';

/** Records an integrity failure (audit service `integrityAlert`); must not throw. */
export type IntegrityReporter = (a: { kind: 'blob_missing' | 'blob_mismatch'; target: string; detail: string }) => Promise<void>;

const fail = async (e: unknown, report: IntegrityReporter, target: string): Promise<never> => {
  if (!(e instanceof BlobIntegrityError)) throw e;
  await report({ kind: e.kind === 'missing' ? 'blob_missing' : 'blob_mismatch', target, detail: e.message });
  throw badRequest(e.kind === 'missing' ? MSG.EVIDENCE_MISSING : MSG.EVIDENCE_CORRUPT);
};

/** Opens blob `sha256` verified (see the file comment); `target` names it in the alert (default `blob:<sha256>`). */
export async function openForDownload(blobs: Pick<BlobStore, 'openVerified'>, sha256: string, report: IntegrityReporter, target = `blob:${sha256}`): Promise<VerifiedBlob> {
  try {
    return await blobs.openVerified(sha256);
  } catch (e) {
    return fail(e, report, target);
  }
}

/** Reads a small blob whole, verified (see the file comment). */
export async function readForDownload(blobs: Pick<BlobStore, 'readVerified'>, sha256: string, report: IntegrityReporter, target = `blob:${sha256}`): Promise<Buffer> {
  try {
    return await blobs.readVerified(sha256);
  } catch (e) {
    return fail(e, report, target);
  }
}

/** Opens every blob of `shas` verified; on the first failure closes those already opened and throws. */
export async function openAllForDownload(blobs: Pick<BlobStore, 'openVerified'>, shas: string[], report: IntegrityReporter): Promise<VerifiedBlob[]> {
  const opened: VerifiedBlob[] = [];
  try {
    for (const sha of shas) opened.push(await openForDownload(blobs, sha, report));
    return opened;
  } catch (e) {
    await Promise.all(opened.map((o) => o.close()));
    throw e;
  }
}
