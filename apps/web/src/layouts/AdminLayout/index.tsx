/**
 * Layout of the operator console /admin (issue 5 §7): a dark top bar (logo, 运营后台, the operator's name,
 * 返回前台 and 退出登录) and the section navigation (a side column on desktop, a scrolling row on
 * phones), with antd's App context for the pages' own toasts and confirmations. Error toasts of the
 * request wrapper stay antd's static message (no RequestToastBridge here), so the 403 message survives
 * the wrapper's move to /login, which unmounts this layout. The route's handle says `auth` and roles
 * ['operator']; non-operators never get here (layouts/OperatorGate shows them 无权访问 instead), and the
 * server enforces the role — every /api/admin/* call answers 403 to anyone else, which the request
 * wrapper only toasts (issue 8 §3).
 */
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { App } from 'antd';
import { LogoMark } from '../../components/Logo';
import { PageLoading } from '../../components/PageLoading';
import { useLogout } from '../../components/SiteHeader/useLogout';
import { useSession } from '../../stores/session';
import { accountName } from '../../utils/format';
import { ADMIN_NAV } from './nav';
import './admin.css';

export default function AdminLayout() {
  const { userInfo } = useSession();
  const logout = useLogout();
  return (
    <App component={false}>
      <div className="admin-shell">
        <header className="admin-top">
          <Link to="/admin" className="admin-brand">
            <LogoMark size={26} />
            <span>运营后台</span>
          </Link>
          <div className="admin-top-right">
            <span className="admin-user" title="当前运营人员">
              {accountName(userInfo)}
            </span>
            <Link to="/home" className="admin-top-link">
              返回前台
            </Link>
            <button type="button" className="admin-top-link admin-logout" onClick={() => void logout()}>
              退出登录
            </button>
          </div>
        </header>
        <div className="admin-body">
          <nav className="admin-nav" aria-label="后台导航">
            {ADMIN_NAV.map((n) => (
              <NavLink key={n.to} to={n.to}>
                {n.label}
              </NavLink>
            ))}
          </nav>
          <main className="admin-main">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </App>
  );
}
