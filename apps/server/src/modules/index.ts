/**
 * Composition: builds every module's service from the platform context (narrowed dependencies) and
 * registers the routes. `buildServices` is also used by the CLI without an HTTP server.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import type { Jobs } from '../platform/jobs.ts';
import { registerBlobGc } from '../platform/blobGc.ts';
import { authRoutes } from './auth/routes.ts';
import { certificateRoutes } from './certificate/routes.ts';
import { buildCertificate } from './certificate/wire.ts';
import { buildAuth, registerAuthWorkers } from './auth/wire.ts';
import { evidenceRoutes } from './evidence/routes.ts';
import { evidenceService } from './evidence/service.ts';
import { ledgerRoutes } from './ledger/routes.ts';
import { ledgerService } from './ledger/service.ts';
import { fileRoutes } from './system/files.ts';
import { systemRoutes } from './system/routes.ts';
import { anchorRoutes } from './anchor/routes.ts';
import { buildAnchor, registerAnchorWorker } from './anchor/wire.ts';
import { auditRoutes } from './audit/routes.ts';
import { buildAudit, registerAuditWorker } from './audit/wire.ts';
import { registerRetimestampWorker } from './certificate/retimestamp.ts';
import { trustRoutes } from './trust/routes.ts';
import { trustService } from './trust/service.ts';
import { buildAccount, registerAccountRoutes } from './account/wire.ts';
import { notificationService } from './notifications/service.ts';
import { buildPackageRoutes } from './package/wire.ts';
import { buildCommerce, registerCommerceRoutes, registerCommerceWorkers } from './commerce/wire.ts';
import { buildForensics, registerForensicsRoutes, registerForensicsWorkers } from './webcapture/wire.ts';
import { buildProcess, registerProcessRoutes } from './process/wire.ts';
import { buildMusic, registerMusicRoutes } from './music/wire.ts';
import { buildQuery, registerQueryRoutes, registerQueryWorkers } from './query/wire.ts';
import { buildKyc, registerKycRoutes, registerKycWorkers } from './kyc/wire.ts';
import { assertOrders, exportOrders, orderList } from './commerce/orderList.ts';
import { buildMembers, registerMembersRoutes } from './members/wire.ts';
import { buildAppEvidence, registerAppRoutes, registerAppWorkers } from './app/wire.ts';
import { buildNotary, registerNotaryRoutes } from './notary/wire.ts';

/** Version of the server package. */
const APP_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** Builds the services of every module. */
export function buildServices(ctx: AppContext) {
  const { db } = ctx;
  const ledger = ledgerService({ db, config: ctx.config, log: ctx.log });
  ctx.onStop.push(() => ledger.stop());
  const notifications = notificationService({ db });
  const commerce = buildCommerce(ctx);
  const { captcha, smsCodes, pow, auth } = buildAuth(ctx, { unreadCount: notifications.unreadCount, onUserCreated: commerce.onUserCreated });
  const trust = trustService({ db, config: ctx.config, log: ctx.log });
  const evidence = evidenceService({ db, blobs: ctx.blobs, ledger, downloads: ctx.downloads, timestamper: trust, log: ctx.log, charge: commerce.charge });
  const anchor = buildAnchor(ctx, { ledger });
  const audit = buildAudit(ctx, { ledger, anchor, evidence, auth });
  const { certificate, browser } = buildCertificate(ctx, { ledger, evidence, auth, captcha, trust, anchor, report: (a) => audit.integrityAlert(a) });
  const account = buildAccount(ctx, { captcha, smsCodes, pow, notifications, evidence, auth });
  const forensics = buildForensics(ctx, { evidence, certificate, auth, stamper: (sha) => trust.stamp(sha), certify: (k) => trust.waczCertificate(k), report: (a) => audit.integrityAlert(a), canPay: commerce.canPay });
  const processEvidence = buildProcess(ctx, { evidence, certificate, auth, stamper: (sha) => trust.stamp(sha), certify: (k) => trust.waczCertificate(k), canPay: commerce.canPay });
  const music = buildMusic(ctx, { evidence, certificate });
  const query = buildQuery(ctx, { evidence, ledger, browser });
  const appEvidence = buildAppEvidence(ctx, { evidence, certificate, report: (a) => audit.integrityAlert(a), unitsFor: (t, sec) => commerce.unitsFor(t, sec) });
  const kyc = buildKyc(ctx, { auth });
  const members = buildMembers(ctx, {
    smsCodes,
    findUser: (id) => auth.findUser(id),
    // Exact mobile among the keyword matches (an 11-digit mobile is a substring of no other mobile).
    findUserByMobile: async (mobile) => (await auth.listUsers({ page: 1, limit: 20, keyword: mobile })).list.find((u) => u.mobile === mobile) ?? null,
    isVerifiedIndividual: (id) => kyc.isVerifiedIndividual(id),
    // The company's verified credit code (masked) and address, read-only for its members (spec p2 §6).
    qualification: async (companyId) => {
      const c = await auth.findUser(companyId);
      if (!c || c.type !== 2) return null;
      const i = (await kyc.info(c)) as { taxNumberEn?: string; address?: string };
      return { creditCode: i.taxNumberEn ?? '', address: i.address ?? '' };
    },
    orders: { list: (v, q) => orderList(db, v, q), assert: (v, q) => assertOrders(db, v, q), export: (v, q, out) => exportOrders(db, v, q, out) },
  });
  auth.extendUserInfo(async (userId) => members.roles.userInfoOf(userId));
  const notary = buildNotary(ctx, { ledger, trust, browser, commerce, signatures: account.signatures, announcements: account.announcements, kyc, findUser: (id) => auth.findUser(id) });
  auth.extendUserInfo(async (userId) => ({ notary: await notary.offices.isStaff(userId) }));
  return { members, commerce, ledger, captcha, pow, auth, evidence, certificate, browser, blobs: ctx.blobs, db, account, trust, anchor, audit, forensics, processEvidence, kyc, appEvidence, music, query, notary };
}

