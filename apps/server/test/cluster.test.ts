/**
 * Cluster (issue 17 §2): one PostgreSQL database, one S3-compatible server (s3rver over HTTP), one
 * `ROLE=worker` process and two `ROLE=api` processes (`node src/main.ts`, each with its own DATA_DIR holding
 * the same keys) behind a small round-robin HTTP proxy standing in for the load balancer.
 *
 * - deposits/s through one API process, then 200 concurrent deposits spread over both (printed, not asserted);
 * - a web capture submitted through an API is run by the worker;
 * - `ledger:verify` ok, no duplicate leaf (one leaf per evidence row, ids dense) nor duplicate checkpoint;
 * - one API process is SIGKILLed mid-load: every deposit the client saw acknowledged is stored (row, leaf,
 *   exact bytes), and `ledger:verify` is still ok.
 * Needs PostgreSQL: runs in the PostgreSQL pass (TEST_DATABASE_URL), skipped on PGlite.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { depositRun, startCluster, type Cluster } from './clusterKit.ts';
import { startTestSite, type TestSite } from './webpages.ts';

const sha = (b: Buffer | Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('cluster: 2 API processes + 1 worker on PostgreSQL and S3', () => {
  let cluster: Cluster | undefined;
  let site: TestSite | undefined;
  let db: pg.Client | undefined;
  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await site?.close();
  });

  it('200 concurrent deposits over two APIs, a capture by the worker, ledger ok; an API killed mid-load loses no acknowledged deposit', async () => {
    site = await startTestSite();
    cluster = await startCluster({ apis: 2, env: { CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '30', METRICS_TOKEN: 'cluster-metrics' } });
    const { lb, proxy, cli } = cluster;
    const [p1, p2] = cluster.apiPorts as [number, number];
    const api2 = cluster.apis[1]!;
    const token = await cluster.user('13600000188');

    /** fetch → JSON, naming the step when the connection fails. */
    const call = async <T>(step: string, url: string, init?: RequestInit): Promise<T> => {
      try {
        return (await (await fetch(url, init)).json()) as T;
      } catch (e) {
        throw new Error(`${step}: ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? '')}`);
      }
    };
    // Warm both APIs (first deposit loads certificate/TSA code paths), then one API alone, then both.
    await depositRun(`http://127.0.0.1:${p1}`, token, 4, 2, 'warm1');
    await depositRun(`http://127.0.0.1:${p2}`, token, 4, 2, 'warm2');
    const one = await depositRun(`http://127.0.0.1:${p1}`, token, 100, 20, 'one');
    expect(one.acks).toHaveLength(100);
    expect(one.wrongHash).toBe(0);
    const both = await depositRun(lb, token, 200, 200, 'both');
    expect(both.acks).toHaveLength(200);
    expect(both.wrongHash).toBe(0);
    expect(Math.min(...proxy.hits)).toBeGreaterThanOrEqual(100);
    console.log(`cluster: deposits/s with 1 API process ${one.perSecond.toFixed(1)}, with 2 API processes (200 concurrent via the proxy) ${both.perSecond.toFixed(1)}`);

    // A web capture submitted through the load balancer, run by the worker (APIs run no job).
    const sub = await call<{ code: number; msg: string; data: { id: number } }>('capture submit', `${lb}/api/webforensics/screenshot`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ url: `http://127.0.0.1:${site.httpPort}/page`, title: '集群取证' }).toString() });
    expect(sub.code, sub.msg).toBe(200);
    let st: { status: number; reason: string; baoquan?: string } = { status: 0, reason: '' };
    for (const until = Date.now() + 120_000; Date.now() < until && st.status < 2; await sleep(300)) {
      st = (await call<{ data: typeof st }>('capture status', `${lb}/api/Webforensics/webstatus?id=${sub.data.id}`, { headers: { authorization: `Bearer ${token}` } })).data;
    }
    expect(st.status, st.reason).toBe(2);

    // Kill one API process while 200 deposits are in flight through the proxy.
    let killed = false;
    const sent = () => proxy.hits.reduce((a, b) => a + b);
    const before = sent();
    const loaded = depositRun(lb, token, 200, 40, 'kill');
    for (let i = 0; i < 1000 && sent() < before + 60; i++) await sleep(20);
    api2.kill('SIGKILL');
    killed = true;
    const afterKill = await loaded;
    expect(killed).toBe(true);
    expect(afterKill.acks.length).toBeGreaterThan(0);
    expect(afterKill.wrongHash).toBe(0);
    expect(afterKill.acks.length).toBeLessThan(200); // some requests died with the process

    // Every acknowledged deposit is stored: row, leaf of that row, and the bytes in the blob store.
    const acked = [...one.acks, ...both.acks, ...afterKill.acks];
    db = new pg.Client({ connectionString: cluster.dbUrl });
    await db.connect();
    const rows = (await db.query<{ id: string; sha256: string; ledger_index: string }>('select id, sha256, ledger_index from evidence where id = any($1::bigint[])', [acked.map((a) => a.id)])).rows;
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const lost = acked.filter((a) => byId.get(a.id)?.sha256 !== a.sha256);
    expect(lost).toEqual([]);
    const leafOwners = (await db.query<{ n: string; distinct_ev: string; max_idx: string }>('select count(*) as n, count(distinct evidence_id) as distinct_ev, max(idx) as max_idx from ledger_entries where evidence_id is not null')).rows[0]!;
    expect(Number(leafOwners.n)).toBe(Number(leafOwners.distinct_ev)); // no evidence row has two leaves
    const dense = (await db.query<{ n: string; max_idx: string }>('select count(*) as n, max(idx) as max_idx from ledger_entries')).rows[0]!;
    expect(Number(dense.n)).toBe(Number(dense.max_idx) + 1); // leaves 0..n-1, no gap, no duplicate index
    const dupCp = (await db.query('select size from checkpoints group by size having count(*) > 1')).rows;
    expect(dupCp).toEqual([]);
    // Bytes of a sample of acknowledged deposits, read back through the surviving API (from S3).
    for (const a of acked.filter((_, i) => i % 25 === 0)) {
      const u = await call<{ code: number; data: { downUrl: string } }>('download url', `http://127.0.0.1:${p1}/api/data/downBaoquan`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `dataId=${a.id}` });
      expect(u.code).toBe(200);
      expect(sha(Buffer.from(await (await fetch(`http://127.0.0.1:${p1}${u.data.downUrl}`)).arrayBuffer()))).toBe(a.sha256);
    }

    // Checkpoints catch up and the whole log verifies.
    await sleep(1500);
    const verify = await cli('ledger:verify');
    expect(verify.status, verify.stderr + verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true });
    const ready = await fetch(`http://127.0.0.1:${p1}/api/health/ready`);
    expect(ready.status).toBe(200);
    console.log(`cluster kill: ${afterKill.acks.length} of 200 deposits acknowledged while API 2 was killed, ${acked.length} acknowledged in all, 0 lost`);
  }, 600_000);
});
