/**
 * Test helpers of real-name verification (issue 14): accounts created the way the CLI does, multipart
 * submissions with real PNG / JPEG images, valid ID numbers and credit codes, and the face simulator's
 * browser side played over HTTP (the page's session and result calls, then the redirect).
 */
import { idCardCheckChar } from '@cunzheng/contract/idcard';
import { client, freshMobile, type Envelope } from './client.ts';
import type { Harness } from './harness.ts';
import { JPEG, pngFromSvg } from './account-helpers.ts';

/** A valid 18-digit ID number born on `birth` (YYYYMMDD) with sequence `seq` (3 digits: odd male, even female). */
export const idNumber = (birth = '19900307', seq = '123'): string => {
  const body = `310115${birth}${seq}`;
  return body + idCardCheckChar(body);
};

/** A real ID-card-like PNG (w×h) with some text. */
export const idPng = (label = 'ID', w = 640, h = 400): Buffer =>
  pngFromSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#e6f4ff"/><rect x="20" y="20" width="${w - 40}" height="${h - 40}" fill="none" stroke="#1677ff" stroke-width="6"/><text x="60" y="120" font-size="48" fill="#222">${label}</text></svg>`);

export { JPEG };

/** Creates a user (type 1 personal / 2 company) and logs in → its id, mobile and API client. */
export async function makeUser(h: Harness, type: 1 | 2 = 1, opts: { userStatus?: number } = {}) {
  const mobile = freshMobile();
  const password = 'abc12345';
  const u = await h.services.auth.createUser({ mobile, password, type, name: type === 1 ? '张三' : '联系人', company: type === 2 ? '测试科技有限公司' : '', userStatus: opts.userStatus }, null, 'test');
  const r = await client(h).post<{ token: string }>('/api/login', { mobile, password });
  if (r.code !== 200) throw new Error(`login: ${r.msg}`);
  return { userId: u.id, mobile, token: r.data.token, api: client(h, r.data.token) };
}

/** One file of a multipart submission. */
export interface Part {
  field: string;
  name: string;
  bytes: Buffer;
}

/** Posts a multipart form (text fields + files) as `token` → the envelope. */
export async function postMultipart<T = any>(h: Harness, token: string | undefined, url: string, fields: Record<string, string>, files: Part[] = []): Promise<Envelope<T>> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field, new Blob([new Uint8Array(f.bytes)]), f.name);
  const req = new Request('http://x', { method: 'POST', body: fd });
  const body = Buffer.from(await req.arrayBuffer());
  const r = await h.app.inject({ method: 'POST', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': req.headers.get('content-type') ?? '' }, payload: body });
  return r.json();
}

/** The three personal images as PNG files. */
export const personalImages = (): Part[] => ['authorFront', 'authorBack', 'authorHand'].map((field) => ({ field, name: `${field}.png`, bytes: idPng(field) }));

/** A valid personal photo form. */
export const personalForm = (o: Record<string, string> = {}): Record<string, string> => ({
  userName: '张三', idCard: idNumber(), sex: '0', type: '1', address: '上海市浦东新区世纪大道1号', agree: '1', ...o,
});

/** A valid enterprise form (GB 32100 code of the standard example). */
export const enterpriseForm = (o: Record<string, string> = {}): Record<string, string> => ({
  name: '测试科技有限公司', code: '91350100M000100Y43', address: '福建省福州市鼓楼区1号', legalName: '李四', account: '测试科技有限公司',
  bank: '中国银行福州分行', bankNo: '6222021234567890123', mobileReserve: '13800138000', contactIdcard: idNumber('19800101', '111'),
  authorName: '王五', authorPhone: '13912345678', authorIdcard: idNumber('19851113', '002'), agree: '1', ...o,
});

/** The seven enterprise images. */
export const enterpriseImages = (): Part[] =>
  ['license', 'legalPerson', 'legalFront', 'legalBack', 'file', 'authorFront', 'authorBack'].map((field) => ({ field, name: `${field}.jpg`, bytes: field === 'license' ? JPEG : idPng(field) })).map((p) => (p.bytes === JPEG ? p : { ...p, name: `${p.field}.png` }));

/**
 * Plays the simulator's H5 page over HTTP: reads the session, reports `motion`/`frames`, follows the signed
 * redirect to faceLogin → the Location it answers.
 */
export async function runFaceSimulator(h: Harness, url: string, motion: number, frames = 20): Promise<string> {
  const faceId = new URL(url, 'http://x').searchParams.get('faceId')!;
  const s = await client(h).post('/api/facesim/session', { faceId });
  if (s.code !== 200) throw new Error(`facesim session: ${s.msg}`);
  const r = await client(h).post<{ redirect: string }>('/api/facesim/result', { faceId, motion, frames });
  if (r.code !== 200) throw new Error(`facesim result: ${r.msg}`);
  const back = await h.app.inject({ method: 'GET', url: r.data.redirect });
  return String(back.headers.location ?? '');
}
