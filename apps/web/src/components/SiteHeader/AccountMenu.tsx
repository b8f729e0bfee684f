/**
 * The account-name drop-down of the header (spec p2 §2): evidence shortcuts and logout.
 * Plain markup: a button toggling a menu; closes on Escape, outside click or navigation.
 */
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon, UserIcon } from './icons';
import { useDismiss } from './useDismiss';
import { useLogout } from './useLogout';

export function AccountMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const doLogout = useLogout();
  return (
    <div className="account-menu" ref={ref}>
      <button type="button" className="account-menu-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <UserIcon />
        <span className="account-menu-name">{name}</span>
        <ChevronIcon />
      </button>
      {open ? (
        <div className="account-menu-list" role="menu">
          <Link role="menuitem" to="/attestation-all/data">
            数据存证
          </Link>
          <Link role="menuitem" to="/attestation-all/data/download">
            批量下载
          </Link>
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
