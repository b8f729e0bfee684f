/**
 * The capture engine (issue 4 §1): loads one URL in a fresh, isolated Chromium context of the capture
 * browser pool — no cookies or storage, viewport 1366×768, zh-CN, Asia/Shanghai, downloads refused,
 * service workers blocked — with every request going through the recording proxy (proxy.ts), and takes
 * the page's artefacts: full-page (or viewport, for a preview) screenshot, MHTML (CDP
 * Page.captureSnapshot), the script-free HTML snapshot, title, visible text, final URL and status.
 *
 * Time: the network phase is bounded by `timeoutMs` (navigation, load, network idle, lazy-load scroll);
 * size: by the proxy's byte budget. Failures the user can act on are CaptureFailure with a Chinese reason
 * and `retryable` false; anything else (browser crash …) is thrown as is and counts as retryable.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { MSG } from '@cunzheng/contract/messages';
import { msgHttpStatus } from '@cunzheng/contract/forensics';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { BrowserPool } from '../browser.ts';
import { CaptureRefused, type Pinned } from './guard.ts';
import { REFUSAL_HEADER, type CaptureProxy, type Exchange, type Refusal, type TlsSeen } from './proxy.ts';
import { discardRecorder, newRecorder, prepareSpare, takeRecorder, type RecorderSettings } from './spare.ts';
import { keepForInline, snapshotHtml, type InlineResources } from './snapshot.ts';

/** A capture that cannot succeed as asked; `message` is the Chinese reason shown to the user. */
export class CaptureFailure extends Error {
  readonly retryable: boolean;
  constructor(reason: string, retryable = false) {
    super(reason);
    this.retryable = retryable;
  }
}

export const VIEWPORT = { width: 1366, height: 768 } as const;
export const LOCALE = 'zh-CN';
export const TIMEZONE = 'Asia/Shanghai';
/** Tallest full-page screenshot, px (taller pages are clipped and the provenance says so). */
const MAX_SHOT_HEIGHT = 20_000;

/** Chromium flags of the capture pool: WebRTC must not open UDP outside the proxy. */
export const CAPTURE_CHROMIUM_ARGS = ['--force-webrtc-ip-handling-policy=disable_non_proxied_udp', '--webrtc-ip-handling-policy=disable_non_proxied_udp', '--disable-quic'];

export interface CaptureRequest {
  url: string;
  /** 'full' records everything; 'preview' only a viewport screenshot, title and final URL. */
  mode: 'full' | 'preview';
  timeoutMs: number;
  maxBytes: number;
  allowHosts: Set<string>;
  /** User agent of the capture browser (captureUserAgent). */
  userAgent: string;
  /** Called with each recorded exchange (full mode: the WARC writer). */
  onExchange?: (ex: Exchange) => void;
  /** Called when a phase ends ('page', 'goto', 'load', 'idle', 'screenshot', 'mhtml', 'snapshot'): timing only, never evidence. */
  onPhase?: (name: string) => void;
}

export interface CaptureResult {
  url: string;
  finalUrl: string;
  title: string;
  statusCode: number;
  text: string;
  screenshot: Buffer;
  mhtml: string;
  snapshot: string;
  startedAt: Date;
  finishedAt: Date;
  userAgent: string;
  browserVersion: string;
  os: string;
  hosts: Pinned[];
  tls: TlsSeen[];
  refusals: Refusal[];
  requestCount: number;
  totalBytes: number;
  truncated: boolean;
  notes: string[];
  /** Headers of the final page's response. */
  mainHeaders: Array<[string, string]>;
}

const REFUSAL_REASON: Record<Refusal['kind'], string> = {
  refused: MSG.WEB_ADDRESS_REFUSED,
  dns: MSG.WEB_DNS_FAILED,
  connect: MSG.WEB_CONNECT_FAILED,
  timeout: MSG.WEB_TIMEOUT,
  size: MSG.WEB_TOO_LARGE,
  websocket: MSG.WEB_ADDRESS_REFUSED,
  scheme: MSG.WEB_ADDRESS_REFUSED,
};

/** "Debian GNU/Linux 13 (trixie); Linux 6.x x86_64". */
export function osDescription(): string {
  let pretty = '';
  try {
    pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    /* not Linux */
  }
  return `${pretty ? `${pretty}; ` : ''}${os.type()} ${os.release()} ${os.arch()}`;
}

let uaMemo: string | null = null;
/**
 * The user agent captures send: the desktop Chrome form of the installed Chromium's major version
 * (the headless default names "HeadlessChrome", which many sites refuse). Read once per process.
 */
export function captureUserAgent(chromiumPath: string): string {
  if (uaMemo) return uaMemo;
  let major = '140';
  try {
    major = /(\d+)\.\d+\.\d+/.exec(execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }))?.[1] ?? major;
  } catch {
    /* keep the default */
  }
  uaMemo = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
  return uaMemo;
}

