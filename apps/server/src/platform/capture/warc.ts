/**
 * WARC (ISO 28500, WARC/1.1) of one capture, written with warcio as it happens (issue 4 §1): a warcinfo
 * record, then for every exchange of the recording proxy a `response` record (status line, headers in
 * wire order and case, entity body as served) and its `request` record (WARC-Concurrent-To), each a
 * separate gzip member (`archive/data.warc.gz`, readable by ReplayWeb.page, pywb and warcio). Records
 * carry WARC-IP-Address and SHA-256 block/payload digests; a body cut by the capture's byte budget is
 * marked `WARC-Truncated: length`. Also builds the sorted CDXJ index of the finished file.
 */
import fs from 'node:fs';
import type { WARCRecord } from 'warcio';
import type { Exchange } from './proxy.ts';

let warcioLib: Promise<typeof import('warcio')> | null = null;
/** warcio (≈ 10 MiB RSS) loads on the first capture, not at server start (issue 16). */
const warcio = () => (warcioLib ??= import('warcio'));

export interface WarcWriter {
  /** Queues one exchange (request + response records). */
  add(ex: Exchange): void;
  /** Flushes and closes; returns the number of response records. Idempotent. */
  finish(): Promise<{ responses: number }>;
}

const DIGEST = { algo: 'sha-256' as const, prefix: 'sha256:', base32: true };

async function* once(b: Uint8Array): AsyncGenerator<Uint8Array> {
  if (b.length) yield b;
}

/** Opens `path` and writes the warcinfo record with `info` (software, format, description …). */
export function warcWriter(path: string, info: Record<string, string>): WarcWriter {
  const out = fs.createWriteStream(path, { mode: 0o600 });
  let chain: Promise<void> = Promise.resolve();
  let responses = 0;
  let failed: unknown = null;
  const write = async (rec: WARCRecord) => {
    const bytes = await (await warcio()).WARCSerializer.serialize(rec, { gzip: true, digest: DIGEST });
    await new Promise<void>((resolve, reject) => out.write(bytes, (e) => (e ? reject(e) : resolve())));
  };
  const enqueue = (f: () => Promise<void>) => {
    chain = chain.then(f).catch((e: unknown) => {
      failed ??= e;
    });
  };
  enqueue(async () => write((await warcio()).WARCRecord.createWARCInfo({ filename: 'data.warc.gz', warcVersion: 'WARC/1.1' }, info)));
  let finished: Promise<{ responses: number }> | null = null;
  return {
    add(ex) {
      enqueue(async () => {
        const { WARCRecord } = await warcio();
        const date = ex.date.toISOString();
        const warcHeaders: Record<string, string> = { 'WARC-IP-Address': ex.ip };
        if (ex.truncated) warcHeaders['WARC-Truncated'] = 'length';
        const response = WARCRecord.create(
          { url: ex.url, date, type: 'response', warcVersion: 'WARC/1.1', statusline: ex.statusLine, httpHeaders: ex.responseHeaders, keepHeadersCase: true, warcHeaders },
          once(ex.body),
        );
        const request = WARCRecord.create(
          {
            url: ex.url,
            date,
            type: 'request',
            warcVersion: 'WARC/1.1',
            statusline: ex.requestLine,
            httpHeaders: ex.requestHeaders,
            keepHeadersCase: true,
            warcHeaders: { 'WARC-Concurrent-To': response.warcHeader('WARC-Record-ID') ?? '' },
          },
          once(ex.requestBody),
        );
        await write(response);
        await write(request);
        responses++;
      });
    },
    finish() {
      finished ??= (async () => {
        await chain;
        await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
        if (failed) throw failed;
        return { responses };
      })();
      return finished;
    },
  };
}

/** The CDXJ index (`urlkey timestamp {json}` lines, sorted) of a finished WARC file named `filename` in the WACZ. */
export async function cdxjOf(path: string, filename: string): Promise<string> {
  const { CDXIndexer } = await warcio();
  const indexer = new CDXIndexer({ format: 'cdxj' } as never);
  const lines: string[] = [];
  for await (const cdx of indexer.iterIndex([{ filename, reader: fs.createReadStream(path) as unknown as AsyncIterable<Uint8Array> }])) {
    lines.push(indexer.serializeCDXJ(cdx));
  }
  return lines.sort().join('');
}
