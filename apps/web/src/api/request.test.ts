/**
 * The request wrapper (spec p2 §7–8) against a real local HTTP server: envelope codes 200 / "200",
 * 400, 401, 403, 408, network failure and non-envelope answers, headers from the session, form and
 * JSON bodies, and uploads with progress through XMLHttpRequest.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { deadUrl, startServer, type TestServer } from '../../test/server';
import { clearSession, getSession, startSession } from '../stores/session';
import { ApiError, configureRequest, loginPath, request, type UploadProgress } from './request';

let server: TestServer;
/** Reply of the next request, by path. */
const replies: Record<string, { status?: number; json?: unknown; text?: string }> = {};
let toasts: string[] = [];
let navigations: string[] = [];
let page = { path: '/attestation-all/data?page=2', auth: true };

beforeAll(async () => {
  server = await startServer((req) => replies[req.url.split('?')[0] ?? ''] ?? { json: { code: 404, msg: '接口不存在', data: null } });
});
afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  toasts = [];
  navigations = [];
  page = { path: '/attestation-all/data?page=2', auth: true };
  server.requests.length = 0;
  configureRequest({
    apiBase: server.url,
    toastError: (m) => toasts.push(m),
    navigate: (to) => navigations.push(to),
    currentPath: () => page.path,
    requiresLogin: () => page.auth,
  });
  startSession('tok-123', { userId: 7, userStatus: 3, status: 1, role: 2 });
});
afterEach(() => clearSession());

/** Catches the ApiError a call throws. */
async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

describe('request: success', () => {
  it('resolves to data on code 200 and sends the bearer token, ROLE and a form-urlencoded body', async () => {
    replies['/api/x'] = { json: { code: 200, msg: '操作成功', data: { a: 1 } } };
    const data = await request<{ a: number }>({ method: 'POST', url: '/api/x', data: { mobile: '13800138000', name: '张 三', skip: undefined, none: null } });
    expect(data).toEqual({ a: 1 });
    const rec = server.requests[0];
    expect(rec?.headers.authorization).toBe('Bearer tok-123');
    expect(rec?.headers.role).toBe('2');
    expect(rec?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(rec?.body.toString()))).toEqual({ mobile: '13800138000', name: '张 三' });
    expect(toasts).toEqual([]);
  });

  it('accepts the code as the string "200"', async () => {
    replies['/api/s'] = { json: { code: '200', msg: 'ok', data: [1, 2] } };
    await expect(request({ method: 'GET', url: '/api/s' })).resolves.toEqual([1, 2]);
  });

  it('puts GET data in the query string and sends no auth headers when logged out', async () => {
    clearSession();
    replies['/api/list'] = { json: { code: 200, msg: '', data: { list: [], count: 0 } } };
    await request({ method: 'GET', url: '/api/list', data: { page: 1, limit: 20, keyword: '合同' } });
    const rec = server.requests[0];
    expect(rec?.method).toBe('GET');
    expect(new URLSearchParams(rec?.url.split('?')[1]).get('keyword')).toBe('合同');
    expect(rec?.headers.authorization).toBeUndefined();
    expect(rec?.headers.role).toBeUndefined();
  });

  it('sends JSON when asked', async () => {
    replies['/api/j'] = { json: { code: 200, msg: '', data: null } };
    await request({ method: 'POST', url: '/api/j', data: { ids: [1, 2] }, json: true });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '')).toEqual({ ids: [1, 2] });
  });
});

