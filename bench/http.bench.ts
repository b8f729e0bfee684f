/**
 * GET /api/share/getView req/s (real server: session lookup, database, certificate html) vs a bare
 * Fastify route answering the same bytes, both measured with autocannon in the same run (ratio).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { f2, freePort, startServer, userToken } from './lib.ts';

const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);

/** Runs autocannon against `url`; returns mean req/s and p99 latency ms. */
async function load(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const r = await autocannon({ url, connections: 16, duration: DURATION_S, pipelining: 1 });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Runs the benchmark; returns the numbers. */
export async function run() {
  const server = await startServer();
  let bare: ReturnType<typeof fork> | undefined;
  try {
    const token = await userToken(server, '13800138001');
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('基准测试证据文件')]), 'bench.txt');
    const up = (await (await fetch(`${server.url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: fd })).json()) as { data: { baoquan: string } };
    const viewUrl = `${server.url}/api/share/getView?baoquan=${up.data.baoquan}`;
    const sample = await (await fetch(viewUrl)).text();
    const file = path.join(os.tmpdir(), 'cz-bench-view.json');
    fs.writeFileSync(file, sample);
    const port = await freePort();
    bare = fork(path.join(import.meta.dirname, 'bareServer.ts'), [String(port), file], { stdio: 'inherit' });
    await new Promise((r) => bare!.once('message', r));
    const ours = await load(viewUrl);
    const base = await load(`http://127.0.0.1:${port}/api/share/getView?baoquan=${up.data.baoquan}`);
    const res = { getViewRps: ours.rps, bareRps: base.rps, ratio: ours.rps / base.rps, p99ms: ours.p99, bytes: sample.length, errors: ours.errors };
    console.log(`getView: ${f2(ours.rps)} req/s (p99 ${ours.p99} ms, ${sample.length} B) vs bare Fastify ${f2(base.rps)} req/s → ratio ${f2(res.ratio)}${ours.errors ? ` (${ours.errors} errors!)` : ''}`);
    return res;
  } finally {
    bare?.kill();
    await server.stop();
  }
}

if (import.meta.main) await run();
