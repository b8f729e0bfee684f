/**
 * Process evidence end to end on the real app (issue 11 §2): real Chromium driven over the real WebSocket,
 * real ffmpeg, a local test site, real PGlite/PostgreSQL, ledger and timestamps. A session is started,
 * driven (navigate, click, type, password, Enter), stopped; the evidence holds the MP4, the WACZ (WARC,
 * action log, screenshots) and the hashes match the ledger entry; a stranger extracts with the code; a
 * disconnect saves as 中断; private addresses are refused; a queued session can be cancelled.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { clickMsgs, openStream, startProcessSite, type ProcessSite } from '../../../test/processSite.ts';
import { sha256hex } from '../../../test/webpages.ts';
import { eq } from 'drizzle-orm';
import { processSessions, users } from '../../db/schema/index.ts';
import { readZipIndex } from '../../platform/capture/zipIndex.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

async function unzipStored(bytes: Buffer): Promise<Map<string, Buffer>> {
  const p = path.join(os.tmpdir(), `cz-pwacz-${process.pid}-${Date.now()}.zip`);
  fs.writeFileSync(p, bytes);
  try {
    const out = new Map<string, Buffer>();
    for (const e of await readZipIndex(p)) out.set(e.name, bytes.subarray(e.dataOffset, e.dataOffset + e.size));
    return out;
  } finally {
    fs.rmSync(p, { force: true });
  }
}

/** Polls look until the session leaves the live statuses. */
async function waitSaved(u: User, id: number, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await u.api.post('/api/processlist/look', { id });
    if (r.code !== 200) throw new Error(r.msg);
    if (r.data.session.status >= 3 || Date.now() > end) return r.data;
    await new Promise((res) => setTimeout(res, 200));
  }
}

let site: ProcessSite;
let h: Harness;
let base: string;
let owner: User;

beforeAll(async () => {
  site = await startProcessSite();
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', PROCESS_RECONNECT_SECONDS: '2', PROCESS_CONCURRENCY: '1' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as net.AddressInfo).port}`;
  owner = await registerUser(h, { name: '张三丰' });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await site?.close();
});

