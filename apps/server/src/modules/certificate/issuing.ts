/**
 * Issuing certificates (issue 10 §1; spec p1 §7 downCertificate): the facts a certificate states, the QR
 * code of its page, and the one signed PDF per number and language (printed, entry embedded, signed and
 * stored once — issue.ts), with its download link. qrcode (≈ 13 MiB of RSS) is imported on the first QR
 * code drawn, not at server start (issue 16).
 */
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { BlobIntegrityError } from '../../platform/blobs.ts';
import { badRequest } from '../../platform/errors.ts';
import { maskOwner } from '../../platform/format.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import { embedCertificateFacts } from './embed.ts';
import { pdfDocument, renderCertificate, type ExtraRow } from './html.ts';
import { findIssued, storeIssued, type IssuedFacts, type IssuedRow } from './issue.ts';
import { printA4 } from './pdf.ts';
import type { CertificateDeps } from './service.ts';

/** Certificate PDFs rendered per IP per 10 minutes (each render costs ~0.5 s of CPU). */
export const PDF_LIMIT_PER_IP = { max: 60, windowSeconds: 600 } as const;

/** The public certificate page prefix of a kind (contract registry; /attestation for anything unknown). */
const certificateRoute = (kind: string): string => EVIDENCE_KIND[kind as EvidenceKind]?.routes.certificate ?? '/attestation';

type IssuingDeps = Pick<
  CertificateDeps,
  'db' | 'ledger' | 'blobs' | 'report' | 'downloads' | 'limiter' | 'ownerName' | 'browser' | 'signPdf' | 'timestampOf' | 'rootFingerprint'
>;

/**
 * Builds the issuing use cases. `publicUrl` without a trailing slash; `find` gives the evidence by number
 * or throws 400 保全号不存在; `describe` gives the certificate rows an evidence kind adds.
 */
