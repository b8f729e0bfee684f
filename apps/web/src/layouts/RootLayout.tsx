/**
 * The root of the route tree: sets the document title from the matched route's handle, sends
 * logged-out visitors of login-required routes to `/login?redirect=<full path>` and visitors
 * whose stored ROLE is not allowed to the 404 page (spec p2 §2, §6; DESIGN.md Web app conventions).
 * Routes for operators (roles ['operator']) are left to the server's 403.
 */
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { loginPath } from '../api/request';
import { PageLoading } from '../components/PageLoading';
import { config } from '../env';
import { asHandle } from '../routeHandle';
import { useSession } from '../stores/session';

/** `"{title} - {site}"`, or the site name and slogan without a title. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${config.siteName}` : `${config.siteName} - ${config.siteSlogan}`;
}

export function RootLayout() {
  const matches = useMatches();
  const location = useLocation();
  const { token, role } = useSession();
  const handles = matches.map((m) => asHandle(m.handle));
  const title = [...handles].reverse().find((h) => h.title)?.title;
  const needsAuth = handles.some((h) => h.auth === true);
  const roles = [...handles].reverse().find((h) => h.roles)?.roles;

  // A layout effect runs before the pages' own effects, so a page may refine the title
  // (e.g. a certificate adds its number).
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    // A new page starts at the top unless it targets an anchor.
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);

  if (needsAuth && !token) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  // 'operator' is an account role, not a ROLE value: the server enforces it (every /api/admin/* call
  // answers 403 to anyone else, handled by the request wrapper), so it is not checked here.
  if (roles && !roles.includes('operator') && !roles.includes(role || '1')) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
