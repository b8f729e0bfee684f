/**
 * The main layout (spec p2 §2): header, verification banner, page and footer. Used by the home,
 * login/register and account pages; loaded lazily so public certificate pages never fetch it.
 * antd's App component (context-aware message/modal for `App.useApp()`) wraps the account area.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { App } from 'antd';
import { PageLoading } from '../../components/PageLoading';
import { SiteFooter } from '../../components/SiteFooter';
import { useSession } from '../../stores/session';
import { AppHeader } from './AppHeader';
import { RequestToastBridge } from './RequestToastBridge';
import { useUserInfoRefresh } from './useUserInfoRefresh';
import { VerifyBanner } from './VerifyBanner';

export default function MainLayout() {
  const { token, userInfo, role } = useSession();
  useUserInfoRefresh();
  return (
    <App className="app-shell">
      <RequestToastBridge />
      <AppHeader />
      {token ? <VerifyBanner userInfo={userInfo} role={role} /> : null}
      <main className="app-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </App>
  );
}
