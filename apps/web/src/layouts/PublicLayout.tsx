/**
 * Light layout of the public certificate, ledger and query pages (spec p1 §2, p2 §2): logo, a
 * link to certificate lookup, login/register (or the user's evidence list when logged in) and the
 * footer. Plain markup and CSS only, so a first visit to `/attestation/{baoquan}` loads no
 * account-area or menu code (issue 2 §8).
 */
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { loginPath } from '../api/request';
import { Logo } from '../components/Logo';
import { PageLoading } from '../components/PageLoading';
import { SiteFooter } from '../components/SiteFooter';
import { useSession } from '../stores/session';
import { accountName } from '../utils/format';

export function PublicLayout() {
  const { token, userInfo } = useSession();
  const location = useLocation();
  return (
    <div className="public-shell">
      <header className="public-header">
        <div className="public-header-inner">
          <Logo />
          <nav className="public-nav" aria-label="主导航">
            <NavLink to="/queryAuthentication/safekeeping">证书查询</NavLink>
            {token ? (
              <Link to="/attestation-all/data" className="public-nav-account" title="进入数据存证">
                {accountName(userInfo) || '我的存证'}
              </Link>
            ) : (
              <>
                <Link to="/register">注册</Link>
                <Link to={loginPath(`${location.pathname}${location.search}`)} className="public-nav-login">
                  登录
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main className="public-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