export type Services = ReturnType<typeof buildServices>;

/** Registers all module routes on `app`. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext, s: Services): Promise<void> {
  await app.register(systemRoutes({ database: ctx.database, version: APP_VERSION, ledgerSize: () => s.ledger.size() }));
  await app.register(fileRoutes({
    blobs: ctx.blobs,
    downloads: ctx.downloads,
    zipItems: (owner, ids) => s.evidence.zipItems(owner, ids),
    isLive: (id) => s.evidence.isLive(id),
    report: (a) => s.audit.integrityAlert(a),
  }));
  await app.register(authRoutes({ auth: s.auth, captcha: s.captcha, pow: s.pow, sessions: ctx.sessions }));
  await app.register(evidenceRoutes({ evidence: s.evidence, sessions: ctx.sessions }));
  await app.register(certificateRoutes({ certificate: s.certificate, sessions: ctx.sessions }));
  await app.register(trustRoutes({ trust: s.trust, limiter: ctx.limiter, findEvidenceId: async (b: string) => (await s.evidence.findByBaoquan(b))?.id ?? null }));
  await registerAccountRoutes(app, ctx, s.account);
  await app.register(ledgerRoutes({ ledger: s.ledger, db: s.db, findIndexByBaoquan: async (b: string) => (await s.evidence.findByBaoquan(b))?.ledgerIndex ?? null }));
  await app.register(anchorRoutes({ anchor: s.anchor }));
  await app.register(buildPackageRoutes(ctx, s));
  await app.register(auditRoutes({ audit: s.audit, sessions: ctx.sessions }));
  await registerForensicsRoutes(app, ctx, s.forensics);
  await registerProcessRoutes(app, ctx, s.processEvidence);
  await registerMusicRoutes(app, ctx, s.music, s.evidence);
  await registerQueryRoutes(app, ctx, s.query);
  await registerCommerceRoutes(app, ctx, s.commerce);
  await registerKycRoutes(app, ctx, s.kyc);
  await registerMembersRoutes(app, ctx, s.members);
  await registerAppRoutes(app, ctx, s.appEvidence);
  await registerNotaryRoutes(app, ctx, s.notary, async (mobile) => (await s.auth.listUsers({ page: 1, limit: 20, keyword: mobile })).list.find((u) => u.mobile === mobile)?.id ?? null);
}

/**
 * Registers background workers and schedules (only in processes that run jobs: `npm start`).
 * Each module that has periodic or queued work adds its line here.
 */
export async function registerWorkers(jobs: Jobs, ctx: AppContext, s: Services): Promise<void> {
  await registerAuthWorkers(jobs, ctx);
  await registerAnchorWorker(jobs, s.anchor, ctx.log);
  await registerAuditWorker(jobs, s.audit, ctx);
  await registerBlobGc(jobs, ctx);
  await registerForensicsWorkers(jobs, ctx, s.forensics);
  await registerCommerceWorkers(jobs, ctx, s.commerce);
  await registerQueryWorkers(jobs, ctx, s.query);
  await registerKycWorkers(jobs, ctx, s.kyc);
  await registerAppWorkers(jobs, ctx, s.appEvidence);
  await registerRetimestampWorker(jobs, { db: ctx.db, blobs: ctx.blobs, trust: s.trust, windowDays: ctx.config.CERT_RETIMESTAMP_WINDOW_DAYS, log: ctx.log });
}
