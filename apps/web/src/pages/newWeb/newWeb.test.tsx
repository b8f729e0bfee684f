/**
 * /newWeb (issue 4 §3) against a real local HTTP server (no mocked fetch): the address is checked
 * with the shared validator before anything is sent (网页地址格式错误,请重新输入), the preview card,
 * the capture's progress polled through webstatus until done (link to /evidencesWeb/{baoquan}) or
 * failed (the reason shown), and the batch tab: pre-checks, the per-URL validation table, the
 * server's msg on start and the per-item progress table.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type Recorded, type TestServer } from '../../../test/server';
import { configureRequest } from '../../api/request';
import { startSession } from '../../stores/session';
import NewWebPage from './index';
import { pollStatuses } from './poll';

// The machine is shared: allow slow renders before giving up on an awaited element.
configure({ asyncUtilTimeout: 10_000 });

const POLL_MS = 25;
const BQ = 'BQ20261122WEB001';
const CHAIN = 'ab'.repeat(32);

let server: TestServer;
/** Status sequence answered per capture id (the last one repeats). */
let sequences: Record<number, Array<{ status: 0 | 1 | 2 | 3; reason?: string }>> = {};
const asked: Record<number, number> = {};

function status(id: number) {
  const seq = sequences[id] ?? [];
  const n = asked[id] ?? 0;
  asked[id] = n + 1;
  const s = seq[Math.min(n, seq.length - 1)] ?? { status: 0 };
  const done = s.status === 2;
  return {
    code: 200,
    msg: '',
    data: { id, status: s.status, reason: s.reason ?? '', baoquan: done ? `${BQ}${id}` : '', chainhash: done ? CHAIN : '', url: `https://example.com/p${id}`, title: done ? `页面${id}` : '' },
  };
}

const form = (r: Recorded) => Object.fromEntries(new URLSearchParams(r.body.toString()));

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api/webforensics/preview') return { json: { code: 200, msg: '', data: { previewId: 'p1', title: '示例新闻页', finalUrl: 'https://example.com/final', screenshotUrl: '/api/files/preview.png?sig=1' } } };
    if (path === '/api/webforensics/screenshot') return { json: { code: 200, msg: MSG.WEB_SUBMITTED, data: { id: Number(form(req).url?.endsWith('404') ? 8 : 7) } } };
    if (path === '/api/Webforensics/webstatus') {
      const id = Number(new URL(req.url, 'http://x').searchParams.get('id'));
      if (id === 404) return { json: { code: 400, msg: MSG.CAPTURE_NOT_FOUND, data: null } };
      return { json: status(id) };
    }
    if (path === '/api/webbatch/getData') {
      const urls = (form(req).urls ?? '').split('\n');
      return {
        json: {
          code: 200,
          msg: '',
          data: { batchId: 'b1', items: urls.map((url) => (url.startsWith('http') ? { url, valid: true, reason: '' } : { url, valid: false, reason: MSG.URL_FORMAT })) },
        },
      };
    }
    if (path === '/api/webbatch/pay') return { json: { code: 200, msg: MSG.WEB_BATCH_FREE, data: { batchId: 'b1', ids: [11, 12], free: true, msg: MSG.WEB_BATCH_FREE } } };
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/newWeb', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  sequences = {};
  for (const k of Object.keys(asked)) delete asked[Number(k)];
  startSession('tok', { userId: 1, userStatus: 3, status: 1 });
});

function renderPage(path = '/newWeb') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider>
      <App>
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={[path]}>
            <NewWebPage intervalMs={POLL_MS} />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

/** antd puts a space between two Chinese characters of a button (预览 → 预 览). */
const btn = (name: string) => screen.getByRole('button', { name: new RegExp(`^\\S*\\s?${[...name].join('\\s?')}$`) });
const calls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path);
const urlInput = () => screen.getByPlaceholderText('请输入要取证的网页地址');

describe('single capture: address check', { timeout: 60_000 }, () => {
  it.each(['', 'ftp://example.com/a', 'example.com', 'http://exa mple.com', 'javascript:alert(1)', 'http://999.1.1.1/'])('refuses %j before sending anything', async (value) => {
    renderPage();
    fireEvent.change(urlInput(), { target: { value } });
    fireEvent.click(btn('确认取证'));
    expect(await screen.findByText(MSG.URL_FORMAT)).toBeTruthy();
    fireEvent.click(btn('预览'));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.requests).toHaveLength(0);
  });

  it('previews a valid address: screenshot, title and final URL', async () => {
    renderPage();
    fireEvent.change(urlInput(), { target: { value: '  https://example.com/news  ' } });
    fireEvent.click(btn('预览'));
    const card = await screen.findByTestId('web-preview');
    expect(await within(card).findByText('示例新闻页')).toBeTruthy();
    expect(within(card).getByText('https://example.com/final').getAttribute('href')).toBe('https://example.com/final');
    expect(within(card).getByAltText('网页预览：示例新闻页').getAttribute('src')).toBe('/api/files/preview.png?sig=1');
    expect(form(calls('/api/webforensics/preview')[0]!)).toEqual({ url: 'https://example.com/news' });
  });
});

