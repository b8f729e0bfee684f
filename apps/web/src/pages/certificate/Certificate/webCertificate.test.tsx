/**
 * /evidencesWeb/{evidencesId} (issue 4 §3) against a real local HTTP server: the capture's
 * screenshot, address and final address, the WACZ hash, the chainhash linking to /ledger, the
 * artefact table, the archived page in a fully sandboxed iframe, and extraction with the owner's code
 * through POST /api/share/webDownload — the one certificate layout given the web kind.
 */
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import Certificate from './index';

// The machine is shared: allow slow renders before giving up on an awaited element.
configure({ asyncUtilTimeout: 10_000 });

const BQ = 'BQ20261122WEB007';
const CHAIN = 'cd'.repeat(32);
const SHA = 'ef'.repeat(32);

const view = {
  id: 0,
  baoquan: BQ,
  title: '示例新闻页',
  fileName: 'capture.wacz',
  fileType: 5,
  mime: 'application/wacz',
  size: 123456,
  sha256: SHA,
  label: '',
  saveTime: 1790000000,
  chainhash: CHAIN,
  ledgerIndex: 4,
  treeSize: 9,
  html: '<div class="server-html">网页取证证书内容</div>',
  htmlEn: '',
  isSelf: 0,
  isDownload: 1,
  isApp: 0,
  mp4Path: '',
  deleted: 0,
  url: 'http://example.com/a',
  finalUrl: 'https://example.com/final',
  captureTime: 1790000000,
  artefacts: [
    { name: '整页截图', path: 'capture/screenshot.png', size: 2048, sha256: '11'.repeat(32), mime: 'image/png' },
    { name: 'WARC 网络记录', path: 'archive/data.warc.gz', size: 40960, sha256: '22'.repeat(32), mime: 'application/warc' },
  ],
  screenshotUrl: '/api/files/shot.png?sig=1',
  replayUrl: `/api/share/webReplay?baoquan=${BQ}`,
};

let server: TestServer;
const toasts: string[] = [];

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/share/getWebView') {
      const bq = new URL(req.url, 'http://x').searchParams.get('baoquan');
      return { json: bq === BQ ? { code: 200, msg: '', data: view } : { code: 400, msg: MSG.BAOQUAN_NOT_FOUND, data: null } };
    }
    if (path === '/api/share/webDownload') {
      const code = new URLSearchParams(req.body.toString()).get('code');
      return { json: code === '123456' ? { code: 200, msg: '', data: { downUrl: '/api/files/x.wacz?sig=1' } } : { code: 400, msg: MSG.EXTRACT_CODE_WRONG, data: null } };
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: (m) => toasts.push(m), navigate: () => {}, currentPath: () => `/evidencesWeb/${BQ}`, requiresLogin: () => false });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  toasts.length = 0;
});
afterEach(() => document.querySelectorAll('iframe[data-download-frame]').forEach((f) => f.remove()));

function show(id: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/evidencesWeb/${id}`]}>
        <Routes>
          <Route path="/evidencesWeb/:evidencesId" element={<Certificate kind="web" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const btn = (name: string) => screen.getByRole('button', { name: new RegExp(`^${[...name].join('\\s?')}$`) });

describe('web certificate page', { timeout: 20_000 }, () => {
  it('shows the capture, the certificate and the artefacts', async () => {
    show(BQ);
    expect(await screen.findByText('网页取证保全证书', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('网页取证证书内容')).toBeTruthy();
    expect(screen.getByText('http://example.com/a')).toBeTruthy();
    expect(screen.getByText('https://example.com/final')).toBeTruthy();
    expect(screen.getByText(SHA)).toBeTruthy();
    expect(screen.getByTestId('chainhash-link').getAttribute('href')).toBe(`/ledger/${CHAIN}`);
    expect(screen.getByAltText('网页截图：示例新闻页').getAttribute('src')).toBe('/api/files/shot.png?sig=1');
    const rows = within(screen.getByTestId('artefact-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([`整页截图capture/screenshot.png2.00 KB${'11'.repeat(32)}`, `WARC 网络记录archive/data.warc.gz40.00 KB${'22'.repeat(32)}`]);
    // A stranger extracts rather than downloads; no language switch for web captures.
    expect(btn('提取证据')).toBeTruthy();
    expect(screen.queryByText('English Version')).toBeNull();
  });

  it('opens the archived page in a sandboxed iframe and in a new tab', async () => {
    show(BQ);
    fireEvent.click(await screen.findByRole('button', { name: /查看网页快照/ }, { timeout: 10_000 }));
    const frame = await screen.findByTitle('网页快照：示例新闻页');
    expect(frame.getAttribute('src')).toBe(view.replayUrl);
    expect(frame.getAttribute('sandbox')).toBe('');
    const tab = screen.getByRole('link', { name: '新窗口打开' });
    expect(tab.getAttribute('href')).toBe(view.replayUrl);
    expect(tab.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('extracts the WACZ with the code through /api/share/webDownload', async () => {
    show(BQ);
    fireEvent.click(await screen.findByRole('button', { name: /提\s?取\s?证\s?据/ }, { timeout: 10_000 }));
    const input = (await screen.findByLabelText('证据提取码')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(btn('提取'));
    await waitFor(() => expect(toasts).toEqual([MSG.EXTRACT_CODE_WRONG]));
    const req = server.requests.find((r) => r.url === '/api/share/webDownload');
    expect(Object.fromEntries(new URLSearchParams(req?.body.toString()))).toEqual({ baoquan: BQ, code: '654321' });
  });

  it('an unknown number says so', async () => {
    show('BQNOPE');
    expect(await screen.findByText(MSG.BAOQUAN_NOT_FOUND, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
