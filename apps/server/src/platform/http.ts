/**
 * The one error handler and not-found handler (DESIGN.md API conventions): every failure becomes
 * `{code, msg, data:null}` with HTTP 200 and a Chinese message; internals go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { MSG } from '@cunzheng/contract/messages';

/** True when a string contains CJK characters (i.e. a message written for users). */
const isChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

/**
 * NUL and the other C0 control characters except tab, LF and CR; a UTF-16 surrogate that is not part of
 * a pair (what `\\ud800` in JSON decodes to); the non-characters U+FFFE and U+FFFF. None is valid in
 * our text columns, in XML/SVG (seals, certificates) or in PDF text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `s` contains a control character, a lone surrogate or U+FFFE/U+FFFF (see BAD_CHARS). */
export const hasBadChars = (s: string): boolean => BAD_CHARS.test(s);

/**
 * True when any string (key or value) inside `v` — a parsed query, form, JSON body or params object —
 * contains a NUL or a lone surrogate. Depth- and size-bounded; streams and buffers are skipped.
 */
export function containsBadChars(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return hasBadChars(v);
  if (!v || typeof v !== 'object' || depth > 32 || Buffer.isBuffer(v) || typeof (v as { pipe?: unknown }).pipe === 'function') return false;
  if (Array.isArray(v)) return v.some((x) => containsBadChars(x, depth + 1));
  for (const [k, x] of Object.entries(v)) if (hasBadChars(k) || containsBadChars(x, depth + 1)) return true;
  return false;
}

/** PostgreSQL SQLSTATEs of text it cannot store (NUL bytes, untranslatable characters). */
const PG_BAD_TEXT = new Set(['22021', '22P05']);
/** True when `err` or one of its causes is a database refusal of the text it was given. */
const isBadTextDbError = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && PG_BAD_TEXT.has(e.code)) return true;
  }
  return false;
};

/** Messages of the multipart parser (@fastify/busboy) for a malformed or unterminated body. */
const MULTIPART_PARSE_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/**
 * Fastify `frameworkErrors` (issue 9 §5): a URL that cannot be decoded (bad percent-encoding) or a
 * parameter over the router's length limit answers the 400 envelope instead of Fastify's English body.
 */
export function frameworkErrors(_error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(200).send({ code: 400, msg: MSG.BAD_REQUEST_FORMAT, data: null });
}

/** Installs the error and 404 handlers on `app`. */
export function installErrorHandling(app: FastifyInstance): void {
  // Issue 9 §5: NUL characters or invalid Unicode in any parsed field (query, form, JSON, params) are
  // refused before validation, so they never reach a handler or the database.
  app.addHook('preValidation', async (req) => {
    if (containsBadChars(req.params) || containsBadChars(req.query) || containsBadChars(req.body)) throw new AppError(400, MSG.INVALID_CHARACTERS);
  });
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).send({ code: error.code === 429 ? 400 : error.code, msg: error.message, data: error.data ?? null });
    }
    const err = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = (first?.instancePath ?? '').replace(/^\//, '') || '请求参数';
      const msg = first?.message && isChinese(first.message) ? first.message : `参数错误：${field}`;
      return reply.status(200).send({ code: 400, msg, data: null });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(200).send({ code: 400, msg: MSG.FILE_TOO_LARGE, data: null });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || (err.statusCode === 400 && err.code?.startsWith('FST_'))) {
      return reply.status(200).send({ code: 400, msg: MSG.BAD_REQUEST_FORMAT, data: null });
    }
    if (err.statusCode === 429) {
      return reply.status(200).send({ code: 400, msg: MSG.TOO_FREQUENT, data: null });
    }
    if (typeof err.message === 'string' && MULTIPART_PARSE_ERROR.test(err.message) && !err.code) {
      // Malformed or unterminated multipart body (issue 9 §5): the client's fault, not the server's.
      req.log.info({ err }, 'malformed multipart body');
      return reply.status(200).send({ code: 400, msg: MSG.BAD_REQUEST_FORMAT, data: null });
    }
    if (isBadTextDbError(err)) {
      // A multipart field or file name with a NUL byte the checks above could not see (issue 9 §5).
      req.log.info({ err }, 'refused text the database cannot store');
      return reply.status(200).send({ code: 400, msg: MSG.INVALID_CHARACTERS, data: null });
    }
    if ((err.statusCode === 403 || err.statusCode === 404) && err.code?.startsWith('FST_')) {
      // @fastify/static refusing an odd path (`//`, `%00`, over-long names): the 404 envelope (issue 9 §5).
      return reply.status(200).send({ code: 404, msg: MSG.API_NOT_FOUND, data: null });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Any other client error raised by Fastify or a plugin (malformed multipart, limits): never a 500.
      req.log.info({ err }, 'bad request');
      return reply.status(200).send({ code: 400, msg: MSG.BAD_REQUEST_FORMAT, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(200).send({ code: 500, msg: MSG.SERVER_BUSY, data: null });
  });
}
