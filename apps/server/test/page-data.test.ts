/**
 * Issue 16 (LCP of the certificate and ledger pages): the HTML of /attestation/{baoquan},
 * /English/attestation/{baoquan} and /ledger/{chainhash} carries the page's first API answer as a JSON
 * script block — exactly what the API gives the same request (owner, stranger, anonymous), escaped so it
 * cannot end the script element, never publicly cacheable, with an ETag of its own bytes; nothing for an
 * unknown number or hash (then the route's plain file, as before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeScriptJson } from '../src/platform/pageData.ts';
import { client, registerUser } from './client.ts';
import type { Harness } from './harness.ts';
import { webDistHarness } from './helpers/webDist.ts';

const page = (name: string) => `<!doctype html><html><head><link rel="modulepreload" href="/assets/${name}.js"></head><body><div id="root"></div><script>1</script></body></html>`;
const FILES: Record<string, string> = { 'html/cert0001.html': page('Cert'), 'html/ledg0001.html': page('Ledger'), 'html/nf000001.html': page('NotFound') };
const MAP = {
  version: 1,
  routes: [
    { path: '/*', html: 'html/nf000001.html' },
    { path: '/attestation/:attestationId', html: 'html/cert0001.html' },
    { path: '/English/attestation/:attestationId', html: 'html/cert0001.html' },
    { path: '/ledger/:chainhash', html: 'html/ledg0001.html' },
    { path: '/evidencesWeb/:evidencesId', html: 'html/cert0001.html' },
  ],
};

/** The JSON script blocks of an HTML answer: id → { attributes, text }. */
function blocks(html: string): Map<string, { arg: string; viewer: string; text: string }> {
  const out = new Map<string, { arg: string; viewer: string; text: string }>();
  for (const m of html.matchAll(/<script type="application\/json" id="([^"]+)" data-arg="([^"]*)" data-viewer="([^"]+)">([\s\S]*?)<\/script>/g)) {
    out.set(m[1]!, { arg: m[2]!, viewer: m[3]!, text: m[4]! });
  }
  return out;
}

