/**
 * The queue / live page of a process-evidence session (issue 11 §2) against a real local HTTP server and a
 * real WebSocket server (no mocked socket): the page loads the session with look, connects to its stream
 * with the stream token, shows the queue position the server pushes until a browser is free, then the
 * remote browser with the remaining time; input reaches the server; a dropped socket is reconnected once
 * (a second drop in a row ends in a clear 取证中断 message); a refused token says so; 结束取证 sends `stop`
 * and the result shows the certificate link once look says saved.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WebSocket as WsClient, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { configureRequest } from '../../../api/request';
import { startSession } from '../../../stores/session';
import { LOST_MSG } from '../live/useRemoteSession';
import ProcessSession, { queueText } from './index';

configure({ asyncUtilTimeout: 10_000 });

const BQ = 'CZ20261124PRO0001';
let server: http.Server;
let wss: WebSocketServer;
let base = '';
/** What look answers: the session's status (0 queued, 3 done …). */
let status = 0;
/** Connections the stream got, with the messages each received, and what to do with a new one. */
let conns: { sock: ServerSocket; url: string; got: unknown[] }[] = [];
let onConnect: (sock: ServerSocket, n: number) => void = () => {};

function look() {
  const saved = status === 3;
  return {
    session: { id: 7, type: 2, status, position: status === 0 ? 3 : 0, streamToken: status <= 1 ? 'tok-7' : '', streamPath: status <= 1 ? '/api/processforensics/stream' : '', deadline: 0, maxSeconds: 1800, idleSeconds: 300, resumed: false },
    item: { id: 7, type: 2, baoquan: saved ? BQ : '', title: '测试', url: '', finalUrl: '', status, note: '', label: '', saveTime: 1_790_000_000, duration: 12, chainhash: '', size: 0, sha256: '' },
    provenance: null,
    artefacts: [],
    actions: [],
    shots: [],
    videoUrl: '',
  };
}

// jsdom 29's WebSocket wraps undici's, whose Node events its EventTarget refuses (an uncaught TypeError per
// connection): the page's socket here is the `ws` client, a complete WebSocket implementation.
const jsdomWebSocket = globalThis.WebSocket;

