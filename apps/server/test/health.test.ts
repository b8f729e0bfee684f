import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from './harness.ts';

describe('GET /api/health', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('answers version, database kind and ledger size, case-insensitively', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/API/Health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 200, data: { database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', ledgerSize: 0 } });
  });

  it('answers an unknown API path with an envelope, not a stack', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/nope' });
    expect(r.json()).toMatchObject({ code: 404 });
  });
});
