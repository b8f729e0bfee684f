/**
 * Where to go after logging in: the `redirect` query when it is a path inside this site
 * (spec p2 §2 "redirect query holding the full path"), else the evidence list. Absolute and
 * protocol-relative URLs are refused so the login page cannot be used as an open redirect.
 */
export const AFTER_LOGIN_DEFAULT = '/attestation-all/data';

export function safeRedirect(raw: string | null | undefined): string {
  if (!raw) return AFTER_LOGIN_DEFAULT;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return AFTER_LOGIN_DEFAULT;
  if (raw.startsWith('/login') || raw.startsWith('/register') || raw.startsWith('/forgetpwd')) return AFTER_LOGIN_DEFAULT;
  return raw;
}

/** After login: operators without a redirect go to the operator console (issue 5 §7), others as {@link safeRedirect}. */
export function afterLoginPath(raw: string | null | undefined, userInfo: { role?: unknown }): string {
  if (!raw && String(userInfo.role ?? '') === 'operator') return '/admin';
  return safeRedirect(raw);
}
