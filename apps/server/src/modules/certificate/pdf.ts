/**
 * Certificate PDFs (spec p1 §7 POST /api/check/downCertificate; issue 2 §6, issue 10 §1): the certificate
 * html printed to A4 by the pooled Chromium. Printed once per certificate and language (issue.ts keeps
 * the signed result), so no render cache is needed.
 */
import type { BrowserPool } from '../../platform/browser.ts';

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