describe('single capture: progress', { timeout: 60_000 }, () => {
  it('polls webstatus until done, then links to the certificate and the ledger', async () => {
    sequences[7] = [{ status: 0 }, { status: 1 }, { status: 1 }, { status: 2 }];
    renderPage();
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/p7' } });
    fireEvent.change(screen.getByPlaceholderText('默认使用网页标题'), { target: { value: '证据页' } });
    fireEvent.click(btn('确认取证'));
    expect(await screen.findByText('取证进度')).toBeTruthy();
    expect(form(calls('/api/webforensics/screenshot')[0]!)).toEqual({ url: 'https://example.com/p7', title: '证据页' });
    expect(await screen.findByText('取证完成', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(`${BQ}7`)).toBeTruthy();
    expect(screen.getByRole('link', { name: /查看保全证书/ }).getAttribute('href')).toBe(`/evidencesWeb/${BQ}7`);
    expect(screen.getByRole('link', { name: CHAIN }).getAttribute('href')).toBe(`/ledger/${CHAIN}`);
    const polls = calls('/api/Webforensics/webstatus');
    expect(polls.length).toBe(4);
    expect(polls.every((r) => r.url === '/api/Webforensics/webstatus?id=7' && r.headers.authorization === 'Bearer tok')).toBe(true);
    // Polling stopped once done.
    await new Promise((r) => setTimeout(r, POLL_MS * 4));
    expect(calls('/api/Webforensics/webstatus').length).toBe(4);
  });

  it('shows the reason of a failed capture and offers a retry', async () => {
    sequences[8] = [{ status: 1 }, { status: 3, reason: 'HTTP 状态码 404' }];
    renderPage();
    fireEvent.change(urlInput(), { target: { value: 'https://example.com/404' } });
    fireEvent.click(btn('确认取证'));
    expect(await screen.findByText('取证失败', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('capture-reason').textContent).toBe('HTTP 状态码 404');
    expect(btn('重新取证')).toBeTruthy();
  });

  it('keeps polling through a failed connection and stops on a business error', async () => {
    const seen: string[] = [];
    const ctrl = new AbortController();
    configureRequest({ apiBase: 'http://127.0.0.1:9' });
    const run = pollStatuses([1], { signal: ctrl.signal, intervalMs: 5, onStatus: () => {}, onError: (_id, e, final) => seen.push(`${e.code}:${final}`) });
    await waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(2));
    ctrl.abort();
    await run;
    expect(seen.every((s) => s === '0:false')).toBe(true);
    configureRequest({ apiBase: server.url });
    // An unknown capture (400 取证记录不存在) ends its polling at once.
    const errors: string[] = [];
    await pollStatuses([404], { signal: new AbortController().signal, intervalMs: 5, onStatus: () => {}, onError: (_id, e, final) => errors.push(`${e.msg}:${final}`) });
    expect(errors).toEqual([`${MSG.CAPTURE_NOT_FOUND}:true`]);
  });
});

describe('batch capture', { timeout: 60_000 }, () => {
  const openBatch = () => {
    renderPage('/newWeb?tab=batch');
    return screen.getByLabelText('网址列表');
  };

  it('checks the input before sending: none, and more than 100', async () => {
    const area = openBatch();
    fireEvent.click(btn('校验'));
    expect(await screen.findByText(MSG.WEB_URLS_REQUIRED)).toBeTruthy();
    fireEvent.change(area, { target: { value: Array.from({ length: 101 }, (_, i) => `https://example.com/${i}`).join('\n') } });
    expect(screen.getByTestId('batch-count').textContent).toContain('已输入 101 个网址');
    fireEvent.click(btn('校验'));
    expect(await screen.findByText(MSG.WEB_BATCH_TOO_MANY)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the validation table, starts the batch, shows the msg and each item progress', async () => {
    sequences[11] = [{ status: 0 }, { status: 1 }, { status: 2 }];
    sequences[12] = [{ status: 1 }, { status: 3, reason: 'DNS 解析失败' }];
    const area = openBatch();
    fireEvent.change(area, { target: { value: 'https://example.com/p11\n\n  not-a-url  \nhttps://example.com/p12\n' } });
    expect(screen.getByTestId('batch-count').textContent).toContain('已输入 3 个网址');
    fireEvent.click(btn('校验'));
    const table = await screen.findByTestId('batch-check-table');
    expect(form(calls('/api/webbatch/getData')[0]!)).toEqual({ urls: 'https://example.com/p11\nnot-a-url\nhttps://example.com/p12' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1https://example.com/p11 可取证', `2not-a-url ${MSG.URL_FORMAT}`, '3https://example.com/p12 可取证']);
    expect(screen.getByTestId('batch-summary').textContent).toBe('共 3 个网址，可取证 2 个，不可取证 1 个（将跳过）');

    fireEvent.click(btn('开始取证'));
    await waitFor(() => expect(calls('/api/webbatch/pay')).toHaveLength(1));
    expect(form(calls('/api/webbatch/pay')[0]!)).toEqual({ batchId: 'b1' });
    const progress = await screen.findByTestId('batch-progress');
    expect(within(progress).getByText(MSG.WEB_BATCH_FREE)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('batch-progress-summary').textContent).toBe('批量取证已结束：完成 1 个，失败 1 个，共 2 个'), { timeout: 15_000 });
    const prow = within(screen.getByTestId('batch-progress-table')).getAllByRole('row').slice(1);
    expect(prow[0]?.textContent).toContain('已完成');
    expect(within(prow[0]!).getByRole('link', { name: `${BQ}11` }).getAttribute('href')).toBe(`/evidencesWeb/${BQ}11`);
    expect(prow[1]?.textContent).toContain('失败');
    expect(prow[1]?.textContent).toContain('DNS 解析失败');
    expect(new Set(calls('/api/Webforensics/webstatus').map((r) => r.url))).toEqual(new Set(['/api/Webforensics/webstatus?id=11', '/api/Webforensics/webstatus?id=12']));
  });
});
