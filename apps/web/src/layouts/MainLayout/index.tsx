/**
 * The main layout (spec p2 §2): header, verification banner, page and footer, for the home,
 * login/register and account pages. Keeps the stored user info fresh while logged in and shows the
 * current announcement once (spec p2 §1–2). Loaded lazily so the public certificate pages never fetch it.
 */
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AnnouncementGate } from '../../components/AnnouncementDialog';
import { PageLoading } from '../../components/PageLoading';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteHeader } from '../../components/SiteHeader';
import type { MenuEntry } from '../../routeHandle';
import { useSession } from '../../stores/session';
import { useUserInfoRefresh } from './useUserInfoRefresh';
import { VerifyBanner } from './VerifyBanner';

/** The shell around the matched page (`<Outlet />`), or around `children` when given (e.g. the 403 page of /admin). */
export default function MainLayout({ getMenu, children }: { getMenu: () => MenuEntry[]; children?: ReactNode }) {
  const { token, userInfo, role } = useSession();
  useUserInfoRefresh();
  return (
    <div className="app-shell">
      <SiteHeader menu={getMenu()} />
      {token ? <VerifyBanner userInfo={userInfo} role={role} /> : null}
      <main className="app-main">
        <Suspense fallback={<PageLoading />}>
          {children ?? <Outlet />}
        </Suspense>
      </main>
      <SiteFooter />
      <AnnouncementGate />
    </div>
  );
}
