/**
 * A minimal, strict DER reader (ITU-T X.690) for certificates, CMS and RFC 3161 tokens: definite
 * minimal lengths only, low tag numbers only, no trailing bytes where a single value is expected.
 * Every malformed input raises VerifyError('der'); nothing recurses without bound (the depth of a
 * structure is what the caller walks).
 */
import { decodeUtf8 } from './bytes.ts';
import { fail } from './text.ts';

/** One TLV. */
export interface Der {
  /** The identifier octet (class, constructed bit, tag number < 31). */
  tag: number;
  /** Offset of the identifier octet within `buf`. */
  start: number;
  /** Offset of the first content octet. */
  contentStart: number;
  /** Offset just after the value. */
  end: number;
  /** The buffer the TLV lives in. */
  buf: Uint8Array;
}

/** Well-known tags (universal class). */
export const TAG = {
  BOOLEAN: 0x01, INTEGER: 0x02, BIT_STRING: 0x03, OCTET_STRING: 0x04, NULL: 0x05, OID: 0x06,
  UTF8: 0x0c, PRINTABLE: 0x13, IA5: 0x16, UTC_TIME: 0x17, GEN_TIME: 0x18, SEQUENCE: 0x30, SET: 0x31,
} as const;

const bad = (what: string): never => fail('der', `DER 编码错误：${what}`, `malformed DER: ${what}`);

/** Reads one TLV at `offset` of `buf` (not beyond `limit`). */
export function readTlv(buf: Uint8Array, offset = 0, limit = buf.length): Der {
  if (offset + 2 > limit) bad('truncated header');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) bad('high tag number');
  let len = buf[offset + 1]!;
  let p = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0) bad('indefinite length');
    if (n > 4) bad('length too large');
    if (p + n > limit) bad('truncated length');
    if (buf[p] === 0) bad('non-minimal length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[p + i]!;
    if (len < 0x80) bad('non-minimal length');
    p += n;
  }
  if (p + len > limit) bad('value runs past its container');
  return { tag, start: offset, contentStart: p, end: p + len, buf };
}

/** Parses `buf` as exactly one TLV (no trailing bytes). */
export function parseDer(buf: Uint8Array): Der {
  const d = readTlv(buf, 0, buf.length);
  if (d.end !== buf.length) bad('trailing bytes');
  return d;
}

/** The content octets of a TLV. */
export const content = (d: Der): Uint8Array => d.buf.subarray(d.contentStart, d.end);

/** The whole encoding (identifier, length, content) of a TLV. */
export const encoded = (d: Der): Uint8Array => d.buf.subarray(d.start, d.end);

/** The TLVs inside a constructed value (they must fill it exactly). */
export function children(d: Der): Der[] {
  if (!(d.tag & 0x20)) bad('expected a constructed value');
  const out: Der[] = [];
  let p = d.contentStart;
  while (p < d.end) {
    const c = readTlv(d.buf, p, d.end);
    out.push(c);
    p = c.end;
  }
  return out;
}

/** Asserts the tag of `d` (and returns it), else VerifyError naming `what`. */
export function expectTag(d: Der | undefined, tag: number, what: string): Der {
  if (!d || d.tag !== tag) return bad(`${what}: unexpected tag`);
  return d;
}

/** Children of a SEQUENCE/SET/constructed context tag, with a tag check. */
export const seq = (d: Der | undefined, what: string, tag: number = TAG.SEQUENCE): Der[] => children(expectTag(d, tag, what));

