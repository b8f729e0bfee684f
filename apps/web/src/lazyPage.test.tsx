/**
 * lazyPage (issue 16): `preloadRoute` loads every lazy layout and page of the matched routes at once
 * (nested ones too, and pages inside wrappers such as GuestOnly), a component whose code is already here
 * renders without suspending (no fallback in between), and `{ antd: true }` pages get antd's zh_CN locale.
 * `routeModules` (build time) lists each path's source modules as `preloadRoute` would load them.
 */
import { Suspense, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet, createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Pagination } from 'antd';
import { page, preloadRoute, routeModules } from './lazyPage';

function counting<P extends object>(C: (p: P) => ReactNode) {
  const calls = { n: 0 };
  const load = () => {
    calls.n++;
    return Promise.resolve({ default: C });
  };
  return { calls, load };
}

describe('lazyPage', () => {
  it('preloads the layout and the page of a URL in parallel, once each, and renders them without a fallback', async () => {
    const layout = counting(() => (
      <div>
        layout <Outlet />
      </div>
    ));
    const inner = counting(({ who }: { who: string }) => <p>page {who}</p>);
    const other = counting(() => <p>other</p>);
    const Layout = page(layout.load);
    const Inner = page(inner.load);
    const Other = page(other.load);
    const Wrap = ({ children }: { children: ReactNode }) => <section>{children}</section>;
    const routes: RouteObject[] = [
      { element: <Layout />, children: [{ path: '/a', element: <Wrap><Inner who="A" /></Wrap> }, { path: '/b', element: <Other /> }] },
    ];
    await preloadRoute(routes, '/a');
    expect([layout.calls.n, inner.calls.n, other.calls.n]).toEqual([1, 1, 0]);
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    render(
      <Suspense fallback={<p>fallback</p>}>
        <RouterProvider router={router} />
      </Suspense>,
    );
    // Synchronously there: the first render did not suspend.
    expect(screen.getByText('page A')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(layout.calls.n).toBe(1);
  });

  it('loads a page that was not preloaded on render, and an antd page with the zh_CN locale', async () => {
    const AntdPage = page(() => Promise.resolve({ default: () => <Pagination total={500} showQuickJumper /> }), { antd: true });
    render(
      <Suspense fallback={<p>fallback</p>}>
        <AntdPage />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    // zh_CN: 跳至 [input] 页 (the default locale says Go to … Page).
    await waitFor(() => expect(document.body.textContent).toContain('跳至'), { timeout: 20_000 });
  });

  it('asks again for a chunk that failed to load', async () => {
    let n = 0;
    const Flaky = page(async () => {
      if (++n === 1) throw new Error('chunk');
      return { default: () => <p>ok</p> };
    });
    await preloadRoute([{ path: '/', element: <Flaky /> }], '/');
    await preloadRoute([{ path: '/', element: <Flaky /> }], '/');
    expect(n).toBe(2);
  });

  it('lists the source modules of every path of a route table, layouts first, from the build-time src marks', () => {
    const marked = (src: string) => Object.assign(() => Promise.resolve({ default: () => <Outlet /> }), { src });
    const Layout = page(marked('src/Layout.tsx'));
    const A = page(marked('src/A.tsx'));
    const Idx = page(marked('src/Idx.tsx'));
    const B = page(marked('src/B.tsx'));
    const Unmarked = page(() => Promise.resolve({ default: () => <p /> }));
    const Wrap = ({ children }: { children: ReactNode }) => <section>{children}</section>;
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <Wrap><A /></Wrap>, handle: { prerender: true } },
          { path: '/b', element: <B />, children: [{ index: true, element: <Idx /> }, { path: ':id', element: <A /> }] },
          { path: '/plain', element: <Unmarked /> },
          { path: '*', element: <B /> },
        ],
      },
    ];
    expect(routeModules(routes)).toEqual([
      { path: '/a', modules: ['src/Layout.tsx', 'src/A.tsx'], prerender: true },
      { path: '/b', modules: ['src/Layout.tsx', 'src/B.tsx', 'src/Idx.tsx'] },
      { path: '/b/:id', modules: ['src/Layout.tsx', 'src/B.tsx', 'src/A.tsx'] },
      { path: '/plain', modules: ['src/Layout.tsx'] },
      { path: '/*', modules: ['src/Layout.tsx', 'src/B.tsx'] },
    ]);
  });
});
