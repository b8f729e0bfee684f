/**
 * Issue 16 (LCP of the certificate page): on `/attestation/{baoquan}` and `/English/attestation/{baoquan}`
 * the entry starts GET /api/share/getView at once, in parallel with the page's code, and `getView` takes
 * that answer once instead of asking again. Anonymous visitors only (a session changes isSelf and the
 * request wrapper's handling); anything but a code 200 answer is dropped and `getView` asks as usual,
 * so errors are shown exactly as before.
 */
import { hasPageData } from '../shell/pageData';
import { getSession } from '../stores/session';

const CERTIFICATE_PATH = /^\/(?:English\/)?attestation\/([^/]+)\/?$/;

let early: { baoquan: string; data: Promise<unknown> } | null = null;

/** Starts the early view request when `path` is a data certificate page and nobody is logged in. */
export function startViewPrefetch(path: string = window.location.pathname): void {
  const m = CERTIFICATE_PATH.exec(path);
  // The HTML may carry the answer already (shell/pageData.ts): then nothing to ask for.
  if (!m || getSession().token || hasPageData('share/getView')) return;
  let baoquan: string;
  try {
    baoquan = decodeURIComponent(m[1]!);
  } catch {
    return;
  }
  const data = fetch(`/api/share/getView?baoquan=${encodeURIComponent(baoquan)}`, { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ code?: number; data?: unknown }>) : null))
    .then((env) => (env && env.code === 200 ? env.data : null))
    .catch(() => null);
  early = { baoquan, data };
}

/** The early answer for `baoquan` (once), or null when there is none to take (then ask as usual). */
export function takePrefetchedView<T>(baoquan: string): Promise<T | null> | null {
  if (!early || early.baoquan !== baoquan || getSession().token) return null;
  const { data } = early;
  early = null;
  return data as Promise<T | null>;
}
