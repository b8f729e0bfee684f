/**
 * Certificate view cache (issue 16) on the real app: ETag / If-None-Match → 304, Cache-Control by viewer,
 * owner-only fields never served to another viewer from the cache, a deletion and a relabel shown at once,
 * compressed answers (br / gzip) that decode to the same JSON, and the cache's own LRU / reload rules.
 */
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidence, users } from '../../db/schema/index.ts';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { etagMatches, pickEncoding, viewCache, cachedBody } from './viewCache.ts';

describe('certificate view cache', () => {
  let h: Harness;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let ev: { id: number; baoquan: string };

  const get = (headers: Record<string, string> = {}, bq = ev.baoquan) => h.app.inject({ method: 'GET', url: `/api/share/getView?baoquan=${bq}`, headers });

  beforeAll(async () => {
    h = await makeHarness();
    owner = await registerUser(h, { name: '王五' });
    other = await registerUser(h, { name: '赵六' });
    const up = await owner.api.upload('合同.txt', Buffer.from('缓存测试合同正文\n'.repeat(40)), { title: '缓存合同', label: '私密标签' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    ev = up.data;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('anonymous: ETag, public no-cache, 304 on If-None-Match, same body twice', async () => {
    const a = await get();
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('public, no-cache');
    expect(String(a.headers.vary)).toContain('Authorization');
    const etag = a.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(a.json().data).toMatchObject({ baoquan: ev.baoquan, isSelf: 0, id: 0, label: '' });
    const b = await get();
    expect(b.body).toBe(a.body);
    const c = await get({ 'if-none-match': etag });
    expect(c.statusCode).toBe(304);
    expect(c.body).toBe('');
    expect((await get({ 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('owner, other user and anonymous each get their class; the owner ETag never validates for others', async () => {
    const anonView = await get();
    const mine = await get({ authorization: `Bearer ${owner.token}` });
    const theirs = await get({ authorization: `Bearer ${other.token}` });
    expect(mine.json().data).toMatchObject({ isSelf: 1, id: ev.id, label: '私密标签' });
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    for (const r of [theirs, anonView, await get()]) {
      expect(r.json().data).toMatchObject({ isSelf: 0, id: 0, label: '' });
      expect(r.body).not.toContain('私密标签');
    }
    expect(mine.headers.etag).not.toBe(anonView.headers.etag);
    expect(theirs.headers.etag).toBe(anonView.headers.etag);
    // The owner's validator sent by someone else gets the full public answer, not a 304.
    const replay = await get({ authorization: `Bearer ${other.token}`, 'if-none-match': mine.headers.etag as string });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.isSelf).toBe(0);
  });

  it('a relabel and a deletion show at once (no stale extraction state)', async () => {
    await get({ authorization: `Bearer ${owner.token}` });
    expect(await owner.api.post('/api/data/saveLabel', { dataId: ev.id, label: '新标签' })).toMatchObject({ code: 200 });
    expect((await get({ authorization: `Bearer ${owner.token}` })).json().data.label).toBe('新标签');
    const before = await get();
    expect(before.json().data).toMatchObject({ deleted: 0, isDownload: 1 });
    expect(await owner.api.get('/api/data/delData', { dataId: ev.id })).toMatchObject({ code: 200 });
    const after = await get({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toMatchObject({ deleted: 1, isDownload: 0 });
    expect((await get({ authorization: `Bearer ${owner.token}` })).json().data).toMatchObject({ deleted: 1, isDownload: 0, isSelf: 1 });
  });

  it('compressed by Accept-Encoding (br, then gzip), decoding to the same JSON', async () => {
    const plain = await get();
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect((await get({ 'accept-encoding': 'br;q=0, identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('unknown and malformed numbers still answer 400 (not cached)', async () => {
    expect((await client(h).get('/api/share/getView', { baoquan: 'CZ20260101AAAAAAAAAAAA' })).code).toBe(400);
    expect((await client(h).get('/api/share/getView', { baoquan: `' or 1=1 --` })).code).toBe(400);
  });

  it('health: API JSON answers are compressed when large enough; health stays a small plain answer', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(r.json()).toMatchObject({ code: 200 });
    const big = await h.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });
});

describe('certificate view cache across API processes', () => {
  it('a deletion made by another app on the same database shows within the TTL plus one reload', async () => {
    const h = await makeHarness({ CERT_VIEW_CACHE_TTL_MS: '300' });
    // A second API "process": another app (its own cache) on the same database and DATA_DIR.
    const second = await buildApp(h.config, h.database, { logger: false });
    try {
      await second.app.ready();
      const u = await registerUser(h);
      const ev = (await u.api.upload('a.txt', Buffer.from('集群缓存测试'))).data as { id: number; baoquan: string };
      const view = async () => (await second.app.inject({ url: `/api/share/getView?baoquan=${ev.baoquan}` })).json().data;
      expect(await view()).toMatchObject({ deleted: 0, isDownload: 1 });
      expect(await u.api.get('/api/data/delData', { dataId: ev.id })).toMatchObject({ code: 200 });
      const t0 = Date.now();
      let seen: { deleted: number; isDownload: number } = await view();
      while (seen.deleted !== 1 && Date.now() - t0 < 10_000) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await view();
      }
      expect(seen).toMatchObject({ deleted: 1, isDownload: 0 });
      // The first request after the TTL starts the reload; the one after it sees the deletion.
      expect(Date.now() - t0).toBeLessThan(5_000);
    } finally {
      await second.app.close();
      await h.close();
    }
  });
});

describe('certificate view cache: state reloads (facts kept, state re-read)', () => {
  let h: Harness;
  let u: Awaited<ReturnType<typeof registerUser>>;
  let ev: { id: number; baoquan: string };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const get = (headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url: `/api/share/getView?baoquan=${ev.baoquan}`, headers });
  /** Requests the view until `done(answer)` holds (each request may start a reload; bounded wait, no timing asserted). */
  const until = async (done: (r: Awaited<ReturnType<typeof get>>) => boolean, headers: Record<string, string> = {}) => {
    let r = await get(headers);
    for (let i = 0; i < 200 && !done(r); i++) {
      await sleep(60);
      r = await get(headers);
    }
    return r;
  };
  const setName = (name: string) => h.database.db.update(users).set({ name }).where(eq(users.mobile, u.mobile));

  beforeAll(async () => {
    h = await makeHarness({ CERT_VIEW_CACHE_TTL_MS: '50' });
    u = await registerUser(h, { name: '张三丰' });
    const up = await u.api.upload('状态.txt', Buffer.from('状态重载测试\n'.repeat(30)), { title: '状态合同', label: '主人标签' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    ev = up.data;
    await h.services.ledger.checkpointNow();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an unchanged state keeps the cached answer (no re-rendering); a newer checkpoint reaches it', async () => {
    const first = await get();
    const renders = h.services.certificate.viewStats().renders;
    for (let i = 0; i < 5; i++) {
      await sleep(60);
      expect((await get()).headers.etag).toBe(first.headers.etag);
    }
    expect(h.services.certificate.viewStats().renders).toBe(renders);

    const more = await u.api.upload('另一份.txt', Buffer.from('另一份证据'));
    expect(more.code).toBe(200);
    const latest = (await h.services.ledger.checkpointNow())!.size;
    const seen = await until((r) => r.json().data.html.includes(`最新检查点：${latest} 条`));
    expect(seen.json().data.html).toContain(`最新检查点：${latest} 条`);
    expect(seen.headers.etag).not.toBe(first.headers.etag);
    expect(seen.json().data).toMatchObject({ id: 0, label: '', isSelf: 0, treeSize: first.json().data.treeSize });
    expect(h.services.certificate.viewStats().renders).toBeGreaterThan(renders);
    const mine = await until((r) => r.json().data.html.includes(`最新检查点：${latest} 条`), { authorization: `Bearer ${u.token}` });
    expect(mine.json().data).toMatchObject({ id: ev.id, label: '主人标签', isSelf: 1 });
  });

  it('before issuance the owner name is re-read; once issued the facts stay those of the certificate', async () => {
    await setName('李四光');
    expect((await until((r) => r.json().data.html.includes('李*光'))).json().data.html).toContain('李*光');
    const pdf = await client(h).post('/api/check/downCertificate', { no: ev.baoquan });
    expect(pdf.code, pdf.msg).toBe(200);
    await setName('王二麻');
    // Another deposit changes the state, so the view is rendered again: with the issued owner name.
    await u.api.upload('第三份.txt', Buffer.from('第三份证据'));
    const latest = (await h.services.ledger.checkpointNow())!.size;
    const after = (await until((r) => r.json().data.html.includes(`最新检查点：${latest} 条`))).json().data;
    expect(after.html).toContain('李*光');
    expect(after.html).not.toContain('王*麻');
  });

  it('a deletion made behind this cache (another process) reaches both classes; the label stays the owner\'s', async () => {
    expect((await get()).json().data).toMatchObject({ deleted: 0, isDownload: 1 });
    await h.database.db.update(evidence).set({ deletedAt: new Date() }).where(eq(evidence.id, ev.id));
    const pub = await until((r) => r.json().data.deleted === 1);
    expect(pub.json().data).toMatchObject({ deleted: 1, isDownload: 0, id: 0, label: '', isSelf: 0 });
    expect(pub.body).not.toContain('主人标签');
    expect(pub.json().data.html).toContain('删除该证据文件');
    const mine = await get({ authorization: `Bearer ${u.token}` });
    expect(mine.json().data).toMatchObject({ deleted: 1, isDownload: 0, id: ev.id, label: '主人标签', isSelf: 1 });
    const anon = await get({ authorization: `Bearer ${'x'.repeat(43)}` });
    expect(anon.body).toBe(pub.body);
  });
});

describe('viewCache (unit)', () => {
  it('loads once for concurrent callers, serves the old answer while reloading, drops on forget, keeps max', async () => {
    let t = 0;
    let loads = 0;
    const pair = (n: number) => ({ ownerId: 1, owner: cachedBody({ n, o: 1 }), public: cachedBody({ n }) });
    const prevs: unknown[] = [];
    const c = viewCache({ max: 2, ttlMs: 100, now: () => t, load: async (_bq, prev) => (prevs.push(prev), pair(++loads)) });
    const [a, b] = await Promise.all([c.get('A'), c.get('A')]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    t = 150;
    expect(await c.get('A')).toBe(a); // stale served, reload started
    await new Promise((r) => setImmediate(r));
    expect(loads).toBe(2);
    expect((await c.get('A')).public.body.toString()).toBe('{"n":2}');
    expect(prevs).toEqual([undefined, a]); // a reload is handed the answer it replaces
    c.forget('A');
    expect((await c.get('A')).public.body.toString()).toBe('{"n":3}');
    await c.get('B');
    await c.get('C');
    expect(c.size()).toBe(2);
  });

  it('a failed load is not cached', async () => {
    let fail = true;
    const c = viewCache({ max: 10, ttlMs: 1000, load: async () => {
      if (fail) throw new Error('boom');
      return { ownerId: 1, owner: cachedBody(1), public: cachedBody(0) };
    } });
    await expect(c.get('A')).rejects.toThrow('boom');
    fail = false;
    expect((await c.get('A')).public.body.toString()).toBe('0');
  });

  it('If-None-Match and Accept-Encoding parsing', () => {
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"x"')).toBe(true);
    expect(etagMatches(undefined, '"x"')).toBe(false);
    expect(pickEncoding('gzip, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
});
