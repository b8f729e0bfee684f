/**
 * Resumable upload of an app capture (tus 1.0 to /api/app/uploads in 32 MiB PATCHes, then POST
 * /api/app/capture, which re-reads the parts and hashes the whole file) vs the plain one-request
 * multipart POST /api/data/upload of a file of the same size, against the same server in the same run (issue 12 §1).
 * Prints MiB/s of both and their ratio (resumable / plain), on two files of the same size (different bytes).
 * `BENCH_APP_UPLOAD_MB` sets the size (256), `BENCH_APP_CHUNK_MB` the PATCH size (default the client's, 32).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { APP_UPLOAD_CHUNK_BYTES } from '../packages/contract/src/app.ts';
import { f2, startServer, userToken } from './lib.ts';

/** Writes `mb` MiB of pseudo-random bytes to a temp file (reused when present). */
function makeFile(mb: number, tag: string): string {
  const file = path.join(os.tmpdir(), `cz-bench-app-${tag}-${mb}m.bin`);
  if (fs.existsSync(file) && fs.statSync(file).size === mb * 1024 * 1024) return file;
  const fd = fs.openSync(file, 'w');
  const block = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    block.writeUInt32LE(i, 0);
    block.write(tag, 4);
    fs.writeSync(fd, block);
  }
  // A WebM EBML header first (DocType webm), so the capture deposit sniffs it as the video it claims to be.
  fs.writeSync(fd, Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'), 0, undefined, 0);
  fs.closeSync(fd);
  return file;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with an optional body stream; resolves with status, headers and text body. */
function send(url: string, opts: http.RequestOptions, body?: (req: http.ClientRequest) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, opts, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body) body(req);
    else req.end();
  });
}

/** The plain multipart upload → the deposit's SHA-256. */
async function plain(base: string, token: string, file: string): Promise<string> {
  const boundary = `----czbench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plain.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const r = await send(`${base}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length } }, (req) => {
    req.write(head);
    const rs = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    rs.on('end', () => req.end(tail));
    rs.pipe(req, { end: false });
  });
  const j = JSON.parse(r.body) as { code: number; data: { sha256: string } };
  if (j.code !== 200) throw new Error(`plain upload failed: ${r.body.slice(0, 200)}`);
  return j.data.sha256;
}

/** The resumable upload (create, PATCH every chunk, deposit) → the deposit's SHA-256. */
async function resumable(base: string, token: string, file: string, chunk: number): Promise<{ sha256: string; patchS: number; depositS: number }> {
  const size = fs.statSync(file).size;
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const c = await send(`${base}/api/app/uploads`, { method: 'POST', headers: { ...auth, 'upload-length': String(size), 'upload-metadata': `filename ${Buffer.from('tus.bin').toString('base64')}` } });
  if (c.status !== 201) throw new Error(`create failed: ${c.status} ${c.body}`);
  const loc = String(c.headers.location);
  const t0 = performance.now();
  for (let offset = 0; offset < size; offset += chunk) {
    const end = Math.min(size, offset + chunk);
    const r = await send(`${base}${loc}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(end - offset) } }, (req) => {
      fs.createReadStream(file, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 }).pipe(req);
    });
    if (r.status !== 204 || r.headers['upload-offset'] !== String(end)) throw new Error(`PATCH at ${offset} failed: ${r.status} ${r.body}`);
  }
  const patchS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const now = Math.floor(Date.now() / 1000);
  const form = new URLSearchParams({ uploadId: loc.split('/').pop()!, captureType: '12', startTime: String(now - 30), endTime: String(now) }).toString();
  const d = await send(`${base}/api/app/capture`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) } }, (req) => req.end(form));
  const j = JSON.parse(d.body) as { code: number; data: { sha256: string } };
  if (j.code !== 200) throw new Error(`capture deposit failed: ${d.body.slice(0, 200)}`);
  return { sha256: j.data.sha256, patchS, depositS: (performance.now() - t1) / 1000 };
}

/** Runs the benchmark; returns the numbers. */
export async function run() {
  const mb = Number(process.env.BENCH_APP_UPLOAD_MB ?? 256);
  // Two files of the same size and different bytes: a deposit of bytes already stored re-checks the stored copy.
  const plainFile = makeFile(mb, 'plain');
  const tusFile = makeFile(mb, 'tus');
  const server = await startServer();
  try {
    const token = await userToken(server);
    const t0 = performance.now();
    const a = await plain(server.url, token, plainFile);
    const plainS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const chunk = Number(process.env.BENCH_APP_CHUNK_MB ?? APP_UPLOAD_CHUNK_BYTES / 1048576) * 1048576;
    const b = await resumable(server.url, token, tusFile, chunk);
    const tusS = (performance.now() - t1) / 1000;
    if (!/^[0-9a-f]{64}$/.test(a) || a === b.sha256) throw new Error('unexpected digests');
    const res = { sizeMiB: mb, plainMBs: mb / plainS, resumableMBs: mb / tusS, ratio: plainS / tusS, patchMBs: mb / b.patchS, depositS: b.depositS, chunkMiB: chunk / 1048576, peakRssMiB: server.peakRss() / 1048576 };
    console.log(`app upload ${mb} MiB: resumable (tus, ${res.chunkMiB} MiB chunks + whole-file re-hash) ${f2(res.resumableMBs)} MiB/s vs plain POST /api/data/upload ${f2(res.plainMBs)} MiB/s → ratio ${f2(res.ratio)} (PATCHes ${f2(res.patchMBs)} MiB/s, deposit with whole-file re-hash ${f2(res.depositS)} s); server peak RSS ${f2(res.peakRssMiB)} MiB`);
    return res;
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await run();
