/**
 * Ledger entries: RFC 8785 canonical JSON (JCS) of `{ v: 1, baoquan, sha256, size, kind, time, owner }`
 * (DESIGN.md Trust design §2, issue 2 §5), and since issue 10 §3 `{ v: 2, …, sm3 }` with the file's SM3
 * digest (GB/T 32905, lowercase hex; `openssl dgst -sm3`). The exact bytes are the leaf; chainhash = hex
 * leaf hash. v1 entries stay valid forever (the log never rewrites).
 */
import canonicalize from 'canonicalize';
import { hashLeaf } from './merkle.ts';
import type { LedgerEntryInput } from './types.ts';

/** Current entry format version (2: with `sm3`; 1: without). */
export const ENTRY_VERSION = 2;

/** A decoded ledger entry. */
export interface LedgerEntry extends LedgerEntryInput {
  v: 1 | 2;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Throws Error when an entry field is out of shape (programming error of the caller, not user input). */
function check(e: LedgerEntryInput): void {
  const bad = (f: string) => {
    throw new Error(`ledger entry: invalid ${f}`);
  };
  if (typeof e.baoquan !== 'string' || e.baoquan.length < 1 || e.baoquan.length > 64) bad('baoquan');
  if (typeof e.sha256 !== 'string' || !HEX64.test(e.sha256)) bad('sha256');
  if (!Number.isSafeInteger(e.size) || e.size < 0) bad('size');
  if (typeof e.kind !== 'string' || !/^[a-z][a-z0-9_-]{0,15}$/.test(e.kind)) bad('kind');
  if (!Number.isSafeInteger(e.time) || e.time < 0) bad('time');
  if (typeof e.owner !== 'string' || !HEX64.test(e.owner)) bad('owner');
  if (e.sm3 !== undefined && (typeof e.sm3 !== 'string' || !HEX64.test(e.sm3))) bad('sm3');
}

/**
 * Exact leaf bytes of an entry: UTF-8 of the RFC 8785 canonical JSON of the named fields plus `v` (2 with
 * `sm3`, 1 without; extra properties of `input` are not included). Throws Error for malformed fields.
 */
export function encodeEntry(input: LedgerEntryInput): Buffer {
  check(input);
  const base = { baoquan: input.baoquan, sha256: input.sha256, size: input.size, kind: input.kind, time: input.time, owner: input.owner };
  const e: LedgerEntry = input.sm3 !== undefined ? { v: 2, ...base, sm3: input.sm3 } : { v: 1, ...base };
  return Buffer.from(canonicalize(e)!, 'utf8');
}

/** Parses leaf bytes back to an entry; throws Error unless they are exactly a canonical v1 or v2 entry. */
export function decodeEntry(leaf: Uint8Array): LedgerEntry {
  const e = JSON.parse(Buffer.from(leaf).toString('utf8')) as LedgerEntry;
  if (e?.v !== 1 && e?.v !== 2) throw new Error('ledger entry: unknown version');
  if ((e.v === 2) !== (e.sm3 !== undefined)) throw new Error('ledger entry: sm3 must be present exactly in v2');
  if (!encodeEntry(e).equals(Buffer.from(leaf))) throw new Error('ledger entry: not canonical');
  return e;
}

/** chainhash of leaf bytes: lowercase hex of the RFC 6962 leaf hash. */
export const chainhashOf = (leaf: Uint8Array): string => hashLeaf(leaf).toString('hex');
