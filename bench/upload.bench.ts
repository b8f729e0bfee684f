/**
 * Upload of a large file through POST /api/data/upload (streamed multipart → SHA-256 → blob store →
 * ledger) vs `openssl dgst -sha256` of the same file in the same run: the hashing limit of this CPU.
 * Prints MB/s of both, their ratio, and the server's peak RSS. `BENCH_UPLOAD_MB` sets the size (1024).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { f2, startServer, userToken } from './lib.ts';

/** Writes `mb` MiB of pseudo-random bytes (so nothing compresses) to a temp file. */
function makeFile(mb: number): string {
  const file = path.join(os.tmpdir(), `cz-bench-${mb}m.bin`);
  if (fs.existsSync(file) && fs.statSync(file).size === mb * 1024 * 1024) return file;
  const fd = fs.openSync(file, 'w');
  const block = crypto.randomBytes(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    block.writeUInt32LE(i, 0);
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
  return file;
}

/** Streams `file` as multipart field `file` to the upload route; resolves to the parsed answer. */
function upload(url: string, token: string, file: string): Promise<{ code: number; data: { sha256: string } }> {
  const boundary = `----czbench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/data/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.write(head);
    const rs = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    rs.on('end', () => req.end(tail));
    rs.pipe(req, { end: false });
  });
}

/** Runs the benchmark; returns the numbers. */
export async function run() {
  const mb = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
  const file = makeFile(mb);
  const t0 = performance.now();
  const out = execFileSync('openssl', ['dgst', '-sha256', file]).toString();
  const opensslS = (performance.now() - t0) / 1000;
  const server = await startServer();
  try {
    const token = await userToken(server);
    const t1 = performance.now();
    const r = await upload(server.url, token, file);
    const uploadS = (performance.now() - t1) / 1000;
    if (r.code !== 200 || !out.includes(r.data.sha256)) throw new Error(`upload failed or hash differs: ${JSON.stringify(r).slice(0, 200)}`);
    const res = { sizeMiB: mb, uploadMBs: mb / uploadS, opensslMBs: mb / opensslS, ratio: opensslS / uploadS, peakRssMiB: server.peakRss() / 1048576 };
    console.log(`upload ${mb} MiB: API ${f2(res.uploadMBs)} MiB/s vs openssl dgst ${f2(res.opensslMBs)} MiB/s → ratio ${f2(res.ratio)} of the CPU's hashing limit; server peak RSS ${f2(res.peakRssMiB)} MiB`);
    return res;
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await run();
