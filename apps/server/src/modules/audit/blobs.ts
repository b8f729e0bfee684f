/**
 * Re-hashing of stored evidence blobs (issue 2 §2 `ledger:verify`, issue 3 §5 continuous audit): each
 * evidence row's blob is streamed through SHA-256 (bounded memory) and compared with the row, and the
 * row with its ledger entry (baoquan, sha256, size, chainhash). One implementation for the CLI's full
 * report and the job's bounded, resumable runs.
 */
import type { BlobStore } from '../../platform/blobs.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerService } from '../ledger/types.ts';

/** What a blob check needs: evidence rows in id order (evidence service), the blob store's re-hash, ledger entries. */
export interface BlobAuditDeps {
  evidence: Pick<EvidenceService, 'forAudit'>;
  blobs: Pick<BlobStore, 'rehash'>;
  ledger: Pick<LedgerService, 'entryAt'>;
}

/** One problem: kind, the evidence number, `target` (`evidence:<baoquan>`) and an English line. */
export interface BlobProblem {
  kind: 'blob_missing' | 'blob_mismatch' | 'entry_mismatch';
  baoquan: string;
  target: string;
  problem: string;
}

/** The full report of `ledger:verify` (shape kept from issue 2). */
export interface BlobAuditReport {
  ok: boolean;
  checked: number;
  /** Bytes re-hashed. */
  bytes: number;
  problems: BlobProblem[];
}

/** Outcome of a bounded slice. */
export interface BlobRangeResult {
  checked: number;
  bytes: number;
  /** Evidence id to resume after. */
  lastId: number;
  /** True when the scan reached the last evidence row. */
  done: boolean;
  problems: BlobProblem[];
}

/**
 * Checks evidence rows with id > `afterId` in id order until `maxBlobs` rows or `maxBytes` re-hashed bytes
 * (at least one row is always checked). Never throws for data problems, only for I/O or database errors.
 */
export async function auditBlobRange(deps: BlobAuditDeps, afterId: number, limits: { maxBlobs: number; maxBytes: number }): Promise<BlobRangeResult> {
  const out: BlobRangeResult = { checked: 0, bytes: 0, lastId: afterId, done: false, problems: [] };
  for (;;) {
    const want = Math.min(500, limits.maxBlobs - out.checked);
    const rows = await deps.evidence.forAudit(out.lastId, want);
    for (const r of rows) {
      if (out.checked > 0 && out.bytes >= limits.maxBytes) return out;
      out.lastId = r.id;
      out.checked++;
      const t = `evidence:${r.baoquan}`;
      const got = await deps.blobs.rehash(r.sha256);
      if (!got) out.problems.push({ kind: 'blob_missing', baoquan: r.baoquan, target: t, problem: 'blob missing' });
      else {
        out.bytes += got.size;
        if (got.sha256 !== r.sha256 || got.size !== r.size) {
          out.problems.push({ kind: 'blob_mismatch', baoquan: r.baoquan, target: t, problem: `blob hash mismatch: stored ${got.sha256} (${got.size} bytes), expected ${r.sha256} (${r.size} bytes)` });
        }
      }
      const entry = await deps.ledger.entryAt(r.ledgerIndex);
      if (!entry) {
        out.problems.push({ kind: 'entry_mismatch', baoquan: r.baoquan, target: t, problem: `ledger entry ${r.ledgerIndex} missing` });
        continue;
      }
      let e: { baoquan?: string; sha256?: string; size?: number } = {};
      try {
        e = JSON.parse(entry.leaf.toString('utf8')) as typeof e;
      } catch {
        /* reported below */
      }
      if (e.baoquan !== r.baoquan || e.sha256 !== r.sha256 || e.size !== r.size || entry.chainhash !== r.chainhash) {
        out.problems.push({ kind: 'entry_mismatch', baoquan: r.baoquan, target: t, problem: `evidence row differs from its ledger entry ${r.ledgerIndex}` });
      }
    }
    if (rows.length < want) {
      out.done = true;
      return out;
    }
    if (out.checked >= limits.maxBlobs) return out;
  }
}

/** Checks every evidence row (the full `ledger:verify` report). */
export async function auditBlobs(deps: BlobAuditDeps): Promise<BlobAuditReport> {
  const report: BlobAuditReport = { ok: true, checked: 0, bytes: 0, problems: [] };
  let after = 0;
  for (;;) {
    const r = await auditBlobRange(deps, after, { maxBlobs: 10_000, maxBytes: Number.MAX_SAFE_INTEGER });
    report.checked += r.checked;
    report.bytes += r.bytes;
    report.problems.push(...r.problems);
    after = r.lastId;
    if (r.done) break;
  }
  report.ok = report.problems.length === 0;
  return report;
}
