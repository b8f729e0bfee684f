/**
 * The certificate check by number (issue 2 §7; issue 11 §2 /queryAuthentication/prokeeping) against a real
 * local server: the data page runs the two-step bqno → bqview check and links to /attestation/{no}; the
 * process page asks getProView (process numbers only) and links to /evidencesPro/{no}; an empty number
 * says 请输入保全号 without a call.
 */
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import Safekeeping from './index';

configure({ asyncUtilTimeout: 10_000 });

const view = (baoquan: string) => ({
  id: 0, baoquan, title: '取证一', fileName: 'a.wacz', fileType: 5, mime: 'application/wacz+zip', size: 2048, sha256: 'ab'.repeat(32), label: '', saveTime: 1_790_000_000,
  chainhash: 'cd'.repeat(32), ledgerIndex: 4, treeSize: 9, html: '', htmlEn: '', isSelf: 0, isDownload: 1, isApp: 0, mp4Path: '', deleted: 0,
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api/check/bqno') return { json: { code: 200, msg: '', data: { viewToken: 'vt' } } };
    if (path === '/api/check/bqview') return { json: { code: 200, msg: '', data: view('CZDATA1') } };
    if (path === '/api/share/getProView') return { json: { code: 200, msg: '', data: view('CZPRO1') } };
    return { json: { code: 400, msg: '保全号不存在', data: null } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/queryAuthentication/prokeeping', requiresLogin: () => false });
});

const renderPage = (kind?: 'data' | 'process') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Safekeeping kind={kind} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('certificate check by number', () => {
  it('data: bqno then bqview, link to /attestation/{no}', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: '保全证书查询' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('保全号'), { target: { value: 'CZDATA1' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByTestId('safekeeping-result');
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual(['/api/check/bqno', '/api/check/bqview']);
    expect(screen.getByRole('link', { name: /查看保全证书/ }).getAttribute('href')).toBe('/attestation/CZDATA1');
  });

  it('process: getProView, link to /evidencesPro/{no}', async () => {
    renderPage('process');
    expect(screen.getByRole('heading', { name: '过程取证证书查询' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.BAOQUAN_REQUIRED);
    expect(server.requests).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('保全号'), { target: { value: 'CZPRO1' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByTestId('safekeeping-result');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/share/getProView?baoquan=CZPRO1']);
    expect(screen.getByRole('link', { name: /查看保全证书/ }).getAttribute('href')).toBe('/evidencesPro/CZPRO1');
  });
});
