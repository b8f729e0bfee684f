/**
 * Layout of the public certificate, ledger and query pages (spec p1 §2, p2 §2): the site header and
 * footer around the page. The header is plain markup, so a first visit to `/attestation/{baoquan}`
 * loads no account-area or menu-library code (issue 2 §8).
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import type { MenuEntry } from '../routeHandle';

export function PublicLayout({ getMenu }: { getMenu: () => MenuEntry[] }) {
  return (
    <div className="public-shell">
      <SiteHeader menu={getMenu()} />
      <main className="public-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
