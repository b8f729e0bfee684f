/**
 * Evidence use cases (issue 2 §4; spec p1 §2–4, §7, §9): deposit a file, list, label, delete,
 * download. Deposit = stream to the blob store while hashing, sniff the type, then ONE transaction
 * writing the blob reference, the evidence row, its ledger entry and an audit row.
 */
import type { Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND, mainArtefact } from '@cunzheng/contract/evidenceKinds';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { BlobStore, StagedBlob } from '../../platform/blobs.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { Timestamper } from '../trust/types.ts';
import { depositArtefacts, type DepositArtefactsInput, type DepositDeps } from './deposit.ts';
import { toItem, type EvidenceItem } from './item.ts';
import { findWithSide, listEvidence, listWithSide, type KindListFilter, type SideTable } from './listing.ts';
import * as repo from './repo.ts';
import { liveCounts, ownerStats, type OwnerStats } from './stats.ts';
import { sniff, type Sniffed } from './sniff.ts';
import type { EvidenceArtefactRow, EvidenceRow } from './types.ts';
import { MSG } from '@cunzheng/contract/messages';

export { ownerCommitment, toItem, type EvidenceItem } from './item.ts';
export type { ArtefactInput, DepositArtefactsInput } from './deposit.ts';
export type { EvidencePart, KindListFilter, SideTable } from './listing.ts';
/** The one list as functions of a database handle, for a kind's repo (same as the service's `listWithSide` / `findWithSide`). */
export { findWithSide, listWithSide } from './listing.ts';

export interface DepositInput {
  owner: UserRow;
  /** The enterprise member (user id) depositing in the company's name (`actingMemberId(principal)`), else null. */
  memberId?: number | null;
  /** The file, already streamed to a temp file by `stage()`. */
  staged: StagedBlob;
  fileName: string;
  title?: string;
  label?: string;
  kind?: EvidenceKind;
  ip?: string | null;
  /** The order type charged when not the kind's priceCode (8 for a batch web capture, spec p1 §9). */
  orderType?: number;
  /** Runs inside the deposit transaction after the evidence row exists (side tables of a kind, e.g. web_captures). */
  inTx?: (tx: DbOrTx, row: EvidenceRow) => Promise<void>;
}

