/**
 * Re-hashes every stored evidence blob and compares it with its evidence row and ledger entry
 * (issue 2 §2 `ledger:verify`). Streams each file; bounded memory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as evidenceRepo from '../evidence/repo.ts';
import type { Services } from '../index.ts';

export interface BlobAuditReport {
  ok: boolean;
  checked: number;
  /** Bytes re-hashed. */
  bytes: number;
  problems: Array<{ baoquan: string; problem: string }>;
}

/** Streams a file through SHA-256; returns hex digest and size, or null when missing. */
async function hashFile(file: string): Promise<{ sha256: string; size: number } | null> {
  if (!fs.existsSync(file)) return null;
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const c of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    h.update(c);
    size += c.length;
  }
  return { sha256: h.digest('hex'), size };
}

/** Checks every evidence row: blob bytes hash to its sha256, and its ledger leaf names the same baoquan, sha256 and size. */
export async function auditBlobs(s: Services): Promise<BlobAuditReport> {
  const report: BlobAuditReport = { ok: true, checked: 0, bytes: 0, problems: [] };
  let after = 0;
  for (;;) {
    const rows = await evidenceRepo.allForAudit(s.db, after, 500);
    if (rows.length === 0) break;
    for (const r of rows) {
      after = r.id;
      report.checked++;
      const got = await hashFile(s.blobs.pathOf(r.sha256));
      if (!got) report.problems.push({ baoquan: r.baoquan, problem: 'blob missing' });
      else {
        report.bytes += got.size;
        if (got.sha256 !== r.sha256 || got.size !== r.size) report.problems.push({ baoquan: r.baoquan, problem: `blob hash mismatch: stored ${got.sha256}` });
      }
      const entry = await s.ledger.entryAt(r.ledgerIndex);
      if (!entry) {
        report.problems.push({ baoquan: r.baoquan, problem: `ledger entry ${r.ledgerIndex} missing` });
        continue;
      }
      const e = JSON.parse(entry.leaf.toString('utf8')) as { baoquan?: string; sha256?: string; size?: number };
      if (e.baoquan !== r.baoquan || e.sha256 !== r.sha256 || e.size !== r.size || entry.chainhash !== r.chainhash) {
        report.problems.push({ baoquan: r.baoquan, problem: 'evidence row differs from its ledger entry' });
      }
    }
  }
  report.ok = report.problems.length === 0;
  return report;
}
