/**
 * Public certificate checks of the query pages (issue 12 §3; spec p1 §7 "Certificate check and sharing",
 * p2 §2 /queryAuthentication): POST /api/check/checkNo (any certificate number of any kind → its public
 * facts and the kind's certificate page) and POST /api/check/checkDigest (the electronicData tab: the
 * certificates of a file digest, SHA-256 or SM3). The evidence row holds the SHA-256; SM3 digests are kept
 * in `evidence_sm3`, filled by `catchUp` (every minute by a job, and before each SM3 lookup): from the
 * evidence's v2 ledger entry (issue 10 §3: the deposit records the file's SM3 there), read through the
 * ledger service; only for v1 entries (deposited before SM3 was recorded) by reading the file through the
 * BlobStore (verified against its SHA-256) and hashing it with node:crypto (issue 16: no re-hash of new files).
 */
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import type { TCheckNoRes } from '@cunzheng/contract/query';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { LedgerService } from '../ledger/types.ts';
import * as repo from './repo.ts';

/** Most certificates one digest lookup answers. */
export const DIGEST_RESULTS_MAX = 20;
/** One catch-up run reads at most this many files / bytes (the rest waits for the next run). */
export const SM3_CATCHUP = { files: 200, bytes: 2 * 1024 * 1024 * 1024 } as const;

export interface CheckDeps {
  db: Db;
  evidence: Pick<EvidenceService, 'findByBaoquan' | 'findBySha256' | 'forAudit'>;
  blobs: Pick<BlobStore, 'openVerified'>;
  /** The ledger, for the SM3 a v2 entry records. */
  ledger: Pick<LedgerService, 'entryAt'>;
}

/** The public facts of an evidence row (contract ZCheckNoRes). */
export function publicFacts(r: EvidenceRow): TCheckNoRes {
  const def = EVIDENCE_KIND[r.kind as EvidenceKind];
  return {
    baoquan: r.baoquan,
    kind: r.kind,
    kindName: def?.name ?? '数据保全',
    evidenceType: def?.evidenceType ?? 1,
    certificatePath: `${def?.routes.certificate ?? '/attestation'}/${encodeURIComponent(r.baoquan)}`,
    title: r.title,
    fileName: r.fileName,
    size: r.size,
    sha256: r.sha256,
    saveTime: r.saveTime,
    chainhash: r.chainhash,
    ledgerIndex: r.ledgerIndex,
    deleted: r.deletedAt ? 1 : 0,
  };
}

/** SM3 (hex) of a stored blob, streamed; null when the blob is missing or altered. */
async function sm3Of(blobs: CheckDeps['blobs'], sha256: string): Promise<string | null> {
  try {
    const b = await blobs.openVerified(sha256);
    const h = crypto.createHash('sm3');
    await pipeline(b.stream(), new Writable({ write: (chunk: Buffer, _enc, cb) => { h.update(chunk); cb(); } }));
    return h.digest('hex');
  } catch {
    return null;
  }
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * SM3 (hex) the ledger entry of `r` records (v2 entries, issue 10 §3), or null for a v1 entry, a missing
 * entry or one whose chainhash is not the evidence's (then the caller hashes the stored file instead).
 */
async function sm3OfEntry(ledger: CheckDeps['ledger'], r: EvidenceRow): Promise<string | null> {
  const e = await ledger.entryAt(r.ledgerIndex);
  if (!e || e.chainhash !== r.chainhash) return null;
  try {
    const parsed = JSON.parse(e.leaf.toString('utf8')) as { v?: number; sha256?: string; sm3?: unknown };
    return parsed.v === 2 && parsed.sha256 === r.sha256 && typeof parsed.sm3 === 'string' && HEX64.test(parsed.sm3) ? parsed.sm3 : null;
  } catch {
    return null;
  }
}

/** Builds the check service. */
export function checkService(deps: CheckDeps) {
  const { db, evidence } = deps;
  let running: Promise<number> | null = null;

  /** One bounded catch-up run; answers how many evidence rows were recorded. */
  async function runCatchUp(): Promise<number> {
    let after = await repo.cursor(db);
    let files = 0;
    let bytes = 0;
    while (files < SM3_CATCHUP.files && bytes < SM3_CATCHUP.bytes) {
      const rows = await evidence.forAudit(after, 50);
      if (rows.length === 0) break;
      for (const r of rows) {
        const recorded = await sm3OfEntry(deps.ledger, r);
        await repo.record(db, r.id, recorded ?? (await sm3Of(deps.blobs, r.sha256)) ?? '');
        after = r.id;
        files += 1;
        // Only files read count against the per-run byte budget.
        if (recorded === null) bytes += r.size;
        if (files >= SM3_CATCHUP.files || bytes >= SM3_CATCHUP.bytes) break;
      }
    }
    return files;
  }

  const rowsByIds = async (ids: number[]): Promise<EvidenceRow[]> => {
    const out: EvidenceRow[] = [];
    // forAudit(id - 1, 1) is the row with that id (ids are unique and ordered).
    for (const id of ids) {
      const r = (await evidence.forAudit(id - 1, 1))[0];
      if (r && r.id === id) out.push(r);
    }
    return out;
  };

  return {
    /** POST /api/check/checkNo (no) → ZCheckNoRes of any kind. 400 请输入保全号 (schema) / 保全号不存在. */
    async checkNo(no: string): Promise<TCheckNoRes> {
      const r = await evidence.findByBaoquan(no.trim().toUpperCase());
      if (!r) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      return publicFacts(r);
    },

    /**
     * POST /api/check/checkDigest (digest, algo sha256|sm3) → `{list}` of ZCheckNoRes (≤ 20, newest first;
     * empty when none). An SM3 lookup first records the digests of evidence deposited since the last run.
     */
    async checkDigest(digest: string, algo: 'sha256' | 'sm3'): Promise<{ list: TCheckNoRes[] }> {
      let rows: EvidenceRow[];
      if (algo === 'sha256') {
        const found = await evidence.findBySha256(digest, DIGEST_RESULTS_MAX);
        rows = (await Promise.all(found.map((f) => evidence.findByBaoquan(f.baoquan)))).filter((r): r is EvidenceRow => !!r);
        rows.sort((a, b) => b.id - a.id);
      } else {
        await this.catchUp();
        rows = await rowsByIds(await repo.idsBySm3(db, digest, DIGEST_RESULTS_MAX));
      }
      return { list: rows.map(publicFacts) };
    },

    /** Records the SM3 of evidence deposited since the last run (bounded, SM3_CATCHUP); concurrent calls share one run. Answers the rows recorded. */
    catchUp(): Promise<number> {
      running ??= runCatchUp().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type CheckService = ReturnType<typeof checkService>;
