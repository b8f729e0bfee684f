/**
 * Bad input answers 400, never 500 (issue 9 §5). Property-based (fast-check) over every route of the
 * OpenAPI document built from the route schemas (`app.swagger()`): for each operation and each actor
 * (logged out, a logged-in user, an operator) requests are generated from the operation's query, path and
 * body schemas — valid-shaped values and hostile ones (NUL, lone surrogates, invalid UTF-8 bytes and bad
 * percent-encoding, huge numbers, wrong types, arrays, prototype keys), sent as query strings, JSON, forms,
 * well-formed, truncated or broken multipart, and junk bodies. Each answer must be neither HTTP 5xx nor
 * `code: 500`, and the app's logger (production options, captured) must not write an error-level line.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. FUZZ_RUNS sets runs per operation and actor.
 */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator } from './account-helpers.ts';
import { registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  method: string;
  path: string;
  query: Record<string, JsonSchema>;
  pathParams: Record<string, JsonSchema>;
  body: JsonSchema | null;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  },
});
const errorLines = (from: number) => lines.slice(from).filter((l) => /"level":(50|60)/.test(l));

// ── Value generators ─────────────────────────────────────────────────────────────────────────────
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', 'a\u0004b', '\u001b[31m', '\ud800', 'x\udfffy', '\uffff\ufffe', '../../etc/passwd', '__proto__', 'constructor', ' ', '', '1e400', '-1', '0', 'NaN', 'Infinity', '99999999999999999999999', "'; drop table users; --", '<script>alert(1)</script>', '𠜎𠜎', 'a'.repeat(5000), 'CZ20260101ABCDEFGHJKMN', '%00', 'http://127.0.0.1:1/', 'file:///etc/passwd'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, true, false, null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constantFrom({ a: 1 }, { __proto__: null, constructor: 'x' }, { $gt: '' }, []),
);
/** Raw query/form fragments that are not valid percent-encoded UTF-8. */
const rawFragment = fc.constantFrom('%FF', '%C3%28', '%ED%A0%80', '%00', '%', '%G1', '%E0%A4%A', '%F4%90%80%80', '%C0%AF', '+', '&&', '==');

/** A valid-shaped value for a JSON schema (small integers near the minimum so real rows are hit). */
function valid(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.string({ maxLength: 8 });
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => valid(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(s.minimum ?? 0, -1e9);
      const max = Math.min(s.maximum ?? min + 1000, 1e12);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 5) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: s.minimum ?? 0, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items, depth + 1), { maxLength: 3 });
    case 'object':
      return objectOf(s, depth + 1, false);
    default: {
      if (s.format === 'uri') return fc.constantFrom('http://127.0.0.1:1/a', 'https://10.0.0.1/', 'http://169.254.169.254/latest');
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
        } catch {
          /* unsupported pattern: plain strings */
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 40) });
    }
  }
}

/** An object for an object schema: each property valid, hostile or left out; maybe extra prototype keys. */
function objectOf(s: JsonSchema, depth: number, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const field = (p: JsonSchema) => fc.oneof({ weight: hostile ? 1 : 4, arbitrary: valid(p, depth) }, { weight: hostile ? 3 : 1, arbitrary: hostileValue }, fc.constant(undefined));
  return fc
    .tuple(fc.tuple(...props.map(([, p]) => field(p))), fc.subarray(['__proto__', 'constructor', 'prototype', 'extra']))
    .map(([vals, extra]) => {
      const o: Record<string, unknown> = {};
      props.forEach(([k], i) => {
        if (vals[i] !== undefined) o[k] = vals[i];
      });
      for (const k of extra) Object.defineProperty(o, k, { value: k === 'extra' ? 'x' : { polluted: true }, enumerable: true, writable: true, configurable: true });
      return o;
    });
}

// ── Encoders ─────────────────────────────────────────────────────────────────────────────────────
/** Percent-encodes a string byte by byte (lone surrogates become EF BF BD, as a browser would send). */
const pct = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
const scalar = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** `k=v&…` from an object; arrays repeat the key; `raw` fragments are appended unencoded. */
function encodeForm(o: Record<string, unknown>, raw: string[]): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(o)) for (const x of Array.isArray(v) ? v : [v]) parts.push(`${pct(k)}=${pct(scalar(x))}`);
  for (const r of raw) parts.push(parts.length % 2 ? `${r}=${r}` : `q${r}=x`);
  return parts.join('&');
}

