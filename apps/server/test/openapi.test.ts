/** The OpenAPI document is generated from the route schemas and names the spec's paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from './harness.ts';

describe('OpenAPI', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('documents the deposit, list, certificate and ledger calls with their parameters', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/data/getList', '/api/data/upload', '/api/share/getView', '/api/ledger/proof', '/api/login', '/api/Register']) expect(Object.keys(doc.paths)).toContain(p);
    const params = doc.paths['/api/data/getList'].get.parameters.map((x: { name: string }) => x.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'label', 'startTime', 'endTime', 'keyword', 'type']));
  });
});
