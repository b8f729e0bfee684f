/**
 * What a certificate PDF states machine-readably (issue 10 §1; written by the server's
 * certificate/embed.ts): the ledger entry it certifies, embedded as the associated file `entry.json`
 * (a stream of /Type /EmbeddedFile, normally unfiltered; FlateDecode is inflated), and the XMP facts
 * cz:baoquan, cz:sha256, cz:chainhash (namespace https://cunzheng.cn/ns/certificate/1.0/).
 * A plain byte-level reader: no PDF library, runs in Node and the browser. Never throws for bad data.
 */
import { decodeUtf8 } from './bytes.ts';

/** Facts read from a certificate PDF; null members when absent. */
export interface PdfFacts {
  /** Bytes of the embedded file streams of type EmbeddedFile (normally exactly one: entry.json). */
  embedded: Uint8Array[];
  /** XMP facts, when an XMP packet with the cz namespace is present. */
  xmp: { baoquan: string; sha256: string; chainhash: string; sm3: string | null } | null;
  /** Why an embedded stream could not be read. */
  problems: string[];
}

const latin1 = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return s;
};

/** Inflates a zlib (FlateDecode) stream with the platform's DecompressionStream. */
async function inflate(b: Uint8Array): Promise<Uint8Array> {
  const ds = new DecompressionStream('deflate');
  const out = new Response(new Blob([new Uint8Array(b)]).stream().pipeThrough(ds));
  return new Uint8Array(await out.arrayBuffer());
}

/** Resolves a direct integer or an indirect `n g R` integer object. */
function lengthOf(text: string, dict: string): number | null {
  const direct = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/.exec(dict);
  if (direct) return Number(direct[1]);
  const ref = /\/Length\s+(\d{1,10})\s+(\d{1,5})\s+R/.exec(dict);
  if (!ref) return null;
  const obj = new RegExp(`(?:^|[\\r\\n\\s])${ref[1]}\\s+${ref[2]}\\s+obj\\s*(\\d{1,10})\\s*endobj`).exec(text);
  return obj ? Number(obj[1]) : null;
}

const unescapeXml = (s: string) =>
  s.replace(/&#(\d{1,7});/g, (_, d: string) => String.fromCodePoint(Number(d))).replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Reads the embedded files and XMP facts of `pdf`. */
export async function readPdfFacts(pdf: Uint8Array): Promise<PdfFacts> {
  const text = latin1(pdf);
  const res: PdfFacts = { embedded: [], xmp: null, problems: [] };
  // Each dictionary holding /Type /EmbeddedFile and followed by a stream.
  const re = /\/Type\s*\/EmbeddedFile\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const objStart = text.lastIndexOf(' obj', m.index);
    const streamAt = text.indexOf('stream', m.index);
    if (objStart < 0 || streamAt < 0) {
      res.problems.push('embedded file object without a stream');
      continue;
    }
    const dict = text.slice(objStart, streamAt);
    if (dict.includes('endobj')) {
      res.problems.push('embedded file object without a stream');
      continue;
    }
    const len = lengthOf(text, dict);
    let start = streamAt + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    if (len === null || start + len > pdf.length) {
      res.problems.push('embedded file stream without a usable /Length');
      continue;
    }
    const raw = pdf.subarray(start, start + len);
    const filter = /\/Filter\s*(\[\s*)?\/(\w+)/.exec(dict)?.[2];
    try {
      if (!filter) res.embedded.push(raw);
      else if (filter === 'FlateDecode') res.embedded.push(await inflate(raw));
      else res.problems.push(`embedded file with unsupported filter ${filter}`);
    } catch {
      res.problems.push('embedded file stream cannot be inflated');
    }
  }
  const xs = text.indexOf('<x:xmpmeta');
  const xe = xs >= 0 ? text.indexOf('</x:xmpmeta>', xs) : -1;
  if (xs >= 0 && xe > xs) {
    let xml = '';
    try {
      xml = decodeUtf8(pdf.subarray(xs, xe));
    } catch {
      xml = text.slice(xs, xe);
    }
    const get = (k: string) => {
      const v = new RegExp(`<cz:${k}>([^<]{0,200})</cz:${k}>`).exec(xml)?.[1];
      return v === undefined ? null : unescapeXml(v);
    };
    const baoquan = get('baoquan');
    const sha256 = get('sha256');
    const chainhash = get('chainhash');
    if (baoquan !== null && sha256 !== null && chainhash !== null) res.xmp = { baoquan, sha256, chainhash, sm3: get('sm3') };
  }
  return res;
}
