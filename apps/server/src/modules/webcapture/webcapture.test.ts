/**
 * Web page evidence end to end on the real app (issue 4 §2, §4; spec p2 §5, §7): real Chromium capturing
 * a real local site, real PGlite/PostgreSQL, real ledger and timestamps. Done when a capture round-trips:
 * submit → status done → certificate → WACZ downloaded by the owner and by a stranger with the code →
 * its SHA-256 matches the ledger entry.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARCParser } from 'warcio';
import { MSG } from '@cunzheng/contract/messages';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { decodePng, pixelVariance, sha256hex, startTestSite, waitCapture, type TestSite } from '../../../test/webpages.ts';
import { readZipIndex } from '../../platform/capture/zipIndex.ts';

type Api = ReturnType<typeof client>;
type User = Awaited<ReturnType<typeof registerUser>>;

/** The entries of a zip file as a map path → bytes (stored entries only, as in a WACZ). */
async function unzipStored(bytes: Buffer): Promise<Map<string, Buffer>> {
  const p = path.join(os.tmpdir(), `cz-wacz-${crypto.randomUUID()}.zip`);
  fs.writeFileSync(p, bytes);
  try {
    const out = new Map<string, Buffer>();
    for (const e of await readZipIndex(p)) {
      expect(e.method, e.name).toBe(0);
      out.set(e.name, bytes.subarray(e.dataOffset, e.dataOffset + e.size));
    }
    return out;
  } finally {
    fs.rmSync(p, { force: true });
  }
}

let site: TestSite;
let h: Harness;
let owner: User;
let other: User;
let anon: Api;

beforeAll(async () => {
  site = await startTestSite({ slowMs: 800 });
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '20', CAPTURE_PUBLIC_ADDRESS: '203.0.113.10' });
  owner = await registerUser(h, { name: '张三丰' });
  other = await registerUser(h, { name: '李四' });
  anon = client(h);
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});

