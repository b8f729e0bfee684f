/**
 * Account calls (issue 2 §3; spec p1 §7 "Authentication and account", p2 §7 "session").
 * Each resolves to the envelope's `data` or throws ApiError (see request.ts).
 */
import { request, requestEnvelope } from './request';
import type { Envelope } from './types';
import type { ImgCaptcha, LoginResult, UserInfo } from './types';

/** POST /api/Register/getImgCode → `{ captchaId, img }` (img: a `data:image/png;base64,…` URL). */
export const getImgCode = () => request<ImgCaptcha>({ method: 'POST', url: '/api/Register/getImgCode' });

/** Fields of the three SMS senders. */
export interface SmsSendInput {
  mobile: string;
  captchaId: string;
  imgCode: string;
  /** Proof-of-work solution (api/pow.ts solvePow; issue 9 §3). */
  altcha: string;
}

/** POST /api/Register/sendSMS → `{ token }` (SMS for registration). */
export const sendRegisterSms = (d: SmsSendInput) => request<{ token: string }>({ method: 'POST', url: '/api/Register/sendSMS', data: { ...d } });

/** POST /api/login/sendLoginSMS → `{ token }` (SMS for login). */
export const sendLoginSms = (d: SmsSendInput) => request<{ token: string }>({ method: 'POST', url: '/api/login/sendLoginSMS', data: { ...d } });

/** POST /api/Register/sendResetSMS → `{ token }` (SMS for a password reset). */
export const sendResetSms = (d: SmsSendInput) => request<{ token: string }>({ method: 'POST', url: '/api/Register/sendResetSMS', data: { ...d } });

/** POST /api/Register: type 1 personal (with `name`) or 2 company (with `company`) → `{ token, userInfo }`. */
export const register = (d: { mobile: string; smsCode: string; smsToken: string; password: string; type: 1 | 2; name?: string; company?: string }) =>
  request<LoginResult>({ method: 'POST', url: '/api/Register', data: { ...d } });

/** POST /api/login (mobile, password) → `{ token, userInfo }`. */
export const loginByPassword = (d: { mobile: string; password: string; captchaId?: string; imgCode?: string }) => request<LoginResult>({ method: 'POST', url: '/api/login', data: { ...d } });

/** POST /api/login/sms (mobile, smsCode, smsToken) → `{ token, userInfo }`. */
export const loginBySms = (d: { mobile: string; smsCode: string; smsToken: string }) => request<LoginResult>({ method: 'POST', url: '/api/login/sms', data: { ...d } });

/** POST /api/login/resetPassword (mobile, smsCode, smsToken, password, confirmPassword). */
export const resetPassword = (d: { mobile: string; smsCode: string; smsToken: string; password: string; confirmPassword: string }) =>
  request<unknown>({ method: 'POST', url: '/api/login/resetPassword', data: { ...d } });

/** GET /api/user/info → the current user info (silent: used to refresh the header). */
export const fetchUserInfo = () => request<UserInfo>({ method: 'GET', url: '/api/user/info', silent: true });

/**
 * GET /api/user/logout: the raw envelope, because spec p2 §8 treats codes 200, 400 and 408 alike
 * (show msg, clear storage, go to the root). Network failures throw ApiError(0).
 */
export const logout = (): Promise<Envelope<unknown>> => requestEnvelope<unknown>({ method: 'GET', url: '/api/user/logout', silent: true });
