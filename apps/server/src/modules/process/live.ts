/**
 * One live cloud-browser session (过程取证, issue 11 §2). Runs inside a browser-pool job so it holds one
 * browser slot from start to end, in a FRESH context (in-memory profile: no cookies, storage or cache of
 * any other session; closed — profile deleted — when the job ends). Every request goes through the
 * web-capture recording proxy (same address guard: refused addresses are never connected to), which feeds
 * the WARC. While it runs:
 *   - CDP Page.startScreencast sends JPEG frames: each goes to the viewer (binary WebSocket message) and to
 *     the video recorder (video.ts);
 *   - the viewer's input arrives as contract `ZProcessClientMsg`s and is replayed with
 *     Input.dispatchMouseEvent / dispatchTouchEvent / dispatchKeyEvent / insertText and Page.navigate;
 *   - the action log records navigations, clicks (with a short description of the element), typed text
 *     (masked as ****** in password fields and inside frames), named keys, scrolls and touches, with
 *     `t` = ms since start; a viewport PNG is taken after each page load.
 * The session ends on `end(reason)`: the viewer's stop, max duration, idle timeout, the viewer gone for
 * longer than the reconnect window ('disconnected'), or a browser/page crash ('crashed'). What was
 * recorded until then is returned (`done`), whatever the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_VIEWPORT, type TProAction, type TProcessServerMsg } from '@cunzheng/contract/process';
import type { BrowserPool } from '../../platform/browser.ts';
import { LOCALE, osDescription, TIMEZONE } from '../../platform/capture/engine.ts';
import { addressGuard, CaptureRefused } from '../../platform/capture/guard.ts';
import { requestSummary, type RequestSummary } from '../../platform/capture/provenance.ts';
import { startCaptureProxy } from '../../platform/capture/proxy.ts';
import { warcWriter } from '../../platform/capture/warc.ts';
import { applyInput, type InputContext } from './input.ts';
import type { EndReason, LiveOptions, LiveRecording, LiveSession, Shot, Viewer } from './liveTypes.ts';
import { videoRecorder } from './video.ts';

export type { EndReason, LiveOptions, LiveRecording, LiveSession, Shot, Viewer } from './liveTypes.ts';

/** `p`, or undefined when it has not settled within `ms` (CDP calls at the end of a session must not hang it). */
const within = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([p.catch(() => undefined), new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())]);

const MAX_ACTIONS = 20_000;
const MAX_SHOTS = 200;
const VIEWER_BUFFER_MAX = 4 * 1024 * 1024;