/**
 * Waits until the proxy has had no request in flight for `quietMs`, or `capMs` passed. The quiet time
 * counts from the end of the last recorded exchange (`lastEnd`, ms epoch) when nothing is in flight, as
 * Playwright's and Puppeteer's network idle do (issue 16: not from the start of the wait).
 */
async function networkIdle(inflight: () => number, quietMs: number, capMs: number, lastEnd = 0): Promise<boolean> {
  const end = Date.now() + capMs;
  let quietSince = inflight() === 0 && lastEnd > 0 ? Math.min(Date.now(), lastEnd) : Date.now();
  while (Date.now() < end) {
    if (inflight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Scrolls down a viewport at a time (lazy images), up to `capMs`, then back to the top. */
async function autoScroll(page: Page, capMs: number): Promise<void> {
  await page.evaluate(async (cap) => {
    const end = Date.now() + cap;
    for (let y = 0; y < document.documentElement.scrollHeight && Date.now() < end; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 80));
    }
    window.scrollTo(0, 0);
  }, capMs);
}

/** Captures `req.url` with the pool's browser. Throws CaptureFailure (reason for the user) or the raw error. */
export async function capturePage(pool: BrowserPool, req: CaptureRequest): Promise<CaptureResult> {
  const target = new URL(req.url);
  const recorderSettings = recorderSettingsOf(req);
  // Full captures take the pool's spare recorder (proxy, guard, page made ahead; spare.ts) when there is one.
  const rec = req.mode === 'full' ? await takeRecorder(pool, recorderSettings) : await newRecorder(recorderSettings);
  const { guard, proxy } = rec;
  // The typed address is checked before anything connects anywhere (the proxy only listens on loopback).
  try {
    await guard.check(target.hostname);
  } catch (e) {
    await discardRecorder(rec);
    if (e instanceof CaptureRefused) throw new CaptureFailure(e.message);
    throw e;
  }
  const inline: InlineResources = { data: {}, css: {}, bytes: 0 };
  let requestCount = 0;
  let lastExchangeEnd = 0;
  rec.sink.onExchange = (ex) => {
    requestCount++;
    lastExchangeEnd = Date.now();
    if (req.mode === 'full') keepForInline(inline, ex);
    req.onExchange?.(ex);
  };
  req.onPhase?.('proxy');
  const notes: string[] = [];
  // The time bound starts when a browser slot is free (a queued capture does not use up its time).
  let startedAt = new Date();
  let deadline = 0;
  const remaining = () => Math.max(1, deadline - Date.now());
  try {
    return await pool.withPage(
      async (page, context) => {
        req.onPhase?.('page');
        startedAt = new Date();
        deadline = startedAt.getTime() + req.timeoutMs;
        const browserVersion = context.browser()?.version() ?? '';
        let downloaded = false;
        page.on('download', (d) => {
          downloaded = true;
          void d.cancel().catch(() => undefined);
        });
        let resp;
        try {
          resp = await page.goto(target.href, { waitUntil: 'domcontentloaded', timeout: remaining() });
        } catch (e) {
          if (downloaded || /download/i.test(String(e))) throw new CaptureFailure(MSG.WEB_DOWNLOAD_REFUSED);
          if (proxy.truncated()) throw new CaptureFailure(MSG.WEB_TOO_LARGE);
          const r = proxy.refusals.find((x) => x.kind !== 'websocket');
          if (r) throw new CaptureFailure(REFUSAL_REASON[r.kind]);
          if ((e as Error).name === 'TimeoutError') throw new CaptureFailure(MSG.WEB_TIMEOUT);
          if (/net::ERR_/.test(String(e))) throw new CaptureFailure(MSG.WEB_CONNECT_FAILED);
          throw e;
        }
        if (!resp) throw new CaptureFailure(MSG.WEB_CONNECT_FAILED);
        req.onPhase?.('goto');
        const refusedKind = (await resp.headerValue(REFUSAL_HEADER)) as Refusal['kind'] | null;
        if (refusedKind) throw new CaptureFailure(REFUSAL_REASON[refusedKind] ?? MSG.WEB_ADDRESS_REFUSED);
        if (resp.status() >= 400) throw new CaptureFailure(msgHttpStatus(resp.status()));
        const mainHeaders = (await resp.headersArray()).map((h) => [h.name, h.value] as [string, string]);

        const reserve = req.mode === 'full' ? Math.min(10_000, req.timeoutMs / 4) : 2_000;
        const budget = () => Math.max(1, remaining() - reserve);
        if (!(await page.waitForLoadState('load', { timeout: budget() }).then(() => true, () => false))) notes.push('页面在限定时间内未完成加载（load 事件未触发），已按当时状态取证');
        req.onPhase?.('load');
        if (req.mode === 'full') {
          let idle = await networkIdle(proxy.inflight, 500, Math.min(5_000, budget()), lastExchangeEnd);
          // Pages taller than the window are scrolled once to trigger lazy loading; then wait again if it fetched.
          const tall = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 10).catch(() => false);
          if (tall) {
            const before = proxy.requests();
            await autoScroll(page, Math.min(3_000, budget())).catch(() => undefined);
            if (proxy.requests() !== before || proxy.inflight() > 0) idle = await networkIdle(proxy.inflight, 500, Math.min(5_000, budget()), lastExchangeEnd);
          }
          if (!idle) notes.push('取证时仍有网络请求未完成，未完成的请求未被记录');
        } else {
          await networkIdle(proxy.inflight, 300, Math.min(2_000, budget()));
        }

        req.onPhase?.('idle');
        const title = (await page.title()).slice(0, 500);
        const finalUrl = page.url();
        let screenshot: Buffer;
        if (req.mode === 'full') {
          const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0));
          if (height > MAX_SHOT_HEIGHT) notes.push(`页面高度 ${height}px，整页截图截取前 ${MAX_SHOT_HEIGHT}px`);
          screenshot = await page.screenshot({
            fullPage: true,
            type: 'png',
            timeout: 30_000,
            ...(height > MAX_SHOT_HEIGHT ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: MAX_SHOT_HEIGHT } } : {}),
          });
        } else {
          screenshot = await page.screenshot({ type: 'png', timeout: 15_000 });
        }
        req.onPhase?.('screenshot');
        let text = '';
        let mhtml = '';
        let snapshot = '';
        if (req.mode === 'full') {
          text = await page.evaluate(() => (document.body ? document.body.innerText : '').slice(0, 2_000_000));
          const cdp = await context.newCDPSession(page);
          mhtml = ((await cdp.send('Page.captureSnapshot', { format: 'mhtml' })) as { data: string }).data;
          await cdp.detach().catch(() => undefined);
          req.onPhase?.('mhtml');
          snapshot = await snapshotHtml(page, inline);
          req.onPhase?.('snapshot');
        }
        const userAgent = await page.evaluate(() => navigator.userAgent);
        if (proxy.truncated()) notes.push('记录数据量达到上限，其后的网络请求未被记录');
        const blockedWs = proxy.refusals.filter((r) => r.kind === 'websocket').length;
        if (blockedWs) notes.push(`页面尝试建立 ${blockedWs} 个 WebSocket 连接，已被拒绝（不在记录范围内）`);
        const refused = proxy.refusals.filter((r) => r.kind === 'refused').length;
        if (refused) notes.push(`页面中 ${refused} 个请求指向不允许访问的地址，已拒绝且未建立连接`);
        return {
          url: target.href,
          finalUrl,
          title,
          statusCode: resp.status(),
          text,
          screenshot,
          mhtml,
          snapshot,
          startedAt,
          finishedAt: new Date(),
          userAgent,
          browserVersion,
          os: osDescription(),
          hosts: guard.hosts(),
          tls: [...proxy.tls.values()],
          refusals: [...proxy.refusals],
          requestCount,
          totalBytes: proxy.totalBytes(),
          truncated: proxy.truncated(),
          notes,
          mainHeaders,
        };
      },
      { offline: false, context: contextOptions(req.userAgent, proxy), ...(rec.prepared ? { prepared: rec.prepared } : {}) },
    );
  } finally {
    await proxy.close();
  }
}

