/**
 * The session store: bearer token, acting role and user info, persisted to localStorage
 * (spec p1 §3 and p2 §3 "User info (stored locally)"; p2 §7 "a bearer authorization header from
 * local storage and a ROLE header when set"). One tiny external store read with
 * `useSyncExternalStore`; other tabs stay in sync through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '../api/types';

/** localStorage keys; kept stable because other tabs and later releases read them. */
export const STORAGE_KEYS = { token: 'token', role: 'role', userInfo: 'userInfo' } as const;

export interface Session {
  /** Opaque bearer token; '' when logged out. */
  token: string;
  /** Acting role as sent in the `ROLE` header ('1' own account, '2' company member); '' unset. */
  role: string;
  /** Last user info answered by the server; null when logged out. */
  userInfo: UserInfo | null;
}

const EMPTY: Session = { token: '', role: '', userInfo: null };

/** localStorage, or null where it is unavailable (private mode, sandboxed frames). */
function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Reads the persisted session; malformed entries count as absent. */
function load(): Session {
  const s = storage();
  if (!s) return EMPTY;
  let userInfo: UserInfo | null = null;
  const raw = s.getItem(STORAGE_KEYS.userInfo);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') userInfo = parsed as UserInfo;
    } catch {
      userInfo = null;
    }
  }
  return { token: s.getItem(STORAGE_KEYS.token) ?? '', role: s.getItem(STORAGE_KEYS.role) ?? '', userInfo };
}

let current: Session = load();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

/** Writes `next` to localStorage (removing empty values) and notifies subscribers. */
function persist(next: Session): void {
  current = next;
  const s = storage();
  if (s) {
    try {
      if (next.token) s.setItem(STORAGE_KEYS.token, next.token);
      else s.removeItem(STORAGE_KEYS.token);
      if (next.role) s.setItem(STORAGE_KEYS.role, next.role);
      else s.removeItem(STORAGE_KEYS.role);
      if (next.userInfo) s.setItem(STORAGE_KEYS.userInfo, JSON.stringify(next.userInfo));
      else s.removeItem(STORAGE_KEYS.userInfo);
    } catch {
      // Quota or privacy errors: the in-memory session still works for this tab.
    }
  }
  emit();
}

/** The current session snapshot (stable object until the next change). */
export function getSession(): Session {
  return current;
}

/** True when a token is stored. */
export function isLoggedIn(): boolean {
  return current.token !== '';
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The ROLE values of spec p2 §6: '1' own/main account, '2' company member. */
const ROLES = new Set(['1', '2']);

/**
 * Stores a fresh login (`POST /api/login`, `/api/login/sms`, `/api/Register` answers).
 * The acting role is `userInfo.role` when it is a ROLE value ('1' or '2'), else '1' (the server
 * may use `role` for the account kind, e.g. 'user' or 'operator', which is not a ROLE header value).
 */
export function startSession(token: string, userInfo: UserInfo): void {
  const r = userInfo.role === undefined || userInfo.role === null ? '' : String(userInfo.role);
  persist({ token, role: ROLES.has(r) ? r : '1', userInfo });
}

/** Replaces the stored user info (after `GET /api/user/info`); ignored when logged out. */
export function setUserInfo(userInfo: UserInfo): void {
  if (!current.token) return;
  persist({ ...current, userInfo });
}

/** Sets the acting role ('1' or '2', spec p2 §4 role switch). */
export function setRole(role: string): void {
  persist({ ...current, role });
}

/** Forgets the session: token, role and user info (spec p2 §8 "storage cleared"). */
export function clearSession(): void {
  persist(EMPTY);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) {
      current = load();
      emit();
    }
  });
}

/** React hook: the current session, re-rendering on change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
