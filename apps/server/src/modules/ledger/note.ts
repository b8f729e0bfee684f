/**
 * C2SP signed notes with Ed25519 (c2sp.org/signed-note) carrying C2SP tlog-checkpoints
 * (c2sp.org/tlog-checkpoint), and the Go sumdb verifier key `name+hex8(keyid)+base64(0x01‖pubkey)`
 * (golang.org/x/mod/sumdb/note). keyid = SHA-256(name ‖ 0x0A ‖ 0x01 ‖ pubkey)[:4]. DESIGN.md Trust design §2.
 */
import crypto from 'node:crypto';
import { loadOrCreateSecret } from '../../platform/secrets.ts';

/** Signature type byte of Ed25519 in signed notes. */
const SIG_ED25519 = 0x01;
const EM_DASH = '\u2014';
/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 note signer. */
export interface NoteSigner {
  /** Key name (= the log origin). */
  name: string;
  keyId: Buffer;
  publicKey: Buffer;
  /** `name+hex8(keyid)+base64(0x01‖pubkey)`. */
  verifierKey: string;
  /** Signs `text` (must end with a newline) and returns the whole signed note. */
  sign(text: string): string;
  /** True when `note` carries a valid signature line of this key over its text (checks every such line). */
  verify(note: string): boolean;
}

/** Key names and origins: non-empty, no Unicode spaces, no '+' (signed-note §Format). */
export const isValidKeyName = (name: string): boolean => name.length > 0 && name.length <= 255 && !/[\s+]/u.test(name);

/** Key ID: SHA-256(name ‖ 0x0A ‖ 0x01 ‖ publicKey)[:4]. */
export const keyIdOf = (name: string, publicKey: Buffer): Buffer =>
  crypto.createHash('sha256').update(name, 'utf8').update(Buffer.from([0x0a, SIG_ED25519])).update(publicKey).digest().subarray(0, 4);

/** Splits a signed note into its text (with final newline) and signature lines; null when malformed. */
export function splitNote(note: string): { text: string; signatures: Array<{ name: string; keyId: Buffer; sig: Buffer }> } | null {
  if (!note.endsWith('\n') || /[\u0000-\u0009\u000b-\u001f]/.test(note)) return null;
  const at = note.lastIndexOf('\n\n');
  if (at < 0) return null;
  const signatures = [];
  for (const line of note.slice(at + 2, -1).split('\n')) {
    const m = new RegExp(`^${EM_DASH} ([^ ]+) ([A-Za-z0-9+/]+={0,2})$`).exec(line);
    if (!m) return null;
    const raw = Buffer.from(m[2]!, 'base64');
    if (raw.length < 5) return null;
    signatures.push({ name: m[1]!, keyId: raw.subarray(0, 4), sig: raw.subarray(4) });
  }
  return { text: note.slice(0, at + 1), signatures };
}

/** Builds the signer of `name` from a 32-byte Ed25519 seed. Throws Error for a bad name or seed. */
export function noteSigner(name: string, seed: Buffer): NoteSigner {
  if (!isValidKeyName(name)) throw new Error('ledger: LEDGER_ORIGIN must be non-empty without spaces or "+"');
  if (seed.length !== 32) throw new Error('ledger: the signing key must be a base64 32-byte Ed25519 seed');
  const privateKey = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const pub = crypto.createPublicKey(privateKey);
  const publicKey = pub.export({ format: 'der', type: 'spki' }).subarray(-32);
  const keyId = keyIdOf(name, publicKey);
  return {
    name,
    keyId,
    publicKey,
    verifierKey: `${name}+${keyId.toString('hex')}+${Buffer.concat([Buffer.from([SIG_ED25519]), publicKey]).toString('base64')}`,
    sign(text) {
      if (!text.endsWith('\n') || /[\u0000-\u0009\u000b-\u001f]/.test(text)) throw new Error('ledger: note text must end with a newline and have no control characters');
      const sig = crypto.sign(null, Buffer.from(text, 'utf8'), privateKey);
      return `${text}\n${EM_DASH} ${name} ${Buffer.concat([keyId, sig]).toString('base64')}\n`;
    },
    verify(note) {
      const parsed = splitNote(note);
      if (!parsed) return false;
      const mine = parsed.signatures.filter((s) => s.name === name && s.keyId.equals(keyId));
      return mine.length > 0 && mine.every((s) => s.sig.length === 64 && crypto.verify(null, Buffer.from(parsed.text, 'utf8'), pub, s.sig));
    },
  };
}

/** tlog-checkpoint text: origin, decimal size, base64 root, each newline-terminated. */
export function checkpointText(origin: string, size: number, root: Buffer): string {
  return `${origin}\n${size}\n${root.toString('base64')}\n`;
}

/** Parses a checkpoint text (origin, size, root); null when malformed. */
export function parseCheckpointText(text: string): { origin: string; size: number; root: Buffer } | null {
  const m = /^([^\n]+)\n(0|[1-9][0-9]*)\n([A-Za-z0-9+/]{43}=)\n/.exec(text);
  if (!m || !Number.isSafeInteger(Number(m[2]))) return null;
  return { origin: m[1]!, size: Number(m[2]), root: Buffer.from(m[3]!, 'base64') };
}

/**
 * The ledger's 32-byte Ed25519 seed: base64 `LEDGER_SIGNING_KEY` when set, else DATA_DIR/keys/ledger-ed25519.seed
 * (created 0600 on first start). Throws Error when the env value is not 32 bytes.
 */
export function loadSigningSeed(dataDir: string, fromEnv?: string): Buffer {
  const seed = loadOrCreateSecret(dataDir, 'ledger-ed25519.seed', 32, fromEnv);
  if (seed.length !== 32) throw new Error('ledger: LEDGER_SIGNING_KEY must be base64 of a 32-byte Ed25519 seed');
  return seed;
}