describe('request: business errors', () => {
  it('400 toasts the server msg and throws ApiError without touching the session', async () => {
    replies['/api/bad'] = { json: { code: 400, msg: '手机号或密码错误', data: null } };
    const e = await failure(request({ method: 'POST', url: '/api/bad' }));
    expect(e).toMatchObject({ code: 400, msg: '手机号或密码错误' });
    expect(toasts).toEqual(['手机号或密码错误']);
    expect(navigations).toEqual([]);
    expect(getSession().token).toBe('tok-123');
  });

  it('silent calls do not toast', async () => {
    replies['/api/bad'] = { json: { code: 400, msg: '证据不存在', data: null } };
    await failure(request({ method: 'GET', url: '/api/bad', silent: true }));
    expect(toasts).toEqual([]);
  });

  it('401 on a login-required page: toast, session forgotten, to /login with the full path', async () => {
    replies['/api/u'] = { json: { code: 401, msg: MSG.LOGIN_REQUIRED, data: null } };
    const e = await failure(request({ method: 'GET', url: '/api/u' }));
    expect(e.code).toBe(401);
    expect(toasts).toEqual([MSG.LOGIN_REQUIRED]);
    expect(getSession().token).toBe('');
    expect(navigations).toEqual(['/login?redirect=%2Fattestation-all%2Fdata%3Fpage%3D2']);
  });

  it('401 on a public page does not leave the page', async () => {
    page = { path: '/attestation/BQ1', auth: false };
    replies['/api/u'] = { json: { code: 401, msg: MSG.LOGIN_REQUIRED, data: null } };
    await failure(request({ method: 'GET', url: '/api/u', silent: true }));
    expect(navigations).toEqual([]);
    expect(getSession().token).toBe('');
  });

  it('403 away from the home path clears the storage and goes to /login', async () => {
    replies['/api/f'] = { json: { code: 403, msg: MSG.FORBIDDEN, data: null } };
    await failure(request({ method: 'GET', url: '/api/f' }));
    expect(toasts).toEqual([MSG.FORBIDDEN]);
    expect(getSession()).toEqual({ token: '', role: '', userInfo: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login?redirect=%2Fattestation-all%2Fdata%3Fpage%3D2']);
  });

  it('403 of the operator API only toasts: the user stays logged in and on the page (issue 8 §3)', async () => {
    page = { path: '/admin/users', auth: true };
    replies['/api/admin/users'] = { json: { code: 403, msg: MSG.FORBIDDEN, data: null } };
    const e = await failure(request({ method: 'GET', url: '/api/admin/users' }));
    expect(e.code).toBe(403);
    expect(toasts).toEqual([MSG.FORBIDDEN]);
    expect(getSession().token).toBe('tok-123');
    expect(navigations).toEqual([]);
  });

  it('403 on the home path keeps the storage', async () => {
    page = { path: '/home', auth: false };
    replies['/api/f'] = { json: { code: 403, msg: MSG.FORBIDDEN, data: null } };
    await failure(request({ method: 'GET', url: '/api/f' }));
    expect(getSession().token).toBe('tok-123');
    expect(navigations).toEqual([]);
  });

  it('408 toasts 登录超时，请重新登录, clears the storage and goes to /login', async () => {
    replies['/api/t'] = { json: { code: 408, msg: '登录超时，请重新登录', data: null } };
    const e = await failure(request({ method: 'GET', url: '/api/t' }));
    expect(e).toMatchObject({ code: 408, msg: MSG.SESSION_EXPIRED });
    expect(toasts).toEqual([MSG.SESSION_EXPIRED]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(navigations).toEqual(['/login?redirect=%2Fattestation-all%2Fdata%3Fpage%3D2']);
  });

  it('408 on a public page still goes to /login', async () => {
    page = { path: '/attestation/BQ1', auth: false };
    replies['/api/t'] = { json: { code: 408, msg: '登录超时，请重新登录', data: null } };
    await failure(request({ method: 'GET', url: '/api/t' }));
    expect(navigations).toEqual(['/login?redirect=%2Fattestation%2FBQ1']);
  });
});

describe('request: transport failures', () => {
  it('a refused connection shows the network message and throws code 0', async () => {
    configureRequest({ apiBase: await deadUrl() });
    const e = await failure(request({ method: 'GET', url: '/api/x' }));
    expect(e).toMatchObject({ code: 0, msg: MSG.NETWORK_FAILURE });
    expect(toasts).toEqual([MSG.NETWORK_FAILURE]);
    expect(getSession().token).toBe('tok-123');
  });

  it('an answer that is not an envelope (a proxy error page) counts as a network failure', async () => {
    replies['/api/gw'] = { status: 502, text: 'Bad Gateway' };
    const e = await failure(request({ method: 'GET', url: '/api/gw' }));
    expect(e.code).toBe(0);
    expect(toasts).toEqual([MSG.NETWORK_FAILURE]);
  });

  it('an HTTP error status with an envelope is read as delivered (spec p2 §7)', async () => {
    replies['/api/e'] = { status: 500, json: { code: 500, msg: '服务器繁忙，请稍后重试', data: null } };
    const e = await failure(request({ method: 'GET', url: '/api/e' }));
    expect(e).toMatchObject({ code: 500, msg: '服务器繁忙，请稍后重试' });
  });
});

describe('request: uploads', () => {
  it('sends multipart through XMLHttpRequest with progress and the auth headers', async () => {
    replies['/api/data/upload'] = { json: { code: 200, msg: '上传成功', data: { id: 1, baoquan: 'BQ1' } } };
    const bytes = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    const form = new FormData();
    form.append('title', '合同');
    form.append('file', new Blob([bytes]), 'a.bin');
    const seen: UploadProgress[] = [];
    const r = await request<{ baoquan: string }>({ method: 'POST', url: '/api/data/upload', form, onUploadProgress: (p) => seen.push(p) });
    expect(r.baoquan).toBe('BQ1');
    const rec = server.requests.find((q) => q.url === '/api/data/upload');
    expect(rec?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(rec?.headers.authorization).toBe('Bearer tok-123');
    expect(rec?.body.includes(Buffer.from(bytes))).toBe(true);
    expect(rec?.body.toString('utf8')).toContain('合同');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.percent).toBe(100);
  });

  it('upload errors go through the same code handling', async () => {
    replies['/api/data/upload'] = { json: { code: 400, msg: MSG.FILE_EMPTY, data: null } };
    const form = new FormData();
    form.append('file', new Blob([]), 'empty.txt');
    const e = await failure(request({ method: 'POST', url: '/api/data/upload', form, onUploadProgress: () => {} }));
    expect(e).toMatchObject({ code: 400, msg: MSG.FILE_EMPTY });
    expect(toasts).toEqual([MSG.FILE_EMPTY]);
  });
});

describe('loginPath', () => {
  it('carries the full path, but not from the login page itself', () => {
    expect(loginPath('/attestation-all/data/download?x=1#top')).toBe('/login?redirect=%2Fattestation-all%2Fdata%2Fdownload%3Fx%3D1%23top');
    expect(loginPath('/login?redirect=%2Fa')).toBe('/login');
  });
});
