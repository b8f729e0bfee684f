/**
 * What a certificate PDF carries machine-readably (issue 10 §1), added to the Chromium print before it
 * is signed, so the PAdES signature covers it:
 *   - the exact ledger entry bytes as an embedded file `entry.json` (PDF/A-3 style associated file:
 *     a Filespec with /AFRelationship /Source, listed in the catalog's /AF array and in the
 *     /Names /EmbeddedFiles tree). The stream is stored without a filter, so
 *     `pdfdetach -save 1 -o entry.json certificate.pdf` (poppler) and a byte search both give the bytes;
 *   - an XMP metadata stream (uncompressed, catalog /Metadata) with the certificate number, the file's
 *     SHA-256 (and SM3 for v2 entries), the chainhash (hex RFC 6962 leaf hash) and the entry's ledger index and time in the
 *     namespace `CERT_XMP_NS` (prefix `cz`), plus dc:title. `pdfinfo -meta certificate.pdf` prints it.
 * The document does not claim PDF/A conformance (no pdfaid): Chromium's Type 3 fonts and the absent
 * output intent are not PDF/A; only the associated-file structure follows PDF/A-3.
 * pdf-lib (≈ 19 MiB of RSS) is imported on the first certificate issued, not at server start (issue 16).
 */
import { esc } from '../../platform/format.ts';

/** XMP namespace of the certificate facts. */
export const CERT_XMP_NS = 'https://cunzheng.cn/ns/certificate/1.0/';
/** Name of the embedded ledger entry. */
export const EMBEDDED_ENTRY_NAME = 'entry.json';

export interface EmbeddedFacts {
  baoquan: string;
  sha256: string;
  /** Hex SM3 of the file when the entry records it (v2). */
  sm3?: string;
  chainhash: string;
  ledgerIndex: number;
  /** Entry time, Unix seconds. */
  time: number;
  /** Exact ledger entry bytes (the leaf). */
  entry: Buffer;
  /** Document title. */
  title: string;
}

/** The XMP packet of `f` (UTF-8 text). */
export function certificateXmp(f: Omit<EmbeddedFacts, 'entry'>): string {
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:cz="${CERT_XMP_NS}">` +
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(f.title)}</rdf:li></rdf:Alt></dc:title>` +
    `<pdf:Producer>Cunzheng</pdf:Producer>` +
    `<cz:baoquan>${esc(f.baoquan)}</cz:baoquan><cz:sha256>${esc(f.sha256)}</cz:sha256>${f.sm3 ? `<cz:sm3>${esc(f.sm3)}</cz:sm3>` : ''}<cz:chainhash>${esc(f.chainhash)}</cz:chainhash>` +
    `<cz:ledgerIndex>${f.ledgerIndex}</cz:ledgerIndex><cz:time>${f.time}</cz:time><cz:entry>${EMBEDDED_ENTRY_NAME}</cz:entry>` +
    `</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>`
  );
}

/**
 * Returns `pdf` with the ledger entry embedded as an associated file and the XMP facts (see the file
 * comment). Throws Error when `pdf` is not a readable PDF.
 */
export async function embedCertificateFacts(pdf: Buffer, f: EmbeddedFacts): Promise<Buffer> {
  const { PDFDocument, PDFHexString, PDFName, PDFString } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const fixed = PDFString.fromDate(new Date(f.time * 1000));
  const ef = ctx.stream(f.entry, { Type: 'EmbeddedFile', Subtype: 'application/json', Params: { Size: f.entry.length, ModDate: fixed } });
  const efRef = ctx.register(ef);
  const spec = ctx.obj({
    Type: 'Filespec',
    F: PDFString.of(EMBEDDED_ENTRY_NAME),
    UF: PDFHexString.fromText(EMBEDDED_ENTRY_NAME),
    EF: { F: efRef, UF: efRef },
    Desc: PDFHexString.fromText('Ledger entry (RFC 8785 JSON) certified by this certificate / 本证书所证明的账本条目原文'),
    AFRelationship: PDFName.of('Source'),
  });
  const specRef = ctx.register(spec);
  const catalog = doc.catalog;
  catalog.set(PDFName.of('AF'), ctx.obj([specRef]));
  catalog.set(PDFName.of('Names'), ctx.obj({ EmbeddedFiles: { Names: [PDFHexString.fromText(EMBEDDED_ENTRY_NAME), specRef] } }));
  const xmp = ctx.stream(Buffer.from(certificateXmp(f), 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), ctx.register(xmp));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
