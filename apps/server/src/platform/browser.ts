/**
 * A small pool around one headless Chromium (playwright-core), shared by certificate PDFs and, later,
 * web capture (DESIGN.md "What a user runs": Debian's /usr/bin/chromium; a browser is never downloaded).
 *
 * - Lazy: the browser starts on the first job (~0.2 s), not at app start.
 * - One browser process is reused; every job gets a fresh, isolated BrowserContext closed afterwards
 *   (in the background: the job's result does not wait for it; its slot does).
 * - Concurrency is bounded (default 2 jobs at a time); further jobs wait in FIFO order.
 * - If the browser died (crash, killed), the next job launches a new one.
 * - `close()` stops the browser; push it to `ctx.onStop` so it ends with the app.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** Longest wait, ms, for a finished job's context to close before its slot goes to the next job. */
export const CONTEXT_CLOSE_WAIT_MS = 15_000;

/** Arguments every launch uses: headless, no sandbox (containers), no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserPoolOptions {
  /** Path of the Chromium binary (config.CHROMIUM_PATH). */
  executablePath: string;
  /** Jobs running at once; default 2. */
  concurrency?: number;
  /** Launch timeout, ms; default 30 000. */
  launchTimeoutMs?: number;
  /** Extra Chromium arguments of this pool's browser (web capture adds its network hardening flags). */
  extraArgs?: string[];
  /** Optional logger (pino-like) for launch/crash notes. */
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export interface BrowserJobOptions {
  /** Options of the fresh context (viewport, userAgent, javaScriptEnabled, locale …). */
  context?: BrowserContextOptions;
  /**
   * When true (the default), every network request of the context is aborted: the page can only
   * show what the job put in with `page.setContent` (certificates). Web capture passes false.
   */
  offline?: boolean;
  /**
   * A context and page made ahead of time with `prepare` (issue 16: a new page costs 100–400 ms, a new
   * renderer). Used instead of a new context when it is still open; otherwise closed and a new one is made.
   * Either way the job gets a context no other job used; `context` options are then ignored.
   */
  prepared?: Promise<PreparedPage | null>;
}

/** A fresh context and page, made outside any slot for one later job. */
export interface PreparedPage {
  context: BrowserContext;
  page: Page;
}

export interface BrowserPool {
  /**
   * Runs `job` with a new page in a new context of the shared browser and returns its result.
   * The context is closed afterwards, whatever happens. Waits while `concurrency` jobs run.
   * Throws what `job` throws, or the launch error when Chromium cannot start.
   */
  withPage<T>(job: (page: Page, context: BrowserContext) => Promise<T>, opts?: BrowserJobOptions): Promise<T>;
  /**
   * Makes a new context (with `opts`, network on) and its page now, without taking a slot, for a later
   * `withPage(job, { prepared })`. Null when the browser cannot start or the pool is closed.
   */
  prepare(opts: BrowserContextOptions): Promise<PreparedPage | null>;
  /** Runs `fn` when the pool closes (before the browser stops): owners of prepared pages clean up. */
  onClose(fn: () => Promise<void> | void): void;
  /** Number of browser launches so far (1 after the first job; grows only after a crash). */
  launches(): number;
  /** Closes the browser (if started). Later jobs are refused. */
  close(): Promise<void>;
}

/** Builds a pool; nothing is started until the first `withPage`. */
export function browserPool(opts: BrowserPoolOptions): BrowserPool {
  const limit = Math.max(1, opts.concurrency ?? 2);
  let browser: Promise<Browser> | null = null;
  let launchCount = 0;
  let closed = false;
  let running = 0;
  const waiting: Array<() => void> = [];
  const closers: Array<() => Promise<void> | void> = [];

  const acquire = async (): Promise<void> => {
    if (running < limit) {
      running++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
    // The releasing job handed its slot over: `running` was not decremented.
  };
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  const launch = (): Promise<Browser> => {
    launchCount++;
    // playwright-core (≈ 84 MiB RSS) loads on the first launch, not at server start (issue 16).
    const p = import('playwright-core')
      .then(({ chromium }) => chromium.launch({ executablePath: opts.executablePath, args: [...CHROMIUM_ARGS, ...(opts.extraArgs ?? [])], headless: true, timeout: opts.launchTimeoutMs ?? 30_000 }))
      .then((b) => {
        opts.log?.info({ launches: launchCount, version: b.version() }, 'chromium started');
        b.on('disconnected', () => {
          if (browser === p) browser = null;
          if (!closed) opts.log?.warn({}, 'chromium disconnected; it will be relaunched on the next job');
        });
        return b;
      });
    // A failed launch must not stay cached: the next job tries again.
    p.catch(() => {
      if (browser === p) browser = null;
    });
    return p;
  };

  const getBrowser = async (): Promise<Browser> => {
    if (browser) {
      const b = await browser;
      if (b.isConnected()) return b;
      browser = null;
    }
    browser = launch();
    return browser;
  };

  return {
    async withPage(job, jobOpts = {}) {
      if (closed) throw new Error('browser pool closed');
      await acquire();
      let context: BrowserContext | null = null;
      try {
        const pre = jobOpts.prepared ? await jobOpts.prepared.catch(() => null) : null;
        let page: Page;
        if (pre && !pre.page.isClosed() && pre.context.browser()?.isConnected()) {
          context = pre.context;
          page = pre.page;
        } else {
          if (pre) await pre.context.close().catch(() => {});
          const b = await getBrowser();
          context = await b.newContext(jobOpts.context);
          if (jobOpts.offline !== false) await context.route('**/*', (route) => route.abort());
          page = await context.newPage();
        }
        return await job(page, context);
      } finally {
        // Issue 16: the result goes back at once; the context closes in the background and the slot is
        // released only when it has (so no more contexts than slots ever exist at once, spares aside).
        const done = context;
        // The slot is freed when the context has closed, or after CONTEXT_CLOSE_WAIT_MS if closing hangs (a
        // busy renderer): a hung close must not take a slot for ever (with one slot, every later job would wait).
        if (done) {
          let timer: NodeJS.Timeout | undefined;
          void Promise.race([done.close().catch(() => {}), new Promise<void>((r) => (timer = setTimeout(r, CONTEXT_CLOSE_WAIT_MS)))]).finally(() => {
            clearTimeout(timer);
            release();
          });
        } else release();
      }
    },
    async prepare(contextOpts) {
      if (closed) return null;
      try {
        const context = await (await getBrowser()).newContext(contextOpts);
        return { context, page: await context.newPage() };
      } catch {
        return null;
      }
    },
    onClose(fn) {
      closers.push(fn);
    },
    launches: () => launchCount,
    async close() {
      closed = true;
      for (const fn of closers.splice(0)) await Promise.resolve().then(fn).catch(() => {});
      const b = browser;
      browser = null;
      if (b) await b.then((x) => x.close()).catch(() => {});
    },
  };
}
