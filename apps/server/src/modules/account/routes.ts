/**
 * Settings and public-configuration routes (issue 5 §1, §6; spec p1 §2 /setting, p1 §7 GET /api/home/index).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZResetExtractReq, ZResetExtractSmsReq, type THomeIndex } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { SettingsService } from './service.ts';

/** Registers the settings routes and GET /api/home/index. */
export const accountRoutes = (deps: { settings: SettingsService; sessions: Sessions; home: THomeIndex }): FastifyPluginAsyncZod => async (app) => {
  const { settings, sessions } = deps;

  /** POST /api/user/resetExtractCode/sendSMS (captchaId, imgCode), login required → `{token}`, msg 发送成功. */
  app.post('/api/user/resetExtractCode/sendSMS', { schema: { body: ZResetExtractSmsReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await settings.sendSms(me, req.body, req.ip), MSG.SMS_SENT);
  });

  /** POST /api/user/resetExtractCode (smsCode, smsToken), login required → `{extractCode}`, msg 证据提取码已重置. */
  app.post('/api/user/resetExtractCode', { schema: { body: ZResetExtractReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await settings.reset(me, req.body, req.ip), MSG.EXTRACT_CODE_RESET);
  });

  /** GET /api/home/index (no login) → `{siteName, filingNumber, copyright, privacyUpdatedAt}` from configuration. */
  app.get('/api/home/index', async () => ok(deps.home));
};
