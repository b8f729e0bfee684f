/**
 * The one error handler and not-found handler (DESIGN.md API conventions): every failure becomes
 * `{code, msg, data:null}` with HTTP 200 and a Chinese message; internals go to the log only.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { MSG } from '@cunzheng/contract/messages';

/** True when a string contains CJK characters (i.e. a message written for users). */
const isChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

/** Installs the error and 404 handlers on `app`. */
export function installErrorHandling(app: FastifyInstance): void {
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
    req.log.error({ err }, 'unhandled error');
    return reply.status(200).send({ code: 500, msg: MSG.SERVER_BUSY, data: null });
  });
}