describe('web capture API', () => {
  it('bad input: malformed or non-http(s) addresses, missing login', async () => {
    for (const url of ['', 'abc', 'ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@example.com/', `http://example.com/${'a'.repeat(2100)}`]) {
      expect(await owner.api.post('/api/webforensics/screenshot', { url }), url).toMatchObject({ code: 400, msg: MSG.URL_FORMAT });
      expect(await owner.api.post('/api/webforensics/preview', { url }), url).toMatchObject({ code: 400, msg: MSG.URL_FORMAT });
    }
    expect(await owner.api.post('/api/webforensics/screenshot', { url: 'http://example.com/', title: '<b>' })).toMatchObject({ code: 400 });
    expect(await owner.api.post('/api/webforensics/screenshot', { url: 'http://example.com/', title: '长'.repeat(101) })).toMatchObject({ code: 400, msg: MSG.TITLE_TOO_LONG });
    expect((await anon.post('/api/webforensics/screenshot', { url: 'http://example.com/' })).code).toBe(401);
    expect((await anon.post('/api/webforlist/webList', {})).code).toBe(401);
    expect(await owner.api.get('/api/Webforensics/webstatus', { id: 'x' })).toMatchObject({ code: 400, msg: MSG.EVIDENCE_ID_INVALID });
    expect(await owner.api.get('/api/Webforensics/webstatus', { id: 999999 })).toMatchObject({ code: 400, msg: MSG.CAPTURE_NOT_FOUND });
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/webforensics/preview', '/api/webforensics/screenshot', '/api/webforensics/webstatus', '/api/webforlist/webList', '/api/webforlist/clickWebFor', '/api/share/getWebView', '/api/share/webDownload', '/api/share/webReplay', '/api/webbatch/getData', '/api/webbatch/pay', '/down/downloadBatch']) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });

  it('round trip: submit → done → certificate → WACZ by the owner and by a stranger with the code → hashes match the ledger', async () => {
    const sub = await owner.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/redirect`, title: '合同页面取证' });
    expect(sub).toMatchObject({ code: 200, msg: MSG.WEB_SUBMITTED });
    const st = await waitCapture(owner.api, sub.data.id);
    expect(st, st.reason).toMatchObject({ id: sub.data.id, status: 2, reason: '', title: '合同页面取证', url: `http://127.0.0.1:${site.httpPort}/redirect` });
    expect(st.baoquan).toMatch(/^[0-9A-Z]+$/);
    expect(st.chainhash).toMatch(/^[0-9a-f]{64}$/);

    // Public certificate (logged out).
    const view = await anon.get('/api/share/getWebView', { baoquan: st.baoquan });
    expect(view.code, view.msg).toBe(200);
    const finalUrl = `http://127.0.0.1:${site.httpPort}/page`;
    expect(view.data).toMatchObject({ id: 0, baoquan: st.baoquan, chainhash: st.chainhash, isSelf: 0, url: st.url, finalUrl, title: '合同页面取证' });
    for (const needle of ['网页取证', st.url, finalUrl, '取证时间', st.chainhash]) expect(view.data.html).toContain(needle.replace(/&/g, '&#38;'));
    expect(view.data.htmlEn).toContain('Web page capture');
    expect(view.data.provenance).toMatchObject({ url: st.url, finalUrl, statusCode: 200, publicAddress: '203.0.113.10', viewport: '1366x768', locale: 'zh-CN', timezone: 'Asia/Shanghai' });
    expect(view.data.provenance.timestampToken.length).toBeGreaterThan(100);
    expect(view.data.artefacts.map((a: { path: string }) => a.path)).toEqual(expect.arrayContaining(['archive/data.warc.gz', 'indexes/index.cdxj', 'pages/pages.jsonl', 'capture/screenshot.png', 'capture/page.mhtml', 'capture/snapshot.html', 'capture/provenance.json', 'capture/provenance.html']));
    expect(view.data.waczUrl).toBeUndefined();
    const shot = await anon.download(view.data.screenshotUrl);
    expect(shot.status).toBe(200);
    expect(pixelVariance(decodePng(shot.body))).toBeGreaterThan(100);
    // The same certificate through the generic getView names it 网页取证 too.
    expect((await anon.get('/api/share/getView', { baoquan: st.baoquan })).data.html).toContain('网页取证');

    // Replay: the archived page, sandboxed, no script, no network.
    const replay = await h.app.inject({ method: 'GET', url: view.data.replayUrl });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(replay.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(replay.body).toContain('由脚本生成的元素：42');
    expect(replay.body).not.toMatch(/<script/i);

    // Owner download and stranger extraction give the same bytes, hashed on the ledger.
    const down = await owner.api.post('/api/webforlist/webDownload', { id: sub.data.id });
    expect(down.code, down.msg).toBe(200);
    const mine = await owner.api.download(down.data.downUrl);
    expect(mine.status).toBe(200);
    expect(decodeURIComponent(String(mine.headers['content-disposition']))).toMatch(/网页取证-127\.0\.0\.1-\d{14}\.wacz/);
    expect(await anon.post('/api/share/webDownload', { baoquan: st.baoquan, code: owner.userInfo.extractCode === '000000' ? '111111' : '000000' })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
    const ext = await anon.post('/api/share/webDownload', { baoquan: st.baoquan, code: owner.userInfo.extractCode });
    expect(ext.code, ext.msg).toBe(200);
    const theirs = await anon.download(ext.data.downUrl);
    expect(theirs.body.equals(mine.body)).toBe(true);
    const proof = await anon.get('/api/ledger/proof', { baoquan: st.baoquan });
    const leaf = Buffer.from(proof.data.leaf, 'base64');
    const entry = JSON.parse(leaf.toString('utf8'));
    expect(entry).toMatchObject({ baoquan: st.baoquan, kind: 'web', sha256: sha256hex(mine.body), size: mine.body.length });
    expect(sha256hex(Buffer.concat([Buffer.from([0]), leaf]))).toBe(st.chainhash);
    expect(view.data.sha256).toBe(sha256hex(mine.body));

    // Inside the WACZ: every resource hash, the digest and its anonymous signature, the WARC bytes.
    const files = await unzipStored(mine.body);
    const dp = files.get('datapackage.json')!;
    const pkg = JSON.parse(dp.toString('utf8'));
    expect(pkg).toMatchObject({ profile: 'data-package', wacz_version: '1.1.1', mainPageUrl: finalUrl });
    for (const r of pkg.resources) expect(`sha256:${sha256hex(files.get(r.path)!)}`, r.path).toBe(r.hash);
    const digest = JSON.parse(files.get('datapackage-digest.json')!.toString('utf8'));
    expect(digest.hash).toBe(`sha256:${sha256hex(dp)}`);
    expect(digest.signedData.hash).toBe(digest.hash);
    const pub = crypto.createPublicKey({ key: Buffer.from(digest.signedData.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyDetails?.namedCurve).toBe('secp384r1');
    expect(crypto.verify('sha256', Buffer.from(digest.hash), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(digest.signedData.signature, 'base64'))).toBe(true);
    expect(digest.timeStampToken.length).toBeGreaterThan(100);
    const bodies = new Map<string, Buffer>();
    for await (const rec of WARCParser.iterRecords([files.get('archive/data.warc.gz')!])) {
      if (rec.warcType === 'response') bodies.set(new URL(rec.warcTargetURI!).pathname, Buffer.from(await rec.readFully(false)));
    }
    expect(bodies.get('/page')?.equals(site.bodies.page)).toBe(true);
    expect(bodies.get('/image.png')?.equals(site.bodies.image)).toBe(true);
    expect(files.get('indexes/index.cdxj')!.toString()).toContain('"url":"http://127.0.0.1');
    expect(files.get('pages/pages.jsonl')!.toString()).toContain('存证测试页面');
    const prov = JSON.parse(files.get('capture/provenance.json')!.toString('utf8'));
    expect(prov.hosts).toEqual([{ host: '127.0.0.1', ips: ['127.0.0.1'] }]);
    expect(prov.requests.map((q: { url: string }) => new URL(q.url).pathname)).toEqual(expect.arrayContaining(['/redirect', '/page', '/style.css', '/image.png', '/slow.png']));
    expect(files.get('capture/provenance.html')!.toString()).toContain('网页取证过程记录');
    expect(files.get('capture/text.txt')!.toString()).toContain('甲方与乙方');
  });

  it('list, detail, label, delete; another user sees none of it', async () => {
    const sub = await owner.api.post('/api/webforensics/screenshot', { url: `https://127.0.0.1:${site.httpsPort}/page` });
    const st = await waitCapture(owner.api, sub.data.id);
    expect(st.status, st.reason).toBe(2);
    expect(st.title).toBe('存证测试页面——网页取证');

    const list = await owner.api.post('/api/webforlist/webList', { page: 1, limit: 20, keyword: '存证测试', status: 2 });
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list.map((x: { id: number }) => x.id)).toContain(sub.data.id);
    const row = list.data.list.find((x: { id: number }) => x.id === sub.data.id);
    expect(row).toMatchObject({ baoquan: st.baoquan, url: `https://127.0.0.1:${site.httpsPort}/page`, finalUrl: `https://127.0.0.1:${site.httpsPort}/page`, status: 2, reason: '', label: '', chainhash: st.chainhash });
    expect(row.size).toBeGreaterThan(1000);

    const det = await owner.api.post('/api/webforlist/clickWebFor', { id: sub.data.id });
    expect(det.code, det.msg).toBe(200);
    expect(det.data.capture.provenance.tls[0]).toMatchObject({ origin: `https://127.0.0.1:${site.httpsPort}`, authorized: false, subject: 'cz-test-site', chainLength: 1 });
    const pem = det.data.artefacts.find((a: { path: string }) => a.path.startsWith('capture/certificates/'));
    expect(pem).toMatchObject({ mime: 'application/x-pem-file' });
    expect(det.data.artefacts.every((a: { sha256: string; size: number }) => /^[0-9a-f]{64}$/.test(a.sha256) && a.size >= 0)).toBe(true);
    expect((await owner.api.download(det.data.screenshotUrl)).status).toBe(200);

    expect(await owner.api.post('/api/webforlist/saveLabel', { id: sub.data.id, label: '合同' })).toMatchObject({ code: 200 });
    expect((await owner.api.post('/api/webforlist/webList', { label: '合同' })).data.list.map((x: { id: number }) => x.id)).toEqual([sub.data.id]);

    for (const [url, body] of [['/api/webforlist/clickWebFor', { id: sub.data.id }], ['/api/webforlist/webDownload', { id: sub.data.id }], ['/api/webforlist/webDel', { id: sub.data.id }], ['/api/webforlist/saveLabel', { id: sub.data.id, label: 'x' }]] as const) {
      expect(await other.api.post(url, body), url).toMatchObject({ code: 400, msg: MSG.CAPTURE_NOT_FOUND });
    }
    expect((await other.api.post('/api/webforlist/webList', {})).data).toEqual({ list: [], count: 0 });

    expect(await owner.api.post('/api/webforlist/webDel', { id: sub.data.id })).toMatchObject({ code: 200, msg: MSG.DELETE_SUCCESS });
    expect((await owner.api.post('/api/webforlist/webList', {})).data.list.map((x: { id: number }) => x.id)).not.toContain(sub.data.id);
    const after = await anon.get('/api/share/getWebView', { baoquan: st.baoquan });
    expect(after.data).toMatchObject({ deleted: 1, isDownload: 0, screenshotUrl: '', replayUrl: '' });
    expect(await anon.get('/api/share/webReplay', { baoquan: st.baoquan })).toMatchObject({ code: 400, msg: MSG.WEB_REPLAY_UNAVAILABLE });
  });

  it('failures are recorded with a reason the user can read; a refused address is never contacted', async () => {
    const miss = await owner.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/missing` });
    expect(await waitCapture(owner.api, miss.data.id)).toMatchObject({ status: 3, reason: 'HTTP 状态码 404', baoquan: '' });
    const before = site.log.length;
    const meta = await owner.api.post('/api/webforensics/screenshot', { url: 'http://169.254.169.254/latest/meta-data/' });
    const local = await owner.api.post('/api/webforensics/screenshot', { url: `http://localhost:${site.httpPort}/page` });
    expect(await waitCapture(owner.api, meta.data.id)).toMatchObject({ status: 3, reason: MSG.WEB_ADDRESS_REFUSED });
    expect(await waitCapture(owner.api, local.data.id)).toMatchObject({ status: 3, reason: MSG.WEB_ADDRESS_REFUSED });
    expect(site.log.slice(before)).toEqual([]);
    const failed = await owner.api.post('/api/webforlist/webList', { status: 3 });
    expect(failed.data.list.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([miss.data.id, meta.data.id, local.data.id]));
    expect(await owner.api.post('/api/webforlist/webDownload', { id: miss.data.id })).toMatchObject({ code: 400, msg: MSG.CAPTURE_NOT_DONE });
    expect(await owner.api.post('/api/webforlist/webDel', { id: miss.data.id })).toMatchObject({ code: 200 });
  });

  it('preview: viewport screenshot behind a signed URL, cached for the same user and URL', async () => {
    const url = `http://127.0.0.1:${site.httpPort}/page`;
    const p = await owner.api.post('/api/webforensics/preview', { url });
    expect(p.code, p.msg).toBe(200);
    expect(p.data).toMatchObject({ title: '存证测试页面——网页取证', finalUrl: url });
    const png = await anon.download(p.data.screenshotUrl);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const img = decodePng(png.body);
    expect([img.width, img.height]).toEqual([1366, 768]);
    expect(pixelVariance(img)).toBeGreaterThan(100);
    expect((await owner.api.post('/api/webforensics/preview', { url })).data.previewId).toBe(p.data.previewId);
    const forged = p.data.screenshotUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await anon.download(forged)).body.toString()).toContain('"code":403');
    expect(await owner.api.post('/api/webforensics/preview', { url: 'http://10.0.0.1/' })).toMatchObject({ code: 400, msg: MSG.WEB_ADDRESS_REFUSED });
  });

  it('batch: getData checks each line, pay starts the valid ones for free, downloadBatch zips the WACZ files', async () => {
    const urls = [`http://127.0.0.1:${site.httpPort}/page`, 'not a url', `http://127.0.0.1:${site.httpPort}/page`, 'http://10.0.0.7/', `https://127.0.0.1:${site.httpsPort}/page`, ''].join('\n');
    const g = await owner.api.post('/api/webbatch/getData', { urls });
    expect(g.code, g.msg).toBe(200);
    expect(g.data.items).toEqual([
      { url: `http://127.0.0.1:${site.httpPort}/page`, valid: true, reason: '' },
      { url: 'not a url', valid: false, reason: MSG.URL_FORMAT },
      { url: `http://127.0.0.1:${site.httpPort}/page`, valid: false, reason: MSG.WEB_URL_DUPLICATE },
      { url: 'http://10.0.0.7/', valid: false, reason: MSG.WEB_ADDRESS_REFUSED },
      { url: `https://127.0.0.1:${site.httpsPort}/page`, valid: true, reason: '' },
    ]);
    expect(await owner.api.post('/api/webbatch/getData', { urls: ' \n ' })).toMatchObject({ code: 400, msg: MSG.WEB_URLS_REQUIRED });
    expect(await owner.api.post('/api/webbatch/getData', { urls: Array.from({ length: 101 }, (_, i) => `http://e${i}.example.com/`).join('\n') })).toMatchObject({ code: 400, msg: MSG.WEB_BATCH_TOO_MANY });
    expect(await other.api.post('/api/webbatch/pay', { batchId: g.data.batchId })).toMatchObject({ code: 400, msg: MSG.WEB_BATCH_NOT_FOUND });

    const pay = await owner.api.post('/api/webbatch/pay', { batchId: g.data.batchId });
    expect(pay).toMatchObject({ code: 200, msg: MSG.WEB_BATCH_CHARGED, data: { batchId: g.data.batchId, free: false, msg: MSG.WEB_BATCH_CHARGED } });
    expect(pay.data.ids).toHaveLength(2);
    expect(await owner.api.post('/api/webbatch/pay', { batchId: g.data.batchId })).toMatchObject({ code: 400, msg: MSG.WEB_BATCH_STARTED });
    for (const id of pay.data.ids) expect((await waitCapture(owner.api, id)).status).toBe(2);
    // Issue 13: each capture of a batch is charged as a batch web page (order type 8), a single one as 2.
    const consumed = (await owner.api.get('/api/processorder/getOrderList', { isType: 2 })).data.list as Array<{ type: number }>;
    expect(consumed.filter((o) => o.type === 8)).toHaveLength(2);
    expect(consumed.some((o) => o.type === 2)).toBe(true);

    const json = await h.app.inject({ method: 'GET', url: `/down/downloadBatch?ids=${pay.data.ids.join(',')}`, headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' } });
    const env = json.json();
    expect(env.code, env.msg).toBe(200);
    const zip = await owner.api.download(env.data.downUrl);
    const entries = await (async () => {
      const p = path.join(os.tmpdir(), `cz-batch-${crypto.randomUUID()}.zip`);
      fs.writeFileSync(p, zip.body);
      try {
        return (await readZipIndex(p)).map((e) => e.name);
      } finally {
        fs.rmSync(p, { force: true });
      }
    })();
    expect(entries).toHaveLength(2);
    for (const n of entries) expect(n).toMatch(/\.wacz$/);
    const redirect = await h.app.inject({ method: 'GET', url: `/down/downloadBatch?ids=${pay.data.ids.join(',')}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(/^\/api\/file\//);
    const foreign = await h.app.inject({ method: 'GET', url: `/down/downloadBatch?ids=${pay.data.ids.join(',')}`, headers: { authorization: `Bearer ${other.token}`, accept: 'application/json' } });
    expect(foreign.json()).toMatchObject({ code: 400, msg: MSG.NO_DOWNLOAD_FILE });
  });
});