/** Builds the evidence service. */
export function evidenceService(deps: { db: Db; blobs: BlobStore; ledger: LedgerService; downloads: DownloadSigner; timestamper: Timestamper; log?: Pick<FastifyBaseLogger, 'warn'>; charge?: DepositDeps['charge'] }) {
  const { db, blobs } = deps;
  // Issue 16: told (after commit) the number of an evidence whose certificate view changed (deleted, relabelled).
  const changeListeners: Array<(baoquan: string) => void> = [];
  const changed = (baoquan: string) => {
    for (const f of changeListeners) f(baoquan);
  };
  return {
    /** Registers `f(baoquan)`, called after an evidence is deleted or relabelled (certificate view cache, issue 16). */
    onChanged(f: (baoquan: string) => void): void {
      changeListeners.push(f);
    },

    /**
     * Streams an upload to a temp file while hashing (step 1 of POST /api/data/upload).
     * 400 文件不能为空 / 文件大小超过限制, nothing kept. Call `deposit` or `discard` with the result.
     */
    stage: (file: Readable, isTruncated: () => boolean): Promise<StagedBlob> => blobs.stage(file, isTruncated),

    /** Drops a staged upload that will not be deposited. */
    discard: (staged: StagedBlob): Promise<void> => blobs.discard(staged),

    /** The media type and p1 §9 file type code the deposit will record for a staged file (sniffed from its first bytes; the name only refines generic bytes). */
    sniff: (staged: StagedBlob, fileName: string): Promise<Sniffed> => sniff(staged.head, fileName),

    /**
     * POST /api/data/upload step 2: the evidence row, its ledger entry, the blob reference and an audit
     * row in one transaction; the file is linked into the store (fsynced) inside that transaction after
     * the reference row (platform/blobRefs.ts), so it is durable before the row commits. On any failure
     * nothing is visible: the temp file is removed, and a blob file this call linked is left for the
     * garbage collector (never removed here: another deposit of the same bytes may already use it).
     */
    async deposit(input: DepositInput): Promise<EvidenceItem> {
      const kind = input.kind ?? 'data';
      const role = mainArtefact(EVIDENCE_KIND[kind]).role;
      const { row } = await depositArtefacts(deps, { kind, owner: input.owner, memberId: input.memberId, orderType: input.orderType, title: input.title, label: input.label, ip: input.ip, artefacts: [{ role, name: input.fileName, staged: input.staged }], inTx: input.inTx && ((tx, ev) => input.inTx!(tx, ev)) });
      return toItem(row);
    },

    /**
     * Deposits ONE evidence of any kind made of several artefacts (issue 11 §1; used by process evidence):
     * e.g. `depositArtefacts({ kind: 'process', owner, title, artefacts: [{ role: 'wacz', name, staged },
     * { role: 'video', name: 'x.mp4', staged, mime: 'video/mp4' }], note, inTx: (tx, ev, arts) => … })`.
     * Stage each file first with `stage(fs.createReadStream(path), () => false)`.
     * - The artefact with the kind's main role (registry: `wacz` for web/process/mobile, `original` for
     *   data) is the evidence file: its SHA-256 and size go into the evidence row, the RFC 3161 stamp and
     *   the ledger entry; owner download and extraction by code deliver it. To commit the others in the
     *   ledger too, list their hashes inside it (the WACZ datapackage).
     * - The others are stored as blobs (referenced in the same transaction) and recorded in
     *   `evidence_artefacts` (role, name, sha256, size, mime): read them back with `artefacts(id)` and
     *   hand them out with `artefactUrl(id, role, name?)`.
     * - `inTx(tx, evidenceRow, artefactRows)` runs inside the transaction: write the kind's side-table row
     *   (session → done, evidence id) there, so the evidence and its details commit together.
     * Answers `{ item, artefacts }` (item = the list shape of ZEvidenceItem). Every staged file is removed
     * at the end. 400 可信时间戳服务暂不可用，请稍后重试 when the TSA fails (nothing stored).
     */
    async depositArtefacts(input: DepositArtefactsInput): Promise<{ item: EvidenceItem; artefacts: EvidenceArtefactRow[] }> {
      const r = await depositArtefacts(deps, input);
      return { item: toItem(r.row), artefacts: r.artefacts };
    },

    /** The artefacts of evidence `id` besides its main file (role, name, sha256, size, mime), insertion order. */
    artefacts: (id: number): Promise<EvidenceArtefactRow[]> => repo.artefactsOf(db, id),

    /**
     * A signed, expiring download URL (`/api/file/…`, verified against the hash when downloaded) of an
     * artefact of evidence `id`: the first with `role` (and `name` when given); null when there is none.
     * The caller checks who may have it (owner, or the certificate's public view).
     */
    async artefactUrl(id: number, role: string, name?: string): Promise<string | null> {
      const a = (await repo.artefactsOf(db, id)).find((x) => x.role === role && (name === undefined || x.name === name));
      return a ? deps.downloads.url({ sha256: a.sha256, name: a.name, mime: a.mime, evidenceId: id }) : null;
    },

    /** GET /api/data/getList → `{list, count}` of the caller's live evidence of `kind` (p1 §7 filters; the one list, listing.ts). */
    async list(f: Omit<KindListFilter, 'fileType'> & { kind: EvidenceKind; /** p1 §9 file type filter (0 all). */ type?: number }): Promise<{ list: EvidenceItem[]; count: number }> {
      const r = await listEvidence(db, [f.kind], { ...f, fileType: f.type });
      return { list: r.list.map(toItem), count: r.count };
    },

    /**
     * The list of a kind whose records live in a side table before they become evidence (web captures,
     * process sessions): one page of the owner's side records, newest first, each with its evidence part
     * (null until deposited), with every p1 §7 filter (label, date range, keyword on the side's
     * `keywordColumns` + title + number). `where` adds the side's own conditions (status …). See listing.ts.
     */
    listWithSide: <T>(side: SideTable<T>, f: KindListFilter, where: SQL[] = []) => listWithSide(db, side, f, where),

    /** The owner's not-deleted side record `id` with its evidence part, or null (another user's id looks missing). */
    findWithSide: <T>(side: SideTable<T>, userId: number, id: number) => findWithSide(db, side, userId, id),

    /** Aggregates of the owner's live evidence for the overview (stats.ts): by kind, the latest `recentN`, per day since `sinceS`. */
    ownerStats: (userId: number, sinceS: number, recentN: number): Promise<OwnerStats> => ownerStats(db, userId, sinceS, recentN),

    /** Live evidence counts of each of `userIds` (operator users list). */
    liveCounts: (userIds: number[]): Promise<Map<number, number>> => liveCounts(db, userIds),

    /** GET /api/data/getLabelList → `[{label}]`. */
    async labels(userId: number, kind = 'data'): Promise<Array<{ label: string }>> {
      return (await repo.labels(db, userId, kind)).map((label) => ({ label }));
    },

    /** POST /api/data/saveLabel. 400 证据不存在 for an unknown or foreign id. */
    async saveLabel(userId: number, id: number, label: string): Promise<void> {
      const bq = await db.transaction(async (tx) => {
        const before = await repo.findOwned(tx, userId, id);
        if (!before || !(await repo.setLabel(tx, userId, id, label))) throw badRequest(MSG.EVIDENCE_NOT_FOUND);
        await writeAudit(tx, { actorId: userId, action: 'evidence.label', target: `evidence:${id}`, before: { label: before.label }, after: { label } });
        return before.baoquan;
      });
      changed(bq);
    },

    /** GET /api/data/delData: removes from the owner's list; the ledger entry and the certificate stay. */
    async remove(userId: number, id: number): Promise<void> {
      const bq = await db.transaction(async (tx) => {
        const row = await repo.softDelete(tx, userId, id);
        if (!row) throw badRequest(MSG.EVIDENCE_NOT_FOUND);
        await writeAudit(tx, { actorId: userId, action: 'evidence.delete', target: `evidence:${id}`, before: { baoquan: row.baoquan } });
        return row.baoquan;
      });
      changed(bq);
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

    /**
     * The one batch download of every kind (POST /api/data/downloadZip, GET /down/downloadBatch, process
     * downloadBatch): `{downUrl}` of one zip of the owner's live evidence among `ids` (evidence ids), named
     * after the kind (`证据批量下载-N个文件.zip` for data, `<kind name>批量下载-N个.zip` otherwise). 400 无下载文件 when none.
     */
    async zipUrl(userId: number, ids: number[], kind: EvidenceKind = 'data'): Promise<{ downUrl: string }> {
      const rows = await repo.findOwnedMany(db, userId, ids);
      if (rows.length === 0) throw badRequest(MSG.NO_DOWNLOAD_FILE);
      const zipName = kind === 'data' ? `证据批量下载-${rows.length}个文件.zip` : `${EVIDENCE_KIND[kind].name}批量下载-${rows.length}个.zip`;
      return { downUrl: deps.downloads.zipUrl({ ownerId: userId, evidenceIds: rows.map((r) => r.id), zipName }) };
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

    /** Every evidence row (deleted or not) with id > `afterId`, in id order, at most `limit` (the auditor's blob re-hash). */
    forAudit: (afterId: number, limit: number): Promise<EvidenceRow[]> => repo.allForAudit(db, afterId, limit),

    /** Evidence by certificate number (for the certificate and ledger contexts). */
    findByBaoquan: (baoquan: string) => repo.findByBaoquan(db, baoquan),

    /** Public certificates of a file hash (GET /api/verify, issue 3 §4): number, time, chainhash only. */
    findBySha256: (sha256: string, limit: number) => repo.listBySha256(db, sha256, limit),
  };
}

export type EvidenceService = ReturnType<typeof evidenceService>;
