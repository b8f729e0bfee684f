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

/**
 * Where a logged-in user who opens /login, /register or /forgetpwd goes instead of the form (issue 8 §3):
 * the `redirect` query when it is safe, else operators to the console, company members (ROLE 2, who
 * have no overview) to their evidence list, everyone else to /overview.
 */
export function signedInPath(raw: string | null | undefined, userInfo: { role?: unknown } | null, role: string): string {
  if (raw && safeRedirect(raw) === raw) return raw;
  if (String(userInfo?.role ?? '') === 'operator') return '/admin';
  if (role === '2') return AFTER_LOGIN_DEFAULT;
  return '/overview';
}
