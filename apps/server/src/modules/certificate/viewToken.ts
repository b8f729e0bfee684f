/**
 * View tokens of the certificate check (spec p1 §7 "POST /api/check/bqno (no) returns data.viewToken;
 * POST /api/check/bqview (viewToken, no)"). A token is a short-lived HMAC binding one certificate
 * number — no database row: `<exp>.<base64url HMAC-SHA256(key, "bqview\n" + no + "\n" + exp)>`.
 */
import crypto from 'node:crypto';

/** Default token lifetime: 30 minutes. */
export const VIEW_TOKEN_TTL_SECONDS = 30 * 60;

export interface ViewTokens {
  /** A token for certificate number `no`, valid `ttlSeconds`. */
  issue(no: string): string;
  /** True when `token` was issued for exactly `no` and has not expired; false for anything forged or malformed. */
  verify(token: string, no: string): boolean;
}

/** Builds the signer with `key` (≥ 32 random bytes from platform/secrets.ts `loadOrCreateSecret`). */
export function viewTokens(key: Buffer, ttlSeconds = VIEW_TOKEN_TTL_SECONDS): ViewTokens {
  const mac = (no: string, exp: number) => crypto.createHmac('sha256', key).update(`bqview\n${no}\n${exp}`).digest('base64url');
  return {
    issue(no) {
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${exp}.${mac(no, exp)}`;
    },
    verify(token, no) {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return false;
      const exp = Number(m[1]);
      if (exp < Date.now() / 1000) return false;
      const got = Buffer.from(m[2]!);
      const want = Buffer.from(mac(no, exp));
      return got.length === want.length && crypto.timingSafeEqual(got, want);
    },
  };
}
