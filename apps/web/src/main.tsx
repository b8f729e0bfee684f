/**
 * Entry: TanStack Query and the data router built from the route table (DESIGN.md Web app
 * conventions). Wires the request wrapper to the router (navigation, the current page's `auth`).
 * Issue 16 (first paint): no antd here — pages built with antd bring its theme and zh_CN locale with
 * their own code (lazyPage.tsx, antd/AntdScope.tsx); index.html paints the site header before any
 * JavaScript runs, and React takes the page over once the current URL's layout and page code are
 * loaded (in parallel), so its first render replaces the HTML shell by the finished layout.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureRequest } from './api/request';
import { startViewPrefetch } from './api/viewPrefetch';
import { preloadRoute } from './lazyPage';
import { asHandle } from './routeHandle';
import { routes } from './routes';
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

/** Errors are toasted once by the request wrapper, so queries do not retry by default. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

const rootEl = document.getElementById('root');
if (rootEl) {
  void preloadRoute(routes, window.location.pathname).then(() => {
    createRoot(rootEl).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
