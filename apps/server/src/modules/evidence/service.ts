/**
 * Evidence use cases (issue 2 §4; spec p1 §2–4, §7, §9): deposit a file, list, label, delete,
 * download. Deposit = stream to the blob store while hashing, sniff the type, then ONE transaction
 * writing the blob reference, the evidence row, its ledger entry and an audit row.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { BlobStore, StagedBlob } from '../../platform/blobs.ts';
import { storeStagedInTx } from '../../platform/blobRefs.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { Timestamper } from '../trust/types.ts';
import { newsText, notify } from '../notifications/notify.ts';
import { newBaoquan } from './baoquan.ts';
import * as repo from './repo.ts';
import { sniff } from './sniff.ts';
import type { EvidenceRow } from './types.ts';
import { MSG } from '@cunzheng/contract/messages';
import type { TEvidenceItem } from '@cunzheng/contract/evidence';

export interface DepositInput {
  owner: UserRow;
  /** The file, already streamed to a temp file by `stage()`. */
  staged: StagedBlob;
  fileName: string;
  title?: string;
  label?: string;
  kind?: string;
  ip?: string | null;
  /** Runs inside the deposit transaction after the evidence row exists (side tables of a kind, e.g. web_captures). */
  inTx?: (tx: DbOrTx, row: EvidenceRow) => Promise<void>;
}

/** The public shape of an evidence row in lists and deposit answers (spec p1 §3; contract ZEvidenceItem). */
export type EvidenceItem = TEvidenceItem;

/** Maps a row to its wire shape. */
export const toItem = (r: EvidenceRow): EvidenceItem => ({
  id: r.id,
  baoquan: r.baoquan,
  title: r.title,
  fileName: r.fileName,
  fileType: r.fileType,
  mime: r.mime,
  size: r.size,
  sha256: r.sha256,
  label: r.label,
  saveTime: r.saveTime,
  chainhash: r.chainhash,
  isDownload: r.deletedAt ? 0 : 1,
});

/** Hex commitment to the owner written into ledger entries: SHA-256(ownerSalt ‖ "user:" ‖ id). */
export const ownerCommitment = (u: Pick<UserRow, 'id' | 'ownerSalt'>): string =>
  crypto.createHash('sha256').update(u.ownerSalt).update(`user:${u.id}`).digest('hex');

