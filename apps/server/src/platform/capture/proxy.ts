/**
 * The recording proxy of one capture (issue 4 §1; the design of Perma.cc's Scoop): the capture browser
 * context sends EVERY request through this loopback proxy (plain http as proxy requests, https and
 * WebSockets as CONNECT tunnels, which the proxy terminates with its own certificate). For each request
 * the proxy:
 *   1. checks the target host with the address guard (after DNS resolution; pinned per capture), so a
 *      refused address is answered locally and never connected to — also for redirects (Chromium issues
 *      each hop as a new request) and subresources;
 *   2. makes the upstream request itself over HTTP/1.1 to the pinned address (SNI = host name), without
 *      verifying the certificate (the verification result is recorded, not enforced);
 *   3. passes the response to Chromium unchanged and records the exact bytes as served: status line,
 *      headers (original case and order), and the entity body with its content coding (gzip/br kept);
 *      only the hop-by-hop transfer coding (chunked) is undone by Node's HTTP parser;
 *   4. records the TLS session and the certificate chain of the connection that carried the response.
 * WebSocket upgrades are refused (not recorded by this capture). Bodies above the capture's byte budget
 * stop the recording (the exchange is marked truncated and later requests are answered locally).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import { CaptureRefused, type AddressGuard, type Pinned } from './guard.ts';
import { proxyIdentity } from './mitmCert.ts';

/** One recorded request/response pair. Header arrays keep the wire order and case. */
export interface Exchange {
  seq: number;
  url: string;
  method: string;
  requestLine: string;
  requestHeaders: Array<[string, string]>;
  requestBody: Buffer;
  statusLine: string;
  status: number;
  /** Response headers for the WARC record: the wire headers without Transfer-Encoding (the body is stored de-chunked). */
  responseHeaders: Array<[string, string]>;
  /** Response headers exactly as received on the wire, in wire order, nothing added or removed (issue 10 §4: provenance). */
  wireHeaders: Array<[string, string]>;
  /** Entity bytes as served (content coding kept); cut at the budget when `truncated`. */
  body: Buffer;
  truncated: boolean;
  /** Address the response came from. */
  ip: string;
  /** When the request was sent upstream. */
  date: Date;
}

/** A request the proxy answered itself; `kind` maps to a user-readable reason. */
export interface Refusal {
  url: string;
  kind: 'refused' | 'dns' | 'connect' | 'timeout' | 'size' | 'websocket' | 'scheme';
}

/** TLS of one origin as seen on the connection that carried its first response. */
export interface TlsSeen {
  origin: string;
  authorized: boolean;
  error: string;
  protocol: string;
  cipher: string;
  /** PEM certificates, leaf first. */
  chain: string[];
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  fingerprint256: string;
}

export interface CaptureProxyOptions {
  guard: AddressGuard;
  /** Budget of recorded response-body bytes. */
  maxBytes: number;
  /** Idle timeout of one upstream request, ms. */
  requestTimeoutMs: number;
  /** Called once per completed exchange, in completion order (the WARC writer). */
  onExchange?: (ex: Exchange) => void;
}

export interface CaptureProxy {
  port: number;
  /** Basic credentials the browser must present (the loopback port is no open proxy for other local processes). */
  credentials: { username: string; password: string };
  refusals: Refusal[];
  tls: Map<string, TlsSeen>;
  /** Requests in progress (for network-idle detection). */
  inflight(): number;
  /** Requests received so far. */
  requests(): number;
  /** Response-body bytes received so far. */
  totalBytes(): number;
  /** True once the budget stopped recording. */
  truncated(): boolean;
  /** Stops accepting and destroys every connection, local and upstream. */
  close(): Promise<void>;
}

/** Marker header on answers the proxy made itself (never recorded as served content). */
export const REFUSAL_HEADER = 'x-cunzheng-capture-refused';
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const MAX_REQUEST_BODY = 10 * 1024 * 1024;

const pairs = (raw: string[]): Array<[string, string]> => {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
};
const pemOf = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
const cn = (x: unknown): string => {
  const v = (x as Record<string, string | string[]> | undefined)?.CN;
  return Array.isArray(v) ? v.join(', ') : (v ?? '');
};

/** The certificate chain of a TLS socket, leaf first (stops at a self-issued certificate). */
function chainOf(sock: tls.TLSSocket): { pems: string[]; leaf: tls.DetailedPeerCertificate | null } {
  const leaf = sock.getPeerCertificate(true) as tls.DetailedPeerCertificate;
  if (!leaf || !leaf.raw) return { pems: [], leaf: null };
  const pems: string[] = [];
  const seen = new Set<string>();
  let c: tls.DetailedPeerCertificate | undefined = leaf;
  while (c && c.raw && !seen.has(c.fingerprint256) && pems.length < 10) {
    seen.add(c.fingerprint256);
    pems.push(pemOf(c.raw));
    c = c.issuerCertificate;
  }
  return { pems, leaf };
}

