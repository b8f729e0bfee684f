/**
 * The one deposit of every evidence kind (issue 11 §1; DESIGN.md "Evidence kinds"): staged artefacts →
 * trusted time → ONE transaction writing the blob references, the evidence row, its ledger entry, the
 * artefact rows, the kind's side-table rows (`inTx`), the time-stamp, an audit row and a notification.
 * A data deposit is the one-artefact case (role `original`); a web capture deposits its WACZ; a process
 * evidence its WACZ plus the MP4.
 */
import type { FastifyBaseLogger } from 'fastify';
import { EVIDENCE_KIND, type ArtefactRole } from '@cunzheng/contract/evidenceKinds';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { BlobStore, StagedBlob } from '../../platform/blobs.ts';
import { storeStagedInTx } from '../../platform/blobRefs.ts';
import type { LedgerService } from '../ledger/types.ts';
import { newsText, notify } from '../notifications/notify.ts';
import type { Timestamper } from '../trust/types.ts';
import { sm3OfStaged } from '../../platform/stagedDigest.ts';
import { newBaoquan } from './baoquan.ts';
import { ownerCommitment } from './item.ts';
import * as repo from './repo.ts';
import { sniff } from './sniff.ts';
import type { EvidenceArtefactRow, EvidenceRow } from './types.ts';

/** One artefact to deposit: its role (contract `ArtefactRole`), file name, staged bytes and, optionally, its media type. */
export interface ArtefactInput {
  role: ArtefactRole;
  /** File name as downloads name it (≤ 255 characters). */
  name: string;
  /** Bytes already streamed to a temp file by `evidenceService.stage()` / `stageFile()`. */
  staged: StagedBlob;
  /** Media type; default: sniffed from the bytes for the main artefact, the registry's for the others. */
  mime?: string;
}

/** Input of `depositArtefacts`. */
export interface DepositArtefactsInput {
  /** The evidence kind (contract registry id). */
  kind: EvidenceKind;
  /** The acting account that owns the evidence and pays (the company when an enterprise member acts, role 2). */
  owner: UserRow;
  /**
   * The enterprise member (its own user id) who deposits in the company's name (issue 14 §4): recorded on
   * the evidence row, the consumption order and points-ledger row, and as the audit row's actor. Null/absent
   * for an account acting as itself. Routes pass `actingMemberId(principal)`.
   */
  memberId?: number | null;
  /** Title shown in lists and on the certificate (≤ 200 characters); default the main artefact's name. */
  title?: string;
  label?: string;
  /**
   * The artefacts. Exactly one must have the kind's main role (registry `main`: `original` for data,
   * `wacz` for web, process and mobile): its SHA-256 and size become the evidence row's and the ledger
   * entry's. Names must be unique per role.
   */
  artefacts: ArtefactInput[];
  /**
   * The order type code charged (spec p1 §9) when it is not the kind's `priceCode` (e.g. 8 for a batch
   * web capture, 12 for an app video), and the price units (started minutes of a per-minute type; 1 by default).
   */
  orderType?: number;
  units?: number;
  /** The p1 §9 file type code when the kind knows better than the sniffed bytes (an audio capture in a WebM container: 3). */
  fileType?: number;
  /** A note kept on the evidence row (e.g. 中断 reason, "视频编码失败"); not shown unless a kind shows it. */
  note?: string;
  ip?: string | null;
  /** Runs inside the deposit transaction after the evidence and artefact rows exist: the kind's side-table rows (details). */
  inTx?: (tx: DbOrTx, row: EvidenceRow, artefacts: EvidenceArtefactRow[]) => Promise<void>;
}

/** What a deposit needs. */
export interface DepositDeps {
  db: Db;
  blobs: BlobStore;
  ledger: LedgerService;
  timestamper: Timestamper;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * Charges the evidence's price inside the deposit transaction (issue 13: commerce `charge`); a short
   * balance throws 400 可用积分不足，请先充值 and nothing is created.
   */
  charge?: (tx: DbOrTx, c: { userId: number; memberId?: number | null; kind: string; orderType?: number; units?: number; evidenceId: number; title?: string }) => Promise<unknown>;
}

/**
 * Deposits one evidence made of `input.artefacts` (see `evidenceService.depositArtefacts`). Every staged
 * temp file is removed at the end, whatever happens; on failure nothing is visible (the blob files this
 * call linked are left for the GC). Errors: 400 可信时间戳服务暂不可用，请稍后重试 when the TSA fails; Error
 * (a programming error) when no or two artefacts have the main role.
 */