/** A multipart body with the given fields, maybe a file part, maybe truncated or with a wrong boundary. */
function multipart(fields: Record<string, unknown>, withFile: boolean, cut: number | null, badBoundary: boolean) {
  const b = 'fz' + 'x'.repeat(8);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${scalar(v)}\r\n`));
  if (withFile) chunks.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b.txt"\r\nContent-Type: text/plain\r\n\r\nhello fuzz\r\n`));
  chunks.push(Buffer.from(`--${b}--\r\n`));
  let body = Buffer.concat(chunks);
  if (cut !== null) body = body.subarray(0, Math.floor(body.length * cut));
  return { body, type: badBoundary ? 'multipart/form-data' : `multipart/form-data; boundary=${b}` };
}

interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Arbitrary request for an operation. */
function requestFor(op: Operation): fc.Arbitrary<Omit<Req, 'headers'> & { headers: Record<string, string> }> {
  const querySchema: JsonSchema = { type: 'object', properties: op.query };
  const hostile = fc.boolean();
  const query = hostile.chain((h) => fc.tuple(objectOf(querySchema, 0, h), fc.array(rawFragment, { maxLength: h ? 2 : 0 })));
  const pathVals = fc.tuple(...Object.keys(op.pathParams).map((k) => fc.oneof(valid(op.pathParams[k]).map((v) => pct(scalar(v))), hostileString.map(pct), rawFragment)));
  const bodySchema = op.body ?? { type: 'object', properties: {} };
  const bodyKind = op.method === 'GET' ? fc.constant('none' as const) : fc.constantFrom('json', 'json', 'form', 'multipart', 'junk', 'none');
  return fc
    .record({
      query,
      pathVals,
      kind: bodyKind,
      body: hostile.chain((h) => objectOf(bodySchema, 0, h)),
      raw: fc.array(rawFragment, { maxLength: 2 }),
      proto: fc.boolean(),
      mp: fc.record({ file: fc.boolean(), cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), bad: fc.boolean() }),
      junk: fc.record({ type: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream'), bytes: fc.uint8Array({ maxLength: 64 }) }),
    })
    .map((g) => {
      let path = op.path;
      Object.keys(op.pathParams).forEach((k, i) => {
        path = path.replace(`{${k}}`, (g.pathVals[i] as string) || 'x');
      });
      const qs = encodeForm(g.query[0], g.query[1]);
      const url = qs ? `${path}?${qs}` : path;
      const headers: Record<string, string> = {};
      let payload: string | Buffer | undefined;
      if (g.kind === 'json') {
        const text = JSON.stringify(g.body);
        payload = g.proto ? text.replace(/^\{/, '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},').replace(/,}$/, '}') : text;
        headers['content-type'] = 'application/json';
      } else if (g.kind === 'form') {
        payload = encodeForm(g.body, g.raw);
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else if (g.kind === 'multipart') {
        const m = multipart(g.body, g.mp.file, g.mp.cut, g.mp.bad);
        payload = m.body;
        headers['content-type'] = m.type;
      } else if (g.kind === 'junk') {
        payload = Buffer.from(g.junk.bytes);
        headers['content-type'] = g.junk.type;
      }
      return { method: op.method, url, headers, payload };
    });
}

/** The operations of the OpenAPI document (GET and POST; `{*}` wildcards as a path parameter). */
function operations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method !== 'get' && method !== 'post') continue;
      const query: Record<string, JsonSchema> = {};
      const pathParams: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) (p.in === 'query' ? query : p.in === 'path' ? pathParams : {})[p.name] = p.schema ?? {};
      const body = op.requestBody?.content?.['application/json']?.schema ?? null;
      ops.push({ method: method.toUpperCase(), path, query, pathParams, body });
    }
  }
  return ops;
}

