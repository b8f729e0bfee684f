/**
 * THE request wrapper of spec p2 §7–8 (DESIGN.md Web app conventions), implemented once.
 *
 * - Sends `Authorization: Bearer <token>` and `ROLE` from the session store.
 * - POST bodies are form-urlencoded by default (`json: true` sends JSON, `form` sends multipart).
 * - Reads the envelope `{ code, msg, data }`: code 200 (number or string) resolves to `data`;
 *   any other code throws an {@link ApiError} after showing `msg` as an error toast (unless
 *   `silent`), with the session codes handled here:
 *   - 401 / 403: on a login-required page, go to `/login?redirect=<full path>`; 401 forgets the
 *     (dead) token; 403 away from the home path clears the storage (spec p2 §6, §8). A 403 of the
 *     operator API (`/api/admin/*`) only toasts: it means "not an operator", not a lost session, and
 *     the user stays logged in (issue 8 §3).
 *   - 408: toast 登录超时，请重新登录, clear the storage, go to `/login` (spec p2 §8).
 * - A failed connection (or an answer that is not an envelope) shows
 *   连接失败，请检查网络或稍后刷新重试！ and throws ApiError with code 0.
 * - Uploads with `onUploadProgress` go through XMLHttpRequest (fetch has no upload progress);
 *   everything else uses fetch.
 */
import { MSG } from '@cunzheng/contract/messages';
import { config } from '../env';
import { clearSession, getSession } from '../stores/session';
import { toastLater } from './toastLater';
import type { Envelope } from './types';

/** A failed call: the envelope's code and message (code 0 = no usable answer). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  /** The envelope's `data` of the failure (e.g. `{needCaptcha: 1}`, issue 9 §3); null when none. */
  readonly data: unknown;
  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

/** True when the server asked for an image captcha before retrying (data `{needCaptcha: 1}`, issue 9 §3). */
export const needsCaptcha = (e: unknown): boolean => e instanceof ApiError && (e.data as { needCaptcha?: number } | null)?.needCaptcha === 1;

/** Upload progress: bytes sent, bytes total, and 0–100 percent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export interface RequestOptions {
  method: 'GET' | 'POST';
  /** Path such as `/api/data/getList` (prefixed with the configured API base). */
  url: string;
  /** GET: query parameters; POST: body fields (form-urlencoded, or JSON with `json`). Null/undefined fields are left out. */
  data?: Record<string, unknown>;
  /** Multipart body (uploads); takes precedence over `data`. */
  form?: FormData;
  /** Send `data` as JSON instead of form-urlencoded (spec p2 §7 "one variant sends JSON"). */
  json?: boolean;
  /** Upload progress callback; makes the call use XMLHttpRequest. */
  onUploadProgress?: (p: UploadProgress) => void;
  /** Do not toast errors (session codes are still handled). */
  silent?: boolean;
  /** Cancels the call; the promise then rejects with the abort reason. */
  signal?: AbortSignal;
}

/**
 * What the wrapper needs from the running app: a toast, navigation and where the user is.
 * The app installs router-aware versions at start ({@link configureRequest}); the defaults work
 * without React (antd's static message, loaded on first use; full-page navigation).
 */
export interface RequestHost {
  /** Shows an error toast. */
  toastError(msg: string): void;
  /** Navigates inside the app (e.g. `/login?redirect=%2Fattestation-all%2Fdata`). */
  navigate(to: string): void;
  /** Current path with search and hash, e.g. `/attestation-all/data?page=2`. */
  currentPath(): string;
  /** True when the page being shown requires login (its route handle says `auth`). */
  requiresLogin(): boolean;
}

const defaultHost: RequestHost = {
  toastError: (msg) => toastLater('error', msg),
  navigate: (to) => {
    window.location.assign(to);
  },
  currentPath: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  requiresLogin: () => true,
};

let host: RequestHost = defaultHost;
let apiBase = config.apiBase;

/** Installs the app's host functions (any subset); returns the previous host. */
export function configureRequest(next: Partial<RequestHost> & { apiBase?: string }): RequestHost {
  const prev = host;
  const { apiBase: base, ...rest } = next;
  host = { ...host, ...rest };
  if (base !== undefined) apiBase = base;
  return prev;
}

/** Absolute URL of an API path on the configured base (the process-evidence WebSocket uses it). */
export function apiUrl(path: string, page: string = window.location.href): string {
  return new URL(`${apiBase}${path}`, page).href;
}

/** Calls of the operator console, whose 403 means "not an operator" (issue 8 §3). */
const OPERATOR_API = /^\/api\/admin(\/|$)/i;

/** The home paths, where a 403 does not clear the storage (spec p2 §6). */
const HOME_PATHS = new Set(['/', '/home']);

