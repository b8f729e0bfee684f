/**
 * The session store: persistence to localStorage (spec p1 §3, p2 §3), reload from storage, the
 * `storage` event from other tabs, and the React hook.
 */
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../api/types';
import { clearSession, getSession, isLoggedIn, setRole, setUserInfo, startSession, STORAGE_KEYS, subscribeSession, useSession } from './session';

const user: UserInfo = { userId: 1, userStatus: 1, status: 2, company: '某某科技有限公司', points: 123456, newsNum: 3, extractCode: '123456' };

describe('session store', () => {
  it('starts logged out', () => {
    clearSession();
    expect(getSession()).toEqual({ token: '', role: '', userInfo: null });
    expect(isLoggedIn()).toBe(false);
  });

  it('persists a login to localStorage and notifies subscribers', () => {
    const seen: string[] = [];
    const off = subscribeSession(() => seen.push(getSession().token));
    startSession('abc', user);
    off();
    expect(seen).toEqual(['abc']);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? 'null')).toEqual(user);
    expect(isLoggedIn()).toBe(true);
  });

  it('takes the role from userInfo.role when given', () => {
    startSession('abc', { ...user, role: 2 });
    expect(getSession().role).toBe('2');
    setRole('1');
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('1');
  });

  it('does not take an account kind such as "user" as the ROLE', () => {
    startSession('abc', { ...user, role: 'operator' });
    expect(getSession().role).toBe('1');
  });

  it('updates the user info only while logged in', () => {
    startSession('abc', user);
    setUserInfo({ ...user, points: 5 });
    expect(getSession().userInfo?.points).toBe(5);
    clearSession();
    setUserInfo(user);
    expect(getSession().userInfo).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('clears every key', () => {
    startSession('abc', user);
    clearSession();
    for (const k of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(k)).toBeNull();
  });

  it('reads a stored session at start and ignores malformed user info', async () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('role', '2');
    localStorage.setItem('userInfo', JSON.stringify(user));
    vi.resetModules();
    const fresh = await import('./session');
    expect(fresh.getSession()).toEqual({ token: 'stored', role: '2', userInfo: user });
    localStorage.setItem('userInfo', '{broken');
    vi.resetModules();
    const again = await import('./session');
    expect(again.getSession().userInfo).toBeNull();
    expect(again.getSession().token).toBe('stored');
  });

  it('follows changes made by another tab (storage event)', () => {
    startSession('abc', user);
    localStorage.setItem('token', 'other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(getSession().token).toBe('other-tab');
  });

  it('useSession re-renders on change', () => {
    clearSession();
    const { result } = renderHook(() => useSession());
    expect(result.current.token).toBe('');
    act(() => startSession('hook', user));
    expect(result.current.token).toBe('hook');
    expect(result.current.userInfo?.company).toBe('某某科技有限公司');
    act(() => clearSession());
    expect(result.current.userInfo).toBeNull();
  });
});
