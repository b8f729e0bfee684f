/** pg-boss runs on the app's own database (PGlite through the adapter, or PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from './harness.ts';

describe('jobs', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness({}, { jobs: true }); });
  afterAll(async () => { await h.close(); });

  it('delivers a queued job to its worker exactly once', async () => {
    const jobs = h.ctx.jobs!;
    const seen: Array<{ n: number }> = [];
    await jobs.work<{ n: number }>('test-echo', { concurrency: 1 }, async (d) => { seen.push(d); });
    await jobs.send('test-echo', { n: 42 });
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([{ n: 42 }]);
  });
});
