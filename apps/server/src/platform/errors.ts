/**
 * Business errors and the response envelope (DESIGN.md API conventions).
 * Every answer is HTTP 200 with `{ code, msg, data }`; `code` 200 success, 400 business error,
 * 401 not logged in, 403 forbidden, 408 session expired, 500 generic failure.
 */
export type EnvelopeCode = 200 | 400 | 401 | 403 | 408 | 429 | 500;

export interface Envelope<T> {
  code: EnvelopeCode;
  msg: string;
  data: T;
}

/** Thrown by services; the error handler turns it into an envelope with this code and Chinese message. */
export class AppError extends Error {
  readonly code: EnvelopeCode;
  constructor(code: EnvelopeCode, msg: string) {
    super(msg);
    this.code = code;
  }
}

/** 400 with a Chinese message the user can act on. */
export const badRequest = (msg: string): AppError => new AppError(400, msg);
/** 401: no or unknown token. */
export const unauthorized = (msg = '请先登录'): AppError => new AppError(401, msg);
/** 403: logged in but not allowed. */
export const forbidden = (msg = '无权访问'): AppError => new AppError(403, msg);
/** 408: the session expired (spec p2 §8). */
export const sessionExpired = (): AppError => new AppError(408, '登录超时，请重新登录');
/** 429 shown as a business error: too many attempts. */
export const tooMany = (msg = '操作过于频繁，请稍后再试'): AppError => new AppError(429, msg);

/** Success envelope. */
export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 200, msg, data });
