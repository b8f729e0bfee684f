/**
 * Certificate numbers (issue 2 §4): unique, human-readable, not sequential or guessable.
 * Form `CZ` + deposit date (yyyyMMdd, Asia/Shanghai) + 12 Crockford base32 characters (60 random bits),
 * e.g. `CZ20261122K7M3Q9XW2DHA`. Uniqueness is enforced by the database index.
 */
import crypto from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Date part yyyyMMdd in China Standard Time for Unix seconds `t`. */
export function cstDate(t: number): string {
  return new Date((t + 8 * 3600) * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** A fresh random certificate number for a deposit at Unix seconds `t`. */
export function newBaoquan(t: number): string {
  const bytes = crypto.randomBytes(12);
  let s = '';
  for (const b of bytes) s += ALPHABET[b & 31];
  return `CZ${cstDate(t)}${s}`;
}

/** Shape check used by routes before touching the database. */
export const BAOQUAN_RE = /^CZ\d{8}[0-9A-HJKMNP-TV-Z]{12}$/;
