/**
 * Fair capture queues (issue 9 §6) with real captures in real Chromium of a local site whose `/hang`
 * never answers: user A fills the queue with hanging captures first, then user B asks for one page.
 * B's capture must be done while A's hanging captures have not ended — B is delayed by at most one
 * capture's deadline, not by A's whole backlog. Structural checks only: what has ended when B is done,
 * and how many of A's captures run at once (CAPTURE_PER_USER).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { startTestSite, waitCapture, type TestSite } from '../../../test/webpages.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ slowMs: 100 });
});
afterAll(async () => {
  await site?.close();
});

const statusOf = async (u: User, id: number) => (await u.api.get('/api/Webforensics/webstatus', { id })).data as { status: number; reason: string };

/** Submits `n` hanging captures for A and waits until one of them runs. */
async function fillWithHangs(a: User, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await a.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/hang?n=${i}` });
    expect(r.code, r.msg).toBe(200);
    ids.push(r.data.id);
  }
  for (let i = 0; i < 400; i++) {
    if ((await statusOf(a, ids[0]!)).status === 1) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ids;
}

describe('through the job queue (pg-boss), CAPTURE_CONCURRENCY 2, CAPTURE_PER_USER 1', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '60', CAPTURE_CONCURRENCY: '2', CAPTURE_PER_USER: '1' }, { jobs: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("B's capture is done while A's hanging captures are still waiting or running, one at a time", async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const hangs = await fillWithHangs(a, 4);
    const mine = await b.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/page` });
    expect(mine.code, mine.msg).toBe(200);
    let maxRunningA = 0;
    let done: { status: number; reason: string } = { status: 0, reason: '' };
    for (let i = 0; i < 600 && done.status < 2; i++) {
      const states = await Promise.all(hangs.map((id) => statusOf(a, id)));
      maxRunningA = Math.max(maxRunningA, states.filter((s) => s.status === 1).length);
      // Structural bound: none of A's hanging captures may have ended before B's is done.
      expect(states.map((s) => s.status).filter((s) => s >= 2)).toEqual([]);
      done = await statusOf(b, mine.data.id);
      if (done.status < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(done, done.reason).toMatchObject({ status: 2, reason: '' });
    expect(maxRunningA).toBe(1);
  });
});

describe.each([
  ['in process (no job queue)', false],
  ['through the job queue (pg-boss)', true],
])('%s, CAPTURE_CONCURRENCY 1, hard deadline 15 s', (_name, jobs) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '60', CAPTURE_JOB_TIMEOUT_SECONDS: '15', CAPTURE_CONCURRENCY: '1', CAPTURE_PER_USER: '1' }, { jobs });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("A's first hanging capture is cut at its deadline, then B goes before A's backlog", async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const hangs = await fillWithHangs(a, 3);
    const mine = await b.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/page` });
    expect(mine.code, mine.msg).toBe(200);
    const done = await waitCapture(b.api, mine.data.id, 80_000);
    expect(done, done.reason).toMatchObject({ status: 2, reason: '' });
    // B waited for exactly one of A's captures: the running one, ended by the hard deadline.
    const states = await Promise.all(hangs.map((id) => statusOf(a, id)));
    expect(states[0]).toMatchObject({ status: 3, reason: MSG.WEB_TIMEOUT });
    expect(states.slice(1).map((s) => s.status).filter((s) => s >= 2)).toEqual([]);
    // The late result of the cut capture is never deposited: it stays failed.
    expect((await statusOf(a, hangs[0]!)).status).toBe(3);
  });
});
