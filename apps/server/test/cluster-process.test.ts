/**
 * Cluster, process recordings (issue 17 §2 with issue 11 §2): two `ROLE=api` processes (each
 * PROCESS_CONCURRENCY=1) and a worker on PostgreSQL and S3. A live session runs in the API process that
 * claimed it (`owner_url` in its row); everything else may reach the other one:
 *
 * - session A started through API 1, viewed (frames, a click that navigates) and stopped (`endProcess`)
 *   through the process that does NOT run it: the viewer's WebSocket is relayed to the owner, the stop is a
 *   request in the row; A is saved (WACZ bytes = evidence SHA-256, MP4 served) and `ledger:verify` is ok;
 * - the queue and deadlines are the database's: with both slots taken, a third session's position is 1
 *   through either API, a running session's deadline is the same through either; cancelling B through the
 *   non-owner frees its slot and the queued session C starts there, its viewer (waiting on the other API)
 *   is handed over to the owner.
 * Needs PostgreSQL: runs in the PostgreSQL pass (TEST_DATABASE_URL), skipped on PGlite. A failure here is
 * easier to read with CLUSTER_LOG_DIR=<dir> (each process's log, LOG_LEVEL info, in that directory).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './clusterKit.ts';
import { clickMsgs, openStream, startProcessSite, type ProcessSite, type StreamClient } from './processSite.ts';

const sha = (b: Buffer | Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('cluster: process recordings across two API processes', () => {
  let cluster: Cluster | undefined;
  let site: ProcessSite | undefined;
  let db: pg.Client | undefined;
  const streams: StreamClient[] = [];
  afterAll(async () => {
    for (const s of streams) s.close();
    await db?.end();
    await cluster?.stop();
    await site?.close();
  });

  it('a recording started through one API is viewed, queued, cancelled and stopped through the other, and saved', async () => {
    site = await startProcessSite();
    cluster = await startCluster({ apis: 2, env: { CAPTURE_ALLOW_HOSTS: '127.0.0.1', PROCESS_CONCURRENCY: '1', PROCESS_RECONNECT_SECONDS: '60' } });
    const ports = cluster.apiPorts as [number, number];
    const api = (port: number) => `http://127.0.0.1:${port}`;
    db = new pg.Client({ connectionString: cluster.dbUrl });
    await db.connect();
    const [ta, tb, tc] = [await cluster.user('13600000271'), await cluster.user('13600000272'), await cluster.user('13600000273')];
    const post = async (port: number, token: string, path: string, body: Record<string, unknown>) =>
      (await (await fetch(`${api(port)}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; msg: string; data: any };
    /** The API port running session `id` (from its row), once claimed. */
    const ownerPort = async (id: number): Promise<number> => {
      for (let i = 0; i < 300; i++, await sleep(100)) {
        const r = (await db!.query<{ owner_url: string; status: number }>('select owner_url, status from process_sessions where id = $1', [id])).rows[0];
        if (r?.status === 1 && r.owner_url) return Number(new URL(r.owner_url).port);
      }
      throw new Error(`session ${id} was not claimed`);
    };
    const other = (port: number) => (port === ports[0] ? ports[1] : ports[0]);

    // A: started through API 1; viewed through the API that does not run it.
    const a = await post(ports[0], ta, '/api/processforensics/addProcess', { url: `${site.origin}/`, title: '集群过程取证' });
    expect(a.code, a.msg).toBe(200);
    const aOwner = await ownerPort(a.data.id);
    expect(ports).toContain(aOwner);
    const aView = await openStream(api(other(aOwner)), a.data.id, a.data.streamToken);
    streams.push(aView);
    expect(await aView.waitMsg((m) => m.t === 'started', 60_000)).toMatchObject({ viewport: { width: 1366, height: 768 } });
    await aView.waitMsg((m) => m.t === 'nav' && m.url === `${site!.origin}/`, 60_000);
    await aView.waitFrames(0, 60_000);
    expect(aView.frames[0]!.bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    for (const m of clickMsgs(100, 100)) aView.send(m); // input goes through the relay to the owner
    await aView.waitMsg((m) => m.t === 'nav' && m.url === `${site!.origin}/form`, 60_000);
    // The deadline is the database's: the same through either API.
    const dl = await Promise.all(ports.map(async (p) => (await post(p, ta, '/api/processlist/look', { id: a.data.id })).data.session.deadline as number));
    expect(dl[0]).toBeGreaterThan(Date.now());
    expect(dl[1]).toBe(dl[0]);

    // B takes the other slot; C waits: position 1 through either API; C's viewer waits on A's owner.
    const b = await post(ports[1], tb, '/api/processforensics/addProcess', { url: `${site.origin}/` });
    expect(b.code, b.msg).toBe(200);
    const bOwner = await ownerPort(b.data.id);
    expect(bOwner).toBe(other(aOwner));
    const c = await post(ports[0], tc, '/api/processforensics/addProcess', { url: `${site.origin}/` });
    expect(c.code, c.msg).toBe(200);
    await sleep(2500); // both processes poll the shared queue: C stays queued, both slots are taken
    for (const p of ports) expect((await post(p, tc, '/api/processlist/look', { id: c.data.id })).data.session).toMatchObject({ status: 0, position: 1 });
    const cView = await openStream(api(aOwner), c.data.id, c.data.streamToken);
    streams.push(cView);
    expect(await cView.waitMsg((m) => m.t === 'queue')).toEqual({ t: 'queue', position: 1 });

    // Cancel B through the API that does not run it: B's owner discards it and starts C; C's viewer is relayed.
    const cancel = await post(aOwner, tb, '/api/processlist/cancelButton', { id: b.data.id });
    expect(cancel.code, cancel.msg).toBe(200);
    expect((await db.query('select status from process_sessions where id = $1', [b.data.id])).rows[0]).toEqual({ status: 6 });
    expect(await ownerPort(c.data.id)).toBe(bOwner);
    expect(await cView.waitMsg((m) => m.t === 'started', 60_000)).toMatchObject({ t: 'started' });
    await cView.waitFrames(0, 60_000);
    const cCancel = await post(aOwner, tc, '/api/processlist/cancelButton', { id: c.data.id });
    expect(cCancel.code, cCancel.msg).toBe(200);
    expect(await cView.waitMsg((m) => m.t === 'ended', 60_000)).toMatchObject({ status: 6 });

    // Stop A through the non-owner: answered once saved; the relayed viewer is told and closed.
    const end = await post(other(aOwner), ta, '/api/processforensics/endProcess', { id: a.data.id });
    expect(end.code, end.msg).toBe(200);
    expect(end.data).toMatchObject({ id: a.data.id, status: 3 });
    expect(await aView.waitMsg((m) => m.t === 'ended', 60_000)).toMatchObject({ status: 3 });
    expect((await aView.closed).code).toBe(1000);

    // Saved and verified: the WACZ bytes are the evidence's SHA-256 (the ledger entry), the MP4 is served.
    const look = (await post(other(aOwner), ta, '/api/processlist/look', { id: a.data.id })).data;
    expect(look.item).toMatchObject({ status: 3, title: '集群过程取证' });
    expect(look.item.sha256).toMatch(/^[0-9a-f]{64}$/);
    const down = await post(ports[1], ta, '/api/processlist/downProBaoquan', { id: a.data.id });
    expect(down.code, down.msg).toBe(200);
    expect(sha(Buffer.from(await (await fetch(`${api(ports[1])}${down.data.downUrl}`)).arrayBuffer()))).toBe(look.item.sha256);
    const video = Buffer.from(await (await fetch(`${api(ports[0])}${look.videoUrl}`)).arrayBuffer());
    expect(video.length).toBeGreaterThan(1000);
    expect(look.actions.map((x: { kind: string }) => x.kind)).toEqual(expect.arrayContaining(['start', 'click', 'end']));
    await sleep(1500);
    const verify = await cluster.cli('ledger:verify');
    expect(verify.status, verify.stderr + verify.stdout).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true });
  }, 600_000);
});