beforeAll(async () => {
  globalThis.WebSocket = WsClient as unknown as typeof WebSocket;
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, ROLE, Content-Type, Accept');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    req.resume();
    req.on('end', () => {
      const body = req.url?.startsWith('/api/processlist/look') ? { code: 200, msg: '', data: look() } : { code: 200, msg: '', data: null };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  wss = new WebSocketServer({ server, path: '/api/processforensics/stream' });
  wss.on('connection', (sock, req) => {
    const c = { sock, url: req.url ?? '', got: [] as unknown[] };
    conns.push(c);
    sock.on('message', (d) => c.got.push(JSON.parse(String(d))));
    onConnect(sock, conns.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  globalThis.WebSocket = jsdomWebSocket;
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  status = 0;
  conns = [];
  onConnect = () => {};
  configureRequest({ apiBase: base, toastError: () => {}, navigate: () => {}, currentPath: () => '/evidences-all/process/queue/7', requiresLogin: () => true });
  startSession('tok', { userId: 1, userStatus: 3, status: 1 });
});
afterEach(() => {
  for (const c of wss.clients) c.terminate();
});

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider>
      <App>
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={['/evidences-all/process/queue/7']}>
            <Routes>
              <Route path="/evidences-all/process/queue/:id" element={<ProcessSession kind="process" />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

const json = (sock: ServerSocket, m: unknown) => sock.send(JSON.stringify(m));
const started = (sock: ServerSocket) => json(sock, { t: 'started', viewport: { width: 1366, height: 768 }, mobile: false, deadline: Date.now() + 30 * 60_000 });

describe('process session page', () => {
  it('queue text counts the people ahead', () => {
    expect(queueText(3)).toBe('排队中，您前面还有 2 人');
    expect(queueText(1)).toBe('即将为您分配浏览器，请稍候…');
  });

  it('shows the queue position until a browser is free, then the remote browser; input reaches the server; 结束取证 saves', async () => {
    renderPage();
    await waitFor(() => expect(conns.length).toBe(1));
    expect(conns[0]!.url).toContain('id=7');
    expect(conns[0]!.url).toContain('streamToken=tok-7');
    json(conns[0]!.sock, { t: 'queue', position: 3 });
    expect(await screen.findByText('排队中，您前面还有 2 人')).toBeTruthy();
    json(conns[0]!.sock, { t: 'queue', position: 1 });
    expect(await screen.findByText('即将为您分配浏览器，请稍候…')).toBeTruthy();
    started(conns[0]!.sock);
    json(conns[0]!.sock, { t: 'nav', url: 'http://127.0.0.1:9/shop', title: '示例商店' });
    const canvas = (await screen.findByTestId('remote-canvas')) as HTMLCanvasElement;
    expect(await screen.findByText('示例商店')).toBeTruthy();
    expect((screen.getByLabelText('地址栏') as HTMLInputElement).value).toBe('http://127.0.0.1:9/shop');
    // 30 minutes at most: the remaining time counts down from 30:00.
    expect(screen.getByTestId('process-remaining').textContent).toMatch(/^(30:00|29:5\d)$/);
    expect(screen.getByTestId('process-elapsed').textContent).toMatch(/^0:0\d$/);

    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 683, height: 384, right: 683, bottom: 384, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.mouseDown(canvas, { clientX: 100, clientY: 50, button: 0, detail: 1 });
    fireEvent.change(screen.getByLabelText('地址栏'), { target: { value: '127.0.0.1:9/cart' } });
    fireEvent.keyDown(screen.getByLabelText('地址栏'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(conns[0]!.got).toContainEqual({ t: 'navigate', url: 'https://127.0.0.1:9/cart' }));
    expect(conns[0]!.got).toContainEqual({ t: 'mouse', type: 'mousePressed', x: 200, y: 100, button: 'left', clickCount: 1, modifiers: 0 });

    json(conns[0]!.sock, { t: 'note', msg: '目标地址不允许访问' });
    expect(await screen.findByText('目标地址不允许访问')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /结束取证/ }));
    await waitFor(() => expect(conns[0]!.got).toContainEqual({ t: 'stop' }));
    status = 3;
    json(conns[0]!.sock, { t: 'ended', status: 3, note: '' });
    expect(await screen.findByText('取证完成')).toBeTruthy();
    expect(screen.getByTestId('process-baoquan').textContent).toBe(BQ);
    expect(screen.getByRole('link', { name: /查看保全证书/ }).getAttribute('href')).toBe(`/evidencesPro/${BQ}`);
  });

  it('reconnects once when the socket drops', async () => {
    onConnect = (sock, n) => {
      started(sock);
      if (n === 1) setTimeout(() => sock.terminate(), 50);
    };
    renderPage();
    expect(await screen.findByText('连接中断，正在重新连接…')).toBeTruthy();
    await waitFor(() => expect(conns.length).toBe(2));
    await waitFor(() => expect(screen.queryByText('连接中断，正在重新连接…')).toBeNull());
    expect(screen.getByTestId('remote-canvas')).toBeTruthy();
  });

  it('a page opened mid-session counts the elapsed time from the real start (deadline − maximum duration)', async () => {
    onConnect = (sock) => json(sock, { t: 'started', viewport: { width: 1366, height: 768 }, mobile: false, deadline: Date.now() + 20 * 60_000 });
    renderPage();
    await screen.findByTestId('remote-canvas');
    expect(screen.getByTestId('process-elapsed').textContent).toMatch(/^10:0\d$/);
    expect(screen.getByTestId('process-remaining').textContent).toMatch(/^(20:00|19:5\d)$/);
  });

  it('a second drop in a row ends in 取证中断 with a clear message', async () => {
    onConnect = (sock) => sock.terminate();
    renderPage();
    expect(await screen.findByText('取证中断')).toBeTruthy();
    expect(screen.getByText(LOST_MSG.dropped)).toBeTruthy();
    expect(conns.length).toBe(2);
  });

  it('a refused stream token says so and does not retry', async () => {
    onConnect = (sock) => sock.close(4401, 'denied');
    renderPage();
    expect(await screen.findByText(LOST_MSG.denied)).toBeTruthy();
    expect(conns.length).toBe(1);
  });

  it('a session that already ended shows its result without connecting', async () => {
    status = 3;
    renderPage();
    expect(await screen.findByText('取证完成')).toBeTruthy();
    expect(conns.length).toBe(0);
  });
});
