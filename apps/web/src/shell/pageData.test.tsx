/**
 * Issue 16 (LCP of the certificate page): the certificate renders from the view the server embedded in
 * the HTML (server: apps/server/src/platform/pageData.ts) without asking the API; the data is taken once
 * (a second visit asks), and only when it is this viewer's: a stored session, another number or a
 * failed envelope ignore it and the page asks as before. Against a real local HTTP server.
 */
import { configure, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../test/server';
import { configureRequest } from '../api/request';
import Certificate from '../pages/certificate/Certificate/index';
import { clearSession, startSession } from '../stores/session';
import { pageDataId } from './pageData';

configure({ asyncUtilTimeout: 10_000 });

const BQ = 'CZ20261125PAGEDATA0001';
const view = (html: string) => ({
  id: 0,
  baoquan: BQ,
  title: '页面数据',
  fileName: 'a.txt',
  fileType: 1,
  mime: 'text/plain',
  size: 9,
  sha256: 'ab'.repeat(32),
  label: '',
  saveTime: 1790000000,
  chainhash: 'cd'.repeat(32),
  ledgerIndex: 0,
  treeSize: 1,
  html,
  htmlEn: html,
  isSelf: 0,
  isDownload: 1,
  isApp: 0,
  mp4Path: '',
  deleted: 0,
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req) => {
    const bq = new URL(req.url, 'http://x').searchParams.get('baoquan');
    if (req.url.startsWith('/api/share/getView')) {
      return { json: bq === BQ ? { code: 200, msg: '', data: view('<p class="from-api">来自接口的证书</p>') } : { code: 400, msg: MSG.BAOQUAN_NOT_FOUND, data: null } };
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => `/attestation/${BQ}`, requiresLogin: () => false });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});
afterEach(() => {
  clearSession();
  document.querySelectorAll('script[type="application/json"]').forEach((e) => e.remove());
});

/** What the server writes: the API envelope's JSON, `<`, `>`, `&` escaped. */
function embed(envelope: unknown, arg = BQ, viewer = 'anonymous') {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = pageDataId('share/getView');
  el.dataset.arg = arg;
  el.dataset.viewer = viewer;
  el.textContent = JSON.stringify(envelope).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  document.body.appendChild(el);
}

const page = (path = `/attestation/${BQ}`) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/attestation/:attestationId" element={<Certificate kind="data" />} />
          <Route path="/English/attestation/:attestationId" element={<Certificate kind="data" lang="en" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const viewRequests = () => server.requests.filter((r) => r.url.startsWith('/api/share/getView')).length;

describe('certificate page from the data embedded in its HTML', () => {
  it('renders the embedded view without a request, takes it once', async () => {
    embed({ code: 200, msg: '', data: view('<p class="from-html">嵌入的证书 &lt;/script&gt;</p>') });
    const first = page();
    expect(await screen.findByText('嵌入的证书 </script>')).toBeTruthy();
    expect(document.getElementById(pageDataId('share/getView'))).toBeNull();
    expect(viewRequests()).toBe(0);
    first.unmount();
    // A later visit (fresh cache, element gone) asks the API as before.
    page(`/English/attestation/${BQ}`);
    expect(await screen.findByText('来自接口的证书')).toBeTruthy();
    expect(viewRequests()).toBe(1);
  });

  it('ignores it for a stored session, another number or a failed envelope', async () => {
    startSession('t'.repeat(40), { id: 1 } as never);
    embed({ code: 200, msg: '', data: view('<p>嵌入的证书</p>') });
    const a = page();
    expect(await screen.findByText('来自接口的证书')).toBeTruthy();
    expect(screen.queryByText('嵌入的证书')).toBeNull();
    a.unmount();
    clearSession();
    for (const [env, arg] of [[{ code: 200, msg: '', data: view('<p>嵌入的证书</p>') }, 'CZ20260101OTHER0000001'], [{ code: 400, msg: MSG.BAOQUAN_NOT_FOUND, data: null }, BQ]] as const) {
      server.requests.length = 0;
      embed(env, arg);
      const r = page();
      expect(await screen.findByText('来自接口的证书')).toBeTruthy();
      expect(viewRequests()).toBe(1);
      r.unmount();
    }
  });
});