/** A mobile Chrome user agent (Android) of the same major version as `desktopUa`. */
export const mobileUserAgent = (desktopUa: string): string => {
  const major = /Chrome\/(\d+)/.exec(desktopUa)?.[1] ?? '140';
  return `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
};

/** Starts a session on `pool` (the pool job runs until the session ends). */
export function startLive(pool: BrowserPool, o: LiveOptions): LiveSession {
  const vp = PROCESS_VIEWPORT[o.type];
  const mobile = o.type === 4;
  const guard = addressGuard(o.allowHosts);
  const warcPath = path.join(o.workDir, 'data.warc.gz');
  const videoPath = path.join(o.workDir, 'session.mp4');
  fs.mkdirSync(path.join(o.workDir, 'shots'), { recursive: true });
  const warc = warcWriter(warcPath, {
    software: o.software,
    format: 'WARC File Format 1.1',
    conformsTo: 'https://iso.org/standard/68004.html',
    description: '过程取证：云端浏览器经平台记录代理发出的全部请求与响应（正文保留内容编码，传输分块已还原）',
    isPartOf: `process_session:${o.id}`,
  });
  const requests: RequestSummary[] = [];
  const actions: TProAction[] = [];
  const shots: Shot[] = [];
  const notes: string[] = [];
  const video = videoRecorder({ ffmpegPath: o.ffmpegPath, out: videoPath, fps: o.fps });
  let viewer: Viewer | null = null;
  let reason: EndReason | null = null;
  let endSignal!: () => void;
  const endedP = new Promise<void>((r) => (endSignal = r));
  let t0 = Date.now();
  let lastInput = Date.now();
  let reconnectTimer: NodeJS.Timeout | null = null;
  let page: Page | null = null;
  let cdp: CDPSession | null = null;
  let userNav = false;
  let lastFrame: Buffer | null = null;
  let startedMsg: TProcessServerMsg | null = null;
  /** The last address/title sent ('nav'), repeated to a viewer that joins later (it would show an empty address bar). */
  let lastNav: TProcessServerMsg | null = null;
  let inputChain: Promise<void> = Promise.resolve();
  const pendingShots = new Set<Promise<void>>();
  let readyResolve!: (v: { deadline: number }) => void;
  let readyReject!: (e: unknown) => void;
  const ready = new Promise<{ deadline: number }>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  ready.catch(() => undefined);

  const now = () => Date.now() - t0;
  const log = (a: Omit<TProAction, 't' | 'at'>) => {
    if (actions.length >= MAX_ACTIONS) return;
    actions.push({ t: now(), at: Date.now(), ...a } as TProAction);
  };
  const sendJson = (m: TProcessServerMsg) => viewer?.send(JSON.stringify(m));
  const end = (r: EndReason) => {
    if (reason) return;
    reason = r;
    endSignal();
  };
  const armReconnect = () => {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => end('disconnected'), o.reconnectMs);
    reconnectTimer.unref();
  };

  /** Checks and opens an address typed by the user (or a popup's); refused → error message to the viewer. */
  const navigate = async (raw: string, by: 'user' | 'page') => {
    let u: URL;
    try {
      u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    } catch {
      sendJson({ t: 'error', msg: MSG.URL_FORMAT });
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      sendJson({ t: 'error', msg: MSG.URL_FORMAT });
      return;
    }
    try {
      await guard.check(u.hostname);
    } catch (e) {
      const msg = e instanceof CaptureRefused ? e.message : MSG.WEB_CONNECT_FAILED;
      log({ kind: 'navigate', url: u.href, by, detail: msg });
      sendJson({ t: 'error', msg });
      return;
    }
    userNav = by === 'user';
    await cdp!.send('Page.navigate', { url: u.href }).catch(() => undefined);
  };

  const done = (async (): Promise<LiveRecording> => {
    const proxy = await startCaptureProxy({
      guard,
      maxBytes: o.maxBytes,
      requestTimeoutMs: 30_000,
      onExchange: (ex) => {
        requests.push(requestSummary(ex));
        warc.add(ex);
      },
    });
    let startedAt = new Date();
    let finalUrl = '';
    let title = '';
    let userAgent = '';
    let browserVersion = '';
    const ua = mobile ? mobileUserAgent(o.userAgent) : o.userAgent;
    try {
      await pool.withPage(
        async (p, context) => {
          page = p;
          browserVersion = context.browser()?.version() ?? '';
          cdp = await context.newCDPSession(p);
          t0 = Date.now();
          startedAt = new Date(t0);
          lastInput = t0;
          const maxTimer = setTimeout(() => end('max'), o.maxMs);
          const idleTimer = setInterval(() => {
            if (Date.now() - lastInput > o.idleMs) end(viewer ? 'idle' : 'disconnected');
          }, 1000);
          maxTimer.unref();
          idleTimer.unref();
          if (!viewer) armReconnect();
          p.on('crash', () => end('crashed'));
          p.on('close', () => end('crashed'));
          context.browser()?.on('disconnected', () => end('crashed'));
          p.on('dialog', (d) => {
            log({ kind: 'navigate', url: p.url(), by: 'page', detail: `页面弹窗（${d.type()}）：${d.message().slice(0, 200)}` });
            void d.accept().catch(() => undefined);
          });
          p.on('framenavigated', (f) => {
            if (f !== p.mainFrame()) return;
            const url = f.url();
            log({ kind: 'navigate', url, by: userNav ? 'user' : 'page' });
            userNav = false;
            const nav = (title: string) => {
              lastNav = { t: 'nav', url, title };
              sendJson(lastNav);
            };
            void p.title().then((tt) => nav(tt.slice(0, 500)), () => nav(''));
          });
          const shoot = (): Promise<void> => {
            if (shots.length >= MAX_SHOTS) return Promise.resolve();
            const t = now();
            const url = p.url();
            const job = within(cdp!.send('Page.captureScreenshot', { format: 'png' }), 10_000)
              .then((r) => {
                if (!r) return;
                const file = path.join(o.workDir, 'shots', `${String(shots.length + 1).padStart(3, '0')}.png`);
                fs.writeFileSync(file, Buffer.from((r as { data: string }).data, 'base64'));
                shots.push({ t, url, file });
              })
              .catch(() => undefined)
              .finally(() => pendingShots.delete(job));
            pendingShots.add(job);
            return job;
          };
          p.on('load', () => {
            if (!reason) void shoot();
          });
          // A link opening a new tab: the session has one tab, so the address opens in it.
          context.on('page', (np) => {
            if (np === p) return;
            void (async () => {
              await np.waitForURL((u) => u.href !== 'about:blank', { timeout: 3000 }).catch(() => undefined);
              const u = np.url();
              await np.close().catch(() => undefined);
              if (u && u !== 'about:blank') await navigate(u, 'page');
            })();
          });
          cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number }) => {
            void cdp!.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
            const jpeg = Buffer.from(f.data, 'base64');
            video.push(jpeg);
            lastFrame = jpeg;
            if (viewer && viewer.bufferedAmount() < VIEWER_BUFFER_MAX) viewer.send(jpeg);
          });
          await cdp.send('Page.enable');
          await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 70, maxWidth: vp.width, maxHeight: vp.height, everyNthFrame: 1 });
          log({ kind: 'start', url: o.url, detail: mobile ? `手机浏览器 ${vp.width}×${vp.height}` : `桌面浏览器 ${vp.width}×${vp.height}` });
          readyResolve({ deadline: t0 + o.maxMs });
          startedMsg = { t: 'started', viewport: { ...vp }, mobile, deadline: t0 + o.maxMs };
          sendJson(startedMsg);
          if (o.url) await navigate(o.url, 'user');
          await endedP;
          clearTimeout(maxTimer);
          clearInterval(idleTimer);
          if (reconnectTimer) clearTimeout(reconnectTimer);
          if (reason !== 'crashed') {
            await within(Promise.allSettled(pendingShots), 10_000);
            // The page shown at the end gets its screenshot even when it had not finished loading.
            const shown = p.url();
            if (shown !== 'about:blank' && shots.at(-1)?.url !== shown) await within(shoot(), 10_000);
            await within(cdp.send('Page.stopScreencast'), 5000);
            finalUrl = p.url();
            title = (await within(p.title(), 5000)) ?? '';
            userAgent = (await within(p.evaluate(() => navigator.userAgent), 5000)) || ua;
          } else {
            finalUrl = actions.findLast((a) => a.kind === 'navigate' && !a.detail)?.url ?? '';
            userAgent = ua;
          }
          log({ kind: reason === 'crashed' || reason === 'disconnected' ? 'interrupt' : 'end', detail: reason ?? '' });
        },
        {
          offline: false,
          context: {
            viewport: { ...vp },
            screen: { ...vp },
            deviceScaleFactor: 1,
            isMobile: mobile,
            hasTouch: mobile,
            locale: LOCALE,
            timezoneId: TIMEZONE,
            acceptDownloads: false,
            serviceWorkers: 'block',
            ignoreHTTPSErrors: true,
            userAgent: ua,
            proxy: { server: `http://127.0.0.1:${proxy.port}`, bypass: '<-loopback>', ...proxy.credentials },
          },
        },
      );
    } catch (e) {
      if (!reason) {
        // The browser could not start, or died before the session was set up.
        readyReject(e);
        reason = 'crashed';
      }
      notes.push('浏览器异常结束');
    } finally {
      await proxy.close();
    }
    await warc.finish().catch(() => {
      notes.push('WARC 写入未完整结束');
    });
    const vres = await video.finish();
    if (proxy.truncated()) notes.push('记录数据量达到上限，其后的网络请求未被记录');
    const refused = proxy.refusals.filter((r) => r.kind === 'refused').length;
    if (refused) notes.push(`${refused} 个请求指向不允许访问的地址，已拒绝且未建立连接`);
    const ws = proxy.refusals.filter((r) => r.kind === 'websocket').length;
    if (ws) notes.push(`页面尝试建立 ${ws} 个 WebSocket 连接，已被拒绝（不在记录范围内）`);
    return {
      startedAt,
      endedAt: new Date(),
      reason: reason ?? 'crashed',
      warcPath,
      requests,
      actions,
      shots,
      videoPath,
      video: vres,
      finalUrl,
      title: title.slice(0, 500),
      userAgent,
      browserVersion,
      os: osDescription(),
      hosts: guard.hosts(),
      tls: [...proxy.tls.values()],
      requestCount: requests.length,
      totalBytes: proxy.totalBytes(),
      truncated: proxy.truncated(),
      notes,
    };
  })();

  /** What the input handler (input.ts) may touch. */
  const inputCtx = (): InputContext => ({
    cdp: cdp!,
    actions,
    now,
    log,
    navigate,
    end,
    sendJson,
    touched: () => (lastInput = Date.now()),
    userNavigation: () => (userNav = true),
  });

  const session: LiveSession = {
    ready,
    done,
    attach(v) {
      viewer = v;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      lastInput = Date.now();
      // A viewer joining a running session gets its state, the current address and picture at once.
      if (startedMsg && !reason) {
        sendJson(startedMsg);
        if (lastNav) sendJson(lastNav);
        if (lastFrame) v.send(lastFrame);
      }
    },
    detach(v) {
      if (viewer !== v) return;
      viewer = null;
      if (!reason) armReconnect();
    },
    ended: () => reason !== null,
    viewer: () => viewer,
    end,
    /** Input is applied strictly in arrival order (one at a time), so the log matches what the page saw. */
    input(m) {
      const run = inputChain.then(() => (reason || !cdp || !page ? undefined : applyInput(inputCtx(), m)));
      inputChain = run.catch(() => undefined);
      return run;
    },
  };
  return session;
}
