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
