/**
 * The shared list given the web kind, /evidences-all/web (issue 4 §2–3) against a real local HTTP server: the list and its filters sent
 * to POST /api/webforlist/webList, the detail drawer (clickWebFor: artefacts with size and SHA-256),
 * delete after the 提示 confirm (webDel), and the WACZ download (webDownload → hidden frame).
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type Recorded, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { startSession } from '../../../stores/session';
import EvidenceList from './index';

// The machine is shared: allow slow renders before giving up on an awaited element.
configure({ asyncUtilTimeout: 10_000 });

const row = (id: number, status: 0 | 1 | 2 | 3, extra: Record<string, unknown> = {}) => ({
  id,
  baoquan: status === 2 ? `BQWEB${id}` : '',
  title: `页面${id}`,
  url: `https://example.com/${id}`,
  finalUrl: `https://example.com/${id}`,
  status,
  reason: status === 3 ? 'DNS 解析失败' : '',
  label: '',
  saveTime: 1790000000 + id,
  chainhash: status === 2 ? 'ab'.repeat(32) : '',
  size: status === 2 ? 4096 : 0,
  sha256: status === 2 ? 'cd'.repeat(32) : '',
  ...extra,
});

let server: TestServer;
const form = (r: Recorded) => Object.fromEntries(new URLSearchParams(r.body.toString()));

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/webforlist/webList') return { json: { code: 200, msg: '', data: { list: [row(1, 2, { label: '新闻' }), row(2, 3)], count: 2 } } };
    if (path === '/api/webforlist/clickWebFor')
      return {
        json: {
          code: 200,
          msg: '',
          data: {
            capture: { ...row(1, 2), provenance: null },
            artefacts: [{ name: 'WARC 网络记录', path: 'archive/data.warc.gz', size: 2048, sha256: 'ef'.repeat(32), mime: 'application/warc' }],
            screenshotUrl: '',
          },
        },
      };
    if (path === '/api/webforlist/webDel') return { json: { code: 200, msg: MSG.DELETE_SUCCESS, data: null } };
    if (path === '/api/webforlist/webDownload') return { json: { code: 200, msg: '', data: { downUrl: '/api/files/1.wacz?sig=1' } } };
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/evidences-all/web', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  startSession('tok', { userId: 1, userStatus: 3, status: 1 });
});
afterEach(() => document.querySelectorAll('iframe[data-download-frame]').forEach((f) => f.remove()));

let qc: QueryClient;
function renderPage() {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider>
      <App>
        <QueryClientProvider client={qc}>
          <MemoryRouter>
            <EvidenceList kind="web" />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

const calls = (path: string) => server.requests.filter((r) => r.url === path);
const btnIn = (el: HTMLElement, name: string) => within(el).getByRole('button', { name: new RegExp(`^${[...name].join('\\s?')}$`) });

describe('web evidence list', { timeout: 120_000 }, () => {
  // One render: the page (table, date-range picker, drawer) is slow to mount under jsdom.
  it('lists, shows the detail drawer, deletes after 提示 and downloads the WACZ', async () => {
    renderPage();
    const first = (await screen.findByText('BQWEB1', {}, { timeout: 60_000 })).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'BQWEB1' }).getAttribute('href')).toBe('/evidencesWeb/BQWEB1');
    expect(within(first).getByText('新闻')).toBeTruthy();
    expect(within(first).getByText('已完成')).toBeTruthy();
    const failed = screen.getByText('页面2').closest('tr') as HTMLElement;
    expect(within(failed).getByText('DNS 解析失败')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /下\s?载/ })).toBeNull();
    expect(form(calls('/api/webforlist/webList')[0]!)).toEqual({ page: '1', limit: '20' });

    // Detail drawer: artefacts with size and SHA-256.
    fireEvent.click(btnIn(first, '详情'));
    const table = await screen.findByTestId('artefact-table', {}, { timeout: 30_000 });
    expect(form(calls('/api/webforlist/clickWebFor')[0]!)).toEqual({ id: '1' });
    expect(within(table).getByText('WARC 网络记录')).toBeTruthy();
    expect(within(table).getByText('2.00 KB')).toBeTruthy();
    expect(within(table).getByText('ef'.repeat(32))).toBeTruthy();

    // Delete after the confirm titled 提示.
    fireEvent.click(btnIn(failed, '删除'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示'));
    fireEvent.click(btnIn(document.querySelector('.ant-modal-confirm') as HTMLElement, '确定'));
    await waitFor(() => expect(calls('/api/webforlist/webDel')).toHaveLength(1));
    expect(form(calls('/api/webforlist/webDel')[0]!)).toEqual({ id: '2' });

    // WACZ download in a hidden frame.
    fireEvent.click(btnIn(first, '下载'));
    await waitFor(() => expect(document.querySelector('iframe[data-download-frame]')?.getAttribute('src')).toBe('/api/files/1.wacz?sig=1'));
    expect(form(calls('/api/webforlist/webDownload')[0]!)).toEqual({ id: '1' });
  });
});
