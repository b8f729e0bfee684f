/**
 * Once-only logic of the announcement dialog (spec p2 §1–2; issue 5 §3): a logged-in user sees an
 * announcement until the server's read flag is set (POST /api/news/noticeRead when it is shown); a
 * visitor until its id is remembered in localStorage. Ids shown while logged in are remembered too,
 * so the same browser does not show them again after logout.
 */
import type { TNotice } from '@cunzheng/contract/account';

/** localStorage key of the announcement ids this browser has shown. */
export const SEEN_KEY = 'noticeSeen';
/** Most ids remembered (oldest dropped). */
const SEEN_MAX = 50;

/** The remembered ids (empty when storage is unavailable or malformed). */
export function seenIds(): number[] {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/** Remembers `id` as shown in this browser. */
export function rememberSeen(id: number): void {
  try {
    const ids = seenIds().filter((x) => x !== id);
    ids.push(id);
    window.localStorage.setItem(SEEN_KEY, JSON.stringify(ids.slice(-SEEN_MAX)));
  } catch {
    // Storage refused (private mode): the dialog may show again next visit.
  }
}

/** True when `notice` should be shown now: logged in → the server has no read mark; visitor → not remembered locally. */
export function shouldShowNotice(notice: TNotice | null | undefined, loggedIn: boolean): notice is TNotice {
  if (!notice) return false;
  if (loggedIn) return !notice.read;
  return !seenIds().includes(notice.id);
}