describe('process evidence', () => {
  it('a driven session is recorded: MP4, WACZ (WARC, action log, screenshots), hashes on the ledger, extraction by code', async () => {
    const add = await owner.api.post('/api/processforensics/addProcess', { url: `${site.origin}/`, title: '过程取证测试' });
    expect(add.code, add.msg).toBe(200);
    expect(add.data).toMatchObject({ type: 2, resumed: false, streamPath: '/api/processforensics/stream' });
    const id = add.data.id as number;
    // One live session per user: a second start answers the same session.
    const again = await owner.api.post('/api/processlist/clickAddProcess', { type: 4 });
    expect(again.data).toMatchObject({ id, resumed: true });

    const ws = await openStream(base, id, add.data.streamToken);
    try {
      expect(await ws.waitMsg((m) => m.t === 'started')).toMatchObject({ viewport: { width: 1366, height: 768 }, mobile: false });
      await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
      await ws.waitFrames(0);
      expect(ws.frames[0]!.bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      // Click the link block → /form.
      for (const m of clickMsgs(100, 100)) ws.send(m);
      await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/form`);
      // Type into the text field, then the password field, then Enter submits.
      for (const m of clickMsgs(100, 50)) ws.send(m);
      ws.send({ t: 'text', text: '你好 hello' });
      for (const m of clickMsgs(100, 200)) ws.send(m);
      for (const ch of 'secret') ws.send({ t: 'key', type: 'keyDown', key: ch, code: `Key${ch.toUpperCase()}`, text: ch });
      ws.send({ t: 'key', type: 'keyDown', key: 'Enter', code: 'Enter', text: '\r', keyCode: 13 });
      ws.send({ t: 'key', type: 'keyUp', key: 'Enter', code: 'Enter', keyCode: 13 });
      await ws.waitMsg((m) => m.t === 'nav' && String(m.url).startsWith(`${site.origin}/done?`));
      // An address outside the allow-list is refused before anything connects.
      ws.send({ t: 'navigate', url: 'http://192.168.77.1/' });
      expect(await ws.waitMsg((m) => m.t === 'error')).toEqual({ t: 'error', msg: MSG.WEB_ADDRESS_REFUSED });
      ws.send({ t: 'stop' });
      expect(await ws.waitMsg((m) => m.t === 'ended', 60_000)).toMatchObject({ t: 'ended', status: 3 });
      expect((await ws.closed).code).toBe(1000);
    } finally {
      ws.close();
    }
    expect(site.log).toContain('GET /done?q=%E4%BD%A0%E5%A5%BD+hello&pw=secret');
    expect(site.log.some((l) => l.includes('192.168'))).toBe(false);

    const look = await waitSaved(owner, id);
    expect(look.item).toMatchObject({ id, type: 2, status: 3, title: '过程取证测试', url: `${site.origin}/`, note: '' });
    const kinds = look.actions.map((a: any) => a.kind);
    expect(kinds[0]).toBe('start');
    expect(kinds.at(-1)).toBe('end');
    expect(look.actions).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'click', target: expect.stringContaining('表单页') }),
      expect.objectContaining({ kind: 'input', text: '你好 hello' }),
      expect.objectContaining({ kind: 'input', text: '******' }),
      expect.objectContaining({ kind: 'key', key: 'Enter' }),
      expect.objectContaining({ kind: 'navigate', url: `${site.origin}/form`, by: 'page' }),
      expect.objectContaining({ kind: 'navigate', url: 'http://192.168.77.1/', detail: MSG.WEB_ADDRESS_REFUSED }),
    ]));
    // Typed passwords never reach the action log (the GET form itself puts it in the next address).
    expect(JSON.stringify(look.actions.filter((a: any) => a.kind !== 'navigate'))).not.toContain('secret');
    // The first page, and the page shown at the end; the screenshot after the last navigation's load can race
    // the stop (then the end shot shows that page), so 2 is the floor (seen once in CI: 2 instead of 3).
    expect(look.shots.length).toBeGreaterThanOrEqual(2);

    // The MP4 plays (ffprobe) and its hash is the one inside the WACZ.
    const mp4 = await owner.api.download(look.videoUrl);
    expect(mp4.status).toBe(200);
    expect(mp4.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const mp4Path = path.join(os.tmpdir(), `cz-proc-${process.pid}.mp4`);
    fs.writeFileSync(mp4Path, mp4.body);
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', mp4Path], { encoding: 'utf8' }));
    fs.rmSync(mp4Path, { force: true });
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 1366, height: 768 });
    expect(look.provenance).toMatchObject({ interrupted: false, mobile: false, viewport: '1366x768', video: { sha256: sha256hex(mp4.body), size: mp4.body.length } });

    // Owner download and stranger extraction: the same WACZ, whose hash is the ledger entry's.
    const down = await owner.api.post('/api/processlist/downProBaoquan', { id });
    expect(down.code, down.msg).toBe(200);
    const wacz = await owner.api.download(down.data.downUrl);
    const anon = client(h);
    const ext = await anon.post('/api/share/downProBaoquan', { baoquan: look.item.baoquan, code: owner.userInfo.extractCode });
    expect(ext.code, ext.msg).toBe(200);
    expect((await anon.download(ext.data.downUrl)).body.equals(wacz.body)).toBe(true);
    const proof = await anon.get('/api/ledger/proof', { baoquan: look.item.baoquan });
    const leaf = Buffer.from(proof.data.leaf, 'base64');
    expect(JSON.parse(leaf.toString('utf8'))).toMatchObject({ baoquan: look.item.baoquan, kind: 'process', sha256: sha256hex(wacz.body), size: wacz.body.length });
    expect(sha256hex(Buffer.concat([Buffer.from([0]), leaf]))).toBe(look.item.chainhash);

    // Inside the WACZ: resources hashed, the video's hash, the action log, screenshots, the WARC with /form.
    const files = await unzipStored(wacz.body);
    const dp = JSON.parse(files.get('datapackage.json')!.toString('utf8'));
    for (const r of dp.resources) expect(`sha256:${sha256hex(files.get(r.path)!)}`, r.path).toBe(r.hash);
    expect(JSON.parse(files.get('process/video.json')!.toString('utf8'))).toMatchObject({ sha256: sha256hex(mp4.body), size: mp4.body.length });
    expect(JSON.parse(files.get('process/actions.json')!.toString('utf8'))).toEqual(look.actions);
    expect(files.has('process/screenshots/001.png')).toBe(true);
    const warc = zlib.gunzipSync(files.get('archive/data.warc.gz')!).toString('utf8');
    expect(warc).toContain(`WARC-Target-URI: ${site.origin}/form`);
    expect(warc).toContain('name="pw" type="password"');

    // Public certificate: 过程取证, the video and action log; labels and the list.
    const view = await anon.get('/api/share/getProView', { baoquan: look.item.baoquan });
    expect(view.code, view.msg).toBe(200);
    expect(view.data).toMatchObject({ type: 2, status: 3, sha256: sha256hex(wacz.body) });
    expect(view.data.html).toContain('过程取证');
    expect(view.data.videoUrl).not.toBe('');
    expect(view.data.actions.length).toBe(look.actions.length);
    expect(await owner.api.post('/api/processlist/saveLabel', { id, label: '合同' })).toMatchObject({ code: 200 });
    expect((await owner.api.post('/api/processlist/getLabelList', { type: 2 })).data).toEqual([{ label: '合同' }]);
    const list = await owner.api.post('/api/processlist/getProList', { type: 2, label: '合同' });
    expect(list.data).toMatchObject({ count: 1, list: [{ id, status: 3, label: '合同', baoquan: look.item.baoquan }] });
    const zip = await owner.api.post('/api/processlist/downloadBatch', { ids: String(id) });
    expect(zip.code, zip.msg).toBe(200);
    // Another user sees nothing of it.
    const other = await registerUser(h, { name: '李四' });
    expect(await other.api.post('/api/processlist/look', { id })).toMatchObject({ code: 400, msg: MSG.CAPTURE_NOT_FOUND });
    expect(await other.api.post('/api/processlist/downloadBatch', { ids: String(id) })).toMatchObject({ code: 400, msg: MSG.NO_DOWNLOAD_FILE });
  }, 120_000);

  it('a viewer that disconnects and does not come back: saved up to that moment as 中断', async () => {
    const u = await registerUser(h);
    const add = await u.api.post('/api/processforensics/addProcess', { type: 4 });
    expect(add.code, add.msg).toBe(200);
    const ws = await openStream(base, add.data.id, add.data.streamToken);
    expect(await ws.waitMsg((m) => m.t === 'started')).toMatchObject({ viewport: { width: 390, height: 844 }, mobile: true });
    ws.send({ t: 'navigate', url: `${site.origin}/` });
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
    // A tap on the link (touch events in a mobile session).
    ws.send({ t: 'touch', type: 'touchStart', points: [{ x: 100, y: 100 }] });
    ws.send({ t: 'touch', type: 'touchEnd', points: [] });
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/form`);
    // A viewer joining the running session (a reload, a second tab) is told the current address at once,
    // without a new navigation (it showed an empty address bar when it joined after the first one).
    const ws2 = await openStream(base, add.data.id, add.data.streamToken);
    expect(await ws2.waitMsg((m) => m.t === 'nav')).toMatchObject({ url: `${site.origin}/form` });
    ws.close();
    ws2.close();
    const look = await waitSaved(u, add.data.id);
    expect(look.item).toMatchObject({ type: 4, status: 4, note: MSG.PROCESS_NOTE_DISCONNECTED });
    expect(look.item.baoquan).not.toBe('');
    expect(look.provenance).toMatchObject({ interrupted: true, mobile: true, viewport: '390x844', userAgent: expect.stringContaining('Mobile') });
    expect(look.actions.at(-1)).toMatchObject({ kind: 'interrupt', detail: 'disconnected' });
    expect(look.actions).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'touch' })]));
    const view = await client(h).get('/api/share/getProView', { baoquan: look.item.baoquan });
    expect(view.data).toMatchObject({ type: 4, status: 4 });
    expect(view.data.html).toContain(MSG.PROCESS_INTERRUPTED);
  }, 90_000);

  it('refuses private start addresses, bad stream tokens; queues behind the running session and cancels', async () => {
    const u = await registerUser(h);
    for (const url of ['http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      expect(await u.api.post('/api/processforensics/addProcess', { url }), url).toMatchObject({ code: 400, msg: MSG.WEB_ADDRESS_REFUSED });
    }
    expect(await u.api.post('/api/processforensics/addProcess', { url: 'ftp://example.com/' })).toMatchObject({ code: 400, msg: MSG.URL_FORMAT });
    expect(await client(h).post('/api/processforensics/addProcess', {})).toMatchObject({ code: 401 });
    // The calls are in the OpenAPI document (generated from the route schemas).
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/processforensics/addProcess', '/api/processlist/clickAddProcess', '/api/processlist/getProList', '/api/processlist/cancelButton', '/api/processlist/look', '/api/processlist/delPro', '/api/processlist/saveLabel', '/api/processlist/getLabelList', '/api/processlist/downProBaoquan', '/api/processlist/downloadBatch', '/api/share/getProView', '/api/share/downProBaoquan']) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }

    // PROCESS_CONCURRENCY 1: while one session runs, the next waits with its position.
    const a = await u.api.post('/api/processforensics/addProcess', {});
    const wsA = await openStream(base, a.data.id, a.data.streamToken);
    await wsA.waitMsg((m) => m.t === 'started');
    const v = await registerUser(h);
    const b = await v.api.post('/api/processforensics/addProcess', {});
    expect(b.data).toMatchObject({ status: 0, position: 1 });
    const wsB = await openStream(base, b.data.id, b.data.streamToken);
    expect(await wsB.waitMsg((m) => m.t === 'queue')).toEqual({ t: 'queue', position: 1 });
    expect(await v.api.post('/api/processlist/cancelButton', { id: b.data.id })).toMatchObject({ code: 200, msg: MSG.PROCESS_CANCELLED });
    expect((await v.api.post('/api/processlist/look', { id: b.data.id })).data.session.status).toBe(6);
    expect(await v.api.post('/api/processlist/cancelButton', { id: b.data.id })).toMatchObject({ code: 400, msg: MSG.PROCESS_NOT_CANCELLABLE });
    // The waiting viewer is told and its socket closed.
    expect(await wsB.waitMsg((m) => m.t === 'ended')).toMatchObject({ status: 6 });
    expect((await wsB.closed).code).toBe(1000);

    // A wrong token is refused (4401); a running session cancelled is not saved.
    const bad = await openStream(base, a.data.id, `${a.data.streamToken}x`);
    expect(await bad.waitMsg((m) => m.t === 'error')).toEqual({ t: 'error', msg: MSG.PROCESS_STREAM_DENIED });
    expect((await bad.closed).code).toBe(4401);
    expect(await u.api.post('/api/processlist/cancelButton', { id: a.data.id })).toMatchObject({ code: 200 });
    const look = await u.api.post('/api/processlist/look', { id: a.data.id });
    expect(look.data.item).toMatchObject({ status: 6, baoquan: '' });
    wsA.close();
  }, 90_000);

  it('a session left running by a process that died does not block its user for ever', async () => {
    const u = await registerUser(h);
    const [me] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, u.mobile));
    // As a crashed API process leaves it: running, started long ago, no browser anywhere.
    const [dead] = await h.database.db
      .insert(processSessions)
      .values({ userId: me!.id, type: 2, status: 1, streamNonce: 'x', startedAt: new Date(Date.now() - 3 * 3600_000) })
      .returning();
    const add = await u.api.post('/api/processforensics/addProcess', {});
    expect(add.code, add.msg).toBe(200);
    expect(add.data.resumed).toBe(false);
    expect(add.data.id).not.toBe(dead!.id);
    expect((await u.api.post('/api/processlist/look', { id: dead!.id })).data.item).toMatchObject({ status: 5, note: MSG.PROCESS_NOTE_CRASHED });
    expect(await u.api.post('/api/processlist/cancelButton', { id: add.data.id })).toMatchObject({ code: 200 });
  }, 60_000);

  it('every session starts with a fresh profile: no cookie of an earlier session is sent', async () => {
    const u = await registerUser(h);
    const one = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/set-cookie` });
    const ws1 = await openStream(base, one.data.id, one.data.streamToken);
    await ws1.waitMsg((m) => m.t === 'nav' && String(m.url).endsWith('/set-cookie'));
    ws1.send({ t: 'navigate', url: `${site.origin}/?s=1` });
    await ws1.waitMsg((m) => m.t === 'nav' && String(m.url).endsWith('/?s=1'));
    ws1.send({ t: 'stop' });
    await ws1.waitMsg((m) => m.t === 'ended', 60_000);
    expect(site.cookies).toContain('/?s=1 sid=session-one');
    const two = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/?s=2` });
    expect(two.data.id).not.toBe(one.data.id);
    const ws2 = await openStream(base, two.data.id, two.data.streamToken);
    await ws2.waitMsg((m) => m.t === 'nav' && String(m.url).endsWith('/?s=2'));
    ws2.send({ t: 'stop' });
    await ws2.waitMsg((m) => m.t === 'ended', 60_000);
    expect(site.log).toContain('GET /?s=2');
    expect(site.cookies.filter((c) => c.startsWith('/?s=2'))).toEqual([]);
    ws1.close();
    ws2.close();
  }, 90_000);
});
