/**
 * Issue 16: helmet's headers come from one middleware built at start (platform/securityHeaders.ts) instead of
 * @fastify/helmet, which built it anew per request. The answers' headers must be byte-identical — same names,
 * values and order — to what @fastify/helmet sets with the same options, on the real app's routes.
 */
import fs from 'node:fs';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/app.ts';
import { helmetOptions, securityHeaders } from '../src/platform/securityHeaders.ts';
import { makeHarness, type Harness } from './harness.ts';
import { writeWebDist } from './helpers/webDist.ts';

/** Header lines of an answer without the ones that vary from answer to answer. */
const lines = (raw: Record<string, unknown>) => Object.entries(raw).filter(([k]) => !['date', 'content-length', 'connection', 'keep-alive'].includes(k.toLowerCase()));

describe('security headers: one helmet middleware, same headers as @fastify/helmet', () => {
  let h: Harness;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebDist({ index: '<!doctype html><html><body><script>(function(){})()</script></body></html>', files: {}, map: {} });
    h = await makeHarness({ WEB_DIST: webDist, ALIPAY_APP_ID: '2021000000000000' });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** A bare Fastify app with @fastify/helmet (the former registration) or the new hook, answering like the real app's route. */
  async function reference(kind: 'plugin' | 'hook') {
    const ref = Fastify();
    const options = helmetOptions(h.config, inlineScriptHashes(webDist));
    // (helmet's CJS and ESM typings are two copies of the same types: cast across them)
    if (kind === 'plugin') await ref.register(fastifyHelmet, options as unknown as FastifyHelmetOptions);
    else securityHeaders(ref, options);
    ref.get('/api/health', async () => ({ code: 200 }));
    await ref.ready();
    return ref;
  }

  it('the app sends exactly the headers @fastify/helmet set, in the same order', async () => {
    const plugin = await reference('plugin');
    const hook = await reference('hook');
    try {
      for (const url of ['/api/health', '/api/nope', '/']) {
        const a = await plugin.inject({ method: 'GET', url });
        const b = await hook.inject({ method: 'GET', url });
        expect(lines(b.headers)).toEqual(lines(a.headers));
      }
      const want = lines((await plugin.inject({ method: 'GET', url: '/api/health' })).headers).filter(([k]) => k !== 'content-type');
      const got = lines((await h.app.inject({ method: 'GET', url: '/api/health' })).headers);
      // The real app's answer starts with helmet's headers, byte for byte and in order (then its own).
      expect(got.slice(0, want.length)).toEqual(want);
      expect(String(got.find(([k]) => k === 'content-security-policy')?.[1])).toContain('form-action \'self\' https://openapi.alipay.com');
    } finally {
      await plugin.close();
      await hook.close();
    }
  });

  it('every kind of answer carries them: 404 envelope, static index, error', async () => {
    const plugin = await reference('plugin');
    try {
      const want = lines((await plugin.inject({ method: 'GET', url: '/api/health' })).headers).filter(([k]) => k !== 'content-type');
      for (const url of ['/api/nope', '/', '/home', '/api/data/getList']) {
        const got = lines((await h.app.inject({ method: 'GET', url })).headers);
        expect(got.slice(0, want.length), url).toEqual(want);
      }
    } finally {
      await plugin.close();
    }
  });
});