/** Dotted OID string of an OBJECT IDENTIFIER (arcs of any size, e.g. 2.25.<UUID>). */
export function oid(d: Der | undefined, what = 'OID'): string {
  const b = content(expectTag(d, TAG.OID, what));
  if (b.length === 0 || b[b.length - 1]! & 0x80) bad(`${what}: truncated`);
  if (b.length > 128) bad(`${what}: too long`);
  const parts: string[] = [];
  let v = 0n;
  let first = true;
  for (let i = 0; i < b.length; i++) {
    if (v === 0n && b[i] === 0x80) bad(`${what}: non-minimal`);
    v = (v << 7n) | BigInt(b[i]! & 0x7f);
    if (!(b[i]! & 0x80)) {
      if (first) parts.push(v < 80n ? String(v / 40n) : '2', String(v < 80n ? v % 40n : v - 80n));
      else parts.push(String(v));
      first = false;
      v = 0n;
    }
  }
  return parts.join('.');
}

/** The two's-complement content of an INTEGER (minimal encoding enforced). */
export function intBytes(d: Der | undefined, what = 'INTEGER'): Uint8Array {
  const b = content(expectTag(d, TAG.INTEGER, what));
  if (b.length === 0) bad(`${what}: empty`);
  if (b.length > 1 && ((b[0] === 0 && !(b[1]! & 0x80)) || (b[0] === 0xff && b[1]! & 0x80))) bad(`${what}: non-minimal`);
  return b;
}

/** A small non-negative INTEGER as a number. */
export function smallInt(d: Der | undefined, what = 'INTEGER'): number {
  const b = intBytes(d, what);
  if (b[0]! & 0x80 || b.length > 6) bad(`${what}: out of range`);
  return b.reduce((n, x) => n * 256 + x, 0);
}

/** OCTET STRING content. */
export const octets = (d: Der | undefined, what = 'OCTET STRING'): Uint8Array => content(expectTag(d, TAG.OCTET_STRING, what));

/** BIT STRING content without unused bits (only whole-byte strings are accepted). */
export function bitString(d: Der | undefined, what = 'BIT STRING'): Uint8Array {
  const b = content(expectTag(d, TAG.BIT_STRING, what));
  if (b.length === 0 || b[0] !== 0) bad(`${what}: unused bits`);
  return b.subarray(1);
}

/** BOOLEAN value (DER: 0x00 or 0xFF). */
export function bool(d: Der | undefined, what = 'BOOLEAN'): boolean {
  const b = content(expectTag(d, TAG.BOOLEAN, what));
  if (b.length !== 1 || (b[0] !== 0 && b[0] !== 0xff)) bad(`${what}: not DER`);
  return b[0] === 0xff;
}

/** UTCTime (YYMMDDHHMMSSZ) or GeneralizedTime (YYYYMMDDHHMMSS[.f+]Z) as a Date. */
export function time(d: Der | undefined, what = 'time'): Date {
  if (!d || (d.tag !== TAG.UTC_TIME && d.tag !== TAG.GEN_TIME)) return bad(`${what}: unexpected tag`);
  const s = String.fromCharCode(...content(d));
  const m = d.tag === TAG.UTC_TIME ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z$/.exec(s) : /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(?:\.(\d*[1-9]))?Z$/.exec(s);
  if (!m) return bad(`${what}: bad format`);
  let year = Number(m[1]);
  if (d.tag === TAG.UTC_TIME) year += year < 50 ? 2000 : 1900;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const t = Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
  const back = new Date(t);
  if (back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3]) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) bad(`${what}: invalid date`);
  return back;
}

/** A directory string (UTF8String, PrintableString, IA5String) as text; other string types as hex. */
export function dirString(d: Der): string {
  const b = content(d);
  if (d.tag === TAG.UTF8) {
    try {
      return decodeUtf8(b);
    } catch {
      return bad('invalid UTF8String');
    }
  }
  if (d.tag === TAG.PRINTABLE || d.tag === TAG.IA5) return String.fromCharCode(...b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** Encodes a definite DER length + content under `tag` (used to re-tag signed attributes as a SET). */
export function tlv(tag: number, body: Uint8Array): Uint8Array {
  const n = body.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : n < 0x1000000 ? [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff] : [0x84, n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const out = new Uint8Array(1 + len.length + n);
  out[0] = tag;
  out.set(len, 1);
  out.set(body, 1 + len.length);
  return out;
}
