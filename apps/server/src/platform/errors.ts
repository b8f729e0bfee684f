/**
 * Business errors and the response envelope (DESIGN.md API conventions).
 * Every answer is HTTP 200 with `{ code, msg, data }`; `code` 200 success, 400 business error,
 * 401 not logged in, 403 forbidden, 408 session expired, 500 generic failure.
 */
import { MSG } from '@cunzheng/contract/messages';

export type EnvelopeCode = 200 | 400 | 401 | 403 | 408 | 429 | 500;

export interface Envelope<T> {
  code: EnvelopeCode;
  msg: string;
  data: T;
}

/** Thrown by services; the error handler turns it into an envelope with this code and Chinese message. */
export class AppError extends Error {
  readonly code: EnvelopeCode;
  /** Envelope `data` of the error answer (e.g. `{needCaptcha: 1}`); null by default. */
  readonly data: unknown;
  constructor(code: EnvelopeCode, msg: string, data: unknown = null) {
    super(msg);
    this.code = code;
    this.data = data;
  }
}

/** 400 with a Chinese message the user can act on. */
export const badRequest = (msg: string, data: unknown = null): AppError => new AppError(400, msg, data);
/** 401: no or unknown token. */
export const unauthorized = (msg: string = MSG.LOGIN_REQUIRED): AppError => new AppError(401, msg);
/** 403: logged in but not allowed. */
export const forbidden = (msg: string = MSG.FORBIDDEN): AppError => new AppError(403, msg);
/** 408: the session expired (spec p2 §8). */
export const sessionExpired = (): AppError => new AppError(408, MSG.SESSION_EXPIRED);
/** 429 shown as a business error: too many attempts. */
export const tooMany = (msg: string = MSG.TOO_FREQUENT): AppError => new AppError(429, msg);

/** Success envelope. */
export const ok = <T>(data: T, msg: string = MSG.OPERATION_SUCCESS): Envelope<T> => ({ code: 200, msg, data });
