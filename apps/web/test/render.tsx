/**
 * Renders a page for component tests the way the app does: a memory router (so navigation can be
 * asserted), TanStack Query, antd's ConfigProvider (zh_CN) and App context (message, modal), plus an
 * optional header above the page. Returns the router.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export interface RenderPageOptions {
  /** Path the page is mounted at (and the initial location). */
  path: string;
  /** Initial location when it differs from `path` (e.g. with a query). */
  at?: string;
  /** Rendered above the page inside the router (e.g. the site header). */
  header?: ReactNode;
}

export function renderPage(page: ReactNode, opts: RenderPageOptions) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            {opts.header}
            <Outlet />
          </>
        ),
        children: [
          { path: opts.path, element: page },
          { path: '*', element: <div>其他页面</div> },
        ],
      },
    ],
    { initialEntries: [opts.at ?? opts.path] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={qc}>
        <App>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { router, qc, ...result };
}

/** antd puts a space between two Chinese characters on a button (确定 → 确 定). */
export const btn = (text: string): RegExp => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);