/** The escapes undone (what JSON.parse sees is the same; this is the text before escaping). */
const unescape = (s: string) => s.replace(/\\u(003c|003e|0026|2028|2029)/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('page data embedded in the HTML of certificate and ledger pages', () => {
  let web: Awaited<ReturnType<typeof webDistHarness>>;
  let h: Harness;
  beforeAll(async () => {
    web = await webDistHarness({ index: page('index'), files: FILES, map: MAP });
    h = web.h;
  });
  afterAll(async () => web?.close());

  const get = (url: string, headers: Record<string, string> = {}) => web.get(url, headers);

  it('embeds the viewer’s own getView answer, byte for byte, escaped, private', async () => {
    const owner = await registerUser(h);
    const stranger = await registerUser(h);
    // The title may not hold < > (标题不能包含特殊字符); a file name may (its part after the last `/` or `\\`),
    // so `</script>` is in the escapeScriptJson case below; the html field is full of `</…>` closing tags.
    const fileName = 'x<script>alert(1)&<!-- \u2028\u2029.txt';
    const up = await owner.api.upload(fileName, Buffer.from('page data'), { title: '页面数据' });
    expect(up.code).toBe(200);
    const bq: string = up.data.baoquan;
    for (const [who, token] of [['owner', owner.token], ['stranger', stranger.token], ['anonymous', '']] as const) {
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const api = await get(`/api/share/getView?baoquan=${bq}`, auth);
      for (const url of [`/attestation/${bq}`, `/English/attestation/${bq}/`, `/attestation/${bq.toLowerCase()}`]) {
        const r = await get(url, auth);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toMatch(/^text\/html/);
        expect(r.headers['cache-control']).toBe('private, no-cache');
        expect(String(r.headers.vary)).toMatch(/Authorization/);
        const b = blocks(r.body).get('page-data-share-getView');
        expect(b, `${who} ${url}`).toBeDefined();
        expect(b!.viewer).toBe(token ? 'session' : 'anonymous');
        expect(b!.arg).toBe(url.split('/').filter(Boolean).pop());
        // Nothing in the block can close the element or open a comment; undoing the escapes gives the API's bytes.
        expect(api.body).toMatch(/<script>alert/);
        expect(api.body).toMatch(/<\/style>/);
        expect(b!.text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(unescape(b!.text)).toBe(api.body);
        expect(JSON.parse(b!.text)).toEqual(api.json());
        // One script element of ours, the rest of the file unchanged.
        expect(r.body.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')).toBe(FILES['html/cert0001.html']);
      }
      const view = api.json().data;
      expect(view.fileName).toBe(fileName);
      expect(view.isSelf).toBe(who === 'owner' ? 1 : 0);
    }
  });

  it('gives an embedded answer its own ETag (304 only for the same bytes), compresses it', async () => {
    const u = await registerUser(h);
    const bq: string = (await u.api.upload('b.txt', Buffer.from('etag'))).data.baoquan;
    const first = await get(`/attestation/${bq}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"pd-/);
    expect((await get(`/attestation/${bq}`, { 'if-none-match': etag })).statusCode).toBe(304);
    // The owner's page is other bytes: the anonymous ETag does not answer it with a 304.
    const own = await get(`/attestation/${bq}`, { 'if-none-match': etag, authorization: `Bearer ${u.token}` });
    expect(own.statusCode).toBe(200);
    expect(blocks(own.body).get('page-data-share-getView')!.viewer).toBe('session');
    // The plain shell's ETag (what /attestation/unknown answers) never matches an embedded answer.
    const plain = await get('/attestation/CZ20260101AAAAAAAAAAAA');
    expect((await get(`/attestation/${bq}`, { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(200);
    const br = await get(`/attestation/${bq}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('embeds nothing for an unknown or malformed number: the plain file as before', async () => {
    const u = await registerUser(h);
    const dataNo: string = (await u.api.upload('d.txt', Buffer.from('data, not web'))).data.baoquan;
    // A data number on the web-capture page: getWebView answers 400 保全号不存在, so nothing is embedded.
    for (const url of ['/attestation/CZ20260101AAAAAAAAAAAA', '/attestation/..%2F..%2Fetc', '/English/attestation/nope', `/evidencesWeb/${dataNo}`]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toBe(FILES['html/cert0001.html']);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers.etag).toBeTruthy();
    }
  });

  it('embeds the ledger entry and verifier key on /ledger/{chainhash}; nothing for an unknown or bad hash', async () => {
    const u = await registerUser(h);
    const up = (await u.api.upload('c.txt', Buffer.from('ledger page'))).data;
    const view = (await client(h).get('/api/share/getView', { baoquan: up.baoquan })).data;
    const hash: string = view.chainhash;
    const api = await get(`/api/ledger/entry?chainhash=${hash}`);
    expect(api.json().code).toBe(200);
    const r = await get(`/ledger/${hash.toUpperCase()}`);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    const b = blocks(r.body);
    expect(b.get('page-data-ledger-entry')).toMatchObject({ arg: hash.toLowerCase(), viewer: 'any' });
    expect(unescape(b.get('page-data-ledger-entry')!.text)).toBe(api.body);
    const key = await get('/api/ledger/key');
    expect(JSON.parse(b.get('page-data-ledger-key')!.text)).toBe(key.body);
    for (const url of [`/ledger/${'0'.repeat(64)}`, '/ledger/xyz', `/ledger/${hash}/more`]) {
      const plain = await get(url);
      expect(blocks(plain.body).size, url).toBe(0);
      expect(plain.headers['cache-control']).toBe('no-cache');
    }
  });

  it('escapes only what could end the element', () => {
    expect(escapeScriptJson('{"a":"</script><!--&\u2028\u2029é"}')).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029é"}');
  });
});
