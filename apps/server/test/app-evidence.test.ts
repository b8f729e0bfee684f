/**
 * App evidence (App取证, issue 12 §1) on the real app and database: resumable uploads (tus 1.0) cut at
 * 50 % over a real TCP connection and resumed to the right whole-file SHA-256, deposits with phone info
 * (getAppInfo, certificate isApp), the list, video units charged in the deposit (issue 13), previews with
 * HTTP range requests, and bad input.
 */
import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APP_MSG, APP_UPLOADS_MAX } from '@cunzheng/contract/app';
import { MSG } from '@cunzheng/contract/messages';
import { orders } from '../src/db/schema/index.ts';
import { inlineType, parseRange } from '../src/modules/app/media.ts';
import { client, freshMobile, type Envelope } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A WebM file's EBML header (DocType webm), followed in the tests by random bytes: sniffed as video/webm. */
const WEBM = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
const webm = (n: number) => Buffer.concat([WEBM, crypto.randomBytes(n - WEBM.length)]);
const PHONE = { name: 'Pixel 8', model_name: 'Google Pixel 8', version: 'Android 14', processor: 'arm64', core: '8', appAddress: '上海市浦东新区' };
const now = () => Math.floor(Date.now() / 1000);

let h: Harness;
let port = 0;
beforeAll(async () => {
  h = await makeHarness({ UPLOAD_MAX_BYTES: String(16 * 1024 * 1024) });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await h.close();
});

/** A verified user with `points` hundredths. */
async function userWith(points = 100_000) {
  const mobile = freshMobile();
  const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '李四', company: '', userStatus: 3, points }, null, 'test');
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  expect(login.code).toBe(200);
  return { row, token: login.data.token, api: client(h, login.data.token) };
}
const balanceOf = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);

