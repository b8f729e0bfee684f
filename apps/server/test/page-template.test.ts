/**
 * Issue 16 round 4b (the certificate's LCP): the HTML of /attestation/{baoquan} and
 * /English/attestation/{baoquan} is the build's prerendered certificate template with its slots filled from
 * the anonymous getView answer it embeds — number and chainhash HTML-escaped, the certificate html of the
 * page's language as is — for the anonymous viewer and a certificate in its normal state; anything else
 * (a session, a deleted file, an unknown number, a template with a slot nobody fills) gets the plain route
 * HTML as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate } from '../src/platform/pageData.ts';
import { registerUser } from './client.ts';
import type { Harness } from './harness.ts';
import { webDistHarness } from './helpers/webDist.ts';

const page = (root: string) => `<!doctype html><html><head></head><body><div id="root">${root}</div><script>1</script></body></html>`;
/** What the web build writes (apps/web/src/pages/certificate/shared/template.ts), shortened to the slots. */
const slots = (lang: string) =>
  `<div id="app-shell-html"><a href="/login?redirect=%2Fattestation%2F__czslot_attestationId__">登录</a><div class="cert-page" lang="${lang}"><a class="cert-lang" href="/English/attestation/__czslot_baoquan__">x</a><dd class="cert-mono">__czslot_baoquan__</dd><a href="/ledger/__czslot_chainhash__">__czslot_chainhash__</a><div class="cert-html print-area">__czslot_html__</div></div></div>`;
const FILES: Record<string, string> = {
  'html/cert0001.html': page('<div id="app-shell-html">shell</div>'),
  'html/tplzh001.html': page(slots('zh-CN')),
  'html/tplen001.html': page(slots('en')),
};
const MAP = {
  version: 1,
  routes: [
    { path: '/attestation/:attestationId', html: 'html/cert0001.html', template: 'html/tplzh001.html' },
    { path: '/English/attestation/:attestationId', html: 'html/cert0001.html', template: 'html/tplen001.html' },
  ],
};
const PLAIN = FILES['html/cert0001.html']!;
const withoutData = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

describe('certificate first screen from the HTML template (round 4b)', () => {
  let web: Awaited<ReturnType<typeof webDistHarness>>;
  let h: Harness;
  beforeAll(async () => {
    web = await webDistHarness({ index: page(''), files: FILES, map: MAP });
    h = web.h;
  });
  afterAll(async () => web?.close());

  const get = (url: string, headers: Record<string, string> = {}) => web.get(url, headers);

  it('fills the template from the anonymous view: escaped values, the certificate html of the language as is', async () => {
    const owner = await registerUser(h);
    const fileName = 'a<script>alert(1)&b.txt'; // a file name's part after the last `/` is kept
    const up = await owner.api.upload(fileName, Buffer.from('template'), { title: '模板' });
    const bq: string = up.data.baoquan;
    const view = (await get(`/api/share/getView?baoquan=${bq}`)).json().data;
    expect(view.fileName).toBe(fileName);
    expect(view.html).toContain('a&#60;script&#62;alert(1)&#38;b.txt');
    for (const [url, lang, html] of [
      [`/attestation/${bq}`, 'zh-CN', view.html],
      [`/English/attestation/${bq}`, 'en', view.htmlEn],
    ] as const) {
      const r = await get(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-cache');
      const body = withoutData(r.body);
      expect(body).toBe(
        page(
          `<div id="app-shell-html"><a href="/login?redirect=%2Fattestation%2F${bq}">登录</a><div class="cert-page" lang="${lang}"><a class="cert-lang" href="/English/attestation/${bq}">x</a><dd class="cert-mono">${bq}</dd><a href="/ledger/${view.chainhash}">${view.chainhash}</a><div class="cert-html print-area">${html}</div></div></div>`,
        ),
      );
      expect(body).not.toContain('__czslot_');
      expect(body).not.toContain('<script>alert');
      expect(r.body).toContain('id="page-data-share-getView"');
      // An ETag of these bytes: a 304 for them.
      expect((await get(url, { 'if-none-match': String(r.headers.etag) })).statusCode).toBe(304);
    }
    // The owner (a session) gets their own view embedded in the plain file: the template is the anonymous page.
    const own = await get(`/attestation/${bq}`, { authorization: `Bearer ${owner.token}` });
    expect(withoutData(own.body)).toBe(PLAIN);
    expect(own.body).toContain('data-viewer="session"');
  });

  it('falls back to the plain route HTML: deleted file, unknown number, a slot nobody fills', async () => {
    const owner = await registerUser(h);
    const up = await owner.api.upload('gone.txt', Buffer.from('deleted'));
    expect((await owner.api.get('/api/data/delData', { dataId: up.data.id })).code).toBe(200);
    const gone = await get(`/attestation/${up.data.baoquan}`);
    expect(JSON.parse(gone.body.match(/data-viewer="anonymous">([\s\S]*?)<\/script>/)![1]!).data.deleted).toBe(1);
    expect(withoutData(gone.body)).toBe(PLAIN);
    const unknown = await get('/attestation/CZ20260101AAAAAAAAAAAA');
    expect(unknown.body).toBe(PLAIN);
    expect(unknown.headers['cache-control']).toBe('no-cache');
    expect(fillTemplate('a __czslot_x__ b', { text: {}, html: {} })).toBeNull();
    expect(fillTemplate('__czslot_t__|__czslot_h__', { text: { t: `<i a="'&">` }, html: { h: '<b>&amp;</b>' } })).toBe('&lt;i a=&quot;&#x27;&amp;&quot;&gt;|<b>&amp;</b>');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
