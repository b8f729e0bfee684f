/**
 * Entry: providers (antd zh_CN, TanStack Query) and the data router built from the route table
 * (DESIGN.md Web app conventions). Wires the request wrapper to the router (navigation, the
 * current page's `auth`). antd's static methods (message, Modal.confirm) render inside the same
 * ConfigProvider through `holderRender`, so public pages get the theme and locale without antd's
 * App component; the account area adds App in its layout.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureRequest } from './api/request';
import { startViewPrefetch } from './api/viewPrefetch';
import { asHandle } from './routeHandle';
import { routes } from './routes';
import { theme } from './theme';
import './styles/global.css';

// Issue 16: a certificate page's data is asked for now, in parallel with the page's code (api/viewPrefetch.ts).
startViewPrefetch();

const router = createBrowserRouter(routes);

configureRequest({
  navigate: (to) => {
    void router.navigate(to);
  },
  currentPath: () => {
    const l = router.state.location;
    return `${l.pathname}${l.search}${l.hash}`;
  },
  requiresLogin: () => router.state.matches.some((m) => asHandle(m.route.handle).auth === true),
});

ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

/** Errors are toasted once by the request wrapper, so queries do not retry by default. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <ConfigProvider locale={zhCN} theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}
