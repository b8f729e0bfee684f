/**
 * A small pool around one headless Chromium (playwright-core), shared by certificate PDFs and, later,
 * web capture (DESIGN.md "What a user runs": Debian's /usr/bin/chromium; a browser is never downloaded).
 *
 * - Lazy: the browser starts on the first job (~0.2 s), not at app start.
 * - One browser process is reused; every job gets a fresh, isolated BrowserContext closed afterwards.
 * - Concurrency is bounded (default 2 jobs at a time); further jobs wait in FIFO order.
 * - If the browser died (crash, killed), the next job launches a new one.
 * - `close()` stops the browser; push it to `ctx.onStop` so it ends with the app.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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
}

export interface BrowserPool {
  /**
   * Runs `job` with a new page in a new context of the shared browser and returns its result.
   * The context is closed afterwards, whatever happens. Waits while `concurrency` jobs run.
   * Throws what `job` throws, or the launch error when Chromium cannot start.
   */
  withPage<T>(job: (page: Page, context: BrowserContext) => Promise<T>, opts?: BrowserJobOptions): Promise<T>;
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
    const p = chromium
      .launch({ executablePath: opts.executablePath, args: [...CHROMIUM_ARGS, ...(opts.extraArgs ?? [])], headless: true, timeout: opts.launchTimeoutMs ?? 30_000 })
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
        const b = await getBrowser();
        context = await b.newContext(jobOpts.context);
        if (jobOpts.offline !== false) await context.route('**/*', (route) => route.abort());
        const page = await context.newPage();
        return await job(page, context);
      } finally {
        if (context) await context.close().catch(() => {});
        release();
      }
    },
    launches: () => launchCount,
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      if (b) await b.then((x) => x.close()).catch(() => {});
    },
  };
}
