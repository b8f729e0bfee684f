/**
 * The route table and shell (spec p2 §2, §8) rendered with a memory router and a real local API
 * server: login-required routes redirect to /login?redirect=<full path>, unknown paths show the
 * 404 page, document titles come from the handles, and the logged-in header shows refreshed
 * points, the verification banner and logout (GET /api/user/logout → storage cleared, to root).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { USER_STATUS_TIP } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../test/server';
import { configureRequest } from './api/request';
import type { UserInfo } from './api/types';
import { menuEntries, routes } from './routes';
import { clearSession, getSession, startSession } from './stores/session';

let server: TestServer;
let serverUser: UserInfo = { userId: 1, userStatus: 1, status: 2, company: '示例科技有限公司', points: 987654321, newsNum: 0 };

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.url.startsWith('/api/user/info')) return { json: { code: 200, msg: '', data: serverUser } };
    if (req.url.startsWith('/api/user/logout')) return { json: { code: 200, msg: MSG.LOGOUT_SUCCESS, data: null } };
    return { json: { code: 404, msg: '接口不存在', data: null } };
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

/** Lazy pages are compiled on first use in tests: allow time. */
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

describe('route table', () => {
  it('sends logged-out visitors of login-required pages to /login with the full path', async () => {
    const router = renderAt('/attestation-all/data/download?type=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/attestation-all/data/download?type=2');
    expect(await screen.findByText('密码登录', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登录 - 存证'));
    // The logged-out header offers 注册 and 登录.
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getAllByRole('link', { name: '登录' }).length).toBeGreaterThan(0);
  });

  it('redirects /attestation-all to /attestation-all/data', async () => {
    startSession('t', serverUser);
    const router = renderAt('/attestation-all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/attestation-all/data'), SLOW);
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByText(MSG.NOT_FOUND_PAGE, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('页面不存在 - 存证'));
    fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('builds the header menu from the handles', () => {
    expect(menuEntries().map((e) => [e.path, e.label])).toEqual([
      ['/home', '首页'],
      ['/overview', '概览'],
      ['/attestation-all', '数据存证'],
      ['/evidences-all', '在线取证'],
      ['/queryAuthentication/safekeeping', '证书查询'],
      ['/notary', '在线公证'],
      ['/notary-office', '公证工作台'],
      ['/production', '产品介绍'],
      ['/personage-kyc', '实名认证'],
      ['/person-info', '认证信息'],
      ['/organization-kyc', '企业认证'],
      ['/kyc-info', '认证信息'],
      ['/member/company', '企业信息'],
      ['/setting', '基本设置'],
      ['/notifications', '消息通知'],
      ['/signature', '签章管理'],
      ['/member', '成员管理'],
      ['/orders', '订单管理'],
      ['/invoice', '发票管理'],
    ]);
  });
});

describe('logged-in header', () => {
  it('shows refreshed points, the verification tip and logs out through the API', async () => {
    startSession('tok', { ...serverUser, points: 0 });
    const router = renderAt('/404');
    // Points come from GET /api/user/info: 987654321 hundredths.
    expect(await screen.findByText('9,876,543.21', {}, SLOW)).toBeTruthy();
    expect(server.requests.some((r) => r.url.startsWith('/api/user/info') && r.headers.authorization === 'Bearer tok')).toBe(true);
    expect(screen.getByText(USER_STATUS_TIP[1] ?? '')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即认证' }).getAttribute('href')).toBe('/organization-kyc');
    expect(screen.getByRole('button', { name: /示例科技有限公司/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /示例科技有限公司/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(getSession().token).toBe(''));
    expect(localStorage.getItem('token')).toBeNull();
    expect(server.requests.some((r) => r.url === '/api/user/logout')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('hides the banner once verified', async () => {
    serverUser = { ...serverUser, userStatus: 3 };
    startSession('tok', serverUser);
    renderAt('/404');
    expect(await screen.findByText('9,876,543.21', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('立即认证')).toBeNull();
  });
});
