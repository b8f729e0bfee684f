/**
 * Test pages for web capture (issue 4 §4): a local site served over http AND https (self-signed
 * certificate made with the openssl CLI) with Chinese text, an image, a script-built element, a
 * stylesheet served gzip-compressed, a redirect, a slow resource, a 404, a redirect to a refused address
 * and a page that never answers; every request is logged so tests can assert what reached the server.
 * Also a small PNG encoder/decoder on node:zlib (no image library is installed) to check screenshots.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** Encodes an 8-bit RGB PNG whose pixel (x, y) is `px(x, y)`. */
export function makePng(w: number, h: number, px: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) raw.set(px(x, y), y * (w * 3 + 1) + 1 + x * 3);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Decodes an 8-bit RGB/RGBA (optionally greyscale) non-interlaced PNG into its pixel bytes. */
export function decodePng(png: Buffer): { width: number; height: number; channels: number; pixels: Buffer } {
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw new Error('not a PNG');
  let p = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (p < png.length) {
    const len = png.readUInt32BE(p);
    const type = png.toString('ascii', p + 4, p + 8);
    const data = png.subarray(p + 8, p + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG');
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[data[9]!] ?? 0;
    } else if (type === 'IDAT') idat.push(data);
    p += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      let v = line[i]!;
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + i] = v & 255;
    }
  }
  return { width, height, channels, pixels: out };
}

/** Variance of the luminance-ish sum of the colour channels (0 for a blank image). */
export function pixelVariance(img: { channels: number; pixels: Buffer }): number {
  const n = img.pixels.length / img.channels;
  const colour = Math.min(3, img.channels);
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    let v = 0;
    for (let c = 0; c < colour; c++) v += img.pixels[i * img.channels + c]!;
    sum += v;
    sq += v * v;
  }
  const mean = sum / n;
  return sq / n - mean * mean;
}

export interface TestSite {
  httpPort: number;
  httpsPort: number;
  /** `http GET /path` / `https GET /path` of every request received, in order. */
  log: string[];
  /** PEM of the https server's certificate. */
  certPem: string;
  /** Exact bytes served. */
  bodies: { page: Buffer; image: Buffer; gzCss: Buffer };
  close(): Promise<void>;
}

/** Starts the test site on 127.0.0.1 (both servers). `slowMs`: delay of /slow.png. */
export async function startTestSite(opts: { slowMs?: number } = {}): Promise<TestSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-site-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', path.join(dir, 'k.pem'), '-out', path.join(dir, 'c.pem'), '-days', '2', '-subj', '/CN=cz-test-site', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const key = fs.readFileSync(path.join(dir, 'k.pem'));
  const certPem = fs.readFileSync(path.join(dir, 'c.pem'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });

  const image = makePng(120, 60, (x, y) => [(x * 2) & 255, (y * 4) & 255, 180]);
  const page = Buffer.from(
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>存证测试页面——网页取证</title><link rel="stylesheet" href="/style.css"></head>` +
      `<body><h1>电子数据保全平台测试页</h1><p>这是一段用于网页取证的中文正文：甲方与乙方于二〇二六年签订合同。</p>` +
      `<img id="pic" src="/image.png" width="120" height="60" alt="图片"><img src="/slow.png" width="10" height="10" alt="慢">` +
      `<div id="built"></div><script>document.getElementById('built').textContent = '由脚本生成的元素：' + (6 * 7);</script></body></html>`,
  );
  const gzCss = zlib.gzipSync(Buffer.from('body{background:#fffbe6;font-family:sans-serif}h1{color:#b00;border-bottom:4px solid #08c}'));
  const log: string[] = [];
  const sockets = new Set<net.Socket>();
  let ports = { http: 0, https: 0 };

  const handler = (scheme: string) => (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    log.push(`${scheme} ${req.method} ${url}`);
    const send = (status: number, type: string, body: Buffer, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(body.length), 'X-Test-Site': 'cz', ...extra });
      res.end(body);
    };
    switch (url.split('?')[0]) {
      case '/page':
        return send(200, 'text/html; charset=utf-8', page, { 'Set-Cookie': 'a=1; Path=/' });
      case '/style.css':
        return send(200, 'text/css', gzCss, { 'Content-Encoding': 'gzip' });
      case '/image.png':
        return send(200, 'image/png', image);
      case '/slow.png':
        return void setTimeout(() => send(200, 'image/png', makePng(10, 10, () => [0, 200, 0])), opts.slowMs ?? 1500);
      case '/redirect':
        return send(302, 'text/plain', Buffer.from('moved'), { Location: '/page' });
      case '/to-private':
        return send(302, 'text/plain', Buffer.from('moved'), { Location: `http://localhost:${ports.http}/secret` });
      case '/to-metadata':
        return send(302, 'text/plain', Buffer.from('moved'), { Location: 'http://169.254.169.254/latest/meta-data/' });
      case '/hang':
        return; // never answers
      case '/download':
        return send(200, 'application/zip', Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'latin1'), { 'Content-Disposition': 'attachment; filename="a.zip"' });
      default:
        return send(404, 'text/html; charset=utf-8', Buffer.from('<h1>404 页面不存在</h1>'));
    }
  };
  const h1 = http.createServer(handler('http'));
  const h2 = https.createServer({ key, cert: certPem }, handler('https'));
  for (const s of [h1, h2]) s.on('connection', (c: net.Socket) => (sockets.add(c), c.on('close', () => sockets.delete(c))));
  await new Promise<void>((r) => h1.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => h2.listen(0, '127.0.0.1', r));
  ports = { http: (h1.address() as net.AddressInfo).port, https: (h2.address() as net.AddressInfo).port };
  return {
    httpPort: ports.http,
    httpsPort: ports.https,
    log,
    certPem,
    bodies: { page, image, gzCss },
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all([new Promise((r) => h1.close(r)), new Promise((r) => h2.close(r))]);
    },
  };
}

/** SHA-256 hex. */
export const sha256hex = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** Polls GET /api/Webforensics/webstatus with `api` until the capture is done or failed (or `timeoutMs`). */
export async function waitCapture(api: { get(url: string, q: Record<string, string | number>): Promise<{ code: number; msg: string; data: any }> }, id: number, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await api.get('/api/Webforensics/webstatus', { id });
    if (r.code !== 200) throw new Error(r.msg);
    if (r.data.status >= 2 || Date.now() > end) return r.data;
    await new Promise((res) => setTimeout(res, 250));
  }
}