export async function depositArtefacts(deps: DepositDeps, input: DepositArtefactsInput): Promise<{ row: EvidenceRow; artefacts: EvidenceArtefactRow[] }> {
  const { blobs, ledger } = deps;
  try {
    const def = EVIDENCE_KIND[input.kind];
    const mainRole = def.artefacts.find((a) => a.main)?.role;
    const mains = input.artefacts.filter((a) => a.role === mainRole);
    if (mains.length !== 1) throw new Error(`deposit: kind ${input.kind} needs exactly one ${mainRole} artefact`);
    const main = mains[0]!;
    const extras = input.artefacts.filter((a) => a !== main);
    const sniffed = await sniff(main.staged.head, main.name);
    const mainMime = main.mime ?? sniffed.mime;
    // Trusted time (issue 3 §1): RFC 3161 token over the main artefact's SHA-256; genTime is the deposit time.
    // issue 10 §3: the entry also records the file's SM3, hashed while the time-stamp is requested.
    const [stamp, sm3] = await Promise.all([deps.timestamper.stamp(main.staged.sha256), sm3OfStaged(main.staged)]);
    for (const a of input.artefacts) {
      // Bytes already stored under this address but altered on disk are replaced by the upload's (issue 9 §1).
      if (await blobs.repair(a.staged)) deps.log?.warn({ sha256: a.staged.sha256 }, 'blobs: an altered stored file was replaced by identical uploaded bytes');
    }
    const saveTime = stamp.genTime;
    // Group commit (issue 16): this body runs in a savepoint of a sequencer transaction shared with the
    // deposits queued meanwhile; it is answered only after that transaction committed (issue 9).
    // A one-file deposit without side-table rows (a data deposit) sends no statement of its own in the batch
    // (issue 16): its blob reference and evidence row join the batch's multi-row statements at the flush, the
    // ids come from the batch's blocks and the charge from the batch's running balance. Otherwise the blob
    // references and the evidence row are written at once (artefact and side-table rows reference them).
    const deferRows = extras.length === 0 && !input.inTx;
    const out = await ledger.inBatch(async (tx) => {
      // Blob references + durable links first (the file is fsynced before the commit, issue 9).
      await storeStagedInTx(tx, blobs, main.staged, mainMime, { deferRef: deferRows });
      for (const a of extras) await storeStagedInTx(tx, blobs, a.staged, a.mime ?? def.artefacts.find((d) => d.role === a.role)?.mime ?? 'application/octet-stream');
      const id = await repo.nextId(tx);
      await deps.charge?.(tx, { userId: input.owner.id, memberId: input.memberId ?? null, kind: input.kind, ...(input.orderType !== undefined ? { orderType: input.orderType } : {}), ...(input.units !== undefined ? { units: input.units } : {}), evidenceId: id, title: input.title?.trim() || main.name });
      const baoquan = newBaoquan(saveTime);
      const appended = await ledger.append(tx, { baoquan, sha256: main.staged.sha256, size: main.staged.size, kind: input.kind, time: saveTime, owner: ownerCommitment(input.owner), sm3 }, id);
      const ev = await (deferRows ? repo.insertDeferred : repo.insert)(tx, {
        id,
        userId: input.owner.id,
        kind: input.kind,
        baoquan,
        title: input.title?.trim() || main.name,
        label: input.label?.trim() ?? '',
        fileName: main.name,
        fileType: input.fileType ?? sniffed.fileType,
        mime: mainMime,
        size: main.staged.size,
        sha256: main.staged.sha256,
        saveTime,
        ledgerIndex: appended.index,
        chainhash: appended.chainhash,
        note: input.note ?? null,
        memberId: input.memberId ?? null,
      });
      const arts = await repo.insertArtefacts(
        tx,
        extras.map((a) => ({ evidenceId: id, role: a.role, name: a.name, sha256: a.staged.sha256, size: a.staged.size, mime: a.mime ?? def.artefacts.find((d) => d.role === a.role)?.mime ?? 'application/octet-stream' })),
      );
      await deps.timestamper.record(tx, id, stamp);
      await input.inTx?.(tx, ev, arts);
      await writeAudit(tx, {
        actorId: input.memberId ?? input.owner.id,
        action: 'evidence.deposit',
        target: `evidence:${id}`,
        after: { baoquan, kind: input.kind, sha256: main.staged.sha256, size: main.staged.size, ledgerIndex: appended.index, ...(arts.length ? { artefacts: arts.map((a) => ({ role: a.role, sha256: a.sha256, size: a.size })) } : {}) },
        ip: input.ip ?? null,
      });
      await notify(tx, input.owner.id, newsText.deposit(ev.title, baoquan), 'deposit');
      return { row: ev, artefacts: arts };
    });
    ledger.committed();
    return out;
  } finally {
    for (const a of input.artefacts) await blobs.discard(a.staged);
  }
}
