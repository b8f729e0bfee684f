/**
 * An upload whose connection dies mid-body deposits nothing (issue 8 §3 "Upload: 取消上传 … must abort
 * the request and nothing may be deposited"): a real TCP client against `app.listen` sends the
 * multipart head and part of the file, then destroys the socket (what the browser does when the page
 * aborts the XMLHttpRequest). The handler's end is observed through Fastify's own diagnostics channel
 * (`tracing:fastify.request.handler`), so the assertions run after the server finished with the request.
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const tmpFiles = (h: Harness) => fs.readdirSync(path.join(h.dataDir, 'blobs', 'tmp'));

/** Resolves when the handler of the next request to `url` has settled (success or error). */
function handlerSettled(url: string): Promise<void> {
  const ch = diagnostics.tracingChannel<unknown, { route?: { url?: string } }>('fastify.request.handler');
  return new Promise((resolve) => {
    const handlers = {
      start() {},
      end() {},
      asyncStart() {},
      asyncEnd(store: { route?: { url?: string } }) {
        if (store.route?.url !== url) return;
        ch.unsubscribe(handlers);
        resolve();
      },
      error() {},
    };
    ch.subscribe(handlers);
  });
}

describe('aborted upload', () => {
  let h: Harness;
  let port = 0;
  beforeAll(async () => {
    h = await makeHarness({ UPLOAD_MAX_BYTES: String(8 * 1024 * 1024) });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await h.close();
  });

  it('a connection destroyed mid-body creates no evidence and leaves no temp file', async () => {
    const u = await registerUser(h);
    const boundary = '----czAbortTest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n中途取消\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const fileSize = 4 * 1024 * 1024;
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const settled = handlerSettled('/api/data/upload');
    const socket = net.connect(port, '127.0.0.1');
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/data/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${u.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + fileSize + tail.length}\r\n\r\n`,
      );
      socket.write(head);
      // A quarter of the file, then wait until the server is writing it to a temp file.
      socket.write(Buffer.alloc(fileSize / 4, 0x61));
      await expect.poll(() => tmpFiles(h).length, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      socket.destroy();
    }
    await settled;
    expect(tmpFiles(h)).toEqual([]);
    const list = await client(h, u.token).get('/api/data/getList', { page: 1, limit: 20 });
    expect(list).toMatchObject({ code: 200, data: { count: 0, list: [] } });

    // The server still takes a complete upload afterwards.
    const ok = await u.api.upload('after.txt', Buffer.from('完整上传\n'));
    expect(ok.code).toBe(200);
    expect(tmpFiles(h)).toEqual([]);
  });
});
