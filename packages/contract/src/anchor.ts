/**
 * External anchoring of ledger checkpoints (DESIGN.md Trust design §4, issue 3 §3): the on-chain
 * calldata format, shared by the server (writes it), the explorer page and offline verifiers (read it),
 * and the call schema of GET /api/ledger/anchor.
 *
 * On-chain format, version 1: a 0-value transaction from the anchoring account to itself whose input
 * data (calldata) is exactly
 *
 *   offset  bytes  field
 *   0       4      magic: ASCII "CZA1" (0x435a4131)
 *   4       8      tree size of the checkpoint, unsigned 64-bit big-endian
 *   12      32     root hash of the checkpoint (RFC 6962 Merkle tree head, raw bytes)
 *   44      32     SHA-256 of the complete signed checkpoint note (UTF-8 bytes, signature lines included)
 *   76      1–255  origin: the checkpoint's first line (UTF-8), e.g. "cunzheng.local/ledger"
 *
 * So any block explorer's "input data", or `cast tx <hash> input`, shows it: characters 2–9 of the hex
 * are 435a4131, then 16 hex digits of size, 64 of root, 64 of note hash, then the origin as UTF-8.
 */
import { z } from 'zod';
import { LedgerFormatError, bytesEqual, concat, fromHex, toHex, utf8 } from './ledger/bytes.ts';
import { MSG } from './messages.ts';

/** ASCII "CZA1": Cunzheng anchor, format version 1. */
export const ANCHOR_MAGIC = Uint8Array.of(0x43, 0x5a, 0x41, 0x31);
/** Bytes before the origin. */
export const ANCHOR_HEADER_BYTES = 76;

/** The checkpoint fields written on chain. */
export interface AnchorPayload {
  /** Checkpoint origin (first line of the checkpoint), 1–255 UTF-8 bytes, no newline. */
  origin: string;
  /** Tree size (number of leaves), a safe integer ≥ 1. */
  size: number;
  /** 32-byte RFC 6962 root hash. */
  root: Uint8Array;
  /** 32-byte SHA-256 of the full signed note text. */
  noteSha256: Uint8Array;
}

/** Encodes the calldata of an anchor transaction as `0x`-prefixed lowercase hex. Throws LedgerFormatError on bad fields. */
export function encodeAnchorCalldata(p: AnchorPayload): `0x${string}` {
  const origin = utf8(p.origin);
  if (origin.length < 1 || origin.length > 255 || p.origin.includes('\n')) throw new LedgerFormatError('anchor: origin must be 1–255 bytes without newline');
  if (!Number.isSafeInteger(p.size) || p.size < 1) throw new LedgerFormatError('anchor: size must be a positive safe integer');
  if (p.root.length !== 32 || p.noteSha256.length !== 32) throw new LedgerFormatError('anchor: root and note hash must be 32 bytes');
  const size = new Uint8Array(8);
  new DataView(size.buffer).setBigUint64(0, BigInt(p.size), false);
  return `0x${toHex(concat(ANCHOR_MAGIC, size, p.root, p.noteSha256, origin))}`;
}

/**
 * Decodes anchor calldata (hex, with or without `0x`). Throws LedgerFormatError when it is not a
 * version-1 anchor (wrong magic, too short, size beyond 2^53, origin not UTF-8).
 */
export function decodeAnchorCalldata(hex: string): AnchorPayload {
  const raw = fromHex(hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex);
  if (raw.length < ANCHOR_HEADER_BYTES + 1 || raw.length > ANCHOR_HEADER_BYTES + 255) throw new LedgerFormatError('anchor: calldata length out of range');
  if (!bytesEqual(raw.subarray(0, 4), ANCHOR_MAGIC)) throw new LedgerFormatError('anchor: not a CZA1 anchor');
  const size = new DataView(raw.buffer, raw.byteOffset + 4, 8).getBigUint64(0, false);
  if (size < 1n || size > BigInt(Number.MAX_SAFE_INTEGER)) throw new LedgerFormatError('anchor: size out of range');
  let origin: string;
  try {
    origin = new TextDecoder('utf-8', { fatal: true }).decode(raw.subarray(ANCHOR_HEADER_BYTES));
  } catch {
    throw new LedgerFormatError('anchor: origin is not UTF-8');
  }
  if (origin.includes('\n')) throw new LedgerFormatError('anchor: origin contains a newline');
  return { origin, size: Number(size), root: raw.slice(12, 44), noteSha256: raw.slice(44, 76) };
}

/** GET /api/ledger/anchor query: `index` = 0-based ledger leaf index (账本索引无效 otherwise). */
export const ZAnchorQuery = z.object({
  index: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: MSG.LEDGER_INDEX_INVALID }).int(MSG.LEDGER_INDEX_INVALID).min(0, MSG.LEDGER_INDEX_INVALID).max(Number.MAX_SAFE_INTEGER, MSG.LEDGER_INDEX_INVALID),
  ),
});
export type TAnchorQuery = z.infer<typeof ZAnchorQuery>;

/** A signed checkpoint: tree size, base64 root, C2SP signed-note text. */
export const ZSignedCheckpoint = z.object({
  size: z.number().int().min(0),
  root: z.string().max(64),
  note: z.string().max(20_000),
});
export type TSignedCheckpoint = z.infer<typeof ZSignedCheckpoint>;

/**
 * The first anchored checkpoint covering a ledger entry (issue 3 §3):
 * - chainId / chainName: the EVM chain; blockNumber, blockTime (Unix seconds); txHash (0x hex);
 *   txUrl: the explorer link (ANCHOR_EXPLORER_TX_URL with {tx} replaced) or '' when none is configured;
 *   from: the anchoring account (the transaction goes to itself).
 * - calldata: the transaction's input (0x hex, format above); size / root (base64) / noteSha256 (hex):
 *   the anchored checkpoint's fields as written on chain.
 * - anchoredCheckpoint: the signed note of the anchored checkpoint (its SHA-256 is noteSha256).
 * - entryCheckpoint: the first signed checkpoint covering the entry (size > leaf index).
 * - consistency: RFC 6962 consistency proof (base64 hashes) from entryCheckpoint.size to size; empty
 *   when they are equal.
 */
export const ZAnchorProof = z.object({
  chainId: z.number().int().min(0),
  chainName: z.string().max(100),
  blockNumber: z.number().int().min(0),
  blockTime: z.number().int().min(0),
  txHash: z.string().max(66),
  txUrl: z.string().max(2000),
  from: z.string().max(42),
  calldata: z.string().max(1000),
  size: z.number().int().min(1),
  root: z.string().max(64),
  noteSha256: z.string().max(64),
  anchoredCheckpoint: z.string().max(20_000),
  entryCheckpoint: ZSignedCheckpoint,
  consistency: z.array(z.string().max(64)).max(128),
});
export type TAnchorProof = z.infer<typeof ZAnchorProof>;

/**
 * GET /api/ledger/anchor data: `configured` false → anchoring is off on this platform (anchor null);
 * true with anchor null → the entry is not yet covered by a confirmed anchor; otherwise the anchor.
 */
export const ZAnchorView = z.object({
  configured: z.boolean(),
  chainName: z.string().max(100),
  anchor: ZAnchorProof.nullable(),
});
export type TAnchorView = z.infer<typeof ZAnchorView>;
