/**
 * The help centre's articles (issue 12 §3; spec p1 §7 GET /api/Education, POST /api/Education/downPdf;
 * shapes not given by the spec, ours in @cunzheng/contract/query): evidence-law excerpts and how-to guides,
 * each also as an A4 PDF printed by Chromium from escaped HTML (CJK fonts from Debian's fonts-noto-cjk).
 * A PDF is stored as a blob (content-addressed) and handed out through a signed, expiring URL; the blob is
 * reused while it exists (touched so the GC keeps it) and re-rendered otherwise.
 */
import { MSG } from '@cunzheng/contract/messages';
import type { TArticle } from '@cunzheng/contract/query';
import type { BlobStore } from '../../platform/blobs.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { GUIDE_ARTICLES } from './guideArticles.ts';
import { LAW_ARTICLES } from './lawArticles.ts';

/** Every article, laws first. */
export const ARTICLES: readonly TArticle[] = [...LAW_ARTICLES, ...GUIDE_ARTICLES];

/** Article PDFs rendered per client address per 10 minutes (a render costs ~0.5 s of CPU; cached ones are free). */
export const ARTICLE_PDF_LIMIT = { max: 30, windowSeconds: 600 } as const;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The printable HTML document of an article (every text escaped). */
export function articleHtml(a: TArticle, site: string): string {
  const body = a.sections.map((s) => `<h2>${esc(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}`).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(a.title)}</title><style>
@page{size:A4}
body{font-family:"Noto Serif CJK SC","Noto Sans CJK SC",serif;color:#1f1f1f;font-size:11.5pt;line-height:1.9;margin:0}
.cat{display:inline-block;color:#1677ff;border:1px solid #91caff;border-radius:4px;padding:0 8px;font-size:9pt;font-family:"Noto Sans CJK SC",sans-serif}
h1{font-size:18pt;line-height:1.4;margin:10px 0 6px}
.src{color:#666;font-size:9.5pt;font-family:"Noto Sans CJK SC",sans-serif;margin-bottom:8px}
.sum{background:#f5f8ff;border-left:3px solid #1677ff;padding:8px 12px;margin:12px 0 18px;font-size:10.5pt}
h2{font-size:12.5pt;margin:18px 0 4px;font-family:"Noto Sans CJK SC",sans-serif;color:#0b3d91}
p{margin:4px 0;text-indent:2em;text-align:justify}
.foot{margin-top:28px;border-top:1px solid #ddd;padding-top:6px;color:#888;font-size:8.5pt;font-family:"Noto Sans CJK SC",sans-serif}
</style></head><body>
<span class="cat">${esc(a.category)}</span>
<h1>${esc(a.title)}</h1>
${a.source ? `<div class="src">来源：${esc(a.source)}</div>` : ''}
<div class="sum">${esc(a.summary)}</div>
${body}
<div class="foot">${esc(site)} 帮助中心 · 本文仅供参考，不构成法律意见${a.category === '法律法规' ? '；法律条文以官方公布文本为准' : ''}</div>
</body></html>`;
}

export interface EducationDeps {
  browser: Pick<BrowserPool, 'withPage'>;
  blobs: Pick<BlobStore, 'putBuffer' | 'touch'>;
  downloads: Pick<DownloadSigner, 'url'>;
  limiter: RateLimiter;
  /** Site name printed in the PDF footer. */
  site: string;
}

/** Builds the help-centre article service. */
export function educationService(deps: EducationDeps) {
  // Blob address of each article's PDF rendered by this process (re-rendered when the blob is gone).
  const rendered = new Map<string, string>();

  const render = (a: TArticle): Promise<Buffer> =>
    deps.browser.withPage(
      async (page) => {
        page.setDefaultTimeout(30_000);
        await page.setContent(articleHtml(a, deps.site), { waitUntil: 'load' });
        return page.pdf({
          format: 'A4',
          printBackground: true,
          margin: { top: '18mm', bottom: '20mm', left: '20mm', right: '20mm' },
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate: '<div style="font-size:8px;width:100%;text-align:center;color:#999"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
        });
      },
      { context: { javaScriptEnabled: false, locale: 'zh-CN' }, offline: true },
    );

  return {
    /** GET /api/Education → `{ list }`: every article (laws, then guides) with its sections. */
    list: (): { list: readonly TArticle[] } => ({ list: ARTICLES }),

    /**
     * POST /api/Education/downPdf (id) → `{downUrl}` of the article's PDF named `<title>.pdf`.
     * 400 文章不存在; 429 操作过于频繁 past ARTICLE_PDF_LIMIT renders per client address.
     */
    async pdf(id: string, ip: string): Promise<{ downUrl: string }> {
      const a = ARTICLES.find((x) => x.id === id);
      if (!a) throw badRequest(MSG.ARTICLE_NOT_FOUND);
      let sha = rendered.get(id);
      if (!sha || !(await deps.blobs.touch(sha))) {
        await deps.limiter.hit([{ key: `articlepdf:ip:${ip}`, ...ARTICLE_PDF_LIMIT }]);
        sha = await deps.blobs.putBuffer(await render(a));
        rendered.set(id, sha);
      }
      return { downUrl: deps.downloads.url({ sha256: sha, name: `${a.title.replace(/[\\/:*?"<>|]/g, '')}.pdf`, mime: 'application/pdf' }) };
    },
  };
}

export type EducationService = ReturnType<typeof educationService>;
