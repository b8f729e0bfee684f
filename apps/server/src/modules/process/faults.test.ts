/**
 * Faults and limits of process evidence (issue 11 §2 "Bad input and faults", "Limits"), on the real app
 * with real Chromium: ffmpeg failing (FFMPEG_PATH names no program) still deposits the WARC and the action
 * log with the note 视频生成失败…; a browser killed mid-session is saved up to that moment as 中断; the idle
 * timeout and the maximum duration end and save a session; the stream token never reaches the log; a
 * session claimed by a process that cannot set it up (its work directory fails) goes back to the queue
 * instead of staying "running" without a browser (issue 17: its viewer stayed at queue position 1).
 */
import { execFileSync } from 'node:child_process';
import type net from 'node:net';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { clickMsgs, openStream, startProcessSite, type ProcessSite } from '../../../test/processSite.ts';
import { readZipIndex } from '../../platform/capture/zipIndex.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

async function waitSaved(u: User, id: number, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await u.api.post('/api/processlist/look', { id });
    if (r.code !== 200) throw new Error(r.msg);
    if (r.data.session.status >= 3 || Date.now() > end) return r.data;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Pids of the Chromium processes this test process started (the process-evidence pool's browser). */
const ownChromium = (): number[] => {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((p) => p[1] && /chrom/i.test(p[1]))
    .map((p) => Number(p[0]));
};

let site: ProcessSite;
let h: Harness;
let base: string;
let logText = '';

beforeAll(async () => {
  site = await startProcessSite();
  const logStream = new PassThrough();
  logStream.on('data', (d: Buffer) => (logText += d.toString('utf8')));
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', FFMPEG_PATH: '/nonexistent/ffmpeg', PROCESS_IDLE_SECONDS: '5', PROCESS_MAX_SECONDS: '10' }, { logStream, logLevel: 'info' });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as net.AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await h?.close();
  await site?.close();
});

describe('process evidence faults', () => {
  it('ffmpeg fails: the WARC and the action log are deposited without video, with a clear note', async () => {
    const u = await registerUser(h);
    const add = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
    const ws = await openStream(base, add.data.id, add.data.streamToken);
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
    for (const m of clickMsgs(100, 100)) ws.send(m);
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/form`);
    // 结束取证 without the socket.
    const end = await u.api.post('/api/processforensics/endProcess', { id: add.data.id });
    expect(end).toMatchObject({ code: 200, msg: MSG.PROCESS_STOPPED, data: { status: 3 } });
    ws.close();
    const look = await waitSaved(u, add.data.id);
    expect(look.item).toMatchObject({ status: 3, note: MSG.PROCESS_NOTE_VIDEO_FAILED });
    expect(look.videoUrl).toBe('');
    expect(look.provenance.video).toMatchObject({ sha256: '', size: 0 });
    expect(look.provenance.notes).toContain(MSG.PROCESS_NOTE_VIDEO_FAILED);
    expect(look.artefacts.some((a: any) => a.mime === 'video/mp4')).toBe(false);
    const down = await u.api.post('/api/processlist/downProBaoquan', { id: add.data.id });
    const wacz = (await u.api.download(down.data.downUrl)).body;
    const p = path.join(os.tmpdir(), `cz-pf-${process.pid}.zip`);
    fs.writeFileSync(p, wacz);
    const names = new Map((await readZipIndex(p)).map((e) => [e.name, wacz.subarray(e.dataOffset, e.dataOffset + e.size)]));
    fs.rmSync(p, { force: true });
    expect(zlib.gunzipSync(names.get('archive/data.warc.gz')!).toString('utf8')).toContain(`WARC-Target-URI: ${site.origin}/form`);
    expect(JSON.parse(names.get('process/actions.json')!.toString('utf8'))).toEqual(look.actions);
    expect(JSON.parse(names.get('process/video.json')!.toString('utf8'))).toMatchObject({ sha256: '', note: MSG.PROCESS_NOTE_VIDEO_FAILED });
  }, 90_000);

  it('the browser dies mid-session: saved up to that moment as 中断', async () => {
    const u = await registerUser(h);
    const add = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
    const ws = await openStream(base, add.data.id, add.data.streamToken);
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
    for (const m of clickMsgs(100, 100)) ws.send(m);
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/form`);
    const pids = ownChromium();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    expect(await ws.waitMsg((m) => m.t === 'ended', 60_000)).toMatchObject({ status: 4 });
    const look = await waitSaved(u, add.data.id);
    expect(look.item.status).toBe(4);
    expect(look.item.note).toContain(MSG.PROCESS_NOTE_CRASHED);
    expect(look.item.baoquan).not.toBe('');
    expect(look.actions).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'navigate', url: `${site.origin}/form` })]));
    expect(look.actions.at(-1)).toMatchObject({ kind: 'interrupt', detail: 'crashed' });
    // The pool launches a fresh browser for the next session.
    const again = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
    const ws2 = await openStream(base, again.data.id, again.data.streamToken);
    await ws2.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
    expect(await u.api.post('/api/processlist/cancelButton', { id: again.data.id })).toMatchObject({ code: 200 });
    ws2.close();
    ws.close();
  }, 90_000);

  it('idle timeout and maximum duration end and save the session; the stream token is not logged', async () => {
    const u = await registerUser(h);
    const idle = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
    const ws = await openStream(base, idle.data.id, idle.data.streamToken);
    await ws.waitMsg((m) => m.t === 'nav');
    // No input for PROCESS_IDLE_SECONDS (pings do not count).
    ws.send({ t: 'ping' });
    expect(await ws.waitMsg((m) => m.t === 'pong')).toEqual({ t: 'pong' });
    expect(await ws.waitMsg((m) => m.t === 'ended', 30_000)).toMatchObject({ status: 3 });
    const a = await waitSaved(u, idle.data.id);
    expect(a.item.note).toContain(MSG.PROCESS_NOTE_IDLE);
    ws.close();

    const long = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
    const ws2 = await openStream(base, long.data.id, long.data.streamToken);
    const started = await ws2.waitMsg((m) => m.t === 'started');
    expect(started.deadline).toBeGreaterThan(Date.now());
    // Input every second keeps it from idling; PROCESS_MAX_SECONDS ends it.
    const keep = setInterval(() => ws2.send({ t: 'mouse', type: 'mouseMoved', x: 10, y: 10 }), 1000);
    try {
      expect(await ws2.waitMsg((m) => m.t === 'ended', 40_000)).toMatchObject({ status: 3 });
    } finally {
      clearInterval(keep);
    }
    const b = await waitSaved(u, long.data.id);
    expect(b.item.note).toContain(MSG.PROCESS_NOTE_MAX_DURATION);
    expect(b.item.duration).toBeGreaterThanOrEqual(9);
    ws2.close();
    expect(logText).toContain('/api/processforensics/stream');
    expect(logText).not.toContain(long.data.streamToken);
    expect(logText).not.toContain(idle.data.streamToken);
  }, 90_000);
  it('a claimed session that cannot be set up here goes back to the queue, its viewer is told, and it starts once it can', async () => {
    // The work root replaced by a file: setting a session up (its work directory) fails here.
    const workRoot = path.join(h.dataDir, 'process-work');
    fs.rmSync(workRoot, { recursive: true, force: true });
    fs.writeFileSync(workRoot, 'not a directory');
    const u = await registerUser(h);
    let ws: Awaited<ReturnType<typeof openStream>> | undefined;
    let id = 0;
    try {
      const failures = logText.split('could not start a session here').length;
      const add = await u.api.post('/api/processforensics/addProcess', { url: `${site.origin}/` });
      expect(add.code, add.msg).toBe(200);
      id = add.data.id;
      ws = await openStream(base, id, add.data.streamToken);
      expect(await ws.waitMsg((m) => m.t === 'queue')).toEqual({ t: 'queue', position: 1 });
      for (const until = Date.now() + 30_000; logText.split('could not start a session here').length === failures; await new Promise((r) => setTimeout(r, 100))) {
        if (Date.now() > until) throw new Error('no start failure was logged');
      }
      // The claim was released (not left running without a browser until the heartbeat check fails it): queued,
      // no owner — until the next kick tries again (every 2 s), and fails again while the work root is broken.
      for (const until = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
        const row = await h.ctx.db.execute(sql`select status, owner_url from process_sessions where id = ${id}`);
        const r0 = ((row as unknown as { rows?: unknown[] }).rows ?? (row as unknown as unknown[]))[0] as { status: number; owner_url: string };
        if (r0.status === 0) {
          expect(r0.owner_url).toBe('');
          break;
        }
        if (Date.now() > until) throw new Error(`the claim was not released: ${JSON.stringify(r0)}`);
      }
      // Still waiting, the viewer keeps being told its place.
      const seen = ws.messages.length;
      expect(await ws.waitMsg((m) => m.t === 'queue', 30_000, seen)).toEqual({ t: 'queue', position: 1 });
      expect(ws.messages.some((x) => x.m.t === 'started' || x.m.t === 'ended')).toBe(false);
    } finally {
      fs.rmSync(workRoot, { recursive: true, force: true });
      fs.mkdirSync(workRoot, { recursive: true, mode: 0o700 });
    }
    // The work root is back: the next kick starts the session and the waiting viewer gets it.
    expect(await ws!.waitMsg((m) => m.t === 'started', 60_000)).toMatchObject({ t: 'started' });
    await ws!.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`, 60_000);
    expect(await u.api.post('/api/processlist/cancelButton', { id })).toMatchObject({ code: 200 });
    expect(await ws!.waitMsg((m) => m.t === 'ended', 60_000)).toMatchObject({ status: 6 });
    ws!.close();
  }, 120_000);
});
