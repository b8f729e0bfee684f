/**
 * A further signature on an already signed PDF (issue 15: the interview record signed by the user, then
 * countersigned by the notary office). Rewriting the file (as @signpdf/placeholder-pdf-lib does through
 * pdf-lib's save) would break the first signature, so the signature field of the next signer is appended
 * as an INCREMENTAL UPDATE (ISO 32000-1 §7.5.6): the earlier bytes stay untouched and the earlier
 * signature's byte ranges still cover exactly what they covered.
 *
 * This only prepares the placeholder, in the very form @signpdf/signpdf looks for
 * (`/ByteRange [0 /********** /********** /**********]` then `/Contents <00…>`), so the signing itself is
 * the same `SignPdf` + `CadesSigner` path of `pdf-signing.ts` (one signing function, `localPdfSigner`).
 *
 * The update itself is written by the one incremental writer, pdf-update.ts.
 */
import { PDFHexString, PDFString } from 'pdf-lib';
import { addSignatureField, bytesOf, finishIncrement, openIncrement } from './pdf-update.ts';

/** What the placeholder's signature dictionary says (as @signpdf's own placeholder). */
export interface IncrementPlaceholder {
  reason: string;
  contactInfo: string;
  name: string;
  location: string;
  /** Bytes reserved for the CMS (hex placeholder is twice that). */
  signatureLength: number;
  subFilter: string;
}

/** Whether `pdf` already carries a signature value (a filled /ByteRange). */
export function hasSignature(pdf: Buffer): boolean {
  return /\/ByteRange\s*\[\s*0\s+\d+/.test(pdf.toString('latin1'));
}

/** PDF date string D:YYYYMMDDHHmmSSZ. */
const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * Appends an incremental update with a new, empty signature field `Signature<n>` (n ≥ 2; invisible widget on
 * page 1) whose value is a signature dictionary with @signpdf's placeholders. Throws when the PDF cannot be
 * parsed.
 */
export async function addIncrementalPlaceholder(pdf: Buffer, p: IncrementPlaceholder): Promise<Buffer> {
  const inc = await openIncrement(pdf);
  const sigRef = addSignatureField(inc, 'Signature', 2);
  const str = (s: string) => bytesOf(PDFHexString.fromText(s)).toString('latin1');
  const body =
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${p.subFilter.replace(/^\//, '')} ` +
    `/ByteRange [0 /********** /********** /**********] /Contents <${'0'.repeat(p.signatureLength * 2)}> ` +
    `/Reason ${str(p.reason)} /M ${bytesOf(PDFString.of(pdfDate(new Date()))).toString('latin1')} /ContactInfo ${str(p.contactInfo)} /Name ${str(p.name)} /Location ${str(p.location)} >>`;
  return finishIncrement(pdf, inc, sigRef, body).out;
}
