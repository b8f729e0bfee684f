/**
 * Test-side API client over `app.inject`: form-encoded posts, bearer tokens, and registration through
 * the real captcha + SMS flow (the captcha answer and SMS text are read from the database, as a
 * person would read the image and their phone).
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { desc, eq } from 'drizzle-orm';
import { captchas, smsOutbox } from '../src/db/schema/index.ts';
import type { Harness } from './harness.ts';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

/** Form-encodes a flat object. */
export const form = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

/** API helper bound to a harness and an optional token. */
export function client(h: Harness, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra });
  return {
    async post<T = any>(url: string, body: Record<string, string | number> = {}): Promise<Envelope<T>> {
      const r = await h.app.inject({ method: 'POST', url, headers: headers({ 'content-type': 'application/x-www-form-urlencoded' }), payload: form(body) });
      return r.json();
    },
    async get<T = any>(url: string, query: Record<string, string | number> = {}): Promise<Envelope<T>> {
      const qs = Object.keys(query).length ? `?${form(query)}` : '';
      const r = await h.app.inject({ method: 'GET', url: url + qs, headers: headers() });
      return r.json();
    },
    /** Multipart upload of `content` as `file` named `name`, with extra fields. */
    async upload<T = any>(name: string, content: Buffer, fields: Record<string, string> = {}, url = '/api/data/upload'): Promise<Envelope<T>> {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(content)]), name);
      const req = new Request('http://x', { method: 'POST', body: fd });
      const body = Buffer.from(await req.arrayBuffer());
      const r = await h.app.inject({ method: 'POST', url, headers: headers({ 'content-type': req.headers.get('content-type') ?? '' }), payload: body });
      return r.json();
    },
    /** Follows a downUrl; returns status, headers and raw bytes. */
    async download(downUrl: string) {
      const r = await h.app.inject({ method: 'GET', url: downUrl });
      return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
    },
  };
}

/** Captcha id and its answer only (read from the captchas table, as a person reads the image). */
export async function imageCaptcha(h: Harness, remoteAddress?: string): Promise<{ captchaId: string; imgCode: string }> {
  const r = await h.app.inject({ method: 'POST', url: '/api/Register/getImgCode', ...(remoteAddress ? { remoteAddress } : {}) });
  const id = (r.json() as Envelope<{ captchaId: string }>).data.captchaId;
  const rows = await h.database.db.select().from(captchas).where(eq(captchas.id, id));
  return { captchaId: id, imgCode: rows[0]!.answer };
}

/** Solves a fresh proof-of-work challenge of GET /api/Register/powChallenge the way the browser does → the `altcha` field. */
export async function solvePow(h: Harness): Promise<string> {
  const challenge = (await client(h).get<Challenge>('/api/Register/powChallenge')).data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('proof of work not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** What a browser sends with an SMS request: captcha id, its answer and a proof-of-work solution (issue 9 §3). */
export async function solveCaptcha(h: Harness): Promise<{ captchaId: string; imgCode: string; altcha: string }> {
  return { ...(await imageCaptcha(h)), altcha: await solvePow(h) };
}

/** The 6-digit code of the latest SMS to `mobile` (from the embedded provider's outbox). */
export async function lastSmsCode(h: Harness, mobile: string): Promise<string> {
  const rows = await h.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
  const m = /(\d{6})/.exec(rows[0]?.text ?? '');
  if (!m) throw new Error(`no SMS to ${mobile}`);
  return m[1]!;
}

let seq = 0;
/** A fresh valid mobile number for this test process. */
export const freshMobile = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

/** Registers a personal user through captcha + SMS; returns token and userInfo. */
export async function registerUser(h: Harness, opts: { mobile?: string; password?: string; name?: string } = {}) {
  const mobile = opts.mobile ?? freshMobile();
  const password = opts.password ?? 'abc12345';
  const c = client(h);
  const cap = await solveCaptcha(h);
  const sent = await c.post<{ token: string }>('/api/Register/sendSMS', { mobile, ...cap });
  if (sent.code !== 200) throw new Error(`sendSMS: ${sent.msg}`);
  const smsCode = await lastSmsCode(h, mobile);
  const reg = await c.post<{ token: string; userInfo: any }>('/api/Register', { mobile, smsCode, smsToken: sent.data.token, password, type: 1, name: opts.name ?? '张三丰' });
  if (reg.code !== 200) throw new Error(`register: ${reg.msg}`);
  return { mobile, password, token: reg.data.token, userInfo: reg.data.userInfo, api: client(h, reg.data.token) };
}
