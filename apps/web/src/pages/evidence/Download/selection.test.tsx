/**
 * Batch download never includes rows the filter hides (issue 8 §3): against a real local server, a row
 * selected under one filter is dropped when the filter changes, so 批量下载 sends nothing hidden.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { btn, renderPage } from '../../../../test/render';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { clearSession, startSession } from '../../../stores/session';
import EvidenceDownload from './index';

let server: TestServer;
const row = (id: number, title: string) => ({ id, baoquan: `CZ2024030100000000000${id}`, title, fileName: `${title}.pdf`, fileType: 1, size: 1024, sha256: 'a'.repeat(64), label: '', saveTime: 1709222400, chainhash: 'b'.repeat(64), isDownload: 1 });

beforeAll(async () => {
  server = await startServer((req) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/data/getList') {
      const all = [row(1, '购销合同'), row(2, '设计稿')];
      const k = url.searchParams.get('keyword') ?? '';
      const list = all.filter((r) => r.title.includes(k));
      return { json: { code: 200, msg: '', data: { list, count: list.length } } };
    }
    if (url.pathname === '/api/data/getLabelList') return { json: { code: 200, msg: '', data: [] } };
    return { json: { code: 200, msg: '', data: ['/api/files/x'] } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/attestation-all/data/download', requiresLogin: () => true });
  startSession('t', { userId: 1, userStatus: 3, status: 1 });
});
afterAll(async () => {
  clearSession();
  await server.close();
});

const selectedText = () => document.querySelector('.download-bar strong')?.textContent;

describe('batch download selection', () => {
  it('a filter change clears the selection; nothing hidden is downloaded', { timeout: 30_000 }, async () => {
    renderPage(<EvidenceDownload kind="data" />, { path: '/attestation-all/data/download' });
    await screen.findByText('设计稿', {}, { timeout: 15_000 });
    const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
    fireEvent.click(rowOf('设计稿').querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(selectedText()).toBe('1'));

    // Filter to 合同: the selected 设计稿 row is no longer shown, so it is no longer selected.
    const search = screen.getByPlaceholderText('搜索文件名或标题');
    fireEvent.change(search, { target: { value: '合同' } });
    fireEvent.click(screen.getByRole('button', { name: btn('搜索') }));
    await waitFor(() => expect(screen.queryByText('设计稿')).toBeNull());
    expect(selectedText()).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: /批量下载/ }));
    expect(await screen.findByText(MSG.SELECT_EVIDENCE_TO_DOWNLOAD)).toBeTruthy();
    expect(server.requests.filter((r) => r.url.startsWith('/api/data/downloadBatch'))).toEqual([]);
  });
});
