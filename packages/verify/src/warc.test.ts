import { gzipSync } from 'node:zlib';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base32, digestMatches, parseCdxj, readRecord } from './warc.ts';

const b32 = (b: Uint8Array) => `sha256:${base32(crypto.createHash('sha256').update(b).digest())}`;

/** One gzip member holding a WARC response record of `payload` with `headers`. */
function record(url: string, payload: Buffer, headers: string[], payloadDigest?: string): Buffer {
  const http = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${headers.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
  const head = ['WARC/1.1', 'WARC-Type: response', `WARC-Target-URI: ${url}`, `WARC-Payload-Digest: ${payloadDigest ?? `${b32(payload)}====`}`, `WARC-Block-Digest: ${b32(http)}`, `Content-Length: ${http.length}`];
  return gzipSync(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), http, Buffer.from('\r\n\r\n')]));
}

describe('WARC reading for the WACZ check', () => {
  it('base32 is RFC 4648 (no padding); digests match in base32 (padded or not) and hex', async () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32(Buffer.from('f'))).toBe('MY');
    const d = Buffer.from('hello');
    expect(await digestMatches(`${b32(d)}====`, d)).toBe(true);
    expect(await digestMatches(b32(d), d)).toBe(true);
    expect(await digestMatches(`sha256:${crypto.createHash('sha256').update(d).digest('hex')}`, d)).toBe(true);
    expect(await digestMatches(b32(d), Buffer.from('hellO'))).toBe(false);
    expect(await digestMatches('sha1:ABC', d)).toBe(false);
  });

  it('reads the record a CDXJ line points to: status, headers in order, payload', async () => {
    const first = record('http://a.example/x', Buffer.from('first'), ['A: 1']);
    const main = record('http://a.example/', Buffer.from('<p>hi</p>'), ['Content-Type: text/html', 'X-B: 2', 'Set-Cookie: a=1']);
    const warc = Buffer.concat([first, main]);
    const cdxj = `example,a)/ 20261124000000 {"url":"http://a.example/","status":"200","offset":"${first.length}","length":"${main.length}","filename":"data.warc.gz","mime":"text/html"}\n`;
    const [line] = parseCdxj(cdxj);
    expect(line).toMatchObject({ url: 'http://a.example/', status: 200, offset: first.length, length: main.length });
    const r = await readRecord(warc, line!);
    expect(r.headers.get('warc-target-uri')).toBe('http://a.example/');
    expect(r.status).toBe(200);
    expect(r.httpHeaders).toEqual([['Content-Type', 'text/html'], ['X-B', '2'], ['Set-Cookie', 'a=1']]);
    expect(Buffer.from(r.payload).toString()).toBe('<p>hi</p>');
    expect(await digestMatches(r.headers.get('warc-payload-digest')!, r.payload)).toBe(true);
    expect(await digestMatches(r.headers.get('warc-block-digest')!, r.block)).toBe(true);
  });

  it('refuses an offset outside the file, a corrupt gzip member and malformed CDXJ', async () => {
    const main = record('http://a.example/', Buffer.from('x'), []);
    await expect(readRecord(main, { url: '', status: 200, offset: 10, length: main.length, filename: '', mime: '', digest: '' })).rejects.toMatchObject({ code: 'warc' });
    const bad = Buffer.from(main);
    bad[20] = bad[20]! ^ 0xff;
    await expect(readRecord(bad, { url: '', status: 200, offset: 0, length: bad.length, filename: '', mime: '', digest: '' })).rejects.toMatchObject({ code: 'warc' });
    expect(() => parseCdxj('no json here\n')).toThrow();
  });
});
