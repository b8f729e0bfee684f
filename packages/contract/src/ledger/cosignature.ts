/**
 * C2SP tlog-cosignature (c2sp.org/tlog-cosignature, cosignature/v1) verification and witness policies
 * (issue 10 §2), WebCrypto only (browser and Node 24).
 *
 * A witness key is published as `name+hex8(keyid)+base64(0x04‖pubkey)` with
 * keyid = SHA-256(name ‖ 0x0A ‖ 0x04 ‖ pubkey)[:4]. A cosignature is a note signature line
 * `— <name> base64(keyid ‖ timestamp(8, big-endian) ‖ Ed25519 signature(64))`, signed over
 * `cosignature/v1\ntime <timestamp>\n` followed by the checkpoint body (the note text). It states that
 * at <timestamp> the witness had verified this checkpoint consistent with every earlier one it saw.
 */
import { LedgerFormatError, bytesEqual, concat, fromBase64, fromHex, sha256, toHex, utf8 } from './bytes.ts';
import { isValidKeyName, parseNote } from './note.ts';

/** Signature type byte of cosignature/v1 keys. */
export const SIG_COSIGNATURE_V1 = 0x04;

/** A parsed witness key. */
export interface WitnessKey {
  name: string;
  keyId: Uint8Array;
  keyIdHex: string;
  publicKey: Uint8Array;
}

/** Key ID of a cosignature/v1 key: SHA-256(name ‖ 0x0A ‖ 0x04 ‖ publicKey)[:4]. */
export async function witnessKeyIdOf(name: string, publicKey: Uint8Array): Promise<Uint8Array> {
  return (await sha256(concat(utf8(name), Uint8Array.of(0x0a, SIG_COSIGNATURE_V1), publicKey))).subarray(0, 4);
}

/** Parses `name+hex8(keyid)+base64(0x04‖pubkey)`; throws LedgerFormatError for anything else. */
export async function parseWitnessKey(vkey: string): Promise<WitnessKey> {
  const m = /^([^+]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(vkey.trim());
  if (!m || !isValidKeyName(m[1]!)) throw new LedgerFormatError('malformed witness key');
  const key = fromBase64(m[3]!);
  if (key.length !== 33 || key[0] !== SIG_COSIGNATURE_V1) throw new LedgerFormatError('witness key is not a cosignature/v1 Ed25519 key');
  const publicKey = key.subarray(1);
  const keyId = await witnessKeyIdOf(m[1]!, publicKey);
  if (!bytesEqual(keyId, fromHex(m[2]!))) throw new LedgerFormatError('witness key hash mismatch');
  return { name: m[1]!, keyId, keyIdHex: toHex(keyId), publicKey };
}

/** The message a witness signs: `cosignature/v1\ntime <t>\n` ‖ checkpoint body. */
export const cosignedMessage = (text: string, time: number): Uint8Array => utf8(`cosignature/v1\ntime ${time}\n${text}`);

/**
 * The timestamp (Unix seconds) of `key`'s valid cosignature on `note`, or null when the note carries
 * none (or only invalid ones). Malformed notes are null.
 */
export async function verifyCosignature(note: string, key: WitnessKey): Promise<number | null> {
  let parsed;
  try {
    parsed = parseNote(note);
  } catch (e) {
    if (e instanceof LedgerFormatError) return null;
    throw e;
  }
  const pub = await crypto.subtle.importKey('raw', new Uint8Array(key.publicKey), { name: 'Ed25519' }, false, ['verify']);
  for (const s of parsed.signatures) {
    if (s.name !== key.name || !bytesEqual(s.keyId, key.keyId) || s.signature.length !== 72) continue;
    const view = new DataView(s.signature.buffer, s.signature.byteOffset, 8);
    const t = Number(view.getBigUint64(0));
    if (!Number.isSafeInteger(t)) continue;
    if (await crypto.subtle.verify({ name: 'Ed25519' }, pub, new Uint8Array(s.signature.subarray(8)), new Uint8Array(cosignedMessage(parsed.text, t)))) return t;
  }
  return null;
}

/** A witness policy: the keys trusted and how many of them must have cosigned. */
export interface WitnessPolicy {
  keys: string[];
  quorum: number;
}

/** Result of checking a checkpoint note against a witness policy. */
export interface WitnessPolicyResult {
  ok: boolean;
  /** Witnesses (by name) with a valid cosignature and its time. */
  cosigned: Array<{ name: string; time: number }>;
  /** Listed witnesses without a valid cosignature. */
  missing: string[];
  /** Listed keys that could not be parsed. */
  badKeys: string[];
}

/** Counts distinct listed witnesses with a valid cosignature; ok when at least `quorum` (≥ 1). */
export async function checkWitnessPolicy(note: string, policy: WitnessPolicy): Promise<WitnessPolicyResult> {
  const res: WitnessPolicyResult = { ok: false, cosigned: [], missing: [], badKeys: [] };
  const seen = new Set<string>();
  for (const k of policy.keys) {
    let key: WitnessKey;
    try {
      key = await parseWitnessKey(k);
    } catch {
      res.badKeys.push(k);
      continue;
    }
    if (seen.has(`${key.name}+${key.keyIdHex}`)) continue;
    seen.add(`${key.name}+${key.keyIdHex}`);
    const t = await verifyCosignature(note, key);
    if (t === null) res.missing.push(key.name);
    else res.cosigned.push({ name: key.name, time: t });
  }
  res.ok = res.cosigned.length >= Math.max(1, policy.quorum);
  return res;
}
