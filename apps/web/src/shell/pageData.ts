/**
 * A page's initial data sent with its HTML (issue 16, LCP of the certificate and ledger pages; server:
 * apps/server/src/platform/pageData.ts): `<script type="application/json" id="page-data-<key>"
 * data-arg="…" data-viewer="anonymous|session|any">` holding the API answer the page's query would fetch.
 * A page takes it once, as TanStack Query `initialData` of exactly that query; the element is removed on
 * the first take, so a later navigation (another number, or back to this one) fetches as usual.
 *
 * Used only when it is this viewer's answer: `anonymous` data only without a stored session (a browser's
 * navigation carries no bearer token, so the server always makes the anonymous view; a logged-in owner's
 * page asks the API for the owner view as before), `session` data never (the page cannot tell whose), `any`
 * always. An envelope other than code 200 is ignored (the page asks and shows its own error).
 */
import { getSession } from '../stores/session';

/** The element id for query `key` (`share/getView` → `page-data-share-getView`), as the server writes it. */
export const pageDataId = (key: string) => `page-data-${key.replace(/[^\w-]/g, '-')}`;

/** True when the HTML carries data for query `key` (still untaken). */
export const hasPageData = (key: string): boolean => typeof document !== 'undefined' && document.getElementById(pageDataId(key)) !== null;

/** Removes and parses the element of `key`; undefined when absent, for another argument or viewer, or malformed. */
function take(key: string, arg: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const el = document.getElementById(pageDataId(key));
  if (!el) return undefined;
  el.remove();
  const viewer = el.dataset.viewer;
  if (el.dataset.arg !== arg) return undefined;
  if (viewer !== 'any' && (viewer !== 'anonymous' || getSession().token)) return undefined;
  try {
    return JSON.parse(el.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** The `data` of an embedded API envelope (code 200) for query `key` with argument `arg`, once; else undefined. */
export function takePageData<T>(key: string, arg: string): T | undefined {
  const env = take(key, arg) as { code?: unknown; data?: T } | undefined;
  return env && Number(env.code) === 200 && env.data !== undefined && env.data !== null ? env.data : undefined;
}

/** An embedded text answer (JSON string) for query `key`, once; else undefined. */
export function takePageText(key: string, arg = ''): string | undefined {
  const v = take(key, arg);
  return typeof v === 'string' ? v : undefined;
}

/**
 * `staleTime` for a query seeded from page data: its embedded answer counts as just fetched for a minute
 * (no second request on mount); once the query has fetched itself (dataUpdateCount > 0), 0 as before.
 */
export const pageDataStaleTime = (query: { state: { dataUpdateCount: number; data: unknown } }): number =>
  query.state.dataUpdateCount === 0 && query.state.data !== undefined ? 60_000 : 0;
