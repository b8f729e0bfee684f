/**
 * Process evidence (issue 11 §2): the live stream of a cloud-browser session through the real server
 * (recording proxy, CDP screencast → WebSocket, video encoder running) against a bare CDP screencast of the
 * same pages by playwright-core in this process (no proxy, no server, no WebSocket, no recorder), in the
 * same run:
 *   - frames per second while a page animates (aim ≥ 10);
 *   - click-to-frame latency: from sending a click on a colour-flip button to the first frame after it
 *     (p50/p95; aim ≤ 300 ms);
 *   - MP4 bytes per minute of the deposited video (animated page, then a still one).
 */
import { chromium } from 'playwright-core';
import { openStream, startProcessSite, clickMsgs } from '../apps/server/test/processSite.ts';
import { f2, pct, startServer, userToken } from './lib.ts';

const SECONDS = Number(process.env.BENCH_PROCESS_SECONDS ?? 20);
const CLICKS = Number(process.env.BENCH_PROCESS_CLICKS ?? 20);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Bare screencast: fps on /anim and click-to-frame on / with playwright's CDP session. */
async function bare(origin: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 })).newPage();
    const cdp = await page.context().newCDPSession(page);
    const frames: number[] = [];
    cdp.on('Page.screencastFrame', (f: { sessionId: number }) => {
      frames.push(performance.now());
      void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
    });
    await page.goto(`${origin}/anim`);
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 70, maxWidth: 1366, maxHeight: 768 });
    await sleep(1000);
    const n0 = frames.length;
    const t0 = performance.now();
    await sleep(5000);
    const fps = (frames.length - n0) / ((performance.now() - t0) / 1000);
    await page.goto(`${origin}/`);
    await sleep(500);
    const lat: number[] = [];
    for (let i = 0; i < CLICKS; i++) {
      const before = frames.length;
      const t = performance.now();
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: 100, y: 400, button: 'left', clickCount: 1 });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: 100, y: 400, button: 'left', clickCount: 1 });
      const end = t + 3000;
      while (frames.length === before && performance.now() < end) await sleep(2);
      lat.push((frames[before] ?? end) - t);
      await sleep(200);
    }
    return { fps, lat: lat.sort((a, b) => a - b) };
  } finally {
    await browser.close();
  }
}

/** Runs the benchmark; returns the numbers. */
export async function run() {
  const site = await startProcessSite();
  const server = await startServer({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', PROCESS_CONCURRENCY: '1' });
  try {
    const token = await userToken(server, '13800138005');
    const api = async (p: string, body: Record<string, string>) => {
      const r = await fetch(`${server.url}${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
      const j = (await r.json()) as { code: number; msg: string; data: any };
      if (j.code !== 200) throw new Error(`${p}: ${j.msg}`);
      return j.data;
    };
    const base = await bare(site.origin);

    const add = await api('/api/processforensics/addProcess', { url: `${site.origin}/anim` });
    const ws = await openStream(server.url, add.id, add.streamToken);
    await ws.waitMsg((m) => m.t === 'nav' && String(m.url).endsWith('/anim'), 60_000);
    const tStart = performance.now();
    await sleep(1000);
    const n0 = ws.frames.length;
    const t0 = performance.now();
    await sleep(Math.max(5, SECONDS - 8) * 1000);
    const fps = (ws.frames.length - n0) / ((performance.now() - t0) / 1000);
    const animatedSeconds = (performance.now() - tStart) / 1000;
    ws.send({ t: 'navigate', url: `${site.origin}/` });
    await ws.waitMsg((m) => m.t === 'nav' && m.url === `${site.origin}/`);
    await sleep(500);
    const lat: number[] = [];
    for (let i = 0; i < CLICKS; i++) {
      const before = ws.frames.length;
      const t = performance.now();
      for (const m of clickMsgs(100, 400)) ws.send(m);
      const end = t + 3000;
      while (ws.frames.length === before && performance.now() < end) await sleep(2);
      lat.push((ws.frames[before]?.at ?? end) - t);
      await sleep(200);
    }
    lat.sort((a, b) => a - b);
    ws.send({ t: 'stop' });
    await ws.waitMsg((m) => m.t === 'ended', 120_000);
    ws.close();
    const look = await api('/api/processlist/look', { id: String(add.id) });
    const mp4 = look.provenance.video as { size: number; seconds: number };
    const perMin = mp4.seconds > 0 ? (mp4.size / mp4.seconds) * 60 : 0;
    const out = {
      fps: Number(f2(fps)),
      bareFps: Number(f2(base.fps)),
      fpsRatio: Number(f2(fps / base.fps)),
      clickToFrameP50Ms: Math.round(pct(lat, 50)),
      clickToFrameP95Ms: Math.round(pct(lat, 95)),
      bareClickToFrameP50Ms: Math.round(pct(base.lat, 50)),
      latencyRatioP50: Number(f2(pct(lat, 50) / Math.max(1, pct(base.lat, 50)))),
      videoSeconds: mp4.seconds,
      animatedSeconds: Math.round(animatedSeconds),
      mp4Bytes: mp4.size,
      mp4MiBPerMinute: Number(f2(perMin / 1024 / 1024)),
      serverPeakRssMiB: Math.round(server.peakRss() / 1024 / 1024),
    };
    console.log(
      `stream ${out.fps} fps (bare screencast ${out.bareFps}, ×${out.fpsRatio}); click→frame p50 ${out.clickToFrameP50Ms} ms, p95 ${out.clickToFrameP95Ms} ms ` +
        `(bare p50 ${out.bareClickToFrameP50Ms} ms, ×${out.latencyRatioP50}); MP4 ${out.mp4Bytes} bytes for ${out.videoSeconds} s (${out.animatedSeconds} s animated) = ${out.mp4MiBPerMinute} MiB/min`,
    );
    return out;
  } finally {
    await server.stop();
    await site.close();
  }
}
