/**
 * The header's menu under 768 px (spec p1 §1 mobile layout): a button opening a side panel with the
 * account summary, the menu entries, help, and login/register or logout.
 */
import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { loginPath } from '../../api/request';
import type { MenuEntry } from '../../routeHandle';
import { useSession } from '../../stores/session';
import { accountName, formatPoints } from '../../utils/format';
import { CloseIcon, MenuIcon } from './icons';
import { ADMIN_PATH } from './menu';
import { useDismiss } from './useDismiss';
import { useLogout } from './useLogout';
import { roleLabel, useRoleSwitch } from './useRoleSwitch';

export function MobilePanel({ items, helpPath, operator = false }: { items: MenuEntry[]; helpPath: string; operator?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, ref);
  const { token, userInfo } = useSession();
  const location = useLocation();
  const doLogout = useLogout();
  const roles = useRoleSwitch(!operator && open);
  return (
    <div className="mobile-panel-host site-mobile" ref={ref}>
      <button type="button" className="site-icon-button" aria-label="打开菜单" aria-expanded={open} aria-controls="mobile-panel" onClick={() => setOpen(true)}>
        <MenuIcon />
      </button>
      {open ? <div className="mobile-panel-mask" onClick={close} aria-hidden="true" /> : null}
      {open ? (
        <div id="mobile-panel" className="mobile-panel" role="dialog" aria-modal="true" aria-label="菜单">
          <div className="mobile-panel-head">
            <span>菜单</span>
            <button type="button" className="site-icon-button" aria-label="关闭菜单" onClick={close}>
              <CloseIcon />
            </button>
          </div>
          {token ? (
            <div className="mobile-account">
              <div className="mobile-account-name">{accountName(userInfo)}</div>
              <div className="mobile-account-points">
                可用积分 <strong>{formatPoints(userInfo?.points)}</strong>
              </div>
            </div>
          ) : null}
          <nav className="mobile-panel-nav" aria-label="菜单">
            {items.map((e) => (
              <NavLink key={e.path} to={e.path}>
                {e.label}
              </NavLink>
            ))}
            {token ? (
              <NavLink to="/attestation-all/data/download" end>
                批量下载
              </NavLink>
            ) : null}
            {roles.others.map((r) => (
              <button
                key={`role-${r.role}-${r.pid}`}
                type="button"
                className="mobile-panel-switch"
                onClick={() => {
                  close();
                  void roles.switchTo(r);
                }}
              >
                {roleLabel(r)}
              </button>
            ))}
            {operator ? <NavLink to={ADMIN_PATH}>运营后台</NavLink> : null}
            <Link to={helpPath}>帮助中心</Link>
          </nav>
          <div className="mobile-actions">
            {token ? (
              <button type="button" className="site-btn site-btn-danger" onClick={() => void doLogout()}>
                退出登录
              </button>
            ) : (
              <>
                <Link to={loginPath(`${location.pathname}${location.search}`)} className="site-btn site-btn-primary">
                  登录
                </Link>
                <Link to="/register" className="site-btn">
                  注册
                </Link>
              </>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
