/**
 * Re-timestamping of issued certificate PDFs (issue 10 §3; PAdES B-LTA, ETSI EN 319 142-1 §5.5): a PDF's
 * long-term proof lasts as long as the TSA certificate of its LAST document time-stamp. Before that
 * certificate expires (within CERT_RETIMESTAMP_WINDOW_DAYS), the worker appends fresh DSS validation data
 * and a new document time-stamp by incremental update (trust service `extendPdf`): the earlier bytes are
 * kept as they are, so every earlier signature and time-stamp still verifies, and the new time-stamp
 * covers them all.
 *
 * Storage: the extended PDF's blob is referenced, the row moved to it (compare-and-set on the old
 * address: a concurrent run changes nothing) and an audit row written, all in ONE transaction; the old
 * blob keeps its reference (references are never decremented), so nothing is lost before the new
 * version is committed, and the old version stays for the audit trail.
 *
 * Rows without a document time-stamp (B-T PDFs issued before B-LTA) are extended too. A row is skipped
 * when the TSA that would stamp now expires no later than the one it has (re-stamping would gain
 * nothing): the operator must renew the TSA certificate; the run logs a warning then.
 */
import crypto from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issuedCertificates } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { docTimestamps, type TrustService } from '../trust/service.ts';

export interface RetimestampDeps {
  db: Db;
  blobs: Pick<BlobStore, 'putBuffer' | 'readVerified'>;
  trust: Pick<TrustService, 'extendPdf' | 'tsaNotAfter'>;
  /** CERT_RETIMESTAMP_WINDOW_DAYS. */
  windowDays: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
  /** Clock, ms (tests inject a later time). */
  now?: () => number;
}

/** Rows handled per run (the next daily run takes the rest). */
const BATCH = 200;

/** Audit action of one extension. */
export const RETIMESTAMP_ACTION = 'certificate.retimestamp';

/**
 * Extends every due certificate PDF once (see the file comment). Returns how many were extended and how
 * many due ones were skipped (TSA not renewed). A failing PDF is logged and left as it is.
 */
export async function retimestampDue(deps: RetimestampDeps): Promise<{ extended: number; skipped: number }> {
  const nowSec = Math.floor((deps.now?.() ?? Date.now()) / 1000);
  const horizon = nowSec + deps.windowDays * 86_400;
  const rows = await deps.db
    .select({ evidenceId: issuedCertificates.evidenceId, lang: issuedCertificates.lang, pdfSha256: issuedCertificates.pdfSha256, ltaUntil: issuedCertificates.ltaUntil })
    .from(issuedCertificates)
    .where(or(isNull(issuedCertificates.ltaUntil), lt(issuedCertificates.ltaUntil, horizon)))
    .orderBy(sql`${issuedCertificates.ltaUntil} asc nulls first`, asc(issuedCertificates.evidenceId))
    .limit(BATCH);
  if (rows.length === 0) return { extended: 0, skipped: 0 };
  const current = await deps.trust.tsaNotAfter();
  let extended = 0;
  let skipped = 0;
  for (const row of rows) {
    if (row.ltaUntil !== null && current !== null && current <= row.ltaUntil) {
      skipped++;
      continue;
    }
    try {
      if (await extendOne(deps, row)) extended++;
    } catch (e) {
      deps.log.warn({ err: (e as Error).message, evidenceId: row.evidenceId, lang: row.lang }, 'certificate re-timestamping failed');
    }
  }
  if (skipped) deps.log.warn({ skipped, tsaNotAfter: current }, 'certificate PDFs due for re-timestamping, but the TSA certificate expires no later than theirs: renew the TSA certificate');
  return { extended, skipped };
}

/** Extends one row's PDF; false when another run moved the row first. */
async function extendOne(deps: RetimestampDeps, row: { evidenceId: number; lang: string; pdfSha256: string; ltaUntil: number | null }): Promise<boolean> {
  const old = await deps.blobs.readVerified(row.pdfSha256);
  const pdf = await deps.trust.extendPdf(old);
  if (!pdf.subarray(0, old.length).equals(old)) throw new Error('extension changed earlier bytes');
  const sha = crypto.createHash('sha256').update(pdf).digest('hex');
  const ltaUntil = docTimestamps(pdf).at(-1)?.tsaNotAfter ?? null;
  return deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(issuedCertificates)
      .set({ pdfSha256: sha, ltaUntil })
      .where(and(eq(issuedCertificates.evidenceId, row.evidenceId), eq(issuedCertificates.lang, row.lang), eq(issuedCertificates.pdfSha256, row.pdfSha256)))
      .returning({ evidenceId: issuedCertificates.evidenceId });
    if (moved.length === 0) return false;
    await storeBufferInTx(tx, deps.blobs, pdf, 'application/pdf');
    await writeAudit(tx, {
      actorId: null,
      action: RETIMESTAMP_ACTION,
      target: `evidence:${row.evidenceId}:${row.lang}`,
      before: { pdfSha256: row.pdfSha256, ltaUntil: row.ltaUntil },
      after: { pdfSha256: sha, ltaUntil },
    });
    return true;
  });
}

/** Registers the daily re-timestamping run (worker role). */
export async function registerRetimestampWorker(jobs: Jobs, deps: RetimestampDeps): Promise<void> {
  await jobs.every('certificate.retimestamp', '23 4 * * *', { expireInSeconds: 3600 }, async () => {
    const r = await retimestampDue(deps);
    if (r.extended) deps.log.info(r, 'certificate PDFs re-timestamped');
  });
}
