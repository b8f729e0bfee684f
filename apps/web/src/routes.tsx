/**
 * THE route table of spec p2 §2 (DESIGN.md Web app conventions): every page of the app is listed
 * here and nowhere else. Each route's `handle` says its document title, whether it needs login
 * (`auth`: logged-out visitors go to `/login?redirect=<full path>`), which stored ROLE values may
 * open it (`roles`) and whether/how it appears in the header menu (`menu`).
 *
 * Only pages that exist are registered; later issues add theirs. Every page is lazy-loaded, and
 * the public certificate pages sit under a light layout, so a first visit to
 * `/attestation/{baoquan}` does not download the account area (issue 2 §8).
 */
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/RootLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RouteError } from './layouts/RouteError';
import { asHandle, type MenuEntry, type RouteHandle } from './routeHandle';

export { asHandle, type MenuEntry, type MenuHandle, type RouteHandle } from './routeHandle';

// Layouts: the main (account) layout is lazy; the public layout is small (plain markup), loaded
// with the entry so a certificate page needs no extra round trip for it.
const MainLayout = lazy(() => import('./layouts/MainLayout/index.tsx'));
// antd's App context (App.useApp message/modal) for the pages that use it; not needed by /home.
const AntdApp = lazy(() => import('./layouts/AntdAppLayout.tsx'));

// Account-side pages.
const Home = lazy(() => import('./pages/home/Home/index.tsx'));
const Login = lazy(() => import('./pages/auth/Login/index.tsx'));
const Register = lazy(() => import('./pages/auth/Register/index.tsx'));
const ForgetPwd = lazy(() => import('./pages/auth/ForgetPwd/index.tsx'));
const DataList = lazy(() => import('./pages/attestation/Data/index.tsx'));
const DataDownload = lazy(() => import('./pages/attestation/Download/index.tsx'));
const NotFound = lazy(() => import('./pages/error/NotFound/index.tsx'));

// Public certificate, ledger and query pages (written by web B).
const Attestation = lazy(() => import('./pages/certificate/Attestation/index.tsx'));
const EnglishAttestation = lazy(() => import('./pages/certificate/EnglishAttestation/index.tsx'));
const MobileAttestation = lazy(() => import('./pages/certificate/MobileAttestation/index.tsx'));
const LedgerExplorer = lazy(() => import('./pages/ledger/Explorer/index.tsx'));
const Safekeeping = lazy(() => import('./pages/query/Safekeeping/index.tsx'));

/** Handles, named so the header can build its menu from them. */
const H = {
  home: { title: '首页', menu: { label: '首页', order: 10 } },
  login: { title: '登录' },
  register: { title: '注册' },
  forgetpwd: { title: '找回密码' },
  attestationAll: { title: '数据存证', auth: true, menu: { label: '数据存证', order: 20 } },
  data: { title: '数据存证', auth: true },
  download: { title: '批量下载', auth: true },
  attestation: { title: '保全证书' },
  englishAttestation: { title: 'Preservation Certificate' },
  mobileAttestation: { title: '保全证书' },
  ledger: { title: '账本浏览器' },
  safekeeping: { title: '证书查询', menu: { label: '证书查询', order: 30 } },
  notFound: { title: '页面不存在' },
} satisfies Record<string, RouteHandle>;

/** The route objects given to `createBrowserRouter` (history mode). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout getMenu={getMenu} />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          { path: '/home', element: <Home />, handle: H.home },
          {
            element: <AntdApp />,
            children: [
              { path: '/login', element: <Login />, handle: H.login },
              { path: '/register', element: <Register />, handle: H.register },
              { path: '/forgetpwd', element: <ForgetPwd />, handle: H.forgetpwd },
              {
                path: '/attestation-all',
                handle: H.attestationAll,
                children: [
                  { index: true, element: <Navigate to="/attestation-all/data" replace /> },
                  { path: 'data', element: <DataList />, handle: H.data },
                  { path: 'data/download', element: <DataDownload />, handle: H.download },
                ],
              },
            ],
          },
          { path: '/404', element: <NotFound />, handle: H.notFound },
          { path: '*', element: <NotFound />, handle: H.notFound },
        ],
      },
      {
        element: <PublicLayout getMenu={getMenu} />,
        children: [
          { path: '/attestation/:attestationId', element: <Attestation />, handle: H.attestation },
          { path: '/English/attestation/:attestationId', element: <EnglishAttestation />, handle: H.englishAttestation },
          { path: '/ledger/:chainhash', element: <LedgerExplorer />, handle: H.ledger },
          { path: '/queryAuthentication/safekeeping', element: <Safekeeping />, handle: H.safekeeping },
        ],
      },
      // The mobile certificate is shown bare (opened from a QR code inside apps).
      { path: '/mobile/attestation/:attestationId/:token', element: <MobileAttestation />, handle: H.mobileAttestation },
    ],
  },
];

let menuCache: MenuEntry[] | null = null;

/** The header menu of this route table (computed once; layouts call it while rendering). */
export function getMenu(): MenuEntry[] {
  menuCache ??= menuEntries(routes);
  return menuCache;
}

/** Collects the header menu from the route table (routes whose handle has `menu`). */
export function menuEntries(list: RouteObject[] = routes, parent = ''): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const r of list) {
    const path = r.path ? (r.path.startsWith('/') ? r.path : `${parent}/${r.path}`) : parent;
    const h = asHandle(r.handle);
    if (h.menu && r.path) out.push({ path, label: h.menu.label, order: h.menu.order, hideForRoles: h.menu.hideForRoles, auth: h.auth === true });
    if (r.children) out.push(...menuEntries(r.children, path));
  }
  return out.sort((a, b) => a.order - b.order);
}
