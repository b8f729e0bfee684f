/**
 * The route table's gates (issue 8 §3), rendered with a memory router against a real local API server:
 * a logged-in user who opens /login, /register or /forgetpwd goes to the `redirect` target or home
 * (/overview), not to the form; a logged-in non-operator who opens /admin/* sees 无权访问 inside the
 * main layout and stays logged in, while an operator gets the console.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../test/server';
import { configureRequest } from '../api/request';
import type { UserInfo } from '../api/types';
import { routes } from '../routes';
import { clearSession, getSession, startSession } from '../stores/session';
import { signedInPath } from '../pages/auth/components/redirect';

let server: TestServer;
let serverUser: UserInfo = { userId: 1, userStatus: 3, status: 1, role: 'user', points: 0, newsNum: 0 };

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.url.startsWith('/api/user/info')) return { json: { code: 200, msg: '', data: serverUser } };
    if (req.url.startsWith('/api/admin/')) return { json: { code: serverUser.role === 'operator' ? 200 : 403, msg: serverUser.role === 'operator' ? '' : MSG.FORBIDDEN, data: { list: [], count: 0 } } };
    if (req.url.startsWith('/api/news/notice')) return { json: { code: 200, msg: '', data: null } };
    return { json: { code: 200, msg: '', data: { list: [], count: 0 } } };
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  configureRequest({ apiBase: server.url, toastError: () => {} });
});
afterEach(() => clearSession());

const SLOW = { timeout: 20_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  configureRequest({
    navigate: (to) => void router.navigate(to),
    currentPath: () => router.state.location.pathname + router.state.location.search,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

describe('logged-in users do not get the login, register and reset forms', { timeout: 40_000 }, () => {
  for (const form of ['/login', '/register', '/forgetpwd']) {
    it(`${form} → /overview`, async () => {
      serverUser = { ...serverUser, role: 'user' };
      startSession('tok-1', serverUser);
      const router = renderAt(form);
      await waitFor(() => expect(router.state.location.pathname).toBe('/overview'), SLOW);
      expect(getSession().token).toBe('tok-1');
    });
  }

  it('/login?redirect=… → the redirect target', async () => {
    startSession('tok-1', serverUser);
    const router = renderAt(`/login?redirect=${encodeURIComponent('/attestation-all/data?page=2')}`);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/attestation-all/data?page=2'), SLOW);
  });

  it('a logged-out visitor still gets the form', async () => {
    const router = renderAt('/login');
    expect(await screen.findByText('密码登录', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('targets: unsafe redirects refused, operators to the console, members to their list', () => {
    expect(signedInPath('https://evil.example/', { role: 'user' }, '1')).toBe('/overview');
    expect(signedInPath('//evil.example/', { role: 'user' }, '1')).toBe('/overview');
    expect(signedInPath(null, { role: 'operator' }, '')).toBe('/admin');
    expect(signedInPath(null, { role: 'user' }, '2')).toBe('/attestation-all/data');
    expect(signedInPath('/evidences-all/web', { role: 'user' }, '1')).toBe('/evidences-all/web');
  });
});

describe('/admin for a non-operator', { timeout: 40_000 }, () => {
  it('shows 无权访问 inside the app, keeps the session and calls no operator API', async () => {
    serverUser = { ...serverUser, role: 'user' };
    startSession('tok-2', serverUser);
    const router = renderAt('/admin/users');
    expect(await screen.findByText(MSG.FORBIDDEN, {}, SLOW)).toBeTruthy();
    // Inside the main layout: the site header is there.
    expect(document.querySelector('.app-shell')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(getSession().token).toBe('tok-2');
    expect(server.requests.filter((r) => r.url.startsWith('/api/admin/'))).toEqual([]);
  });

  it('an operator gets the console', async () => {
    serverUser = { ...serverUser, role: 'operator' };
    startSession('tok-3', serverUser);
    renderAt('/admin/users');
    expect(await screen.findByText('运营后台', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.url.startsWith('/api/admin/'))).toBe(true), SLOW);
    expect(screen.queryByText(MSG.FORBIDDEN)).toBeNull();
  });
});
