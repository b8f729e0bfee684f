/**
 * Entry: providers (antd zh_CN + App context, TanStack Query) and the data router built from the
 * route table (DESIGN.md Web app conventions). Also wires the request wrapper to the router
 * (navigation, current page's `auth`) and to antd's context-aware toasts.
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureRequest } from './api/request';
import { asHandle } from './routeHandle';
import { routes } from './routes';
import { theme } from './theme';
import './styles/global.css';

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

/** Errors are toasted once by the request wrapper, so queries do not retry by default. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** Hands antd's context-aware `message` to the request wrapper. */
function RequestToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureRequest({
      toastError: (msg) => {
        void message.error(msg);
      },
    });
  }, [message]);
  return null;
}

const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp>
          <RequestToastBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
