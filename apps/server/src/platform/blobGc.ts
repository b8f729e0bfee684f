/**
 * Blob garbage collection (issue 9 §1): the only code that deletes a stored blob. A file is deleted when
 * no row references it (`blobs.refcount` is 0 or there is no `blobs` row) AND its mtime is older than
 * BLOB_GC_GRACE_SECONDS (a deposit links its file before its transaction commits; a re-used or cached
 * blob gets its mtime refreshed). The check and the delete happen while holding the `blobs` row lock
 * (created for the check when absent), the same lock a referencing transaction takes before linking its
 * file (platform/blobRefs.ts), so a reference and a deletion cannot interleave. Temp files of interrupted
 * uploads older than the grace period are removed too. Every deleted orphan is reported: one log line
 * and one audit-log row (`blob.gc`) per run that removed anything.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { blobs as blobsTable } from '../db/schema/index.ts';
import { writeAudit } from './audit.ts';
import type { BlobStore } from './blobs.ts';
import type { AppContext } from './context.ts';
import type { Jobs } from './jobs.ts';

/** What one GC run did. */
export interface BlobGcReport {
  /** Blob files looked at. */
  scanned: number;
  /** Referenced blobs (kept). */
  referenced: number;
  /** Unreferenced but younger than the grace period (kept). */
  young: number;
  /** SHA-256 of the orphans deleted. */
  removed: string[];
  /** Bytes freed. */
  bytes: number;
  /** Temp files of interrupted uploads removed. */
  tmpRemoved: number;
}

/** Runs one collection over the whole store. `now` (ms) is for tests. */
export async function collectBlobs(deps: { db: Db; blobs: BlobStore; graceSeconds: number; log: Pick<FastifyBaseLogger, 'info' | 'warn'>; now?: number }): Promise<BlobGcReport> {
  const { db, blobs } = deps;
  const cutoff = (deps.now ?? Date.now()) - deps.graceSeconds * 1000;
  const r: BlobGcReport = { scanned: 0, referenced: 0, young: 0, removed: [], bytes: 0, tmpRemoved: await blobs.sweepTmp(cutoff) };
  for await (const f of blobs.list()) {
    r.scanned += 1;
    if (f.mtimeMs >= cutoff) {
      r.young += 1;
      continue;
    }
    const removed = await db.transaction(async (tx) => {
      // Take the row lock a referencing transaction would take (creating a placeholder row if none).
      await tx.insert(blobsTable).values({ sha256: f.sha256, size: f.size, mime: 'application/octet-stream', refcount: 0 }).onConflictDoNothing();
      const [row] = await tx.select({ refcount: blobsTable.refcount }).from(blobsTable).where(eq(blobsTable.sha256, f.sha256)).for('update');
      if ((row?.refcount ?? 0) > 0) return false;
      const gone = await blobs.collect(f.sha256, cutoff);
      await tx.delete(blobsTable).where(and(eq(blobsTable.sha256, f.sha256), eq(blobsTable.refcount, 0)));
      return gone;
    });
    if (removed) {
      r.removed.push(f.sha256);
      r.bytes += f.size;
    } else r.referenced += 1;
  }
  if (r.removed.length > 0 || r.tmpRemoved > 0) {
    deps.log.warn({ gc: { removed: r.removed.length, bytes: r.bytes, tmpRemoved: r.tmpRemoved } }, `blob gc: removed ${r.removed.length} unreferenced blob(s), ${r.tmpRemoved} temp file(s)`);
    await writeAudit(db, { actorId: null, action: 'blob.gc', target: 'blobs', after: { removed: r.removed.slice(0, 1000), count: r.removed.length, bytes: r.bytes, tmpRemoved: r.tmpRemoved } });
  } else deps.log.info({ gc: { scanned: r.scanned } }, 'blob gc: nothing to remove');
  return r;
}

/** Name of the pg-boss queue of the blob GC. */
export const BLOB_GC_QUEUE = 'blob-gc';

/** Schedules the GC hourly (pg-boss cron: one run per tick across processes); `jobs.send(BLOB_GC_QUEUE, {})` runs it now. */
export async function registerBlobGc(jobs: Jobs, ctx: Pick<AppContext, 'db' | 'blobs' | 'config' | 'log'>): Promise<void> {
  await jobs.every(BLOB_GC_QUEUE, '17 * * * *', { expireInSeconds: 3600 }, async () => {
    await collectBlobs({ db: ctx.db, blobs: ctx.blobs, graceSeconds: ctx.config.BLOB_GC_GRACE_SECONDS, log: ctx.log });
  });
}
