/**
 * PAdES B-LTA (issue 10 §3; ETSI EN 319 142-1 §5.4–5.5): one incremental update appended to a signed PDF
 * that adds
 *   - the Document Security Store (catalog /DSS): /Certs (signer chain up to the root, TSA chain) and
 *     /CRLs (the platform CA's CRL covering the signer and TSA certificates), merged with an earlier DSS;
 *   - a document time-stamp: an invisible signature field whose value has /Type /DocTimeStamp and
 *     /SubFilter /ETSI.RFC3161, its /Contents an RFC 3161 token over the SHA-256 of the whole file except
 *     that /Contents (ByteRange as for signatures) — so it covers the DSS and every earlier revision.
 * Earlier bytes are never touched: earlier signatures and time-stamps stay valid. The same function
 * re-timestamps a stored certificate later (certificate/retimestamp.ts): each call adds the DSS data for
 * the previous time-stamp plus a fresh one.
 *
 * The update itself is written by the one incremental writer, pdf-update.ts.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, type PDFContext, type PDFObject } from 'pdf-lib';
import { addSignatureField, finishIncrement, openIncrement } from './pdf-update.ts';
import { ab } from './pki.ts';
import type { Stamp } from './tsa-client.ts';

/** What the B-LTA extension needs: validation data and a time-stamp. */
export interface LtaSource {
  /** DER certificates and CRLs to put into the DSS (duplicates of ones already there are skipped). */
  validation(): Promise<{ certs: Buffer[]; crls: Buffer[] }>;
  /** Time-stamps a SHA-256 (the built-in or configured TSA). */
  stamp(sha256: Buffer): Promise<Stamp>;
}

/**
 * Bytes reserved for the time-stamp token (the hex placeholder is twice that), tried in turn: the
 * built-in TSA's tokens are ~1.5 KB; external TSAs with long chains may need more (then a second stamp).
 */
const TOKEN_BYTES = [4096, 32768];

/** The token did not fit its placeholder. */
class TokenTooLarge extends Error {}

/** Width of each number in the /ByteRange placeholder. */
const NUM_WIDTH = 10;

/** The raw bytes of an indirect stream object's content (undecoded). */
function streamBytes(ctx: PDFContext, o: PDFObject | undefined): Buffer | null {
  const s = o instanceof PDFRef ? ctx.lookup(o) : o;
  return s instanceof PDFRawStream ? Buffer.from(s.contents) : null;
}

/**
 * Appends DSS validation data and a document time-stamp to a signed PDF by incremental update (see the
 * file comment). Throws when the PDF cannot be parsed or the TSA fails (the caller keeps the old bytes).
 */
export async function addDocTimestamp(pdf: Buffer, src: LtaSource): Promise<Buffer> {
  const validation = await src.validation();
  for (const [i, size] of TOKEN_BYTES.entries()) {
    try {
      return await appendRevision(pdf, validation, src.stamp, size);
    } catch (e) {
      if (!(e instanceof TokenTooLarge) || i === TOKEN_BYTES.length - 1) throw e;
    }
  }
  throw new Error('unreachable');
}

/** One attempt of addDocTimestamp with a `tokenBytes` placeholder; TokenTooLarge when the token does not fit. */
async function appendRevision(pdf: Buffer, validation: { certs: Buffer[]; crls: Buffer[] }, stampOf: LtaSource['stamp'], tokenBytes: number): Promise<Buffer> {
  const inc = await openIncrement(pdf);
  const { ctx, catalog, catalogRef, mark } = inc;
  mark(catalogRef, catalog);

  // 1. DSS: earlier entries kept, new certificates and CRLs appended once.
  const { certs, crls } = validation;
  const dssEntry = catalog.get(PDFName.of('DSS'));
  const dss = (dssEntry instanceof PDFRef ? ctx.lookup(dssEntry, PDFDict) : dssEntry instanceof PDFDict ? dssEntry : ctx.obj({})) as PDFDict;
  const dssRef = dssEntry instanceof PDFRef ? dssEntry : ctx.nextRef();
  for (const [key, ders] of [['Certs', certs], ['CRLs', crls]] as const) {
    const old = dss.lookupMaybe(PDFName.of(key), PDFArray);
    const arr = ctx.obj([]) as PDFArray;
    const seen = new Set<string>();
    for (let i = 0; i < (old?.size() ?? 0); i++) {
      const item = old!.get(i);
      arr.push(item);
      const b = streamBytes(ctx, item);
      if (b) seen.add(crypto.createHash('sha256').update(b).digest('hex'));
    }
    for (const d of ders) {
      const h = crypto.createHash('sha256').update(d).digest('hex');
      if (seen.has(h)) continue;
      seen.add(h);
      const ref = ctx.register(ctx.stream(d));
      mark(ref, ctx.lookup(ref)!);
      arr.push(ref);
    }
    if (arr.size()) dss.set(PDFName.of(key), arr);
  }
  mark(dssRef, dss);
  catalog.set(PDFName.of('DSS'), dssRef);

  // 2. The document time-stamp field (invisible widget on page 1) and its value, then the increment.
  const sigRef = addSignatureField(inc, 'DocTimeStamp', 1);
  const zeros = '0'.repeat(NUM_WIDTH);
  const sigHead = `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange [0 ${zeros} ${zeros} ${zeros}] /Contents <`;
  const { out, sigBodyAt } = finishIncrement(pdf, inc, sigRef, sigHead + '0'.repeat(tokenBytes * 2) + '> >>');
  const byteRangeAt = sigBodyAt + sigHead.indexOf('/ByteRange [');
  const contentsAt = sigBodyAt + sigHead.length - 1; // the '<'
  const contentsEnd = contentsAt + tokenBytes * 2 + 2; // after '>'
  const range = [0, contentsAt, contentsEnd, out.length - contentsEnd];
  const rangeText = `/ByteRange [${range.map((v, i) => (i === 0 ? '0' : String(v).padStart(NUM_WIDTH, ' '))).join(' ')}]`;
  out.write(rangeText.padEnd(`/ByteRange [0 ${zeros} ${zeros} ${zeros}]`.length, ' '), byteRangeAt, 'latin1');
  const covered = crypto.createHash('sha256').update(out.subarray(0, contentsAt)).update(out.subarray(contentsEnd)).digest();
  const stamp = await stampOf(covered);
  if (stamp.token.length > tokenBytes) throw new TokenTooLarge(`time-stamp token of ${stamp.token.length} bytes exceeds the ${tokenBytes}-byte placeholder`);
  // Sanity: the token is one DER object (no trailing bytes), as readers strip the zero padding by its length.
  if (asn1js.fromBER(ab(stamp.token)).offset !== stamp.token.length) throw new Error('time-stamp token is not DER');
  out.write(stamp.token.toString('hex').toUpperCase(), contentsAt + 1, 'latin1');
  return out;
}

// The pure parse of a PDF's document time-stamps lives apart (no pdf-lib; loaded at start by the certificate module).
export { docTimestamps, type DocTimestampInfo } from './pdf-timestamps.ts';
