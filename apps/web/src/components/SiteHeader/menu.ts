/**
 * Which route-table menu entries a visitor sees (spec p2 §2 "Header and role menus", §6): entries
 * hidden for the acting ROLE (e.g. role 2 company members do not see overview, settings, signature,
 * member and invoice), entries only for one account type (/member for company accounts), entries
 * only before or after real-name verification (KYC form before, 认证信息 after), and the account
 * drop-down entries (and `loggedInOnly` ones such as 概览) only while logged in.
 */
import type { UserInfo } from '../../api/types';
import type { MenuArea, MenuEntry } from '../../routeHandle';

export interface MenuViewer {
  token: string;
  role: string;
  userInfo: UserInfo | null;
}

/** True when `e` is shown to `v` (area aside). */
export function isVisible(e: MenuEntry, v: MenuViewer): boolean {
  if (e.hideForRoles?.includes(v.role || '1')) return false;
  const loggedIn = v.token !== '';
  if (e.loggedInOnly && !loggedIn) return false;
  if (e.notaryOnly && !(loggedIn && v.userInfo?.notary === true)) return false;
  if (e.accountType !== undefined && (!loggedIn || Number(v.userInfo?.status) !== e.accountType)) return false;
  if (e.verified !== undefined) {
    if (!loggedIn) return false;
    if ((Number(v.userInfo?.userStatus) === 3) !== e.verified) return false;
  }
  if ((e.area ?? 'main') === 'account' && !loggedIn) return false;
  return true;
}

/** The visible entries of one menu area, in order. */
export function visibleMenu(entries: readonly MenuEntry[], v: MenuViewer, area: MenuArea): MenuEntry[] {
  return entries.filter((e) => (e.area ?? 'main') === area && isVisible(e, v));
}

/** True for an operator account (user info `role` 'operator'; not the ROLE header of members). */
export const isOperator = (u: UserInfo | null | undefined): boolean => String(u?.role ?? '') === 'operator';

/** The operator console's entry path. */
export const ADMIN_PATH = '/admin';