/** One tus request through inject: status, headers, JSON body if any. */
async function tus(token: string | null, method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string, headers: Record<string, string> = {}, body?: Buffer) {
  const r = await h.app.inject({ method, url, headers: { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(body ? { payload: body } : {}) });
  return { status: r.statusCode, headers: r.headers, json: r.body ? (JSON.parse(r.body) as Envelope) : null };
}
const createUpload = async (token: string, length: number, name = 'video.webm', type = 'video/webm') =>
  tus(token, 'POST', '/api/app/uploads', { 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}` });
const patch = (token: string, loc: string, offset: number, body: Buffer) => tus(token, 'PATCH', loc, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, body);

/** Resolves when the handler of the next request to route `url` has settled. */
function handlerSettled(url: string): Promise<void> {
  const ch = diagnostics.tracingChannel<unknown, { route?: { url?: string } }>('fastify.request.handler');
  return new Promise((resolve) => {
    const handlers = {
      start() {},
      end() {},
      asyncStart() {},
      asyncEnd(store: { route?: { url?: string } }) {
        if (store.route?.url !== url) return;
        ch.unsubscribe(handlers);
        resolve();
      },
      error() {},
    };
    ch.subscribe(handlers);
  });
}

/** PATCHes `body` at `offset` over a real socket and destroys the connection after `cutAt` bytes (a dropped mobile connection). */
async function patchCut(token: string, loc: string, offset: number, body: Buffer, cutAt: number): Promise<void> {
  const settled = handlerSettled('/api/app/uploads/:id');
  await new Promise<void>((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PATCH', path: loc, headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(body.length) } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, cutAt), () => setTimeout(() => req.destroy(), 100));
  });
  await settled;
}

describe('resumable upload (tus 1.0)', () => {
  it('announces the protocol and refuses calls without a session', async () => {
    const o = await tus(null, 'OPTIONS', '/api/app/uploads');
    expect(o.status).toBe(204);
    expect(o.headers['tus-version']).toBe('1.0.0');
    expect(o.headers['tus-extension']).toBe('creation,termination');
    expect(o.headers['tus-max-size']).toBe(String(16 * 1024 * 1024));
    const anon = await tus(null, 'POST', '/api/app/uploads', { 'upload-length': '10' });
    expect(anon.status).toBe(401);
    expect(anon.json).toMatchObject({ code: 401 });
    const u = await userWith();
    expect((await tus(u.token, 'POST', '/api/app/uploads', { 'upload-length': '10', 'tus-resumable': '0.2.2' })).status).toBe(412);
  });

  it('a connection cut at 50 % keeps what arrived; the upload resumes from there and deposits the whole file with its SHA-256', async () => {
    const u = await userWith();
    const file = webm(6 * 1024 * 1024);
    const c = await createUpload(u.token, file.length, '../../现场\u0000录像.webm');
    expect(c.status).toBe(201);
    const loc = String(c.headers.location);
    expect(loc).toMatch(/^\/api\/app\/uploads\/[A-Za-z0-9_-]{32}$/);
    // One PATCH of the whole file, cut after half of it.
    await patchCut(u.token, loc, 0, file, file.length / 2);
    const head = await tus(u.token, 'HEAD', loc);
    expect(head.status).toBe(200);
    expect(head.headers['upload-length']).toBe(String(file.length));
    const got = Number(head.headers['upload-offset']);
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThanOrEqual(file.length / 2);
    // Not complete yet: the deposit is refused.
    const early = await u.api.post('/api/app/capture', { uploadId: loc.split('/').pop()!, captureType: 12, startTime: now() - 125, endTime: now(), ...PHONE });
    expect(early).toMatchObject({ code: 400, msg: APP_MSG.UPLOAD_INCOMPLETE });
    // A stale offset conflicts; the right one completes it.
    expect((await patch(u.token, loc, 0, file.subarray(0, 10))).status).toBe(409);
    const rest = await patch(u.token, loc, got, file.subarray(got));
    expect(rest.status).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(file.length));
    // Deposit: video of 125 s = 3 started minutes at the video price (issue 13), charged in the deposit.
    const before = await balanceOf(u.row.id);
    const start = now() - 125;
    const r = await u.api.post('/api/app/capture', { uploadId: loc.split('/').pop()!, captureType: 12, startTime: start, endTime: start + 125, title: '现场录像', label: '现场', ...PHONE });
    expect(r.code).toBe(200);
    expect(r.msg).toBe(MSG.UPLOAD_SUCCESS);
    expect(r.data).toMatchObject({ fileName: '现场录像.webm', sha256: sha(file), size: file.length, title: '现场录像', label: '现场', isApp: 1, appType: 12, type: '视频', duration: 125, units: 3 });
    const price = (await h.services.commerce.prices()).find((p: { orderType: number }) => p.orderType === 12)!.price;
    expect(before - (await balanceOf(u.row.id))).toBe(3 * price);
    const order = await h.database.db.select().from(orders).where(eq(orders.userId, u.row.id));
    expect(order.map((o) => ({ type: o.type, points: o.points }))).toEqual([{ type: 12, points: 3 * price }]);
    // Depositing the same upload again answers the same evidence, charges nothing.
    const again = await u.api.post('/api/app/capture', { uploadId: loc.split('/').pop()!, captureType: 12, startTime: start, endTime: start + 125, ...PHONE });
    expect(again.data.baoquan).toBe(r.data.baoquan);
    expect(before - (await balanceOf(u.row.id))).toBe(3 * price);
    // The certificate: isApp 1 and the phone info (spec p1 §2–3).
    const view = await client(h).get('/api/share/getView', { baoquan: r.data.baoquan });
    expect(view.data.isApp).toBe(1);
    expect(view.data.html).toContain('录像取证');
    expect(view.data.html).toContain('Pixel 8');
    const info = await client(h).get('/api/share/getAppInfo', { baoquan: r.data.baoquan });
    expect(info).toMatchObject({ code: 200, data: PHONE });
    // The list.
    const list = await u.api.get('/api/data/getAppDataList', { page: 1 });
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({ baoquan: r.data.baoquan, appType: 12, isApp: 1 });
    expect((await u.api.get('/api/data/getList')).data.count).toBe(0);
    // Another user cannot see or touch the upload.
    const other = await userWith();
    expect((await tus(other.token, 'HEAD', loc)).status).toBe(404);
    expect((await other.api.post('/api/app/capture', { uploadId: loc.split('/').pop()!, captureType: 12, startTime: start, endTime: start + 5 })).msg).toBe(APP_MSG.UPLOAD_NOT_FOUND);
  });

  it('refuses bad uploads: too large, wrong type, bad offset, unknown id; termination forgets it', async () => {
    const u = await userWith();
    expect((await createUpload(u.token, 16 * 1024 * 1024 + 1)).status).toBe(413);
    expect((await tus(u.token, 'POST', '/api/app/uploads', { 'upload-length': 'abc' })).status).toBe(400);
    const c = await createUpload(u.token, 100);
    const loc = String(c.headers.location);
    expect((await tus(u.token, 'PATCH', loc, { 'content-type': 'application/json', 'upload-offset': '0' }, Buffer.from('{}'))).status).toBe(415);
    expect((await patch(u.token, loc, 0, crypto.randomBytes(101))).status).toBe(413);
    expect((await tus(u.token, 'HEAD', loc)).headers['upload-offset']).toBe('0');
    expect((await tus(u.token, 'HEAD', '/api/app/uploads/nope')).status).toBe(404);
    expect((await tus(u.token, 'DELETE', loc)).status).toBe(204);
    expect((await tus(u.token, 'HEAD', loc)).status).toBe(404);
  });

  it('an upload idle past its TTL answers 404 and the sweep forgets it', async () => {
    const u = await userWith();
    const loc = String((await createUpload(u.token, 1000)).headers.location);
    expect((await patch(u.token, loc, 0, webm(500))).status).toBe(204);
    await h.database.query("update app_uploads set updated_at = now() - interval '13 hours' where id = $1", [loc.split('/').pop()!]);
    expect((await tus(u.token, 'HEAD', loc)).status).toBe(404);
    expect(await h.services.appEvidence.uploads.sweep()).toBeGreaterThanOrEqual(1);
    expect(await h.database.query('select 1 from app_uploads where id = $1', [loc.split('/').pop()!])).toEqual([]);
  });

  it('two deposits of one upload racing: one evidence, one charge', async () => {
    const u = await userWith();
    const file = webm(300_000);
    const loc = String((await createUpload(u.token, file.length)).headers.location);
    expect((await patch(u.token, loc, 0, file)).status).toBe(204);
    const before = await balanceOf(u.row.id);
    const t = now();
    const body = { uploadId: loc.split('/').pop()!, captureType: 12, startTime: t - 30, endTime: t, ...PHONE };
    const [a, b] = await Promise.all([u.api.post('/api/app/capture', body), u.api.post('/api/app/capture', body)]);
    expect([a.code, b.code]).toContain(200);
    expect((await u.api.get('/api/data/getAppDataList')).data.count).toBe(1);
    const price = (await h.services.commerce.prices()).find((p: { orderType: number }) => p.orderType === 12)!.price;
    expect(before - (await balanceOf(u.row.id))).toBe(price);
    // Afterwards the same call answers the one evidence.
    expect((await u.api.post('/api/app/capture', body)).data.sha256).toBe(sha(file));
  });

  it('lists with the getList filters: label, keyword, file type, date range', async () => {
    const u = await userWith();
    const t = now();
    await u.api.upload('p.png', PNG, { captureType: '10', startTime: String(t), endTime: String(t), label: '现场', title: '门店照片' }, '/api/app/capture');
    await u.api.upload('r.webm', webm(3000), { captureType: '11', startTime: String(t - 3), endTime: String(t), title: '通话录音' }, '/api/app/capture');
    const list = (q: Record<string, string | number>) => u.api.get('/api/data/getAppDataList', q).then((r) => (r.data.list as Array<{ title: string }>).map((x) => x.title));
    expect(await list({})).toEqual(['通话录音', '门店照片']);
    expect(await list({ label: '现场' })).toEqual(['门店照片']);
    expect(await list({ keyword: '录音' })).toEqual(['通话录音']);
    expect(await list({ type: 2 })).toEqual(['门店照片']);
    expect(await list({ type: 3 })).toEqual(['通话录音']);
    expect(await list({ startTime: t + 86400, endTime: t + 2 * 86400 })).toEqual([]);
    expect(await u.api.get('/api/data/getAppDataList', { startTime: t, endTime: t - 10 })).toMatchObject({ code: 400, msg: MSG.DATE_RANGE_INVALID });
  });

  it('at most APP_UPLOADS_MAX unfinished uploads per account (429), a finished or cancelled one frees a place', async () => {
    const u = await userWith();
    const locs: string[] = [];
    for (let i = 0; i < APP_UPLOADS_MAX; i++) locs.push(String((await createUpload(u.token, 100)).headers.location));
    const over = await createUpload(u.token, 100);
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ msg: APP_MSG.UPLOADS_TOO_MANY });
    expect((await tus(u.token, 'DELETE', locs[0]!)).status).toBe(204);
    expect((await createUpload(u.token, 100)).status).toBe(201);
    // Another account is not affected.
    expect((await createUpload((await userWith()).token, 100)).status).toBe(201);
  });

  it('two PATCHes racing at the same offset: exactly one lands', async () => {
    const u = await userWith();
    const file = crypto.randomBytes(200_000);
    const loc = String((await createUpload(u.token, file.length)).headers.location);
    const [a, b] = await Promise.all([patch(u.token, loc, 0, file.subarray(0, 100_000)), patch(u.token, loc, 0, file.subarray(0, 100_000))]);
    expect([a.status, b.status].sort()).toEqual([204, 409]);
    expect((await tus(u.token, 'HEAD', loc)).headers['upload-offset']).toBe('100000');
  });
});

describe('capture deposit (one-shot multipart) and bad input', () => {
  it('deposits a photo with phone info, charged as order type 10', async () => {
    const u = await userWith();
    const t = now();
    const r = await u.api.upload('photo.png', PNG, { captureType: '10', startTime: String(t), endTime: String(t), ...PHONE }, '/api/app/capture');
    expect(r).toMatchObject({ code: 200, data: { fileType: 2, type: '图片', appType: 10, units: 1, duration: 0, sha256: sha(PNG) } });
    expect(r.data.title).toMatch(/^拍照取证 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const order = await h.database.db.select().from(orders).where(eq(orders.userId, u.row.id));
    expect(order.map((o) => o.type)).toEqual([10]);
    expect((await client(h).get('/api/share/getAppInfo', { baoquan: r.data.baoquan })).data).toEqual(PHONE);
  });

  it('answers each bad field with its Chinese message and keeps nothing', async () => {
    const u = await userWith();
    const t = now();
    const base = { captureType: '10', startTime: String(t), endTime: String(t) };
    expect(await u.api.upload('p.png', PNG, { ...base, captureType: '99' }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.CAPTURE_TYPE_INVALID });
    expect(await u.api.upload('p.png', PNG, { ...base, endTime: String(t - 1) }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.CAPTURE_TIME_INVALID });
    expect(await u.api.upload('p.png', PNG, { ...base, startTime: 'abc' }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.CAPTURE_TIME_INVALID });
    expect(await u.api.upload('p.png', PNG, { ...base, endTime: String(t + 25 * 3600) }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.CAPTURE_TIME_INVALID });
    expect(await u.api.upload('p.png', PNG, { ...base, name: 'x'.repeat(101) }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.DEVICE_FIELD_TOO_LONG });
    expect(await u.api.upload('p.png', PNG, { ...base, title: 't'.repeat(101) }, '/api/app/capture')).toMatchObject({ code: 400, msg: MSG.TITLE_TOO_LONG });
    expect(await u.api.upload('empty.png', Buffer.alloc(0), base, '/api/app/capture')).toMatchObject({ code: 400, msg: '文件不能为空' });
    // The bytes must fit the capture type: a photo that is a video, a video that is an image, audio that is text.
    expect(await u.api.upload('v.webm', webm(2000), base, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.TYPE_MISMATCH });
    expect(await u.api.upload('p.png', PNG, { ...base, captureType: '12' }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.TYPE_MISMATCH });
    expect(await u.api.upload('a.txt', Buffer.from('录音'), { ...base, captureType: '11' }, '/api/app/capture')).toMatchObject({ code: 400, msg: APP_MSG.TYPE_MISMATCH });
    expect(await u.api.post('/api/app/capture', base)).toMatchObject({ code: 400, msg: APP_MSG.UPLOAD_OR_FILE });
    expect(await u.api.post('/api/app/capture', { ...base, uploadId: '../../etc' })).toMatchObject({ code: 400, msg: APP_MSG.UPLOAD_NOT_FOUND });
    expect(await client(h).post('/api/app/capture', base)).toMatchObject({ code: 401 });
    expect((await u.api.get('/api/data/getAppDataList')).data.count).toBe(0);
    expect(await u.api.get('/api/data/getAppDataList', { type: 9 })).toMatchObject({ code: 400 });
    expect(await client(h).get('/api/share/getAppInfo', { baoquan: 'CZ20260101AAAAAAAAAAAA' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
  });

  it('a short balance refuses the capture and creates nothing', async () => {
    const u = await userWith(10);
    const t = now();
    const r = await u.api.upload('photo.png', PNG, { captureType: '10', startTime: String(t), endTime: String(t) }, '/api/app/capture');
    expect(r).toMatchObject({ code: 400, msg: MSG.POINTS_INSUFFICIENT });
    expect((await u.api.get('/api/data/getAppDataList')).data.count).toBe(0);
  });

  it('getAppInfo of a data deposit: no phone info', async () => {
    const u = await userWith();
    const d = await u.api.upload('a.txt', Buffer.from(`合同 ${crypto.randomUUID()}`));
    expect(await client(h).get('/api/share/getAppInfo', { baoquan: d.data.baoquan })).toMatchObject({ code: 400, msg: APP_MSG.NO_APP_INFO });
    expect((await client(h).get('/api/share/getView', { baoquan: d.data.baoquan })).data.isApp).toBe(0);
  });
});

describe('preview of a deposited web page or SVG', () => {
  it('inline only for images (not SVG), video, audio and plain text; ranges parsed strictly', () => {
    expect(inlineType('video/webm')).toBe('video/webm');
    expect(inlineType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(inlineType('image/jpeg')).toBe('image/jpeg');
    for (const m of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'application/pdf', 'text/xml', '']) expect(inlineType(m), m).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=9-3', 10)).toBe('bad');
    expect(parseRange('bytes=10-', 10)).toBe('bad');
    expect(parseRange('bytes=-0', 10)).toBe('bad');
    expect(parseRange('items=0-1', 10)).toBe('none');
    expect(parseRange(undefined, 10)).toBe('none');
  });

  it('is never served inline in the platform origin', async () => {
    const u = await userWith();
    for (const [name, body] of [['page.html', '<!doctype html><html><body><script>alert(1)</script>页面</body></html>'], ['pic.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']] as const) {
      const d = await u.api.upload(name, Buffer.from(body));
      expect(d.code).toBe(200);
      const p = await u.api.get('/api/app/previewUrl', { baoquan: d.data.baoquan });
      const r = await h.app.inject({ method: 'GET', url: `/api/app/media/${p.data.fileUrl}` });
      expect(r.statusCode).toBe(200);
      // Shown as text at most (the sniffer files HTML as text), never as a page or an image that runs script.
      expect(String(r.headers['content-type'])).toMatch(/^(text\/plain|application\/octet-stream)/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['content-security-policy']).toContain('sandbox');
    }
  });
});

describe('the app API in the OpenAPI document', () => {
  it('documents the capture, the resumable upload, the list and the phone info', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of ['/api/app/capture', '/api/app/uploads', '/api/app/uploads/{id}', '/api/data/getAppDataList', '/api/share/getAppInfo', '/api/app/media/{token}']) expect(Object.keys(doc.paths)).toContain(p);
    expect(Object.keys(doc.paths['/api/app/uploads/{id}'])).toEqual(expect.arrayContaining(['patch', 'delete']));
  });
});

describe('preview with range requests', () => {
  it('streams the file whole or by ranges, checked against its hash; owner-only tickets', async () => {
    const u = await userWith();
    const audio = webm(50_000);
    const t = now();
    const r = await u.api.upload('rec.webm', audio, { captureType: '11', startTime: String(t - 5), endTime: String(t) }, '/api/app/capture');
    expect(r.data).toMatchObject({ type: '音频', fileType: 3, units: 1, duration: 5 });
    const p = await u.api.get('/api/app/previewUrl', { baoquan: r.data.baoquan });
    expect(p.data).toMatchObject({ key: sha(audio), type: '音频', baoquan: r.data.baoquan, size: audio.length });
    const url = `/api/app/media/${p.data.fileUrl}`;
    const whole = await h.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(String(whole.headers['content-disposition'])).toMatch(/^inline/);
    expect(whole.headers['content-security-policy']).toContain('sandbox');
    expect(whole.headers['content-type']).toMatch(/^(audio|video)\/webm/);
    expect(sha(whole.rawPayload)).toBe(sha(audio));
    const part = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
    const open = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=49990-' } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(audio.subarray(49_990))).toBe(true);
    const suffix = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(audio.subarray(audio.length - 10))).toBe(true);
    const past = await h.app.inject({ method: 'GET', url, headers: { range: `bytes=${audio.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${audio.length}`);
    const status = await client(h).get(`/api/app/mediaStatus/${p.data.fileUrl}`);
    expect(status.data).toMatchObject({ ready: true, size: audio.length, sha256: sha(audio) });
    // A forged ticket, another user's number, and a deleted evidence.
    expect((await client(h).get(`/api/app/mediaStatus/${p.data.fileUrl.slice(0, -2)}xx`)).msg).toBe(APP_MSG.PREVIEW_INVALID);
    const other = await userWith();
    expect(await other.api.get('/api/app/previewUrl', { baoquan: r.data.baoquan })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    await u.api.get('/api/data/delData', { dataId: r.data.id });
    expect((await h.app.inject({ method: 'GET', url })).json()).toMatchObject({ code: 400, msg: MSG.EVIDENCE_MISSING });
  });
});
