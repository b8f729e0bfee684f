/**
 * 取消上传 (issue 8 §3): while the file is being sent the cancel button is enabled, and clicking it
 * aborts the request — a real local server sees the connection closed before it answered, and the
 * page reports no deposit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { btn, renderPage } from '../../../../../test/render';
import { configureRequest } from '../../../../api/request';
import { clearSession, startSession } from '../../../../stores/session';
import { UploadPanel } from './UploadPanel';

/** A server that reads an upload but never answers it; records whether the client went away. */
let server: http.Server;
let arrived = 0;
let closedByClient = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, ROLE, Content-Type, Accept');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    arrived++;
    req.resume();
    res.on('close', () => {
      if (!res.writableEnded) closedByClient++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureRequest({ apiBase: `http://127.0.0.1:${port}`, toastError: () => {}, navigate: () => {}, currentPath: () => '/attestation-all/data', requiresLogin: () => true });
  startSession('t', { userId: 1, userStatus: 3, status: 1 });
});
afterAll(async () => {
  clearSession();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('upload panel', () => {
  it('取消上传 is enabled while sending and aborts the request', { timeout: 30_000 }, async () => {
    const onUploaded = vi.fn();
    const { container } = renderPage(<UploadPanel labels={[]} onUploaded={onUploaded} />, { path: '/attestation-all/data' });
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).toBeTruthy();
    fireEvent.change(input!, { target: { files: [new File(['合同内容'.repeat(1000)], '合同.txt', { type: 'text/plain' })] } });
    await screen.findByText('合同.txt');
    fireEvent.click(screen.getByRole('button', { name: /开始存证/ }));
    await waitFor(() => expect(arrived).toBe(1), { timeout: 15_000 });

    const cancel = await screen.findByRole('button', { name: btn('取消上传') });
    expect((cancel as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(cancel);

    await waitFor(() => expect(closedByClient).toBe(1), { timeout: 15_000 });
    await screen.findByText('已取消上传，文件未存证');
    expect(screen.queryByRole('button', { name: btn('取消上传') })).toBeNull();
    expect(screen.queryByText('存证成功')).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
