/**
 * C2SP signed notes (c2sp.org/signed-note) carrying C2SP tlog-checkpoints (c2sp.org/tlog-checkpoint),
 * and Go sumdb verifier keys `name+hex(keyid)+base64(0x01‖pubkey)` (golang.org/x/mod/sumdb/note).
 * Verification only, with WebCrypto Ed25519 (browser and Node 24). DESIGN.md Trust design §2.
 */
import { LedgerFormatError, bytesEqual, concat, fromBase64, fromHex, sha256, toHex, utf8 } from './bytes.ts';
import { HASH_SIZE } from './merkle.ts';

/** Signature type byte of Ed25519 in signed notes. */
export const SIG_ED25519 = 0x01;
/** Upper bound on signature lines accepted in one note (the spec asks for at least 16). */
export const MAX_NOTE_SIGNATURES = 64;
const EM_DASH = '\u2014';

/** A parsed verifier key. */
export interface VerifierKey {
  /** Key name (for this log: the checkpoint origin). */
  name: string;
  /** 4-byte key ID = SHA-256(name ‖ 0x0A ‖ 0x01 ‖ pubkey)[:4]. */
  keyId: Uint8Array;
  /** Lowercase hex of keyId (8 characters). */
  keyIdHex: string;
  /** 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

/** One signature line of a note. */
export interface NoteSignature {
  name: string;
  keyId: Uint8Array;
  /** Signature bytes after the 4-byte key ID. */
  signature: Uint8Array;
}

/** A signed note split into its text (with final newline) and signature lines. */
export interface ParsedNote {
  text: string;
  signatures: NoteSignature[];
}

/** A tlog-checkpoint body. */
export interface Checkpoint {
  origin: string;
  /** Number of leaves. */
  size: number;
  /** 32-byte RFC 6962 root hash. */
  root: Uint8Array;
  /** Optional extension lines (not used by this log). */
  extensions: string[];
  /** The exact note text (checkpoint body with its final newline). */
  text: string;
}

/** Key names: non-empty, no Unicode spaces, no '+'. */
export const isValidKeyName = (name: string): boolean => name.length > 0 && !/[\s+]/u.test(name);

/** Key ID of an Ed25519 key: SHA-256(name ‖ 0x0A ‖ 0x01 ‖ publicKey)[:4]. */
export async function keyIdOf(name: string, publicKey: Uint8Array): Promise<Uint8Array> {
  return (await sha256(concat(utf8(name), Uint8Array.of(0x0a, SIG_ED25519), publicKey))).subarray(0, 4);
}

/**
 * Parses a verifier key `name+hex8(keyid)+base64(0x01‖pubkey)` and checks its key ID.
 * Throws LedgerFormatError for a bad name, hash, algorithm, key length or key ID.
 */
export async function parseVerifierKey(vkey: string): Promise<VerifierKey> {
  const m = /^([^+]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey.trim());
  if (!m || !isValidKeyName(m[1]!)) throw new LedgerFormatError('malformed verifier key');
  const name = m[1]!;
  const key = fromBase64(m[3]!);
  if (key.length !== 33 || key[0] !== SIG_ED25519) throw new LedgerFormatError('verifier key is not an Ed25519 key');
  const publicKey = key.subarray(1);
  const keyId = await keyIdOf(name, publicKey);
  if (!bytesEqual(keyId, fromHex(m[2]!))) throw new LedgerFormatError('verifier key hash mismatch');
  return { name, keyId, keyIdHex: toHex(keyId), publicKey };
}

/**
 * Splits a signed note into text and signature lines (c2sp.org/signed-note §Format): the text ends with
 * a newline, the signatures follow the last blank line as `— <name> <base64(keyid ‖ sig)>` lines.
 * Throws LedgerFormatError when malformed.
 */
export function parseNote(note: string): ParsedNote {
  if (/[\u0000-\u0009\u000b-\u001f]/.test(note)) throw new LedgerFormatError('control character in note');
  if (!note.endsWith('\n')) throw new LedgerFormatError('note must end with a newline');
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new LedgerFormatError('note has no signatures');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) throw new LedgerFormatError('too many signatures');
  const signatures = lines.map((line) => {
    const m = new RegExp(`^${EM_DASH} ([^ ]+) ([A-Za-z0-9+/=]+)$`).exec(line);
    if (!m || !isValidKeyName(m[1]!)) throw new LedgerFormatError('malformed signature line');
    const raw = fromBase64(m[2]!);
    if (raw.length < 5) throw new LedgerFormatError('signature too short');
    return { name: m[1]!, keyId: raw.subarray(0, 4), signature: raw.subarray(4) };
  });
  return { text, signatures };
}

async function ed25519Verify(publicKey: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  if (signature.length !== 64) return false;
  const key = await crypto.subtle.importKey('raw', new Uint8Array(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, new Uint8Array(signature), new Uint8Array(message));
}

/**
 * True when the note carries at least one valid Ed25519 signature by `verifierKey` (text or parsed)
 * and no signature line of that key (same name and key ID) fails. Malformed notes or keys are false.
 */
export async function verifyNote(note: string, verifierKey: string | VerifierKey): Promise<boolean> {
  try {
    const key = typeof verifierKey === 'string' ? await parseVerifierKey(verifierKey) : verifierKey;
    const parsed = parseNote(note);
    const mine = parsed.signatures.filter((s) => s.name === key.name && bytesEqual(s.keyId, key.keyId));
    if (mine.length === 0) return false;
    const msg = utf8(parsed.text);
    for (const s of mine) if (!(await ed25519Verify(key.publicKey, s.signature, msg))) return false;
    return true;
  } catch (e) {
    if (e instanceof LedgerFormatError) return false;
    throw e;
  }
}

/**
 * Parses a tlog-checkpoint from a signed note (or from the bare checkpoint text): origin line,
 * decimal tree size without leading zeros, base64 32-byte root, optional non-empty extension lines.
 * Does NOT check signatures (use verifyCheckpoint). Throws LedgerFormatError when malformed.
 */
export function parseCheckpoint(note: string): Checkpoint {
  const text = note.includes('\n\n') ? parseNote(note).text : note;
  if (!text.endsWith('\n')) throw new LedgerFormatError('checkpoint must end with a newline');
  const lines = text.slice(0, -1).split('\n');
  const [origin, sizeLine, rootLine, ...extensions] = lines;
  if (!origin || !sizeLine || !rootLine || extensions.some((l) => l === '')) throw new LedgerFormatError('malformed checkpoint');
  if (!/^(0|[1-9][0-9]*)$/.test(sizeLine) || !Number.isSafeInteger(Number(sizeLine))) throw new LedgerFormatError('malformed tree size');
  const root = fromBase64(rootLine);
  if (root.length !== HASH_SIZE) throw new LedgerFormatError('root hash must be 32 bytes');
  return { origin, size: Number(sizeLine), root, extensions, text };
}

/**
 * Verifies the note's signature by `verifierKey` and parses the checkpoint; the origin must equal
 * `origin` (default: the key name, as this log signs with a key named after its origin).
 * Throws LedgerFormatError('checkpoint signature invalid' | 'origin mismatch' | …).
 */
export async function verifyCheckpoint(note: string, verifierKey: string | VerifierKey, origin?: string): Promise<Checkpoint> {
  const key = typeof verifierKey === 'string' ? await parseVerifierKey(verifierKey) : verifierKey;
  if (!(await verifyNote(note, key))) throw new LedgerFormatError('checkpoint signature invalid');
  const cp = parseCheckpoint(note);
  if (cp.origin !== (origin ?? key.name)) throw new LedgerFormatError('origin mismatch');
  return cp;
}
