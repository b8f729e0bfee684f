/**
 * The document time-stamps of a PDF (issue 10 §3, PAdES B-LTA; written by pdf-lta.ts): a pure parse of the
 * file's text with asn1js/pkijs, kept apart from pdf-lta.ts so that reading them (certificate/issue.ts at
 * every issuance and retimestamp.ts) does not load pdf-lib at server start (issue 16).
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ab } from './pki.ts';

/** A document time-stamp found in a PDF. */
export interface DocTimestampInfo {
  /** /ByteRange [a b c d]. */
  range: [number, number, number, number];
  /** The RFC 3161 token (DER, padding removed). */
  token: Buffer;
  /** notAfter (Unix seconds) of the token's signer certificate; null when the token carries none. */
  tsaNotAfter: number | null;
}

/** The signer certificate's notAfter (Unix seconds) of a DER token, or null. */
function signerNotAfter(token: Buffer): number | null {
  try {
    const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab(token)).content });
    const sid = sd.signerInfos[0]?.sid;
    const certs = (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    const cert = certs.find((c) => sid instanceof pkijs.IssuerAndSerialNumber && c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer)) ?? certs[0];
    return cert ? Math.floor(cert.notAfter.value.getTime() / 1000) : null;
  } catch {
    return null;
  }
}

/** The document time-stamps of a PDF (signature dictionaries with /SubFilter /ETSI.RFC3161), in file order. */
export function docTimestamps(pdf: Buffer): DocTimestampInfo[] {
  const text = pdf.toString('latin1');
  const out: DocTimestampInfo[] = [];
  for (const m of text.matchAll(/\/SubFilter\s*\/ETSI\.RFC3161/g)) {
    const from = text.lastIndexOf(' obj', m.index);
    const to = text.indexOf('endobj', m.index);
    if (from < 0 || to < 0) continue;
    const body = text.slice(from, to);
    const br = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(body);
    const ct = /\/Contents\s*<([0-9A-Fa-f\s]*)>/.exec(body);
    if (!br || !ct) continue;
    const padded = Buffer.from(ct[1]!.replace(/\s+/g, ''), 'hex');
    let len = padded.length;
    try {
      len = asn1js.fromBER(ab(padded)).offset;
    } catch {
      /* keep the padded length */
    }
    const token = padded.subarray(0, Math.max(0, len));
    out.push({ range: br.slice(1).map(Number) as DocTimestampInfo['range'], token, tsaNotAfter: signerNotAfter(token) });
  }
  return out;
}
