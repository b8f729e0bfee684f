/**
 * The site header of spec p2 §2, shared by every layout: logo, menu (route-table entries with a
 * `menu` handle), help link, unread badge (GET /api/News/unread polled every 30 s and refreshed when
 * a page invalidates it; max 99, hidden at 0), available points (thousands
 * separators, 2 decimals), the account name with a drop-down and logout; logged out it shows 注册
 * and 登录. Under 768 px the menu, points and account move into a side panel (CSS switches at the
 * spec's breakpoint). Plain markup and CSS — no UI-library code — so it costs public pages little.
 */
import { Link, NavLink, useLocation } from 'react-router';
import { BADGE_MAX } from '@cunzheng/contract/constants';
import { loginPath } from '../../api/request';
import type { MenuEntry } from '../../routeHandle';
import { useSession } from '../../stores/session';
import { accountName, formatPoints } from '../../utils/format';
import { Logo } from '../Logo';
import { AccountMenu } from './AccountMenu';
import { BellIcon, HelpIcon } from './icons';
import { isOperator, visibleMenu } from './menu';
import { MobilePanel } from './MobilePanel';
import { useUnreadCount } from './useUnread';

/** Where the help link goes: the searchable help centre (spec p2 §2). */
export const HELP_PATH = '/helpCenter';

/** Badge text: hidden (null) at 0 or less, `99+` above the maximum (spec p2 §2, §9). */
export function badgeText(count: number | undefined, max: number = BADGE_MAX): string | null {
  const n = Number(count ?? 0);
  if (!Number.isFinite(n) || n <= 0) return null;
  return n > max ? `${max}+` : String(Math.floor(n));
}

export function SiteHeader({ menu }: { menu: MenuEntry[] }) {
  const { token, userInfo, role } = useSession();
  const location = useLocation();
  const viewer = { token, role, userInfo };
  const items = visibleMenu(menu, viewer, 'main');
  const accountItems = visibleMenu(menu, viewer, 'account');
  const badge = badgeText(useUnreadCount());
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Logo />
        <nav className="site-nav site-desktop" aria-label="主导航">
          {items.map((e) => (
            <NavLink key={e.path} to={e.path}>
              {e.label}
            </NavLink>
          ))}
        </nav>
        <div className="site-header-right">
          <Link to={HELP_PATH} className="site-header-link site-desktop">
            <HelpIcon /> 帮助中心
          </Link>
          {token ? (
            <>
              <Link to="/notifications" className="site-header-link site-bell" aria-label={badge ? `消息通知，${badge}条未读` : '消息通知'}>
                <BellIcon />
                {badge ? <span className="site-badge">{badge}</span> : null}
              </Link>
              <span className="site-points site-desktop" title="可用积分">
                可用积分 <strong>{formatPoints(userInfo?.points)}</strong>
              </span>
              <span className="site-desktop">
                <AccountMenu name={accountName(userInfo)} items={accountItems} operator={isOperator(userInfo)} />
              </span>
            </>
          ) : (
            <>
              <Link to="/register" className="site-btn site-desktop">
                注册
              </Link>
              <Link to={loginPath(`${location.pathname}${location.search}`)} className="site-btn site-btn-primary">
                登录
              </Link>
            </>
          )}
          <MobilePanel items={[...items, ...accountItems]} helpPath={HELP_PATH} operator={isOperator(userInfo)} />
        </div>
      </div>
    </header>
  );
}