/** The recorder settings of `req` (spare.ts). */
function recorderSettingsOf(req: Pick<CaptureRequest, 'allowHosts' | 'maxBytes' | 'timeoutMs' | 'userAgent'>): RecorderSettings {
  const requestTimeoutMs = Math.min(req.timeoutMs, 30_000);
  return {
    allowHosts: req.allowHosts,
    maxBytes: req.maxBytes,
    requestTimeoutMs,
    contextOptions: (proxy) => contextOptions(req.userAgent, proxy),
    key: JSON.stringify([[...req.allowHosts].sort(), req.maxBytes, requestTimeoutMs, req.userAgent]),
  };
}

/**
 * Makes the pool's next full capture faster (issue 16): prepares, in the background, the recording proxy
 * and a fresh context + page for a capture with `req`'s settings, taken by the next `capturePage` in full
 * mode (spare.ts). Call it when the CPU is free (the runner: after its deposit). Never throws.
 */
export function prepareCapture(pool: BrowserPool, req: Pick<CaptureRequest, 'allowHosts' | 'maxBytes' | 'timeoutMs' | 'userAgent'>): void {
  prepareSpare(pool, recorderSettingsOf(req));
}

/** Context options of a capture through `proxy`: isolated, 1366×768, zh-CN, Asia/Shanghai, no downloads or service workers. */
function contextOptions(userAgent: string, proxy: CaptureProxy): BrowserContextOptions {
  return {
    viewport: { ...VIEWPORT },
    screen: { ...VIEWPORT },
    deviceScaleFactor: 1,
    locale: LOCALE,
    timezoneId: TIMEZONE,
    acceptDownloads: false,
    serviceWorkers: 'block',
    ignoreHTTPSErrors: true,
    userAgent,
    proxy: { server: `http://127.0.0.1:${proxy.port}`, bypass: '<-loopback>', ...proxy.credentials },
  };
}
