/** Header menu visibility (spec p2 §2 "Header and role menus", §6) over the real route table. */
import { describe, expect, it } from 'vitest';
import { menuEntries } from '../../routes';
import type { MenuEntry } from '../../routeHandle';
import { isOperator, visibleMenu } from './menu';

const user = { userId: 1, userStatus: 1, status: 1 };
const paths = (l: MenuEntry[]) => l.map((e) => e.path);

describe('visibleMenu', () => {
  it('logged out: main entries only, no account drop-down', () => {
    const v = { token: '', role: '', userInfo: null };
    expect(paths(visibleMenu(menuEntries(), v, 'main'))).toContain('/attestation-all');
    expect(paths(visibleMenu(menuEntries(), v, 'main'))).not.toContain('/overview');
    expect(visibleMenu(menuEntries(), v, 'account')).toEqual([]);
  });

  it('role 1 sees overview, settings and signatures; role 2 does not (notifications stay)', () => {
    const main = { token: 't', role: '1', userInfo: user };
    expect(paths(visibleMenu(menuEntries(), main, 'main'))).toContain('/overview');
    expect(paths(visibleMenu(menuEntries(), main, 'account'))).toEqual(['/personage-kyc', '/setting', '/notifications', '/signature', '/orders', '/invoice']);
    const member = { ...main, role: '2' };
    expect(paths(visibleMenu(menuEntries(), member, 'main'))).not.toContain('/overview');
    // Role 2: the company's qualification info (企业信息, issue 14 §4) instead of settings, signatures, members, invoices.
    expect(paths(visibleMenu(menuEntries(), member, 'account'))).toEqual(['/member/company', '/notifications', '/orders']);
    const company = { token: 't', role: '1', userInfo: { ...user, status: 2, userStatus: 3 } };
    expect(paths(visibleMenu(menuEntries(), company, 'account'))).toEqual(['/kyc-info', '/setting', '/notifications', '/signature', '/member', '/orders', '/invoice']);
  });

  it('公证工作台 (/notary-office) only for notary users (userInfo.notary)', () => {
    const v = { token: 't', role: '1', userInfo: user };
    expect(paths(visibleMenu(menuEntries(), v, 'main'))).toContain('/notary');
    expect(paths(visibleMenu(menuEntries(), v, 'main'))).not.toContain('/notary-office');
    expect(paths(visibleMenu(menuEntries(), { ...v, userInfo: { ...user, notary: true } }, 'main'))).toContain('/notary-office');
    expect(paths(visibleMenu(menuEntries(), { ...v, role: '2', userInfo: { ...user, notary: true } }, 'main'))).not.toContain('/notary-office');
    expect(paths(visibleMenu(menuEntries(), { token: '', role: '', userInfo: null }, 'main'))).not.toContain('/notary-office');
  });

  it('account-type and verification conditions', () => {
    const entries: MenuEntry[] = [
      { path: '/member', label: '成员管理', order: 1, auth: true, area: 'account', accountType: 2, hideForRoles: ['2'] },
      { path: '/personage-kyc', label: '实名认证', order: 2, auth: true, area: 'account', accountType: 1, verified: false },
      { path: '/person-info', label: '认证信息', order: 3, auth: true, area: 'account', accountType: 1, verified: true },
    ];
    expect(paths(visibleMenu(entries, { token: 't', role: '1', userInfo: user }, 'account'))).toEqual(['/personage-kyc']);
    expect(paths(visibleMenu(entries, { token: 't', role: '1', userInfo: { ...user, userStatus: 3 } }, 'account'))).toEqual(['/person-info']);
    expect(paths(visibleMenu(entries, { token: 't', role: '1', userInfo: { ...user, status: 2 } }, 'account'))).toEqual(['/member']);
    expect(paths(visibleMenu(entries, { token: 't', role: '2', userInfo: { ...user, status: 2 } }, 'account'))).toEqual([]);
  });

  it('operators are recognised by the account role', () => {
    expect(isOperator({ ...user, role: 'operator' })).toBe(true);
    expect(isOperator({ ...user, role: 'user' })).toBe(false);
    expect(isOperator(null)).toBe(false);
  });
});
