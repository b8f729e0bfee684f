/**
 * The 公告 dialog's once-only logic against a real local HTTP server (spec p2 §1–2; issue 5 §3):
 * a visitor sees an announcement once per browser (localStorage), a logged-in user until the server's
 * read flag is set (POST /api/news/noticeRead sent when shown); the dialog is titled 公告, 788 px wide,
 * and shows the content as text.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_WIDTH } from '@cunzheng/contract/constants';
import { UI } from '@cunzheng/contract/messages';
import { btn, renderPage } from '../../../test/render';
import { startServer, type TestServer } from '../../../test/server';
import { configureRequest } from '../../api/request';
import { clearSession, startSession } from '../../stores/session';
import { AnnouncementGate } from './index';
import { SEEN_KEY, shouldShowNotice } from './seen';

let server: TestServer;
let notice: { id: number; title: string; content: string; publishedAt: number; read: boolean } | null = null;
/** Ids the server has recorded as read, by bearer token. */
const reads = new Map<string, number[]>();

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    const token = String(req.headers.authorization ?? '').replace('Bearer ', '');
    if (path === '/api/news/notice') return { json: { code: 200, msg: '', data: notice && { ...notice, read: token !== '' && (reads.get(token) ?? []).includes(notice.id) } } };
    if (path === '/api/news/noticeRead') {
      const id = Number(new URLSearchParams(req.body.toString()).get('id'));
      reads.set(token, [...(reads.get(token) ?? []), id]);
      return { json: { code: 200, msg: '操作成功', data: null } };
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/home', requiresLogin: () => false });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  reads.clear();
  clearSession();
  notice = { id: 7, title: '关于系统维护的公告', content: '本平台将于周六 02:00–04:00 维护。\n<b>期间</b>暂停存证。', publishedAt: 1_763_700_000, read: false };
});

const SLOW = { timeout: 15_000 };
const noticeReads = () => server.requests.filter((r) => r.url === '/api/news/noticeRead').map((r) => new URLSearchParams(r.body.toString()).get('id'));

/** Renders the gate, waits for the notice call to be answered, returns whether the dialog showed. */
async function showsDialog(): Promise<boolean> {
  const before = server.requests.filter((r) => r.url.startsWith('/api/news/notice')).length;
  const view = renderPage(<AnnouncementGate />, { path: '/home' });
  await waitFor(() => expect(server.requests.filter((r) => r.url.startsWith('/api/news/notice')).length).toBeGreaterThan(before), SLOW);
  const shown = await screen.findByRole('dialog', {}, { timeout: 3000 }).then(
    () => true,
    () => false,
  );
  view.unmount();
  return shown;
}

describe('announcement dialog', { timeout: 30_000 }, () => {
  it('shows 公告 at 788 px with the text content (no HTML), closed with 我知道了', async () => {
    // Shown ids are remembered for the life of the page (module state), so each test uses its own id or token.
    notice = { ...notice!, id: 6 };
    renderPage(<AnnouncementGate />, { path: '/home' });
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(screen.getByText(UI.ANNOUNCEMENT_TITLE)).toBeTruthy();
    expect(screen.getByText('关于系统维护的公告')).toBeTruthy();
    expect(screen.getByText(/<b>期间<\/b>暂停存证/)).toBeTruthy();
    expect(dialog.closest('.ant-modal')?.getAttribute('style') ?? (dialog as HTMLElement).style.width).toContain(`${ANNOUNCEMENT_WIDTH}px`);
    fireEvent.click(screen.getByRole('button', { name: btn('我知道了') }));
    await waitFor(() => expect(screen.queryByText('关于系统维护的公告')).toBeNull());
  });

  it('a visitor sees each announcement once per browser', async () => {
    expect(await showsDialog()).toBe(true);
    expect(JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]')).toEqual([7]);
    expect(noticeReads()).toEqual([]);
    expect(await showsDialog()).toBe(false);
    // A new announcement shows again.
    notice = { ...notice!, id: 8, title: '新的公告' };
    expect(await showsDialog()).toBe(true);
  });

  it('a logged-in user sees it until the server records it as read', async () => {
    // An id no visitor saw in this page's life (one shown to the visitor counts as read after login).
    notice = { ...notice!, id: 9 };
    startSession('tok-a', { userId: 1, userStatus: 3, status: 1 });
    expect(await showsDialog()).toBe(true);
    await waitFor(() => expect(noticeReads()).toEqual(['9']));
    // Even with the browser's memory cleared, the server's flag keeps it from showing again.
    localStorage.removeItem(SEEN_KEY);
    expect(await showsDialog()).toBe(false);
    // Another user on this browser still sees it once.
    startSession('tok-b', { userId: 2, userStatus: 3, status: 1 });
    expect(await showsDialog()).toBe(true);
  });

  it('not over the login, register and reset forms, and not again after logging in (issue 8 §3)', async () => {
    notice = { ...notice!, id: 21, title: '登录页公告' };
    for (const form of ['/login', '/register', '/forgetpwd']) {
      const view = renderPage(<AnnouncementGate />, { path: form });
      await waitFor(() => expect(server.requests.filter((r) => r.url.startsWith('/api/news/notice')).length).toBeGreaterThan(0), SLOW);
      expect(await screen.findByRole('dialog', {}, { timeout: 2000 }).then(() => true, () => false)).toBe(false);
      view.unmount();
    }
    expect(localStorage.getItem(SEEN_KEY)).toBeNull();
    // After logging in the user sees it once.
    startSession('tok-login', { userId: 3, userStatus: 3, status: 1 });
    expect(await showsDialog()).toBe(true);
    expect(await showsDialog()).toBe(false);
  });

  it('seen on the home page, then logged in: marked read for the account, not shown again', async () => {
    notice = { ...notice!, id: 22, title: '首页公告' };
    expect(await showsDialog()).toBe(true);
    startSession('tok-c', { userId: 4, userStatus: 3, status: 1 });
    expect(await showsDialog()).toBe(false);
    await waitFor(() => expect(noticeReads()).toEqual(['22']));
    expect(server.requests.find((r) => r.url === '/api/news/noticeRead')?.headers.authorization).toBe('Bearer tok-c');
  });

  it('nothing is shown without an announcement', async () => {
    notice = null;
    expect(await showsDialog()).toBe(false);
  });
});

describe('shouldShowNotice', () => {
  const n = { id: 3, title: 't', content: 'c', publishedAt: 0, read: false };
  it('follows the server flag when logged in and localStorage otherwise', () => {
    expect(shouldShowNotice(null, false)).toBe(false);
    expect(shouldShowNotice(n, true)).toBe(true);
    expect(shouldShowNotice({ ...n, read: true }, true)).toBe(false);
    expect(shouldShowNotice(n, false)).toBe(true);
    localStorage.setItem(SEEN_KEY, '[3]');
    expect(shouldShowNotice(n, false)).toBe(false);
    localStorage.setItem(SEEN_KEY, 'not json');
    expect(shouldShowNotice(n, false)).toBe(true);
  });
});
