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
 * The file is read with pdf-lib (objects of the latest revision); changed and new objects are written by
 * hand with a classic xref section and /Prev (the first signature leaves a classic xref).
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString, type PDFObject } from 'pdf-lib';

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

/** Byte offset of the last `startxref`'s value. Throws when missing. */
function lastStartxref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 2048)).toString('latin1');
  const m = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!m) throw new Error('PDF without startxref');
  return Number(m[1]);
}

/** Serializes a pdf-lib object. */
function bytesOf(o: PDFObject): Buffer {
  const buf = new Uint8Array(o.sizeInBytes());
  o.copyBytesInto(buf, 0);
  return Buffer.from(buf);
}

/** PDF date string D:YYYYMMDDHHmmSSZ. */
const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * Appends an incremental update with a new, empty signature field (invisible widget on page 1) whose value
 * is a signature dictionary with @signpdf's placeholders. Throws when the PDF cannot be parsed.
 */
export async function addIncrementalPlaceholder(pdf: Buffer, p: IncrementPlaceholder): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const catalogRef = ctx.trailerInfo.Root as PDFRef;
  const catalog = doc.catalog;
  const changed = new Map<string, { ref: PDFRef; obj: PDFObject }>();
  const mark = (ref: PDFRef, obj: PDFObject) => changed.set(ref.toString(), { ref, obj });
  const page = doc.getPages()[0];
  if (!page) throw new Error('PDF without pages');

  const sigRef = ctx.nextRef();
  const afEntry = catalog.get(PDFName.of('AcroForm'));
  const acroForm = (afEntry instanceof PDFRef ? ctx.lookup(afEntry, PDFDict) : afEntry instanceof PDFDict ? afEntry : ctx.obj({})) as PDFDict;
  if (afEntry instanceof PDFRef) mark(afEntry, acroForm);
  else {
    catalog.set(PDFName.of('AcroForm'), acroForm);
    mark(catalogRef, catalog);
  }
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  const fields = (fieldsEntry instanceof PDFRef ? ctx.lookup(fieldsEntry, PDFArray) : fieldsEntry instanceof PDFArray ? fieldsEntry : ctx.obj([])) as PDFArray;
  if (fieldsEntry instanceof PDFRef) mark(fieldsEntry, fields);
  else acroForm.set(PDFName.of('Fields'), fields);
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  const names = new Set<string>();
  for (let i = 0; i < fields.size(); i++) {
    const f = ctx.lookup(fields.get(i));
    const t = f instanceof PDFDict ? f.get(PDFName.of('T')) : undefined;
    names.add(t instanceof PDFString ? t.decodeText() : String(t ?? ''));
  }
  let n = 2;
  while (names.has(`Signature${n}`)) n++;
  const widget = ctx.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: PDFString.of(`Signature${n}`), V: sigRef, Rect: [0, 0, 0, 0], F: 132, P: page.ref });
  const widgetRef = ctx.register(widget);
  mark(widgetRef, widget);
  fields.push(widgetRef);
  const annotsEntry = page.node.get(PDFName.of('Annots'));
  if (annotsEntry instanceof PDFRef) {
    const annots = ctx.lookup(annotsEntry, PDFArray);
    annots.push(widgetRef);
    mark(annotsEntry, annots);
  } else {
    const annots = annotsEntry instanceof PDFArray ? annotsEntry : (ctx.obj([]) as PDFArray);
    annots.push(widgetRef);
    page.node.set(PDFName.of('Annots'), annots);
    mark(page.ref, page.node);
  }

  const parts: Buffer[] = [];
  const offsets = new Map<number, number>();
  let pos = pdf.length;
  const push = (b: Buffer) => {
    parts.push(b);
    pos += b.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a) push(Buffer.from('\n'));
  for (const { ref, obj } of changed.values()) {
    offsets.set(ref.objectNumber, pos);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(bytesOf(obj));
    push(Buffer.from('\nendobj\n', 'latin1'));
  }
  const str = (s: string) => bytesOf(PDFHexString.fromText(s)).toString('latin1');
  offsets.set(sigRef.objectNumber, pos);
  push(Buffer.from(
    `${sigRef.objectNumber} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /${p.subFilter.replace(/^\//, '')} ` +
      `/ByteRange [0 /********** /********** /**********] /Contents <${'0'.repeat(p.signatureLength * 2)}> ` +
      `/Reason ${str(p.reason)} /M ${bytesOf(PDFString.of(pdfDate(new Date()))).toString('latin1')} /ContactInfo ${str(p.contactInfo)} /Name ${str(p.name)} /Location ${str(p.location)} >>\nendobj\n`,
    'latin1',
  ));

  const xrefAt = pos;
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  let xref = 'xref\n';
  for (let i = 0; i < nums.length; ) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    xref += `${nums[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(nums[k]!)).padStart(10, '0')} 00000 n\r\n`;
    i = j + 1;
  }
  const t = ctx.trailerInfo;
  const trailer = ctx.obj({ Size: ctx.largestObjectNumber + 1, Root: catalogRef, Prev: lastStartxref(pdf) }) as PDFDict;
  if (t.Info) trailer.set(PDFName.of('Info'), t.Info as PDFObject);
  if (t.ID) trailer.set(PDFName.of('ID'), t.ID as PDFObject);
  push(Buffer.from(`${xref}trailer\n${trailer.toString()}\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat([pdf, ...parts]);
}
