/**
 * The query tabs built from the plain controls (issue 12 §3; issue 16: no antd) against a real local
 * server: electronicData hashes a picked file in the browser (SHA-256, then SM3 after switching the
 * algorithm radio) and asks checkDigest with it, a typed digest is checked for 64 hex digits; mutualEvidence
 * compares the picked file's SHA-256 with the certificate's; the tab switch navigates between the tabs.
 */
import crypto from 'node:crypto';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import QueryAuthentication from './index';
import ElectronicData from './ElectronicData';
import MutualEvidence, { CHOOSE_FILE } from './MutualEvidence';

configure({ asyncUtilTimeout: 10_000 });

const content = new TextEncoder().encode('本地文件内容，只在浏览器中计算摘要\n'.repeat(50));
const sha256 = crypto.createHash('sha256').update(content).digest('hex');
const sm3 = crypto.createHash('sm3').update(content).digest('hex');
const cert = {
  baoquan: 'CZDATA1', kind: 'data', kindName: '数据保全', title: '合同', fileName: 'a.txt', size: content.length, sha256, saveTime: 1_790_000_000,
  chainhash: 'cd'.repeat(32), deleted: 0, certificatePath: '/attestation/CZDATA1',
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api/check/checkDigest') return { json: { code: 200, msg: '', data: { list: [cert] } } };
    if (path === '/api/check/checkNo') return { json: { code: 200, msg: '', data: cert } };
    return { json: { code: 400, msg: '保全号不存在', data: null } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/queryAuthentication', requiresLogin: () => false });
});

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/queryAuthentication" element={<QueryAuthentication />}>
            <Route path="electronicData" element={<ElectronicData />} />
            <Route path="mutualEvidence" element={<MutualEvidence />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const pick = (container: HTMLElement) => {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], 'a.txt', { type: 'text/plain' })] } });
};
const sent = () => server.requests.map((r) => Object.fromEntries(new URLSearchParams(r.body.toString())));

describe('query tabs without antd', () => {
  it('electronicData: the picked file by SHA-256, then by SM3; a typed digest must be 64 hex digits', async () => {
    const { container } = renderAt('/queryAuthentication/electronicData');
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(screen.getByTestId('query-error').textContent).toBe(CHOOSE_FILE);
    pick(container);
    expect(screen.getByTestId('query-file').textContent).toContain('a.txt');
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect((await screen.findByTestId('digest-result')).textContent).toContain(sha256);
    fireEvent.click(screen.getByRole('radio', { name: 'SM3（国密）' }));
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect((await screen.findByTestId('digest-result')).textContent).toContain(sm3);
    expect(sent()).toEqual([{ digest: sha256, algo: 'sha256' }, { digest: sm3, algo: 'sm3' }]);

    fireEvent.click(screen.getByRole('radio', { name: '输入摘要值' }));
    fireEvent.change(screen.getByRole('textbox', { name: '摘要值' }), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(screen.getByTestId('query-error').textContent).toBe(MSG.DIGEST_INVALID);
    expect(server.requests).toHaveLength(2);
  });

  it('mutualEvidence: same file → 比对一致; the tab switch goes to another tab', async () => {
    const { container } = renderAt('/queryAuthentication/mutualEvidence');
    expect((screen.getByRole('radio', { name: '文件比对' }) as HTMLInputElement).checked).toBe(true);
    pick(container);
    fireEvent.click(screen.getByRole('button', { name: /比\s*对/ }));
    expect(screen.getByTestId('query-error').textContent).toBe(MSG.BAOQUAN_REQUIRED);
    fireEvent.change(screen.getByLabelText('保全号'), { target: { value: 'CZDATA1' } });
    fireEvent.click(screen.getByRole('button', { name: /比\s*对/ }));
    expect((await screen.findByTestId('mutual-verdict')).textContent).toContain('比对一致');
    expect(screen.getAllByText(sha256, { selector: 'dd' })).toHaveLength(2); // the certificate's and the local file's
    fireEvent.click(screen.getByRole('radio', { name: '电子数据核验' }));
    expect(await screen.findByRole('region', { name: '电子数据核验' })).toBeTruthy();
  });
});
