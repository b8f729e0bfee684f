/**
 * The account-name drop-down of the header (spec p2 §2 "right menu"): the account-area entries of the
 * route table (settings, notifications, signatures … as the role allows), the batch-download
 * shortcut, the role switch (own account ↔ company member, spec p2 §2, §4), the operator console for
 * operators, and logout. Plain markup: a button toggling a menu;
 * closes on Escape, outside click or navigation.
 */
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MenuEntry } from '../../routeHandle';
import { ChevronIcon, UserIcon } from './icons';
import { useDismiss } from './useDismiss';
import { ADMIN_PATH } from './menu';
import { useLogout } from './useLogout';
import { roleLabel, useRoleSwitch } from './useRoleSwitch';

export function AccountMenu({ name, items = [], operator = false }: { name: string; items?: readonly MenuEntry[]; operator?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const doLogout = useLogout();
  const roles = useRoleSwitch(!operator);
  // Acting as a company member (role 2): the company is named beside the person.
  const shown = roles.current?.role === 2 ? `${name}（${roles.current.name}）` : name;
  return (
    <div className="account-menu" ref={ref}>
      <button type="button" className="account-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <UserIcon />
        <span className="account-menu-name" title={shown}>{shown}</span>
        <ChevronIcon />
      </button>
      {open ? (
        <div className="account-menu-list" role="menu">
          {items.map((e) => (
            <Link key={e.path} role="menuitem" to={e.path}>
              {e.label}
            </Link>
          ))}
          <Link role="menuitem" to="/attestation-all/data/download">
            批量下载
          </Link>
          {roles.others.map((r) => (
            <button
              key={`role-${r.role}-${r.pid}`}
              type="button"
              role="menuitem"
              className="account-menu-switch"
              onClick={() => {
                close();
                void roles.switchTo(r);
              }}
            >
              {roleLabel(r)}
            </button>
          ))}
          {operator ? (
            <Link role="menuitem" to={ADMIN_PATH}>
              运营后台
            </Link>
          ) : null}
          <hr />
          <button
            type="button"
            role="menuitem"
            className="account-menu-logout"
            onClick={() => {
              close();
              void doLogout();
            }}
          >
            退出登录
          </button>
        </div>
      ) : null}
    </div>
  );
}