/** `/login?redirect=<current full path>`; no redirect from the login page itself. */
export function loginPath(current: string = host.currentPath()): string {
  if (current.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(current)}`;
}

/** Appends `data` as query or form fields (arrays repeat the key; null/undefined skipped). */
function toParams(data: Record<string, unknown> | undefined): URLSearchParams {
  const p = new URLSearchParams();
  if (!data) return p;
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) p.append(k, String(item));
    else p.append(k, String(v));
  }
  return p;
}

/** Full URL of a call: API base + path (+ query for GET). */
function buildUrl(opts: RequestOptions): string {
  let url = `${apiBase}${opts.url}`;
  if (opts.method === 'GET') {
    const qs = toParams(opts.data).toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

/** The auth headers of spec p2 §7. */
export function authHeaders(): Record<string, string> {
  const { token, role } = getSession();
  const h: Record<string, string> = {};
  if (token) h.Authorization = `Bearer ${token}`;
  if (role) h.ROLE = role;
  return h;
}

/** Parses a body as an envelope; null when it is not one. */
function parseEnvelope<T>(text: string): Envelope<T> | null {
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && 'code' in v) return v as Envelope<T>;
  } catch {
    // not JSON
  }
  return null;
}

/** Body and content type of a call (undefined for GET). */
function buildBody(opts: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (opts.method === 'GET') return {};
  if (opts.form) return { body: opts.form };
  if (opts.json) return { body: JSON.stringify(opts.data ?? {}), contentType: 'application/json' };
  return { body: toParams(opts.data).toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}

/** fetch transport: the envelope, or null on a network failure / non-envelope answer. */
async function sendFetch<T>(opts: RequestOptions): Promise<Envelope<T> | null> {
  const { body, contentType } = buildBody(opts);
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (contentType) headers['Content-Type'] = contentType;
  let res: Response;
  try {
    res = await fetch(buildUrl(opts), { method: opts.method, headers, body, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return null;
  }
  // spec p2 §7: statuses 200–299 and 400+ are "delivered"; a body that is not an envelope is a failure.
  const text = await res.text().catch(() => '');
  return parseEnvelope<T>(text);
}

/** XMLHttpRequest transport with upload progress. */
function sendXhr<T>(opts: RequestOptions): Promise<Envelope<T> | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method, buildUrl(opts));
    const { body, contentType } = buildBody(opts);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    const onProgress = opts.onUploadProgress;
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        const total = e.lengthComputable ? e.total : 0;
        onProgress({ loaded: e.loaded, total, percent: total > 0 ? Math.min(100, Math.floor((e.loaded / total) * 100)) : 0 });
      };
    }
    xhr.onload = () => resolve(parseEnvelope<T>(xhr.responseText));
    xhr.onerror = () => resolve(null);
    xhr.ontimeout = () => resolve(null);
    xhr.onabort = () => reject(opts.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(opts.signal.reason);
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send((body as XMLHttpRequestBodyInit | undefined) ?? null);
  });
}

/**
 * Sends a call and returns its envelope without judging the code. Network failures (and
 * answers that are not envelopes) toast the network message (unless silent) and throw ApiError(0).
 */
export async function requestEnvelope<T>(opts: RequestOptions): Promise<Envelope<T>> {
  const env = opts.onUploadProgress ? await sendXhr<T>(opts) : await sendFetch<T>(opts);
  if (!env) {
    if (!opts.silent) host.toastError(MSG.NETWORK_FAILURE);
    throw new ApiError(0, MSG.NETWORK_FAILURE);
  }
  return env;
}

/** True for the success code 200 (number or string, spec p2 §7). */
export function isSuccess(code: unknown): boolean {
  return Number(code) === 200;
}

/**
 * Applies the session-code rules of spec p2 §6 and §8 to a failed envelope code.
 * Returns the message to show (408 shows its fixed message).
 */
function handleFailure(code: number, msg: string, silent: boolean, url: string): void {
  if (code === 408) {
    if (!silent) host.toastError(MSG.SESSION_EXPIRED);
    const target = loginPath();
    clearSession();
    host.navigate(target);
    return;
  }
  if (!silent && msg) host.toastError(msg);
  if (code === 403 && OPERATOR_API.test(url)) return;
  if (code === 401 || code === 403) {
    const path = host.currentPath();
    const pathname = path.split(/[?#]/)[0] ?? '/';
    const mustLogin = host.requiresLogin();
    if (code === 401 || !HOME_PATHS.has(pathname)) clearSession();
    if (mustLogin) host.navigate(loginPath(path));
  }
}

/**
 * Calls the API (spec p2 §7–8). Resolves to `data` when `code` is 200; otherwise handles the
 * session codes, toasts `msg` (unless `silent`) and throws {@link ApiError}.
 */
export async function request<T>(opts: RequestOptions): Promise<T> {
  return (await requestWithMsg<T>(opts)).data;
}

/** A successful answer's `data` and `msg`. */
export interface Answer<T> {
  data: T;
  msg: string;
}

/**
 * Like {@link request}, but resolves to `{ data, msg }` for pages that toast the server's msg on
 * success (spec p1 §8 "the server msg for cancel, set default and delete").
 */
export async function requestWithMsg<T>(opts: RequestOptions): Promise<Answer<T>> {
  const env = await requestEnvelope<T>(opts);
  if (isSuccess(env.code)) return { data: env.data, msg: typeof env.msg === 'string' ? env.msg : '' };
  const code = Number(env.code);
  const msg = typeof env.msg === 'string' ? env.msg : '';
  handleFailure(Number.isFinite(code) ? code : 0, msg, opts.silent === true, opts.url);
  throw new ApiError(Number.isFinite(code) ? code : 0, code === 408 ? MSG.SESSION_EXPIRED : msg, env.data ?? null);
}
