/**
 * A local site and a stream client for process-evidence tests and the bench (issue 11 §2).
 * Site (127.0.0.1, http): `/` a big link block to /form (0,0–400,200) and a colour-flip button
 * (0,300–400,500); `/form` a text field (0,0–400,100), a password field (0,150–400,250) and a submit button
 * (0,300–400,400) sending GET /done; `/done` echoes the text field; `/anim` a box moving every animation
 * frame (stream frame-rate bench); `/set-cookie` sets a cookie. Every request is logged, cookies apart.
 * Client: a `ws` WebSocket to the stream that collects JPEG frames and JSON messages and can wait for them.
 */
import http from 'node:http';
import type net from 'node:net';
import WebSocket from 'ws';

export interface ProcessSite {
  port: number;
  origin: string;
  log: string[];
  /** `<path?query> <Cookie header>` of every request that carried cookies. */
  cookies: string[];
  close(): Promise<void>;
}

const PAGES: Record<string, string> = {
  '/':
    '<a id="go" href="/form" style="display:block;position:absolute;left:0;top:0;width:400px;height:200px;background:#08c;color:#fff;font-size:40px">表单页</a>' +
    '<button id="flip" style="position:absolute;left:0;top:300px;width:400px;height:200px;font-size:40px" onclick="document.body.style.background = document.body.style.background === \'red\' ? \'blue\' : \'red\'">切换颜色</button>',
  '/form':
    '<form action="/done" method="get"><input id="q" name="q" style="position:absolute;left:0;top:0;width:400px;height:100px;font-size:40px">' +
    '<input id="pw" name="pw" type="password" style="position:absolute;left:0;top:150px;width:400px;height:100px;font-size:40px">' +
    '<button type="submit" style="position:absolute;left:0;top:300px;width:400px;height:100px;font-size:40px">提交</button></form>',
  '/anim':
    '<div id="b" style="position:absolute;top:200px;width:160px;height:160px;background:#c00;color:#fff;font-size:60px"></div>' +
    '<script>const b = document.getElementById("b"); const f = (t) => { b.style.left = (Math.sin(t / 400) * 500 + 600) + "px"; b.textContent = Math.floor(t / 10) % 1000; requestAnimationFrame(f); }; requestAnimationFrame(f);</script>',
};

/** Starts the site. */
export async function startProcessSite(): Promise<ProcessSite> {
  const log: string[] = [];
  const cookies: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    log.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.cookie) cookies.push(`${url.pathname}${url.search} ${req.headers.cookie}`);
    if (url.pathname === '/set-cookie') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': 'sid=session-one; Path=/; Max-Age=3600' });
      return void res.end('<!DOCTYPE html><title>cookie</title><p>cookie set</p>');
    }
    const body = PAGES[url.pathname] ?? (url.pathname === '/done' ? `<h1>已提交：${(url.searchParams.get('q') ?? '').replace(/[<>&]/g, '')}</h1>` : null);
    const html = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>过程取证测试 ${url.pathname}</title></head><body style="margin:0">${body ?? '<h1>404</h1>'}</body></html>`;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  server.on('connection', (c: net.Socket) => (sockets.add(c), c.on('close', () => sockets.delete(c))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    log,
    cookies,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

export interface StreamClient {
  ws: WebSocket;
  frames: Array<{ at: number; bytes: Buffer }>;
  messages: Array<{ at: number; m: any }>;
  closed: Promise<{ code: number; reason: string }>;
  send(m: object): void;
  /** Waits for a JSON message matching `pred` (also one already received after index `from`). */
  waitMsg(pred: (m: any) => boolean, timeoutMs?: number, from?: number): Promise<any>;
  /** Waits until more than `n` frames arrived. */
  waitFrames(n: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens the stream of session `id` at `base` (http://host:port). */
export async function openStream(base: string, id: number, token: string): Promise<StreamClient> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/processforensics/stream?id=${id}&streamToken=${encodeURIComponent(token)}`);
  const frames: StreamClient['frames'] = [];
  const messages: StreamClient['messages'] = [];
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of waiters) w();
  };
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) frames.push({ at: performance.now(), bytes: data });
    else messages.push({ at: performance.now(), m: JSON.parse(data.toString()) });
    poke();
  });
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => {
      r({ code, reason: reason.toString() });
      poke();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const wait = (ok: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (ok()) return resolve();
      const check = () => {
        if (ok()) {
          waiters.delete(check);
          clearTimeout(t);
          resolve();
        }
      };
      const t = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timeout waiting for ${what}; messages: ${JSON.stringify(messages.map((x) => x.m)).slice(0, 500)}`));
      }, timeoutMs);
      waiters.add(check);
    });
  return {
    ws,
    frames,
    messages,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    async waitMsg(pred, timeoutMs = 30_000, from = 0) {
      let found: any;
      await wait(() => (found = messages.slice(from).find((x) => pred(x.m))?.m) !== undefined, timeoutMs, 'message');
      return found;
    },
    waitFrames: (n, timeoutMs = 30_000) => wait(() => frames.length > n, timeoutMs, `${n + 1} frames`),
    close: () => ws.close(),
  };
}

/** A left click at (x, y) as the page sends it. */
export const clickMsgs = (x: number, y: number) => [
  { t: 'mouse', type: 'mousePressed', x, y, button: 'left', clickCount: 1 },
  { t: 'mouse', type: 'mouseReleased', x, y, button: 'left', clickCount: 1 },
];
