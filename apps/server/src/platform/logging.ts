/**
 * Logger options of the app (issue 9 §4): the log never carries extraction codes, download tickets,
 * preview signatures, SMS codes, session tokens or bound SQL values. Three layers:
 *  - the request serializer logs the URL with secret query parameters and the ticket of `/api/file/<ticket>`
 *    replaced by `[REDACTED]`, and no headers (so no Authorization);
 *  - the error serializer keeps type, message, stack and short codes only, with Drizzle's `params:` list
 *    and PostgreSQL's echoed input values cut out (the `detail`, `where` and parameter fields are dropped);
 *  - a pino redaction list censors secret fields wherever a log call passes them by name.
 * The embedded SMS provider's own `[SMS]` line is the one place an SMS text is printed (platform/sms.ts).
 */
import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[REDACTED]';

/** Query parameter names whose values are secrets (compared case-insensitively). */
export const SECRET_QUERY_KEYS = new Set(
  ['code', 'extractcode', 'ticket', 'sig', 'signature', 'token', 'viewtoken', 'streamtoken', 'smstoken', 'smscode', 'password', 'oldpassword', 'confirmpassword', 'imgcode', 'key', 'secret', 'access_token', 'authorization', 'sign', 'faceid'].map((k) => k.toLowerCase()),
);

/** Paths whose remainder is a bearer secret (signed download tickets). */
const SECRET_PATH_PREFIXES = ['/api/file/', '/api/kyc/image/'];

/** Field names censored by pino wherever they appear at the top level or one level down in a log object. */
const SECRET_FIELDS = ['password', 'oldPassword', 'confirmPassword', 'smsCode', 'smsToken', 'extractCode', 'token', 'ticket', 'sig', 'signature', 'imgCode', 'authorization', 'cookie', 'downUrl'];

/** pino `redact.paths`: secret fields, request headers, bodies and queries that a log call might pass. */
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'req.query',
  'req.params',
  'headers.authorization',
  'headers.cookie',
  'body',
  'query',
  'params',
];

/** Decodes a query-string component without throwing on bad percent-encoding. */
const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/**
 * `url` with the value of every secret query parameter and the ticket of a `/api/file/…` path replaced by
 * `[REDACTED]`. Never throws (bad encodings are left as they are, minus the secrets).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let pathPart = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const lower = pathPart.toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (lower.startsWith(prefix) && pathPart.length > prefix.length) pathPart = pathPart.slice(0, prefix.length) + REDACTED;
  }
  if (q < 0) return pathPart;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    return SECRET_QUERY_KEYS.has(safeDecode(key).trim().toLowerCase()) ? `${key}=${REDACTED}` : pair;
  });
  return `${pathPart}?${parts.join('&')}`;
}

/** pg messages that echo the offending input, e.g. `invalid input syntax for type bigint: "abc"`. */
const PG_ECHO = /((?:invalid input (?:syntax|value) for [^:"]*|value "?)[:]?\s*)"(?:[^"\\]|\\.)*"/g;

interface ErrorLike {
  name?: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}
const isErrorLike = (e: unknown): e is ErrorLike => !!e && typeof (e as ErrorLike).message === 'string';

/** One error's message with bound values removed. */
function cleanMessage(e: ErrorLike): string {
  if (typeof e.query === 'string' && 'params' in e) return `Failed query: ${e.query}\nparams: ${REDACTED}`;
  return e.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`).replace(PG_ECHO, `$1"${REDACTED}"`);
}

/**
 * pino `err` serializer: type, message and stack of the error and its causes, with Drizzle's bound
 * parameter list and values echoed by PostgreSQL replaced by `[REDACTED]`; plus `code` and `statusCode`
 * when they are short scalars. Other properties (`detail`, `where`, `parameters`, request objects…) are dropped.
 */
export function safeErrSerializer(err: unknown): unknown {
  if (!isErrorLike(err)) return err;
  const messages: string[] = [];
  const stacks: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; isErrorLike(e) && !seen.has(e) && seen.size < 8; e = e.cause) {
    seen.add(e);
    const msg = cleanMessage(e);
    messages.push(msg);
    const stack = typeof e.stack === 'string' ? e.stack : '';
    stacks.push(stack.includes(e.message) ? stack.replace(e.message, msg) : stack.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`));
  }
  const out: Record<string, unknown> = {
    type: err.name ?? 'Error',
    message: messages.join(': '),
    stack: stacks.join('\ncaused by: '),
  };
  for (const k of ['code', 'statusCode'] as const) {
    const v = err[k];
    if ((typeof v === 'string' && v.length <= 64) || typeof v === 'number') out[k] = v;
  }
  return out;
}

/** pino `req` serializer: method, redacted URL, host and client address; no headers, body or query object. */
export function safeReqSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/**
 * Fastify `logger` options at `level` with the redaction list and the safe serializers; `stream` (tests,
 * e2e) receives the JSON lines instead of stdout.
 */
export function loggerOptions(level: string, stream?: Writable): Record<string, unknown> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: safeReqSerializer, err: safeErrSerializer, error: safeErrSerializer, e: safeErrSerializer, e2: safeErrSerializer, first: safeErrSerializer },
  };
}
