/**
 * One certificate per number (issue 10 §1): the certificate of an evidence is issued once per language
 * and never changes afterwards.
 *
 * - Facts (`IssuedFacts`): everything the certificate states, taken from the deposit record (evidence
 *   row, RFC 3161 token, ledger entry) and the FIRST signed checkpoint covering the entry (the smallest
 *   checkpoint with size > index — a fixed fact of the log, the same whenever it is asked). The masked
 *   owner name is read at issue; issuance happens at the first view or download after the deposit.
 * - The signed PDF is printed from the facts, given the ledger entry as an embedded file and the XMP facts
 *   (embed.ts), signed (PAdES) and stored once: `issued_certificates` row + blob reference in one
 *   transaction (`INSERT … ON CONFLICT DO NOTHING`: when two processes issue at once, the first commit
 *   wins and the other's print is dropped before it is stored). Later calls return the stored bytes. The
 *   signed PDF is PAdES B-LTA; the only later change is its extension by re-timestamping
 *   (retimestamp.ts), which appends to the same bytes.
 * - Volatile state (latest checkpoint, external anchor, deletion by the owner) is never part of the
 *   issued certificate; the web page shows it apart under its own label (html.ts `current`).
 */
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issuedCertificates } from '../../db/schema/index.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { docTimestamps } from '../trust/service.ts';
import type { ExtraRow } from './html.ts';

/** The frozen content of a certificate (the model of html.ts without the volatile and derived parts). */
export interface IssuedFacts {
  baoquan: string;
  title: string;
  fileName: string;
  size: number;
  fileType: number;
  mime: string;
  sha256: string;
  /** Hex SM3 of the file from the ledger entry (v2 entries, issue 10 §3); absent for older entries. */
  sm3?: string;
  owner: string;
  saveTime: number;
  chainhash: string;
  ledgerIndex: number;
  /** Size of the first signed checkpoint covering the entry (the checkpoint at issue). */
  treeSize: number;
  /** Its signed note (origin, size, root, signature). */
  checkpointNote: string;
  publicUrl: string;
  verifierKey: string;
  /** SHA-256 fingerprint (AA:BB:…) of the platform root certificate; '' when unknown. */
  rootFingerprint: string;
  timestamp: { tsaName: string; serial: string; genTime: number } | null;
  extraRows: ExtraRow[];
}

export interface IssuedRow {
  pdfSha256: string;
  facts: IssuedFacts;
}

/** The issued certificate of an evidence in `lang`, or null. */
export async function findIssued(db: Db, evidenceId: number, lang: 'zh' | 'en'): Promise<IssuedRow | null> {
  const rows = await db
    .select({ pdfSha256: issuedCertificates.pdfSha256, facts: issuedCertificates.facts })
    .from(issuedCertificates)
    .where(and(eq(issuedCertificates.evidenceId, evidenceId), eq(issuedCertificates.lang, lang)))
    .limit(1);
  const r = rows[0];
  return r ? { pdfSha256: r.pdfSha256, facts: r.facts as IssuedFacts } : null;
}

/**
 * The issued facts of an evidence in one query: those of its Chinese certificate, else of its English one
 * (both state the same facts: the second language is issued from the first's), or null when none is issued.
 */
export async function findIssuedFacts(db: Db, evidenceId: number): Promise<IssuedFacts | null> {
  const rows = await db
    .select({ facts: issuedCertificates.facts })
    .from(issuedCertificates)
    .where(eq(issuedCertificates.evidenceId, evidenceId))
    .orderBy(desc(issuedCertificates.lang))
    .limit(1);
  return rows[0] ? (rows[0].facts as IssuedFacts) : null;
}

/**
 * Stores the issued certificate unless one exists already (another process won the race): row and blob
 * reference in one transaction. Returns the row that holds (ours, or the earlier one).
 */
export async function storeIssued(db: Db, blobs: Pick<BlobStore, 'putBuffer'>, evidenceId: number, lang: 'zh' | 'en', facts: IssuedFacts, pdf: Buffer): Promise<IssuedRow> {
  // B-LTA (issue 10 §3): when the TSA certificate of the last document time-stamp expires (retimestamp.ts).
  const ltaUntil = docTimestamps(pdf).at(-1)?.tsaNotAfter ?? null;
  const mine = await db.transaction(async (tx) => {
    const sha = crypto.createHash('sha256').update(pdf).digest('hex');
    const ins = await tx
      .insert(issuedCertificates)
      .values({ evidenceId, lang, pdfSha256: sha, checkpointSize: facts.treeSize, facts, ltaUntil })
      .onConflictDoNothing()
      .returning({ evidenceId: issuedCertificates.evidenceId });
    if (ins.length === 0) return null;
    await storeBufferInTx(tx, blobs, pdf, 'application/pdf');
    return { pdfSha256: sha, facts };
  });
  if (mine) return mine;
  const earlier = await findIssued(db, evidenceId, lang);
  if (!earlier) throw new Error('issued certificate vanished');
  return earlier;
}
