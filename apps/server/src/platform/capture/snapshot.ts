/**
 * A self-contained, script-free HTML snapshot of the captured page (`capture/snapshot.html` in the WACZ;
 * what the public certificate page shows through /api/share/webReplay inside a CSP sandbox). Built from
 * the live DOM after loading: scripts, frames' sources, event-handler attributes, <base> and charset
 * declarations are removed; images, stylesheets (and the url()s inside them) and fonts are inlined as
 * data: URIs from the bytes the recording proxy recorded (never fetched again). It is a viewing aid:
 * the evidence of what was served is the WARC; of what was shown, the screenshot and MHTML.
 */
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Exchange } from './proxy.ts';

/** Resources kept for inlining, by URL (without fragment). */
export interface InlineResources {
  /** url → data: URI (images, fonts). */
  data: Record<string, string>;
  /** url → CSS text (stylesheets). */
  css: Record<string, string>;
  bytes: number;
}

const MAX_ONE = 5 * 1024 * 1024;
export const INLINE_BUDGET = 25 * 1024 * 1024;

const header = (ex: Exchange, name: string) => ex.responseHeaders.find(([k]) => k.toLowerCase() === name)?.[1] ?? '';

/** The entity body without its content coding (gzip, deflate, br, zstd); null when undecodable. */
export function decodeBody(ex: Exchange): Buffer | null {
  const enc = header(ex, 'content-encoding').trim().toLowerCase();
  try {
    if (!enc || enc === 'identity') return ex.body;
    if (enc === 'gzip' || enc === 'x-gzip') return zlib.gunzipSync(ex.body);
    if (enc === 'deflate') return zlib.inflateSync(ex.body);
    if (enc === 'br') return zlib.brotliDecompressSync(ex.body);
    if (enc === 'zstd' && 'zstdDecompressSync' in zlib) return (zlib as unknown as { zstdDecompressSync(b: Buffer): Buffer }).zstdDecompressSync(ex.body);
  } catch {
    return null;
  }
  return null;
}

/** Adds an exchange to the inline set when it is a successful image, font or stylesheet within budget. */
export function keepForInline(res: InlineResources, ex: Exchange): void {
  if (ex.status !== 200 || ex.truncated || ex.method !== 'GET') return;
  const type = header(ex, 'content-type').split(';')[0]!.trim().toLowerCase();
  const isCss = type === 'text/css';
  const isData = /^(image\/|font\/|application\/(font|x-font|vnd\.ms-fontobject))/.test(type);
  if (!isCss && !isData) return;
  const body = decodeBody(ex);
  if (!body || body.length > MAX_ONE || res.bytes + body.length > INLINE_BUDGET) return;
  const url = ex.url.split('#')[0]!;
  res.bytes += body.length;
  if (isCss) res.css[url] = body.toString('utf8');
  else res.data[url] = `data:${type};base64,${body.toString('base64')}`;
}

/** Serialises the page as the self-contained snapshot (UTF-8 HTML text). */
export async function snapshotHtml(page: Page, res: InlineResources): Promise<string> {
  return page.evaluate(
    ({ data, css }) => {
      const abs = (u: string, base: string) => {
        try {
          return new URL(u, base).href.split('#')[0]!;
        } catch {
          return '';
        }
      };
      const rewriteCss = (text: string, base: string): string =>
        text
          .replace(/@import\s+(?:url\()?\s*['"]?([^'")\s;]+)['"]?\s*\)?[^;]*;/g, (_m, u: string) => {
            const t = css[abs(u, base)];
            return t ? rewriteCss(t, abs(u, base)) : '';
          })
          .replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (m, _q, u: string) => (u.startsWith('data:') ? m : `url("${data[abs(u, base)] ?? ''}")`));
      const orig = Array.from(document.querySelectorAll('*'));
      const root = document.documentElement.cloneNode(true) as HTMLElement;
      const copy = [root, ...Array.from(root.querySelectorAll('*'))];
      // Index-aligned walk: resolve current sources on the live elements, write them on the copies.
      orig.forEach((el, i) => {
        const c = copy[i];
        if (!c) return;
        const tag = el.tagName.toLowerCase();
        if (tag === 'img') {
          const src = (el as HTMLImageElement).currentSrc || (el as HTMLImageElement).src;
          c.setAttribute('src', data[abs(src, document.baseURI)] ?? '');
          c.removeAttribute('srcset');
          c.removeAttribute('loading');
        } else if (tag === 'link' && /stylesheet/i.test(el.getAttribute('rel') ?? '')) {
          const href = abs((el as HTMLLinkElement).href, document.baseURI);
          const style = document.createElement('style');
          if (el.getAttribute('media')) style.setAttribute('media', el.getAttribute('media')!);
          style.textContent = css[href] ? rewriteCss(css[href]!, href) : '';
          c.replaceWith(style);
        } else if (tag === 'style') {
          c.textContent = rewriteCss(el.textContent ?? '', document.baseURI);
        } else if (tag === 'source' || tag === 'video' || tag === 'audio' || (tag === 'input' && el.getAttribute('type') === 'image')) {
          for (const a of ['src', 'poster']) if (el.getAttribute(a)) c.setAttribute(a, data[abs(el.getAttribute(a)!, document.baseURI)] ?? '');
          c.removeAttribute('srcset');
        } else if (tag === 'a' || tag === 'area') {
          if (el.getAttribute('href')) c.setAttribute('href', abs(el.getAttribute('href')!, document.baseURI));
        }
        const st = el.getAttribute('style');
        if (st && st.includes('url(')) c.setAttribute('style', rewriteCss(st, document.baseURI));
        for (const a of Array.from(c.attributes)) {
          if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)) c.removeAttribute(a.name);
        }
      });
      root.querySelectorAll('script,noscript,template,base,object,embed,applet,portal,meta[charset],meta[http-equiv],link:not([rel~="stylesheet"])').forEach((e) => e.remove());
      root.querySelectorAll('iframe,frame').forEach((f) => {
        f.removeAttribute('srcdoc');
        f.setAttribute('src', 'about:blank');
      });
      const head = root.querySelector('head');
      const meta = document.createElement('meta');
      meta.setAttribute('charset', 'utf-8');
      head?.prepend(meta);
      return `<!DOCTYPE html>\n${root.outerHTML}`;
    },
    { data: res.data, css: res.css },
  );
}
