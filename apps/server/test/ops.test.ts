/**
 * Operations endpoints (issue 17 §3): liveness, readiness (database, blob store, browser, checkpoint age)
 * and token-protected Prometheus metrics; ROLE=worker answers only those.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from './harness.ts';
import { makeUser } from './blob-helpers.ts';

const TOKEN = 'metrics-token-0123456789';

describe('health and metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('GET /api/health/live answers without touching dependencies', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 200, data: { live: true, role: 'all' } });
  });

  it('GET /api/health/ready: every check ok, then 503 naming the failed check when the blob store is gone', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d.ready).toBe(true);
    for (const k of ['database', 'blobStore', 'browser', 'checkpoint']) expect(d.checks[k].ok, k).toBe(true);

    // Break the blob store behind the app's back (local: its staging dir; S3: a store whose bucket is missing).
    const ping = h.ctx.blobs.ping;
    h.ctx.blobs.ping = async () => {
      throw new Error('/secret/path is gone');
    };
    try {
      const bad = await h.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(bad.statusCode).toBe(503);
      const j = bad.json();
      expect(j).toMatchObject({ code: 503, data: { ready: false, checks: { blobStore: { ok: false, reason: 'blob store unreachable' }, database: { ok: true } } } });
      expect(bad.body).not.toContain('/secret/path');
    } finally {
      h.ctx.blobs.ping = ping;
    }
  });

  it('ready reports a stale checkpoint when leaves wait and no checkpoint covers them in time', async () => {
    const w = await makeHarness({ READY_CHECKPOINT_MAX_AGE_SECONDS: '1' });
    try {
      await w.services.ledger.stop(); // no automatic signing in this app: the checkpointer is "down"
      const u = await makeUser(w);
      const up = await u.api.upload('a.txt', Buffer.from('ops readiness '.repeat(20)));
      expect(up.code, up.msg).toBe(200);
      const r = await w.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json().data.checks.checkpoint).toMatchObject({ ok: false, reason: 'checkpoint stale' });
      await w.services.ledger.checkpointNow();
      const again = await w.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(again.json().data.checks.checkpoint).toMatchObject({ ok: true, lagLeaves: 0 });
      expect(again.statusCode).toBe(200);
    } finally {
      await w.close();
    }
  });

  it('GET /metrics needs the bearer token; exposes latency by route, deposits, ledger size, checkpoint lag, queue depth, captures', async () => {
    const u = await makeUser(h);
    expect((await u.api.upload('m.txt', Buffer.from('metrics deposit '.repeat(20)))).code).toBe(200);
    await h.services.ledger.checkpointNow();
    expect((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const r = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const text = r.body;
    expect(text).toMatch(/cz_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/ready",status="200"\} \d+/);
    expect(text).toMatch(/cz_deposits_total [1-9]/);
    expect(text).toMatch(/^cz_ledger_size [1-9]/m);
    expect(text).toMatch(/^cz_checkpoint_lag_leaves 0/m);
    expect(text).toMatch(/^cz_checkpoint_age_seconds \d/m);
    expect(text).toContain('# TYPE cz_job_queue_depth gauge');
    expect(text).toContain('# TYPE cz_capture_duration_seconds histogram');
    // No raw URLs with query strings as labels.
    expect(text).not.toMatch(/route="[^"]*\?/);
  });

  it('without METRICS_TOKEN /metrics is not found', async () => {
    const h2 = await makeHarness();
    try {
      const r = await h2.app.inject({ method: 'GET', url: '/metrics' });
      expect(r.json()).toMatchObject({ code: 404 });
    } finally {
      await h2.close();
    }
  });

  it('ROLE=worker serves only health and metrics', async () => {
    const w = await makeHarness({ ROLE: 'worker', METRICS_TOKEN: TOKEN });
    try {
      expect((await w.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toMatchObject({ data: { role: 'worker' } });
      expect((await w.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ code: 200 });
      expect((await w.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
      const login = await w.app.inject({ method: 'POST', url: '/api/login', payload: { mobile: '13700000000', password: 'x' } });
      expect(login.json()).toMatchObject({ code: 404 });
    } finally {
      await w.close();
    }
  });

  it('the Chromium check fails when the binary is missing', async () => {
    const w = await makeHarness({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      expect(fs.existsSync('/nonexistent/chromium')).toBe(false);
      const r = await w.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json().data.checks.browser).toMatchObject({ ok: false, reason: 'chromium not executable' });
    } finally {
      await w.close();
    }
  });

  it('PROCESS_CONCURRENCY=0: this process claims no live recording, the session stays queued (issue 17 cluster routing)', async () => {
    const w = await makeHarness({ PROCESS_CONCURRENCY: '0' });
    try {
      const u = await makeUser(w);
      const add = await u.api.post<{ id: number; session: { status: number } }>('/api/processforensics/addProcess', { type: 4 });
      expect(add.code, add.msg).toBe(200);
      await new Promise((r) => setTimeout(r, 2500)); // more than one manager tick
      const look = await u.api.post<{ session: { status: number; position: number } }>('/api/processlist/look', { id: add.data.id });
      expect(look.data.session).toMatchObject({ status: 0, position: 1 });
    } finally {
      await w.close();
    }
  });
});