export function issuing(deps: IssuingDeps, publicUrl: string, find: (no: string) => Promise<EvidenceRow>, describe: (row: EvidenceRow) => Promise<ExtraRow[]>) {
  // Issuance in flight in this process, by `evidenceId:lang` (the database decides between processes).
  const inFlight = new Map<string, Promise<IssuedRow>>();

  // QR codes are a pure function of the URL: a small bounded memo spares ~2–10 ms per view.
  const qrMemo = new Map<string, string>();
  const qrSvg = async (url: string): Promise<string> => {
    const hit = qrMemo.get(url);
    if (hit) return hit;
    const QRCode = (await import('qrcode')).default;
    const svg = await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    if (qrMemo.size >= 2000) qrMemo.delete(qrMemo.keys().next().value as string);
    qrMemo.set(url, svg);
    return svg;
  };

  /** The QR-code SVG of the certificate page of `row`. */
  const qrOf = (row: EvidenceRow) => qrSvg(`${publicUrl}${certificateRoute(row.kind)}/${encodeURIComponent(row.baoquan)}`);

  // An issued PDF is re-checked before a download link is given: its bytes re-hashed; an altered one is reported.
  const cachedPdfOk = async (sha: string): Promise<boolean> => {
    if (!(await deps.blobs.touch(sha))) return false;
    try {
      await deps.blobs.readVerified(sha);
      return true;
    } catch (e) {
      if (!(e instanceof BlobIntegrityError)) throw e;
      await deps.report?.({ kind: 'blob_mismatch', target: `blob:${sha}`, detail: e.message });
      return false;
    }
  };

  /** The first signed checkpoint covering the entry (signing one first when none covers it yet). */
  const coveringCheckpoint = async (index: number) => {
    const cp = (await deps.ledger.checkpointCovering(index)) ?? ((await deps.ledger.latestCheckpoint()) && (await deps.ledger.checkpointCovering(index)));
    if (!cp) throw new Error(`certificate: no signed checkpoint covers ledger index ${index}`);
    return cp;
  };

  /** The facts a certificate states (issue.ts): from the deposit record and the checkpoint at issue. */
  const factsOf = async (row: EvidenceRow): Promise<IssuedFacts> => {
    const [owner, cp, stamp, extraRows, rootFp, leaf] = await Promise.all([
      deps.ownerName(row.userId),
      coveringCheckpoint(row.ledgerIndex),
      deps.timestampOf ? deps.timestampOf(row.id) : null,
      describe(row),
      deps.rootFingerprint ? deps.rootFingerprint() : '',
      deps.ledger.entryAt(row.ledgerIndex),
    ]);
    const sm3 = leaf ? (JSON.parse(leaf.leaf.toString('utf8')) as { sm3?: string }).sm3 : undefined;
    return {
      baoquan: row.baoquan,
      title: row.title,
      fileName: row.fileName,
      size: row.size,
      fileType: row.fileType,
      mime: row.mime,
      sha256: row.sha256,
      ...(sm3 ? { sm3 } : {}),
      owner: maskOwner(owner),
      saveTime: row.saveTime,
      chainhash: row.chainhash,
      ledgerIndex: row.ledgerIndex,
      treeSize: cp.size,
      checkpointNote: cp.note,
      publicUrl,
      verifierKey: deps.ledger.verifierKey(),
      rootFingerprint: rootFp,
      timestamp: stamp ? { tsaName: stamp.tsaName, serial: stamp.serial, genTime: stamp.genTime } : null,
      extraRows,
    };
  };

  /**
   * The issued certificate of `row` in `lang`: the stored one, or issued now (facts frozen, PDF printed,
   * entry embedded, signed and stored once — issue.ts).
   */
  const issued = async (row: EvidenceRow, lang: 'zh' | 'en'): Promise<IssuedRow & { ms: number }> => {
    const have = await findIssued(deps.db, row.id, lang);
    if (have) return { ...have, ms: 0 };
    const key = `${row.id}:${lang}`;
    let job = inFlight.get(key);
    if (!job) {
      job = (async () => {
        // The other language's certificate, when issued, fixes the facts of this one too.
        const facts = (await findIssued(deps.db, row.id, lang === 'zh' ? 'en' : 'zh'))?.facts ?? (await factsOf(row));
        const entry = await deps.ledger.entryAt(row.ledgerIndex);
        if (!entry || entry.chainhash !== row.chainhash) throw new Error(`certificate: ledger entry ${row.ledgerIndex} does not match ${row.baoquan}`);
        const title = lang === 'en' ? `Certificate-${row.baoquan}` : `保全证书-${row.baoquan}`;
        const printed = await printA4(deps.browser, pdfDocument(renderCertificate({ ...facts, qrSvg: await qrOf(row) }, lang), lang, title));
        const withFacts = await embedCertificateFacts(printed, { baoquan: row.baoquan, sha256: row.sha256, ...(facts.sm3 ? { sm3: facts.sm3 } : {}), chainhash: row.chainhash, ledgerIndex: row.ledgerIndex, time: row.saveTime, entry: entry.leaf, title });
        const pdf = deps.signPdf ? await deps.signPdf(withFacts) : withFacts;
        return storeIssued(deps.db, deps.blobs, row.id, lang, facts, pdf);
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    const t0 = performance.now();
    const r = await job;
    return { ...r, ms: Math.round(performance.now() - t0) };
  };

  return {
    factsOf,
    qrOf,

    /**
     * POST /api/check/downCertificate (spec p1 §7; issue 10 §1): `{downUrl}` of the issued certificate PDF
     * (A4, printed by Chromium from the certificate facts, with the ledger entry embedded and XMP facts,
     * signed; `lang` 'en' → the English one), named `保全证书-<baoquan>.pdf` (`Certificate-<baoquan>.pdf`).
     * Issued once: every later call gives the same bytes. 400 保全号不存在; per-IP limit.
     * `ms` is the issuing time (0 when it was issued before).
     */
    async downCertificate(no: string, ip: string, lang: 'zh' | 'en' = 'zh'): Promise<{ downUrl: string; ms: number; sha256: string }> {
      await deps.limiter.hit([{ key: `certpdf:ip:${ip}`, ...PDF_LIMIT_PER_IP }]);
      const row = await find(no);
      const title = lang === 'en' ? `Certificate-${row.baoquan}` : `保全证书-${row.baoquan}`;
      const pdf = await issued(row, lang);
      if (pdf.ms === 0 && !(await cachedPdfOk(pdf.pdfSha256))) {
        await deps.report?.({ kind: 'blob_missing', target: `certificate-pdf:${row.baoquan}`, detail: `issued certificate ${pdf.pdfSha256} is missing or altered` });
        throw badRequest('证书文件缺失，请联系客服');
      }
      return { downUrl: deps.downloads.url({ sha256: pdf.pdfSha256, name: `${title}.pdf`, mime: 'application/pdf' }), ms: pdf.ms, sha256: pdf.pdfSha256 };
    },

    /** The issued certificate PDF's blob address of `baoquan` in `lang` (issued now when it was not yet). 400 保全号不存在. */
    async issuedPdf(no: string, lang: 'zh' | 'en' = 'zh'): Promise<string> {
      return (await issued(await find(no), lang)).pdfSha256;
    },
  };
}
