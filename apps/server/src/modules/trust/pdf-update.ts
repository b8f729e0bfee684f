/**
 * One writer of PDF incremental updates (ISO 32000-1 §7.5.6), shared by the second signature on an already
 * signed PDF (pdf-increment.ts; issue 15's interview record) and the B-LTA DSS + document time-stamp
 * (pdf-lta.ts; issue 10 §3). Earlier bytes are never touched, so earlier signatures' byte ranges still
 * cover exactly what they covered.
 *
 * The file is read with pdf-lib (objects of the latest revision); changed and new objects are written by
 * hand with a classic xref section and /Prev (the @signpdf B-T placeholder leaves a classic xref too). The
 * new signature dictionary itself is written by the caller as text, since its /ByteRange and /Contents
 * placeholders must sit at known offsets.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFString, type PDFContext, type PDFObject } from 'pdf-lib';

/** An incremental update being prepared: the parsed latest revision and the objects it changes. */
export interface Increment {
  doc: PDFDocument;
  ctx: PDFContext;
  catalog: PDFDict;
  catalogRef: PDFRef;
  /** Marks an object (new or changed) to be written into the update. */
  mark(ref: PDFRef, obj: PDFObject): void;
  changed: Map<string, { ref: PDFRef; obj: PDFObject }>;
}

/** Parses `pdf` for an incremental update. Throws when the PDF cannot be parsed. */
export async function openIncrement(pdf: Buffer): Promise<Increment> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const changed = new Map<string, { ref: PDFRef; obj: PDFObject }>();
  return {
    doc,
    ctx: doc.context,
    catalog: doc.catalog,
    catalogRef: doc.context.trailerInfo.Root as PDFRef,
    changed,
    mark: (ref, obj) => changed.set(ref.toString(), { ref, obj }),
  };
}

/** Serializes a pdf-lib object. */
export function bytesOf(o: PDFObject): Buffer {
  const buf = new Uint8Array(o.sizeInBytes());
  o.copyBytesInto(buf, 0);
  return Buffer.from(buf);
}

/** Byte offset of the last `startxref`'s value. Throws when missing. */
function lastStartxref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 2048)).toString('latin1');
  const m = [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!m) throw new Error('PDF without startxref');
  return Number(m[1]);
}

/**
 * Adds an invisible signature field (widget on page 1, FT /Sig) named `${prefix}${n}` with the first free
 * n ≥ `first`, whose value is a new object reference that the caller writes as text (finishIncrement).
 * Returns that reference. Throws when the PDF has no pages.
 */
export function addSignatureField(inc: Increment, prefix: string, first: number): PDFRef {
  const { ctx, catalog, catalogRef, mark } = inc;
  const page = inc.doc.getPages()[0];
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
    if (t instanceof PDFString) names.add(t.decodeText());
    else if (t) names.add(t.toString());
  }
  let n = first;
  while (names.has(`${prefix}${n}`)) n++;
  const widget = ctx.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: PDFString.of(`${prefix}${n}`), V: sigRef, Rect: [0, 0, 0, 0], F: 132, P: page.ref });
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
  return sigRef;
}

/**
 * Writes the update after `pdf`: every marked object, then the signature object `sigRef` with the body text
 * `sigBody` (latin1, from `<<` to `>>`), the xref section and the trailer with /Prev. Returns the whole new
 * file and the byte offset where `sigBody` starts in it.
 */
export function finishIncrement(pdf: Buffer, inc: Increment, sigRef: PDFRef, sigBody: string): { out: Buffer; sigBodyAt: number } {
  const { ctx, catalogRef } = inc;
  const parts: Buffer[] = [];
  const offsets = new Map<number, number>();
  let pos = pdf.length;
  const push = (b: Buffer) => {
    parts.push(b);
    pos += b.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a) push(Buffer.from('\n'));
  for (const { ref, obj } of inc.changed.values()) {
    offsets.set(ref.objectNumber, pos);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(bytesOf(obj));
    push(Buffer.from('\nendobj\n', 'latin1'));
  }
  offsets.set(sigRef.objectNumber, pos);
  const head = `${sigRef.objectNumber} 0 obj\n`;
  const sigBodyAt = pos + head.length;
  push(Buffer.from(`${head}${sigBody}\nendobj\n`, 'latin1'));

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
  return { out: Buffer.concat([pdf, ...parts]), sigBodyAt };
}
