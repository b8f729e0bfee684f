/**
 * Account routes (issue 2 §3; spec p1 §7 "Authentication and account", p1 §5, p2 §5).
 * Request schemas come from @cunzheng/contract; every failure is code 400 with the field's Chinese message.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEditPasswordReq, ZLoginReq, ZLoginSmsReq, ZRegisterReq, ZResetPasswordReq, ZSendSmsReq } from '@cunzheng/contract/auth';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { CaptchaService } from './captcha.ts';
import type { PowService } from './pow.ts';
import type { AuthService } from './service.ts';

/** Registers the account routes. */
export const authRoutes = (deps: { auth: AuthService; captcha: CaptchaService; pow: PowService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { auth, captcha, pow, sessions } = deps;

  /**
   * POST /api/Register/getImgCode → `{captchaId, img}` (img: `data:image/png;base64,…`, 4 letters or digits,
   * valid 5 min, single use). 400 操作过于频繁，请稍后再试 past CAPTCHA_PER_CLIENT_10MIN per client (issue 9 §3).
   */
  app.post('/api/Register/getImgCode', async (req) => ok(await captcha.create(req.ip)));

  /**
   * GET /api/Register/powChallenge → an altcha v2 challenge `{parameters, signature}` (issue 9 §3), valid 5 min.
   * Every SMS send (register, SMS login, reset password, extraction-code reset) carries its solution as `altcha`
   * (base64 JSON `{challenge, solution}`); one solution buys one send.
   */
  app.get('/api/Register/powChallenge', async () => ok(await pow.challenge()));

  /** POST /api/Register/sendSMS (mobile, captchaId, imgCode, altcha) → `{token}`; 400 人机验证失败，请重试, 图形验证码不正确, resend within 60 s. Any number gets the code (no enumeration; 手机号已注册 comes from POST /api/Register). */
  app.post('/api/Register/sendSMS', { schema: { body: ZSendSmsReq } }, async (req) => ok(await auth.sendSms('register', req.body, req.ip), MSG.SMS_SENT));

  /** POST /api/login/sendLoginSMS (mobile, captchaId, imgCode, altcha) → `{token}` for SMS login; the same answer for an unregistered number (nothing is sent). */
  app.post('/api/login/sendLoginSMS', { schema: { body: ZSendSmsReq } }, async (req) => ok(await auth.sendSms('login', req.body, req.ip), MSG.SMS_SENT));

  /** POST /api/Register/sendResetSMS (mobile, captchaId, imgCode, altcha) → `{token}` for a password reset; the same answer for an unregistered number (nothing is sent). */
  app.post('/api/Register/sendResetSMS', { schema: { body: ZSendSmsReq } }, async (req) => ok(await auth.sendSms('reset', req.body, req.ip), MSG.SMS_SENT));

  /** POST /api/Register (mobile, smsCode, smsToken, password, type 1|2, name | company) → `{token, userInfo}`. */
  app.post('/api/Register', { schema: { body: ZRegisterReq } }, async (req) => {
    const b = req.body;
    const r = await auth.register({ ...b, type: b.type as 1 | 2, name: b.type === 1 ? b.name : '', company: b.type === 2 ? b.company : '' }, req.ip);
    return ok(r, MSG.REGISTER_SUCCESS);
  });

  /** POST /api/login (mobile, password, captchaId?, imgCode?) → `{token, userInfo}`; 400 手机号或密码错误; after repeated failures 请输入图形验证码 with data `{needCaptcha: 1}`. */
  app.post('/api/login', { schema: { body: ZLoginReq } }, async (req) => ok(await auth.loginPassword(req.body, req.ip), MSG.LOGIN_SUCCESS));

  /** POST /api/login/sms (mobile, smsCode, smsToken) → `{token, userInfo}`. */
  app.post('/api/login/sms', { schema: { body: ZLoginSmsReq } }, async (req) => ok(await auth.loginSms(req.body, req.ip), MSG.LOGIN_SUCCESS));

  /** POST /api/login/resetPassword (mobile, smsCode, smsToken, password, confirmPassword): ends every session. */
  app.post('/api/login/resetPassword', { schema: { body: ZResetPasswordReq } }, async (req) => {
    await auth.resetPassword(req.body, req.ip);
    return ok(null, MSG.PASSWORD_RESET);
  });

  /** GET /api/user/logout: ends this session server-side (401/408 when already ended). */
  app.get('/api/user/logout', async (req) => {
    const me = await sessions.required(req);
    await auth.logout(me);
    return ok(null, MSG.LOGOUT_SUCCESS);
  });

  /** POST /api/user/editPassword (oldPassword, password, confirmPassword; p1 §5) → 修改密码成功; ends every session. */
  app.post('/api/user/editPassword', { schema: { body: ZEditPasswordReq } }, async (req) => {
    const me = await sessions.required(req);
    // The person's own password, whatever role it acts in.
    await auth.editPassword({ ...me, user: me.actor }, req.body, req.ip);
    return ok(null, MSG.PASSWORD_CHANGED);
  });

  /**
   * GET /api/user/info → the caller's fresh userInfo: the logged-in person's, and for role 2 (enterprise
   * member) the company's available points, which the member spends (spec p1 §1).
   */
  app.get('/api/user/info', async (req) => {
    const me = await sessions.required(req);
    const info = await auth.userInfo({ ...me, user: me.actor });
    return ok(me.role === 2 ? { ...info, points: me.user.points } : info);
  });
};
