/**
 * Ledger entries: RFC 8785 canonical JSON (JCS) of `{ v: 1, baoquan, sha256, size, kind, time, owner }`
 * (DESIGN.md Trust design §2, issue 2 §5). The exact bytes are the leaf; chainhash = hex leaf hash.
 */
import canonicalize from 'canonicalize';
import { hashLeaf } from './merkle.ts';
import type { LedgerEntryInput } from './types.ts';

/** Current entry format version. */
export const ENTRY_VERSION = 1;

/** A decoded ledger entry. */
export interface LedgerEntry extends LedgerEntryInput {
  v: typeof ENTRY_VERSION;
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
}

/**
 * Exact leaf bytes of an entry: UTF-8 of the RFC 8785 canonical JSON of the named fields plus `v: 1`
 * (extra properties of `input` are not included). Throws Error for malformed fields.
 */
export function encodeEntry(input: LedgerEntryInput): Buffer {
  check(input);
  const e: LedgerEntry = { v: ENTRY_VERSION, baoquan: input.baoquan, sha256: input.sha256, size: input.size, kind: input.kind, time: input.time, owner: input.owner };
  return Buffer.from(canonicalize(e)!, 'utf8');
}

/** Parses leaf bytes back to an entry; throws Error unless they are exactly a canonical v1 entry. */
export function decodeEntry(leaf: Uint8Array): LedgerEntry {
  const e = JSON.parse(Buffer.from(leaf).toString('utf8')) as LedgerEntry;
  if (e?.v !== ENTRY_VERSION) throw new Error('ledger entry: unknown version');
  if (!encodeEntry(e).equals(Buffer.from(leaf))) throw new Error('ledger entry: not canonical');
  return e;
}

/** chainhash of leaf bytes: lowercase hex of the RFC 6962 leaf hash. */
export const chainhashOf = (leaf: Uint8Array): string => hashLeaf(leaf).toString('hex');
