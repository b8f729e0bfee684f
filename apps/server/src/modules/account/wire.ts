/**
 * Composition of the account area (issue 5): settings, notifications, announcements, signatures, overview
 * and the operator console, built from the platform context (called by modules/index.ts, so the shared
 * composition file needs a few lines only).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { adminRoutes } from '../admin/routes.ts';
import { adminService } from '../admin/service.ts';
import { announcementRoutes } from '../announcements/routes.ts';
import { announcementService } from '../announcements/service.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { AuthService } from '../auth/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { SmsCodeService } from '../auth/smsCodes.ts';
import type { PowService } from '../auth/pow.ts';
import { notificationRoutes } from '../notifications/routes.ts';
import type { NotificationService } from '../notifications/service.ts';
import { overviewRoutes } from '../overview/routes.ts';
import { overviewService } from '../overview/service.ts';
import { signatureRoutes } from '../seals/routes.ts';
import { signatureService } from '../seals/service.ts';
import { accountRoutes } from './routes.ts';
import { settingsService } from './service.ts';

/**
 * Builds the account-area services. `notifications` is built before the auth service (whose userInfo
 * needs the unread count) and passed in.
 */
export function buildAccount(ctx: AppContext, deps: { captcha: CaptchaService; smsCodes: SmsCodeService; pow: PowService; notifications: NotificationService; evidence: Pick<EvidenceService, 'ownerStats' | 'liveCounts'>; auth: Pick<AuthService, 'findUser' | 'listUsers' | 'userIdsWithRole' | 'mobilesOf'> }) {
  const { db } = ctx;
  return {
    notifications: deps.notifications,
    settings: settingsService({ db, captcha: deps.captcha, smsCodes: deps.smsCodes, pow: deps.pow, codes: ctx.codes }),
    announcements: announcementService({ db }),
    signatures: signatureService({ db, blobs: ctx.blobs, downloads: ctx.downloads, limiter: ctx.limiter }),
    overview: overviewService({ evidence: deps.evidence, latestNews: (id, n) => deps.notifications.latest(id, n) }),
    admin: adminService({ db, evidence: deps.evidence, auth: deps.auth }),
  };
}

export type AccountServices = ReturnType<typeof buildAccount>;

/** Registers every route of the account area and GET /api/home/index (values from configuration). */
export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, a: AccountServices): Promise<void> {
  const { sessions } = ctx;
  const home = { siteName: '存证', filingNumber: ctx.config.ICP_FILING, copyright: ctx.config.COPYRIGHT_TEXT, privacyUpdatedAt: ctx.config.PRIVACY_UPDATED_AT };
  await app.register(accountRoutes({ settings: a.settings, sessions, home }));
  await app.register(notificationRoutes({ notifications: a.notifications, sessions }));
  await app.register(announcementRoutes({ announcements: a.announcements, sessions }));
  await app.register(signatureRoutes({ signatures: a.signatures, sessions }));
  await app.register(overviewRoutes({ overview: a.overview, sessions }));
  await app.register(adminRoutes({ admin: a.admin, announcements: a.announcements, sessions }));
}