let h: Harness;
let actors: Array<{ name: string; headers: Record<string, string> }>;
let ops: Operation[];
beforeAll(async () => {
  h = await makeHarness({ RATE_LIMIT_OFF: '1' }, { logStream: sink, logLevel: 'info' });
  const user = await registerUser(h);
  await user.api.upload('fuzz.txt', Buffer.from('fuzz target\n'), { title: '模糊测试' });
  const op = await makeOperator(h);
  actors = [
    { name: 'anonymous', headers: {} },
    { name: 'user', headers: { authorization: `Bearer ${user.token}` } },
    { name: 'operator', headers: { authorization: `Bearer ${op.token}` } },
  ];
  ops = operations(h.app.swagger() as never);
});
afterAll(async () => {
  await h?.close();
});

describe('input fuzzing over the OpenAPI document', () => {
  it('no route answers 5xx or code 500, and nothing is logged at error level', async () => {
    expect(ops.length).toBeGreaterThan(60);
    let sent = 0;
    const perActor: Record<string, number> = {};
    for (const actor of actors) {
      for (const op of ops) {
        // Logging out or changing the password would end the session the next operations use.
        if (actor.name !== 'anonymous' && /\/logout$|\/editPassword$/i.test(op.path)) continue;
        await fc.assert(
          fc.asyncProperty(requestFor(op), async (r) => {
            const from = lines.length;
            const res = await h.app.inject({ method: r.method as 'GET', url: r.url, headers: { ...r.headers, ...actor.headers }, payload: r.payload });
            sent++;
            perActor[actor.name] = (perActor[actor.name] ?? 0) + 1;
            const where = `${actor.name} ${r.method} ${r.url.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (String(res.headers['content-type'] ?? '').includes('json')) {
              let code: unknown;
              try {
                code = (JSON.parse(res.body) as { code?: unknown }).code;
              } catch {
                code = undefined;
              }
              expect(code, `${where} → ${res.body.slice(0, 200)}`).not.toBe(500);
            }
            expect(errorLines(from), where).toEqual([]);
          }),
          { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 9_2026), endOnFailure: true },
        );
      }
    }
    expect(errorLines(0)).toEqual([]);
    console.log(`fuzz: ${sent} requests over ${ops.length} operations (${JSON.stringify(perActor)}), database ${h.database.kind}: 0 code 500, 0 HTTP 5xx, 0 error-level log lines`);
  }, 600_000);
});

describe('odd paths and malformed bodies (explicit cases)', () => {
  it('answer the 400 or 404 envelope with a Chinese message and log no error', async () => {
    const auth = actors[1]!.headers;
    const mp = (body: string, type = 'multipart/form-data; boundary=xyz') => ({ method: 'POST', url: '/api/data/upload', headers: { ...auth, 'content-type': type }, payload: body });
    const cases: Array<[{ method: string; url: string; headers?: Record<string, string>; payload?: string }, number]> = [
      [{ method: 'GET', url: '//' }, 404],
      [{ method: 'GET', url: '/api//health' }, 404],
      [{ method: 'GET', url: '/api/health/..' }, 404],
      [{ method: 'GET', url: '/api/health%00' }, 400],
      [{ method: 'GET', url: '/api/%E0%A4%A' }, 400],
      [{ method: 'GET', url: `/api/${'a'.repeat(100_000)}` }, 404],
      [{ method: 'GET', url: '/api/ledger/proof?baoquan=%00' }, 400],
      [{ method: 'GET', url: '/api/ledger/proof?baoquan=CZ%ED%A0%80' }, 400],
      [{ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'mobile=%00&password=x' }, 400],
      [{ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"mobile":"139\\u0000","password":"\\ud800"}' }, 400],
      [{ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"mobile":' }, 400],
      [mp('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc'), 400],
      [mp('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello'), 400],
      [mp('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--xyz--\r\n'), 400],
      [mp('garbage', 'multipart/form-data'), 400],
      [{ method: 'POST', url: '/api/signature/generate', headers: { ...auth, 'content-type': 'application/json' }, payload: '{"type":"company","name":"a\\u0004b企业","subText":""}' }, 400],
    ];
    for (const [r, code] of cases) {
      const from = lines.length;
      const res = await h.app.inject(r as never);
      const where = `${r.method} ${r.url.slice(0, 80)}`;
      expect(res.statusCode, where).toBe(200);
      const body = res.json() as { code: number; msg: string };
      expect(body.code, `${where} → ${res.body}`).toBe(code);
      expect(body.msg, where).toMatch(/[\u4e00-\u9fff]/);
      expect(errorLines(from), where).toEqual([]);
    }
  });
});
