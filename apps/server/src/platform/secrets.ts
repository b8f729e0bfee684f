/**
 * Secrets generated on first start into DATA_DIR with 0600 permissions, or supplied by env
 * (DESIGN.md Security rules). Never logged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns `bytes` random bytes persisted at DATA_DIR/keys/<name> (created 0600 on first call),
 * or the base64 value of `fromEnv` when given.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes: number, fromEnv?: string): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'base64');
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const value = crypto.randomBytes(bytes);
  try {
    fs.writeFileSync(file, value.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return value;
  } catch (e) {
    // Another process created it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    throw e;
  }
}

/** SHA-256 of a UTF-8 string or bytes, as a Buffer (for storing tokens and codes hashed). */
export const sha256 = (v: string | Uint8Array): Buffer => crypto.createHash('sha256').update(v).digest();

/** Random URL-safe token of `bytes` random bytes. */
export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

/** Uniformly random string of `n` decimal digits. */
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += crypto.randomInt(0, 10).toString();
  return s;
}

/**
 * Authenticated encryption of short secrets stored in the database (extraction codes, issue 9 §4):
 * AES-256-GCM with a random 96-bit IV. Stored form `v1:` + base64(iv ‖ tag ‖ ciphertext).
 */
export interface SecretBox {
  /** Encrypts `plain` into its stored form. */
  seal(plain: string): string;
  /** Decrypts a stored value; a value without the `v1:` prefix is a legacy clear value and comes back as is. Throws on a forged value. */
  open(stored: string): string;
  /** True when `stored` is in the encrypted form. */
  isSealed(stored: string): boolean;
}

/** Builds a SecretBox on a 32-byte key (`loadOrCreateSecret(dataDir, 'extract-code.key', 32, env)`). */
export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes (base64 of 32 random bytes)');
  const PREFIX = 'v1:';
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return PREFIX + Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const d = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}

/** Constant-time comparison of two short strings (compared as SHA-256 digests, so lengths do not leak). */
export const sameSecret = (a: string, b: string): boolean => crypto.timingSafeEqual(sha256(a), sha256(b));
