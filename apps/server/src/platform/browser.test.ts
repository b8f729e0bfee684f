/** The pooled Chromium (platform/browser.ts) with the real /usr/bin/chromium: reuse, bounded concurrency, relaunch, offline contexts. */
import { afterAll, describe, expect, it } from 'vitest';
import { browserPool } from './browser.ts';

describe('browser pool', () => {
  const pool = browserPool({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', concurrency: 2 });
  afterAll(async () => { await pool.close(); });

  it('launches lazily once and runs at most `concurrency` jobs at a time', async () => {
    expect(pool.launches()).toBe(0);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        pool.withPage(async (page) => {
          running++;
          // Wait (bounded) for a second job to be running too, so the peak does not depend on timing.
          for (const end = Date.now() + 3000; running < 2 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
          peak = Math.max(peak, running);
          await page.setContent(`<title>job ${i}</title><p>电子数据保全证书</p>`);
          await new Promise((r) => setTimeout(r, 50));
          peak = Math.max(peak, running);
          running--;
          return page.title();
        }),
      ),
    );
    expect(results).toEqual(['job 0', 'job 1', 'job 2', 'job 3', 'job 4']);
    expect(peak).toBe(2);
    expect(pool.launches()).toBe(1);
  });

  it('gives every job a fresh context (no state carried over)', async () => {
    await pool.withPage(async (page) => {
      await page.setContent('<p>x</p>');
      await page.context().addCookies([{ name: 'a', value: '1', url: 'http://example.invalid/' }]);
    });
    const cookies = await pool.withPage(async (page) => page.context().cookies());
    expect(cookies).toEqual([]);
  });

  it('aborts network requests in offline contexts (the default)', async () => {
    const failed = await pool.withPage(async (page) => {
      const errors: string[] = [];
      page.on('requestfailed', (r) => errors.push(r.url()));
      await page.setContent('<img src="http://127.0.0.1:9/x.png">', { waitUntil: 'load' });
      return errors;
    });
    expect(failed).toEqual(['http://127.0.0.1:9/x.png']);
  });

  it('relaunches after the browser died', async () => {
    const before = pool.launches();
    await pool.withPage(async (page) => { await page.context().browser()!.close(); }).catch(() => {});
    const title = await pool.withPage(async (page) => { await page.setContent('<title>back</title>'); return page.title(); });
    expect(title).toBe('back');
    expect(pool.launches()).toBe(before + 1);
  });

  it('surfaces job errors and keeps working', async () => {
    await expect(pool.withPage(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await pool.withPage(async () => 42)).toBe(42);
  });
});
