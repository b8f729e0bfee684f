/**
 * Just enough WARC (ISO 28500 / WARC 1.1) for the WACZ check (issue 10 §4): one gzip member of a
 * `.warc.gz` located by its CDXJ line (offset, length), inflated with the standard
 * `DecompressionStream('gzip')`, split into WARC headers, block, HTTP status line, headers and payload;
 * the WARC block and payload digests (`sha256:` base32 or hex, as warcio writes) are recomputed.
 */
import { decodeUtf8, toHex } from './bytes.ts';
import { sha256 } from './sha256.ts';
import { fail } from './text.ts';

/** One CDXJ line: `urlkey timestamp {json}`. */
export interface CdxjLine {
  url: string;
  status: number;
  offset: number;
  length: number;
  filename: string;
  mime: string;
  digest: string;
}

/** Parses an index.cdxj text; lines that are not `key ts {json}` throw VerifyError('cdxj'). */
export function parseCdxj(text: string): CdxjLine[] {
  const out: CdxjLine[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const i = line.indexOf(' {');
    if (i < 0) fail('cdxj', 'CDXJ 索引行格式错误', 'malformed CDXJ line');
    let j: Record<string, unknown>;
    try {
      j = JSON.parse(line.slice(i + 1)) as Record<string, unknown>;
    } catch {
      return fail('cdxj', 'CDXJ 索引行不是 JSON', 'a CDXJ line is not JSON');
    }
    out.push({ url: String(j.url ?? ''), status: Number(j.status ?? 0), offset: Number(j.offset ?? -1), length: Number(j.length ?? -1), filename: String(j.filename ?? ''), mime: String(j.mime ?? ''), digest: String(j.digest ?? '') });
  }
  return out;
}

/** A parsed WARC record with its HTTP message. */
export interface WarcRecord {
  headers: Map<string, string>;
  block: Uint8Array;
  /** HTTP status code (0 when the block is not an HTTP response). */
  status: number;
  /** HTTP headers in wire order, as stored. */
  httpHeaders: Array<[string, string]>;
  payload: Uint8Array;
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** RFC 4648 base32, no padding. */
export function base32(b: Uint8Array): string {
  let bits = 0;
  let v = 0;
  let out = '';
  for (const x of b) {
    v = (v << 8) | x;
    bits += 8;
    while (bits >= 5) {
      out += B32[(v >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(v << (5 - bits)) & 31];
  return out;
}

/** Whether a `sha256:…` digest label (base32 or hex) names `digest`. */
export async function digestMatches(label: string, data: Uint8Array): Promise<boolean> {
  const m = /^sha-?256:([A-Za-z0-9=]+)$/i.exec(label.trim());
  if (!m) return false;
  const d = await sha256(data);
  const v = m[1]!.replace(/=+$/, '');
  return v.toUpperCase() === base32(d) || v.toLowerCase() === toHex(d);
}

async function gunzip(b: Uint8Array, max: number): Promise<Uint8Array> {
  const reader = new Blob([new Uint8Array(b)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const parts: Uint8Array[] = [];
  let n = 0;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      n += r.value.length;
      if (n > max) fail('warc', 'WARC 记录解压后过大', 'the WARC record inflates too large');
      parts.push(r.value);
    }
  } catch (e) {
    if (e instanceof Error && e.name === 'VerifyError') throw e;
    fail('warc', 'WARC 记录的 gzip 数据已损坏', 'the gzip data of the WARC record is corrupt');
  }
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const CRLFCRLF = (b: Uint8Array, from = 0) => {
  for (let i = from; i + 3 < b.length; i++) if (b[i] === 13 && b[i + 1] === 10 && b[i + 2] === 13 && b[i + 3] === 10) return i;
  return -1;
};
const latin1 = (b: Uint8Array) => Array.from(b, (c) => String.fromCharCode(c)).join('');

/** Reads the record of `line` from the `.warc.gz` bytes (`max`: largest inflated record). Throws VerifyError('warc'). */
export async function readRecord(warcGz: Uint8Array, line: CdxjLine, max = 256 << 20): Promise<WarcRecord> {
  if (line.offset < 0 || line.length <= 0 || line.offset + line.length > warcGz.length) fail('warc', 'CDXJ 索引的偏移或长度超出 WARC 文件', 'the CDXJ offset or length lies outside the WARC file');
  const rec = await gunzip(warcGz.subarray(line.offset, line.offset + line.length), max);
  const he = CRLFCRLF(rec);
  if (he < 0) fail('warc', 'WARC 记录头不完整', 'incomplete WARC record header');
  const [version, ...hl] = decodeUtf8(rec.subarray(0, he)).split('\r\n');
  if (!/^WARC\/1\.[01]$/.test(version ?? '')) fail('warc', 'WARC 记录版本行错误', 'bad WARC version line');
  const headers = new Map<string, string>();
  for (const l of hl) {
    const c = l.indexOf(':');
    if (c > 0) headers.set(l.slice(0, c).trim().toLowerCase(), l.slice(c + 1).trim());
  }
  const len = Number(headers.get('content-length') ?? -1);
  if (!(len >= 0) || he + 4 + len > rec.length) fail('warc', 'WARC 记录的 Content-Length 与内容不符', 'WARC Content-Length does not match the record');
  const block = rec.subarray(he + 4, he + 4 + len);
  let status = 0;
  const httpHeaders: Array<[string, string]> = [];
  let payload = block;
  const hh = CRLFCRLF(block);
  if (hh >= 0 && /^HTTP\/\d(\.\d)? \d{3}/.test(latin1(block.subarray(0, 16)))) {
    const [sl, ...lines] = latin1(block.subarray(0, hh)).split('\r\n');
    status = Number(sl!.split(' ')[1]);
    for (const l of lines) {
      const c = l.indexOf(':');
      if (c > 0) httpHeaders.push([l.slice(0, c), l.slice(c + 1).trim()]);
    }
    payload = block.subarray(hh + 4);
  }
  return { headers, block, status, httpHeaders, payload };
}
