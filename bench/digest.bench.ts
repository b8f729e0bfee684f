/**
 * Local-file digests of the public query pages (issue 12 §3: the browser hashes the file, nothing is
 * uploaded): the JavaScript SM3 of @cunzheng/verify/sm3 against a baseline measured in the same run — the
 * JavaScript SHA-256 the /verify page uses above 64 MiB (@cunzheng/verify Sha256) — over the same bytes in
 * 4 MiB slices, plus OpenSSL's SM3 (node:crypto) for reference. `node bench/digest.bench.ts`.
 * Env: BENCH_DIGEST_MIB (default 32).
 */
import crypto from 'node:crypto';
import { Sha256 } from '../packages/verify/src/sha256.ts';
import { Sm3 } from '../packages/verify/src/sm3.ts';
import { f2 } from './lib.ts';

export async function run() {
  const mib = Number(process.env.BENCH_DIGEST_MIB ?? 32);
  const data = crypto.randomBytes(mib * 1024 * 1024);
  const slice = 4 * 1024 * 1024;
  const timed = (make: () => { update(c: Uint8Array): void; digest(): Uint8Array }) => {
    const t0 = performance.now();
    const h = make();
    for (let o = 0; o < data.length; o += slice) h.update(data.subarray(o, o + slice));
    h.digest();
    return performance.now() - t0;
  };
  timed(() => new Sm3()); // warm-up
  timed(() => new Sha256());
  const sm3 = timed(() => new Sm3());
  const sha = timed(() => new Sha256());
  const t0 = performance.now();
  crypto.createHash('sm3').update(data).digest();
  const openssl = performance.now() - t0;
  const mbps = (ms: number) => f2(mib / (ms / 1000));
  const out = { mib, jsSm3MBps: mbps(sm3), jsSha256MBps: mbps(sha), opensslSm3MBps: mbps(openssl), ratioSm3VsJsSha256: f2(sha / sm3) };
  console.log(`JS SM3 ${out.jsSm3MBps} MB/s, JS SHA-256 (baseline) ${out.jsSha256MBps} MB/s → ratio ${out.ratioSm3VsJsSha256} (SM3 speed / SHA-256 speed); OpenSSL SM3 ${out.opensslSm3MBps} MB/s`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
