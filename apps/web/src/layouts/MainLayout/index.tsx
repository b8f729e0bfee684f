/**
 * The main layout (spec p2 §2): header, verification banner, page and footer. Used by the home,
 * login/register and account pages; loaded lazily so public certificate pages never fetch it.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { SiteFooter } from '../../components/SiteFooter';
import { useSession } from '../../stores/session';
import { AppHeader } from './AppHeader';
import { useUserInfoRefresh } from './useUserInfoRefresh';
import { VerifyBanner } from './VerifyBanner';

export default function MainLayout() {
  const { token, userInfo, role } = useSession();
  useUserInfoRefresh();
  return (
    <div className="app-shell">
      <AppHeader />
      {token ? <VerifyBanner userInfo={userInfo} role={role} /> : null}
      <main className="app-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
