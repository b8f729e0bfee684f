/** pg-boss runs on the app's own database (PGlite through the adapter, or PostgreSQL). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/platform/jobs.ts';
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

  it('a scheduled job is a cluster-wide singleton: two processes never run it at once (issue 17 §2)', async () => {
    // A second pg-boss instance on the same database stands for a second worker process.
    const other = await startJobs({ database: h.database, log: h.app.log });
    try {
      let running = 0;
      let maxRunning = 0;
      let runs = 0;
      const handler = async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 1500));
        running -= 1;
        runs += 1;
      };
      // A yearly cron: only the ticks sent below run in this test.
      for (const j of [h.ctx.jobs!, other]) await j.every('test-singleton', '0 0 1 1 *', {}, handler);
      // Ticks arrive faster than a run lasts, from both processes: with a plain queue the second process
      // would take the next tick while the first still runs.
      let accepted = 0;
      for (let i = 0; i < 6; i++) {
        if (await (i % 2 ? other : h.ctx.jobs!).send('test-singleton', {})) accepted += 1;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(accepted).toBeGreaterThanOrEqual(2);
      expect(accepted).toBeLessThan(6); // at most one waits while one runs
      for (let i = 0; i < 200 && runs < accepted; i++) await new Promise((r) => setTimeout(r, 100));
      expect(runs).toBe(accepted);
      expect(maxRunning).toBe(1);
    } finally {
      await other.stop();
    }
  });
});