/** Builds the evidence service. */
export function evidenceService(deps: { db: Db; blobs: BlobStore; ledger: LedgerService; downloads: DownloadSigner; timestamper: Timestamper; log?: Pick<FastifyBaseLogger, 'warn'> }) {
  const { db, blobs, ledger } = deps;
  return {
    /**
     * Streams an upload to a temp file while hashing (step 1 of POST /api/data/upload).
     * 400 文件不能为空 / 文件大小超过限制, nothing kept. Call `deposit` or `discard` with the result.
     */
    stage: (file: Readable, isTruncated: () => boolean): Promise<StagedBlob> => blobs.stage(file, isTruncated),

    /** Drops a staged upload that will not be deposited. */
    discard: (staged: StagedBlob): Promise<void> => blobs.discard(staged),

    /**
     * POST /api/data/upload step 2: the evidence row, its ledger entry, the blob reference and an audit
     * row in one transaction; the file is linked into the store (fsynced) inside that transaction after
     * the reference row (platform/blobRefs.ts), so it is durable before the row commits. On any failure
     * nothing is visible: the temp file is removed, and a blob file this call linked is left for the
     * garbage collector (never removed here: another deposit of the same bytes may already use it).
     */
    async deposit(input: DepositInput): Promise<EvidenceItem> {
      const { staged } = input;
      try {
        const sniffed = await sniff(staged.head, input.fileName);
        // Trusted time (issue 3 §1): RFC 3161 token over the file's SHA-256; its genTime is the deposit
        // time. 400 可信时间戳服务暂不可用，请稍后重试 when the TSA fails (nothing stored).
        const stamp = await deps.timestamper.stamp(staged.sha256);
        // Bytes already stored under this address but altered on disk are replaced by the upload's (issue 9 §1).
        if (await blobs.repair(staged)) deps.log?.warn({ sha256: staged.sha256 }, 'blobs: an altered stored file was replaced by identical uploaded bytes');
        const saveTime = stamp.genTime;
        const kind = input.kind ?? 'data';
        const row = await db.transaction(async (tx) => {
          // Blob reference + durable link first: the fsync then runs under the blob row lock only, not
          // under the ledger's sequencer lock taken by `append`.
          await storeStagedInTx(tx, blobs, staged, sniffed.mime);
          const id = await repo.nextId(tx);
          const baoquan = newBaoquan(saveTime);
          const appended = await ledger.append(
            tx,
            { baoquan, sha256: staged.sha256, size: staged.size, kind, time: saveTime, owner: ownerCommitment(input.owner) },
            id,
          );
          const ev = await repo.insert(tx, {
            id,
            userId: input.owner.id,
            kind,
            baoquan,
            title: input.title?.trim() || input.fileName,
            label: input.label?.trim() ?? '',
            fileName: input.fileName,
            fileType: sniffed.fileType,
            mime: sniffed.mime,
            size: staged.size,
            sha256: staged.sha256,
            saveTime,
            ledgerIndex: appended.index,
            chainhash: appended.chainhash,
          });
          await deps.timestamper.record(tx, id, stamp);
          await input.inTx?.(tx, ev);
          await writeAudit(tx, { actorId: input.owner.id, action: 'evidence.deposit', target: `evidence:${id}`, after: { baoquan, sha256: staged.sha256, size: staged.size, ledgerIndex: appended.index }, ip: input.ip ?? null });
          await notify(tx, input.owner.id, newsText.deposit(ev.title, baoquan), 'deposit');
          return ev;
        });
        ledger.committed();
        return toItem(row);
      } finally {
        await blobs.discard(staged);
      }
    },

    /** GET /api/data/getList → `{list, count}` of the caller's live evidence (p1 §7 filters). */
    async list(f: repo.ListFilter): Promise<{ list: EvidenceItem[]; count: number }> {
      const r = await repo.list(db, f);
      return { list: r.list.map(toItem), count: r.count };
    },

    /** GET /api/data/getLabelList → `[{label}]`. */
    async labels(userId: number, kind = 'data'): Promise<Array<{ label: string }>> {
      return (await repo.labels(db, userId, kind)).map((label) => ({ label }));
    },

    /** POST /api/data/saveLabel. 400 证据不存在 for an unknown or foreign id. */
    async saveLabel(userId: number, id: number, label: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await repo.findOwned(tx, userId, id);
        if (!before || !(await repo.setLabel(tx, userId, id, label))) throw badRequest(MSG.EVIDENCE_NOT_FOUND);
        await writeAudit(tx, { actorId: userId, action: 'evidence.label', target: `evidence:${id}`, before: { label: before.label }, after: { label } });
      });
    },

    /** GET /api/data/delData: removes from the owner's list; the ledger entry and the certificate stay. */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.softDelete(tx, userId, id);
        if (!row) throw badRequest(MSG.EVIDENCE_NOT_FOUND);
        await writeAudit(tx, { actorId: userId, action: 'evidence.delete', target: `evidence:${id}`, before: { baoquan: row.baoquan } });
      });
    },

    /** POST /api/data/downBaoquan → `{downUrl}` for the owner. */
    async downUrl(userId: number, id: number): Promise<{ downUrl: string }> {
      const row = await repo.findOwned(db, userId, id);
      if (!row) throw badRequest(MSG.EVIDENCE_NOT_FOUND);
      return { downUrl: deps.downloads.url({ sha256: row.sha256, name: row.fileName, mime: row.mime, evidenceId: row.id }) };
    },

    /** POST /api/data/downloadBatch → one signed URL per owned evidence (p1 §4); 400 无下载文件 when none. */
    async batchUrls(userId: number, ids: number[]): Promise<string[]> {
      const rows = await repo.findOwnedMany(db, userId, ids);
      if (rows.length === 0) throw badRequest(MSG.NO_DOWNLOAD_FILE);
      return rows.map((r) => deps.downloads.url({ sha256: r.sha256, name: r.fileName, mime: r.mime, evidenceId: r.id }));
    },

    /** POST /api/data/downloadZip → `{downUrl}` of one zip holding every selected file. */
    async zipUrl(userId: number, ids: number[]): Promise<{ downUrl: string }> {
      const rows = await repo.findOwnedMany(db, userId, ids);
      if (rows.length === 0) throw badRequest(MSG.NO_DOWNLOAD_FILE);
      return { downUrl: deps.downloads.zipUrl({ ownerId: userId, evidenceIds: rows.map((r) => r.id), zipName: `证据批量下载-${rows.length}个文件.zip` }) };
    },

    /** Download items (named `<baoquan>-<file name>`) of the owner's live evidence among `ids`, for zip tickets. */
    async zipItems(ownerId: number, ids: number[]) {
      const rows = await repo.findOwnedMany(db, ownerId, ids);
      return rows.map((r) => ({ sha256: r.sha256, name: `${r.baoquan}-${r.fileName}`, mime: r.mime }));
    },

    /** Whether evidence `id` exists and was not deleted by its owner (download tickets, issue 9 §2). */
    async isLive(id: number): Promise<boolean> {
      const row = await repo.findById(db, id);
      return row !== null && !row.deletedAt;
    },

    /** Evidence by certificate number (for the certificate and ledger contexts). */
    findByBaoquan: (baoquan: string) => repo.findByBaoquan(db, baoquan),

    /** Public certificates of a file hash (GET /api/verify, issue 3 §4): number, time, chainhash only. */
    findBySha256: (sha256: string, limit: number) => repo.listBySha256(db, sha256, limit),
  };
}

export type EvidenceService = ReturnType<typeof evidenceService>;
