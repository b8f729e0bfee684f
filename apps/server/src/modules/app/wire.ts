/**
 * Composition of the app evidence module (App取证, issue 12 §1): the resumable upload store (largest
 * upload = UPLOAD_MAX_BYTES), the service, the certificate rows of kind 'app', and the routes (capture,
 * list, phone info, previews, tus uploads, ranged media).
 */
import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../platform/jobs.ts';
import type { AppContext } from '../../platform/context.ts';
import type { IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { CertificateService } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { mediaRoutes } from './media.ts';
import { appRoutes } from './routes.ts';
import { appService, type AppService } from './service.ts';
import { tusRoutes } from './tus.ts';
import { uploadStore } from './uploads.ts';

/** Builds the module's services. `unitsFor`: commerce's price units of an order type for a duration (seconds). */
export function buildAppEvidence(ctx: AppContext, deps: { evidence: EvidenceService; certificate: CertificateService; report: IntegrityReporter; unitsFor: (orderType: number, seconds: number) => Promise<number> }) {
  const uploads = uploadStore({ db: ctx.db, blobs: ctx.blobs, maxBytes: ctx.config.UPLOAD_MAX_BYTES });
  const service = appService({ db: ctx.db, blobs: ctx.blobs, evidence: deps.evidence, uploads, downloads: ctx.downloads, report: deps.report, unitsFor: deps.unitsFor });
  deps.certificate.registerKind('app', { describe: (row) => service.describe(row) });
  return { service, uploads };
}

/** Registers the module's routes. */
export async function registerAppRoutes(app: FastifyInstance, ctx: AppContext, m: { service: AppService; uploads: ReturnType<typeof uploadStore> }): Promise<void> {
  await app.register(appRoutes({ app: m.service, sessions: ctx.sessions }));
  await app.register(mediaRoutes({ app: m.service }));
  await app.register(tusRoutes({ uploads: m.uploads, sessions: ctx.sessions }));
}

/** Hourly job `app.uploads.sweep`: forgets resumable uploads idle past their TTL (their part blobs are left to the blob GC). */
export async function registerAppWorkers(jobs: Jobs, ctx: AppContext, m: { uploads: ReturnType<typeof uploadStore> }): Promise<void> {
  await jobs.every('app.uploads.sweep', '41 * * * *', { expireInSeconds: 600 }, async () => {
    const n = await m.uploads.sweep();
    if (n > 0) ctx.log.info({ forgotten: n }, 'app: expired resumable uploads forgotten');
  });
}
