/// <reference types="node" />
/**
 * A real local HTTP server for web tests (no mocked fetch): answers with the handler's envelope
 * and records each request (method, url, headers, raw body). Sends CORS headers because jsdom's
 * XMLHttpRequest enforces CORS from its origin (http://localhost:3000).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type Reply = { status?: number; json?: unknown; text?: string };

export interface TestServer {
  url: string;
  requests: Recorded[];
  close: () => Promise<void>;
}

export async function startServer(handler: (req: Recorded) => Reply): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, ROLE, Content-Type, Accept');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const rec: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(rec);
      const r = handler(rec);
      if (r.text !== undefined) {
        res.writeHead(r.status ?? 200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(r.text);
      } else {
        res.writeHead(r.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(r.json));
      }
    });
  });
  // Longer than a slow jsdom render: with Node's 5 s default an idle keep-alive socket can be closed
  // just as the client reuses it (ECONNRESET, seen as a network failure).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens (a port that was just freed). */
export async function deadUrl(): Promise<string> {
  const s = await startServer(() => ({ json: {} }));
  await s.close();
  return s.url;
}
