/**
 * /notifications with the site header against a real local HTTP server that keeps the messages
 * (spec p1 §2, §4, §7–9; p2 §2 badge): unread rows styled differently, a click on an unread row reads
 * it, 全部已读 and 删除选中 (with confirmation, 请选择消息 when nothing is ticked), 10 per page — and the
 * header badge (GET /api/News/unread) follows each action without a reload.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { btn, renderPage } from '../../../../test/render';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { SiteHeader } from '../../../components/SiteHeader';
import { startSession } from '../../../stores/session';
import NotificationsPage from './index';

interface News {
  newsId: number;
  str: string;
  addTime: number;
  isRead: '0' | '1';
}

let server: TestServer;
let news: News[] = [];
const unread = () => news.filter((n) => n.isRead === '0').length;
const ok = (data: unknown, msg = '') => ({ json: { code: 200, msg, data } });

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    const body = Object.fromEntries(new URLSearchParams(req.body.toString()));
    if (path === '/api/News/unread') return ok({ count: unread() });
    if (path === '/api/News/listing') {
      const page = Number(body.page ?? 1);
      return ok({ list: news.slice((page - 1) * 10, page * 10), count: news.length, unread: unread() });
    }
    if (path === '/api/News/read') {
      const ids = body.newsId === 'all' ? news.map((n) => n.newsId) : String(body.newsId).split(',').map(Number);
      news = news.map((n) => (ids.includes(n.newsId) ? { ...n, isRead: '1' } : n));
      return ok(null, MSG.OPERATION_SUCCESS);
    }
    if (path === '/api/News/del') {
      const ids = String(body.newsId).split(',').map(Number);
      news = news.filter((n) => !ids.includes(n.newsId));
      return ok(null, MSG.DELETE_SUCCESS);
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/notifications', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  news = Array.from({ length: 12 }, (_, i) => ({ newsId: 12 - i, str: `消息${12 - i}：您的存证已完成`, addTime: 1_763_700_000 - i * 60, isRead: i < 3 ? '0' : '1' }));
  startSession('tok', { userId: 1, userStatus: 3, status: 1, newsNum: 0 });
});

const SLOW = { timeout: 15_000 };
const bell = () => screen.getByRole('link', { name: /^消息通知/ });
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const calls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path).map((r) => Object.fromEntries(new URLSearchParams(r.body.toString())));

function renderIt() {
  return renderPage(<NotificationsPage />, { path: '/notifications', header: <SiteHeader menu={[]} /> });
}

describe('notifications page and header badge', { timeout: 30_000 }, () => {
  it('styles unread rows, pages by 10, and reads a row on click (badge 3 → 2)', async () => {
    renderIt();
    await screen.findByText('消息12：您的存证已完成', {}, SLOW);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知，3条未读'));
    expect(within(bell()).getByText('3')).toBeTruthy();
    expect(screen.getAllByRole('row').length - 1).toBe(10);
    expect(row('消息12：您的存证已完成').className).toContain('news-unread');
    expect(row('消息9：您的存证已完成').className).not.toContain('news-unread');

    // A read row does nothing; an unread row is read.
    fireEvent.click(row('消息9：您的存证已完成'));
    fireEvent.click(row('消息12：您的存证已完成'));
    await waitFor(() => expect(calls('/api/News/read')).toEqual([{ newsId: '12' }]));
    await waitFor(() => expect(row('消息12：您的存证已完成').className).not.toContain('news-unread'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知，2条未读'));

    // Second page.
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('消息2：您的存证已完成')).toBeTruthy();
    expect(calls('/api/News/listing').at(-1)).toEqual({ page: '2' });
  });

  it('全部已读 reads everything and hides the badge', async () => {
    renderIt();
    await screen.findByText('消息12：您的存证已完成', {}, SLOW);
    await waitFor(() => expect(within(bell()).getByText('3')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: btn('全部已读') }));
    expect(await screen.findByText(MSG.OPERATION_SUCCESS)).toBeTruthy();
    expect(calls('/api/News/read')).toEqual([{ newsId: 'all' }]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知'));
    expect(bell().querySelector('.site-badge')).toBeNull();
    expect(document.querySelectorAll('tr.news-unread')).toHaveLength(0);
  });

  it('删除选中 asks for a selection, confirms, deletes and updates list and badge', async () => {
    renderIt();
    await screen.findByText('消息12：您的存证已完成', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '删除选中' }));
    expect(await screen.findByText(MSG.NEWS_SELECT)).toBeTruthy();

    // Ticking a checkbox selects without reading.
    fireEvent.click(within(row('消息12：您的存证已完成')).getByRole('checkbox'));
    fireEvent.click(within(row('消息11：您的存证已完成')).getByRole('checkbox'));
    expect(calls('/api/News/read')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '删除选中' }));
    expect(await screen.findByText('确定删除选中的 2 条消息吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: btn('确定') }));
    expect(await screen.findByText(MSG.DELETE_SUCCESS)).toBeTruthy();
    expect(calls('/api/News/del')).toEqual([{ newsId: '12,11' }]);
    await waitFor(() => expect(screen.queryByText('消息12：您的存证已完成')).toBeNull());
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('消息通知，1条未读'));
  });
});
