/**
 * Composition of the commerce module (issue 13) from the platform context: the payment provider (real
 * Alipay with ALIPAY_* keys, else the local sandbox mounted in-process under /pay-sandbox), the service,
 * its routes and the expiry job of unpaid orders.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { mailerFor } from '../../platform/mail.ts';
import { alipayProvider, sandboxKeys } from './alipay.ts';
import { invoiceProfileService } from './invoiceProfile.ts';
import { invoiceRoutes } from './invoiceRoutes.ts';
import { invoiceService } from './invoices.ts';
import { commerceRoutes } from './routes.ts';
import { sandboxRoutes } from './sandbox.ts';
import { commerceService, type CommerceService } from './service.ts';

/** Path prefix of the in-process sandbox gateway. */
export const SANDBOX_PREFIX = '/pay-sandbox';

/** Builds the commerce service. */
export function buildCommerce(ctx: AppContext): CommerceService {
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const provider = alipayProvider(ctx.config, ctx.config.ALIPAY_GATEWAY ?? `${base}${SANDBOX_PREFIX}/gateway.do`);
  return commerceService({
    db: ctx.db,
    log: ctx.log,
    welcomePoints: ctx.config.WELCOME_POINTS,
    orderExpireMinutes: ctx.config.ORDER_EXPIRE_MINUTES,
    provider,
    notifyUrl: `${base}/api/alipay/notify`,
    returnUrl: `${base}/api/alipay/doPay`,
  });
}

/**
 * Registers the commerce routes, and the sandbox gateway when no ALIPAY_* keys are set. The in-process
 * sandbox delivers its notification to this same server by injection when notify_url is on PUBLIC_URL
 * (no network hop), else by HTTP POST.
 */
export async function registerCommerceRoutes(app: FastifyInstance, ctx: AppContext, commerce: CommerceService): Promise<void> {
  // E-invoices by e-mail (issue 13 §4): SMTP_URL, else the local SMTP sandbox (started on first use).
  const mailer = mailerFor(ctx.config);
  ctx.onStop.push(() => mailer.close());
  await app.register(commerceRoutes({
    commerce,
    sessions: ctx.sessions,
    db: ctx.db,
    findUserByMobile: async (mobile) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1))[0]?.id ?? null,
  }));
  await app.register(invoiceRoutes({
    invoices: invoiceService({ db: ctx.db, pdfUrl: (sha256, name) => ctx.downloads.url({ sha256, name, mime: 'application/pdf' }), mail: { mailer, readPdf: (sha) => ctx.blobs.readVerified(sha), log: ctx.log } }),
    profile: invoiceProfileService({ db: ctx.db }),
    sessions: ctx.sessions,
    db: ctx.db,
    blobs: ctx.blobs,
  }));
  if (ctx.config.ALIPAY_APP_ID) return;
  const origin = new URL(ctx.config.PUBLIC_URL).origin;
  await app.register(sandboxRoutes({
    keys: sandboxKeys(ctx.config.dataDir),
    deliver: async (url, form) => {
      const u = new URL(url);
      if (u.origin === origin) {
        const r = await app.inject({ method: 'POST', url: u.pathname + u.search, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        return r.body;
      }
      const r = await fetch(url, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(10_000) });
      return r.text();
    },
  }), { prefix: SANDBOX_PREFIX });
}

/** Once a minute: settles provider-paid orders by active trade queries (alipay.trade.query), retries pending refunds, then cancels expired unpaid orders. */
export async function registerCommerceWorkers(jobs: Jobs, ctx: AppContext, commerce: CommerceService): Promise<void> {
  await jobs.every('commerce.expire', '* * * * *', { expireInSeconds: 120 }, async () => {
    // Ask the provider about due orders first: a paid order whose notification was lost is settled, not cancelled.
    const paid = await commerce.reconcile();
    if (paid) ctx.log.info({ paid }, 'commerce: orders settled by active trade queries');
    const refunded = await commerce.retryRefunds();
    if (refunded) ctx.log.info({ refunded }, 'commerce: pending provider refunds done');
    const n = await commerce.expire();
    if (n) ctx.log.info({ expired: n }, 'commerce: cancelled expired unpaid orders');
  });
}