/** A duplex stream replaying `first` (already read from `sock`) and then the rest of `sock`. */
function prepend(sock: net.Socket, first: Buffer): Duplex {
  const d = new Duplex({
    read() {
      sock.resume();
    },
    write(chunk: Buffer, _enc, cb) {
      sock.write(chunk, cb);
    },
    final(cb) {
      sock.end();
      cb();
    },
    destroy(err, cb) {
      sock.destroy();
      cb(err);
    },
  });
  d.push(first);
  sock.on('data', (c: Buffer) => {
    if (!d.push(c)) sock.pause();
  });
  sock.on('end', () => d.push(null));
  sock.on('close', () => d.destroy());
  return d;
}

/** Starts a proxy on 127.0.0.1 (ephemeral port) for one capture. */
export async function startCaptureProxy(opts: CaptureProxyOptions): Promise<CaptureProxy> {
  const identity = proxyIdentity();
  const credentials = { username: 'capture', password: crypto.randomBytes(18).toString('base64url') };
  const expectedAuth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const authorized = (req: http.IncomingMessage) => {
    const got = Buffer.from(String(req.headers['proxy-authorization'] ?? ''));
    const want = Buffer.from(expectedAuth);
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  };
  const CHALLENGE = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="capture"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
  const secureContext = tls.createSecureContext({ key: identity.key, cert: identity.cert });
  const sockets = new Set<net.Socket>();
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 6 }), https: new https.Agent({ keepAlive: true, maxSockets: 6 }) };
  const tlsSeen = new Map<string, TlsSeen>();
  const refusals: Refusal[] = [];
  const tunnelTarget = new WeakMap<net.Socket, { scheme: 'http' | 'https'; hostport: string }>();
  let inflight = 0;
  let received = 0;
  let total = 0;
  let truncated = false;
  let seq = 0;
  let closed = false;

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
  };

  const refuse = (res: http.ServerResponse, url: string, kind: Refusal['kind']) => {
    refusals.push({ url, kind });
    if (res.headersSent || res.destroyed) return void res.destroy();
    const status = kind === 'refused' || kind === 'scheme' || kind === 'websocket' ? 403 : kind === 'timeout' ? 504 : kind === 'size' ? 507 : 502;
    res.writeHead(status, { [REFUSAL_HEADER]: kind, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': '0' });
    res.end();
  };

  const readBody = (req: http.IncomingMessage): Promise<Buffer | null> =>
    new Promise((resolve) => {
      const parts: Buffer[] = [];
      let n = 0;
      req.on('data', (c: Buffer) => {
        n += c.length;
        if (n > MAX_REQUEST_BODY) return void resolve(null);
        parts.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(parts)));
      req.on('error', () => resolve(null));
    });

  const forward = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL, pinned: Pinned) => {
    const body = await readBody(req);
    if (body === null) return refuse(res, url.href, 'size');
    const headers = pairs(req.rawHeaders).filter(([k]) => !HOP.has(k.toLowerCase()) && k.toLowerCase() !== 'host');
    headers.unshift(['Host', url.host]);
    const isHttps = url.protocol === 'https:';
    const path = `${url.pathname}${url.search}`;
    const lookup = (_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
      o?.all ? cb(null, [{ address: pinned.address, family: pinned.family }]) : cb(null, pinned.address, pinned.family);
    const date = new Date();
    await new Promise<void>((done) => {
      const up = (isHttps ? https : http).request({
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (isHttps ? 443 : 80),
        method: req.method,
        path,
        headers: headers.flat(),
        agent: isHttps ? agents.https : agents.http,
        lookup: lookup as never,
        rejectUnauthorized: false,
        timeout: opts.requestTimeoutMs,
      });
      up.on('socket', (s) => track(s));
      up.on('timeout', () => {
        up.destroy();
        refuse(res, url.href, 'timeout');
        done();
      });
      up.on('error', () => {
        if (!res.headersSent) refuse(res, url.href, 'connect');
        else res.destroy();
        done();
      });
      up.on('response', (ures) => {
        const sock = ures.socket as tls.TLSSocket;
        if (isHttps && !tlsSeen.has(url.origin)) {
          const { pems, leaf } = chainOf(sock);
          tlsSeen.set(url.origin, {
            origin: url.origin,
            authorized: sock.authorized === true,
            error: sock.authorized ? '' : String(sock.authorizationError ?? ''),
            protocol: sock.getProtocol() ?? '',
            cipher: sock.getCipher()?.name ?? '',
            chain: pems,
            subject: cn(leaf?.subject),
            issuer: cn(leaf?.issuer),
            validFrom: leaf?.valid_from ?? '',
            validTo: leaf?.valid_to ?? '',
            fingerprint256: leaf?.fingerprint256 ?? '',
          });
        }
        const raw = pairs(ures.rawHeaders);
        const toClient = raw.filter(([k]) => !HOP.has(k.toLowerCase()));
        res.writeHead(ures.statusCode ?? 502, ures.statusMessage, toClient.flat());
        const chunks: Buffer[] = [];
        let cut = false;
        ures.on('data', (c: Buffer) => {
          if (cut) return;
          if (total + c.length > opts.maxBytes) {
            chunks.push(c.subarray(0, Math.max(0, opts.maxBytes - total)));
            total = opts.maxBytes;
            cut = truncated = true;
            ures.destroy();
            res.destroy();
            return;
          }
          total += c.length;
          chunks.push(c);
          res.write(c);
        });
        const finish = () => {
          opts.onExchange?.({
            seq: seq++,
            url: url.href,
            method: req.method ?? 'GET',
            requestLine: `${req.method} ${path} HTTP/1.1`,
            requestHeaders: headers,
            requestBody: body,
            statusLine: `HTTP/${ures.httpVersion} ${ures.statusCode} ${ures.statusMessage ?? ''}`.trimEnd(),
            status: ures.statusCode ?? 0,
            responseHeaders: raw.filter(([k]) => k.toLowerCase() !== 'transfer-encoding'),
            wireHeaders: raw,
            body: Buffer.concat(chunks),
            truncated: cut,
            ip: sock.remoteAddress ?? pinned.address,
            date,
          });
          done();
        };
        ures.on('end', () => {
          res.end();
          finish();
        });
        ures.on('close', () => {
          if (!ures.complete) {
            if (!cut) res.destroy();
            if (cut) finish();
            else done();
          }
        });
      });
      up.end(body);
    });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = tunnelTarget.get(req.socket);
    let url: URL;
    try {
      url = target ? new URL(req.url ?? '/', `${target.scheme}://${target.hostport}`) : new URL(req.url ?? '');
    } catch {
      return refuse(res, String(req.url), 'scheme');
    }
    if (closed) return void res.destroy();
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(res, url.href, 'scheme');
    inflight++;
    received++;
    try {
      if (truncated || total >= opts.maxBytes) return refuse(res, url.href, 'size');
      let pinned: Pinned;
      try {
        pinned = await opts.guard.check(url.hostname);
      } catch (e) {
        return refuse(res, url.href, e instanceof CaptureRefused ? e.kind : 'dns');
      }
      await forward(req, res, url, pinned);
    } finally {
      inflight--;
    }
  };

  const refuseUpgrade = (req: http.IncomingMessage, sock: net.Socket) => {
    refusals.push({ url: String(req.url), kind: 'websocket' });
    sock.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  };
  const inner = http.createServer((req, res) => void handle(req, res));
  inner.on('upgrade', refuseUpgrade);
  inner.on('clientError', (_e, s) => s.destroy());
  const server = http.createServer((req, res) => {
    if (!authorized(req)) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="capture"', 'Content-Length': '0' });
      return void res.end();
    }
    void handle(req, res);
  });
  server.on('upgrade', refuseUpgrade);
  server.on('clientError', (_e, s) => s.destroy());
  server.on('connection', track);
  server.on('connect', (req: http.IncomingMessage, sock: net.Socket, head: Buffer) => {
    if (closed) return void sock.destroy();
    if (!authorized(req)) return void sock.end(CHALLENGE);
    const hostport = String(req.url ?? '');
    sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const start = (first: Buffer) => {
      sock.pause();
      // Chromium tunnels https and ws:// through CONNECT; only TLS is accepted (a WebSocket is refused).
      if (first[0] !== 0x16) {
        refusals.push({ url: `ws://${hostport}`, kind: 'websocket' });
        return void sock.destroy();
      }
      const t = new tls.TLSSocket(prepend(sock, first), { isServer: true, secureContext, ALPNProtocols: ['http/1.1'] });
      track(t);
      tunnelTarget.set(t, { scheme: 'https', hostport });
      inner.emit('connection', t);
    };
    if (head.length) start(head);
    else sock.once('data', start);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    credentials,
    refusals,
    tls: tlsSeen,
    inflight: () => inflight,
    requests: () => received,
    totalBytes: () => total,
    truncated: () => truncated,
    async close() {
      closed = true;
      agents.http.destroy();
      agents.https.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      inner.close();
    },
  };
}
