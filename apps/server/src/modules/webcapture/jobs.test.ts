/**
 * Captures as pg-boss jobs (issue 4 §1 Jobs) on the real app with its job queue: a capture runs through
 * queue `web-capture`; a capture whose browser is gone is retried once, then fails with a reason the
 * user can read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { webCaptures } from '../../db/schema/index.ts';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { startTestSite, waitCapture, type TestSite } from '../../../test/webpages.ts';

let site: TestSite;
let h: Harness;

beforeAll(async () => {
  site = await startTestSite({ slowMs: 200 });
  h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '20' }, { jobs: true });
});
afterAll(async () => {
  await h?.close();
  await site?.close();
});

describe('web capture jobs', () => {
  it('runs a capture through the job queue, retries a crashed one once, then fails it readably', async () => {
    const u = await registerUser(h);
    const ok = await u.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/page` });
    const done = await waitCapture(u.api, ok.data.id);
    expect(done, done.reason).toMatchObject({ status: 2, reason: '' });
    // The job is marked completed just after its handler returned (the capture is done before that).
    let completed = 0;
    for (let i = 0; i < 50 && completed === 0; i++) {
      const jobs = await h.database.query<{ n: string }>(`select count(*)::text as n from pgboss.job where name = 'web-capture' and state = 'completed'`);
      completed = Number(jobs[0]?.n);
      if (completed === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(completed).toBe(1);

    // The capture browser goes away: every attempt crashes; the queue retries once, then it fails.
    await h.services.forensics.pool.close();
    const bad = await u.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/page` });
    const failed = await waitCapture(u.api, bad.data.id, 60_000);
    expect(failed).toMatchObject({ status: 3, reason: MSG.WEB_CAPTURE_FAILED });
    const row = (await h.database.db.select().from(webCaptures).where(eq(webCaptures.id, bad.data.id)))[0]!;
    expect(row.attempts).toBe(2);
  });
});
