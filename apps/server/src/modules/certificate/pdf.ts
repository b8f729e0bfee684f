/**
 * Certificate PDFs (spec p1 §7 POST /api/check/downCertificate; issue 2 §6): the same html fragment as
 * `getView`, printed to A4 by the pooled Chromium and stored content-addressed in the blob store.
 *
 * Cache: a per-process map sha256(document) → PDF blob address (bounded LRU) plus de-duplication of
 * renders in flight. A miss (another process, a restart, a changed checkpoint size) just re-renders;
 * nothing depends on the cache for correctness, so it needs no shared storage.
 */
import crypto from 'node:crypto';
import type { BrowserPool } from '../../platform/browser.ts';
import { pdfDocument } from './html.ts';

export interface PdfRendererDeps {
  browser: Pick<BrowserPool, 'withPage'>;
  /** Stores bytes, returns their SHA-256 (platform/blobs.ts `putBuffer`). */
  putBuffer(buf: Buffer): Promise<string>;
  /** Whether a stored blob is still there (a cached address is re-checked before use). */
  exists(sha256: string): Promise<boolean>;
  /** Cache entries kept; default 1000. */
  cacheSize?: number;
  /** Signs the printed PDF before it is stored (issue 3 §2: trust service `signPdf`, PAdES). */
  sign?: (pdf: Buffer) => Promise<Buffer>;
}

export interface RenderedPdf {
  /** Blob address of the PDF. */
  sha256: string;
  /** True when this call rendered it (false: served from the cache). */
  rendered: boolean;
  /** Render time in ms (0 when cached). */
  ms: number;
}

export interface PdfRenderer {
  /**
   * Returns the blob address of the A4 PDF of `fragment` titled `title` (rendering it unless cached).
   * Throws if Chromium fails.
   */
  render(fragment: string, lang: 'zh' | 'en', title: string): Promise<RenderedPdf>;
}

/** Prints `doc` (a full HTML document) to an A4 PDF with backgrounds, no margins (the certificate draws its own). */
export async function printA4(browser: Pick<BrowserPool, 'withPage'>, doc: string): Promise<Buffer> {
  return browser.withPage(
    async (page) => {
      page.setDefaultTimeout(30_000);
      await page.setContent(doc, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
    },
    { context: { javaScriptEnabled: false, locale: 'zh-CN' }, offline: true },
  );
}

/** Builds the renderer. */
export function pdfRenderer(deps: PdfRendererDeps): PdfRenderer {
  const max = deps.cacheSize ?? 1000;
  const cache = new Map<string, string>();
  const inFlight = new Map<string, Promise<RenderedPdf>>();

  const remember = (key: string, sha: string) => {
    cache.delete(key);
    cache.set(key, sha);
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
  };

  return {
    async render(fragment, lang, title) {
      const doc = pdfDocument(fragment, lang, title);
      const key = crypto.createHash('sha256').update(doc).digest('hex');
      const hit = cache.get(key);
      if (hit && (await deps.exists(hit))) {
        remember(key, hit);
        return { sha256: hit, rendered: false, ms: 0 };
      }
      const running = inFlight.get(key);
      if (running) return running;
      const job = (async () => {
        const t0 = performance.now();
        const printed = await printA4(deps.browser, doc);
        const pdf = deps.sign ? await deps.sign(printed) : printed;
        const sha256 = await deps.putBuffer(pdf);
        remember(key, sha256);
        return { sha256, rendered: true, ms: Math.round(performance.now() - t0) };
      })();
      inFlight.set(key, job);
      try {
        return await job;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
