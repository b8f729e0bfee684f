/**
 * Composition of the forensics (web capture) module from the platform context, so the shared
 * composition file (modules/index.ts) needs one line per step: build, routes, workers.
 *
 * The capture browser is its own pool (platform/browser.ts) — network on, WebRTC confined, concurrency
 * CAPTURE_CONCURRENCY + 1 (a slot for previews) — separate from the certificate-PDF pool, which stays offline; a crash of one does
 * not take the other down. It is reused across captures and closed with the app.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { browserPool } from '../../platform/browser.ts';
import type { IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { loadOrCreateSecret } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import type { CertificateService } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { batchService } from './batch.ts';
import { CAPTURE_CHROMIUM_ARGS } from '../../platform/capture/engine.ts';
import { parseAllowHosts } from '../../platform/capture/guard.ts';
import { waczSigner } from '../../platform/capture/signer.ts';
import type { PackageStamper } from '../../platform/capture/wacz.ts';
import { previewService } from './preview.ts';
import { forensicsPublicRoutes } from './publicRoutes.ts';
import { forensicsRoutes } from './routes.ts';
import { captureRunner, workRootIn, type CaptureSettings } from './runner.ts';
import { CAPTURE_QUEUE, forensicsService } from './service.ts';
import { webShareService } from './share.ts';

const VERSION: string = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
/** Software named in WARC, WACZ and provenance. */
export const CAPTURE_SOFTWARE = `Cunzheng web capture ${VERSION} (playwright-core + Chromium, recording proxy, warcio)`;

/**
 * Builds the module. `stamper`: RFC 3161 stamping of the package hash (the trust module's
 * `Timestamper.stamp`); when absent the provenance says a package token is not available.
 */
export function buildForensics(ctx: AppContext, deps: { evidence: EvidenceService; certificate: CertificateService; auth: Pick<AuthService, 'findUser'>; stamper?: PackageStamper | null; certify?: (spkiB64: string) => Promise<string | null>; report?: IntegrityReporter; canPay?: (userId: number, orderType: number, count: number) => Promise<void> }) {
  const c = ctx.config;
  // One page more than the captures that may run at once, so a preview never waits behind a batch.
  const pool = browserPool({ executablePath: c.CHROMIUM_PATH, concurrency: c.CAPTURE_CONCURRENCY + 1, extraArgs: CAPTURE_CHROMIUM_ARGS, log: ctx.log });
  const allowHosts = parseAllowHosts(c.CAPTURE_ALLOW_HOSTS);
  const settings: CaptureSettings = {
    timeoutMs: c.CAPTURE_TIMEOUT_SECONDS * 1000,
    maxBytes: c.CAPTURE_MAX_BYTES,
    allowHosts,
    publicAddress: c.CAPTURE_PUBLIC_ADDRESS,
    chromiumPath: c.CHROMIUM_PATH,
    workRoot: workRootIn(c.dataDir),
    software: CAPTURE_SOFTWARE,
  };
  const signer = waczSigner(c.dataDir, 'Cunzheng web capture', VERSION, undefined, deps.certify);
  const runner = captureRunner({
    db: ctx.db,
    pool,
    settings,
    blobs: ctx.blobs,
    evidence: deps.evidence,
    findUser: (id) => deps.auth.findUser(id),
    signer,
    stamper: deps.stamper ?? null,
    log: ctx.log,
  });
  const forensics = forensicsService({ db: ctx.db, runner, jobs: () => ctx.jobs, evidence: deps.evidence, downloads: ctx.downloads, limiter: ctx.limiter, concurrency: c.CAPTURE_CONCURRENCY, perUser: c.CAPTURE_PER_USER, hardTimeoutMs: captureJobTimeoutSeconds(c) * 1000, log: ctx.log, canPay: deps.canPay });
  const preview = previewService({ db: ctx.db, pool, settings, limiter: ctx.limiter, urlKey: loadOrCreateSecret(c.dataDir, 'web-preview.key', 32), urlTtlSeconds: c.DOWNLOAD_URL_TTL_SECONDS });
  const batch = batchService({ db: ctx.db, forensics, allowHosts, canPay: deps.canPay });
  const share = webShareService({ db: ctx.db, certificate: deps.certificate, evidence: deps.evidence, blobs: ctx.blobs, downloads: ctx.downloads, limiter: ctx.limiter, ...(deps.report ? { report: deps.report } : {}) });
  deps.certificate.registerKind('web', { describe: (row) => share.describe(row), view: (row, base) => share.view(row, base) });
  ctx.onStop.push(async () => {
    const stopped = forensics.stop();
    await pool.close();
    await stopped;
  });
  return { forensics, preview, batch, share, signer, pool };
}

export type Forensics = ReturnType<typeof buildForensics>;

/** Registers the module's routes. */
export async function registerForensicsRoutes(app: FastifyInstance, ctx: AppContext, f: Forensics): Promise<void> {
  await app.register(forensicsRoutes({ forensics: f.forensics, preview: f.preview, sessions: ctx.sessions }));
  await app.register(forensicsPublicRoutes({ share: f.share, batch: f.batch, sessions: ctx.sessions }));
}

/** Hard deadline of one capture job, seconds (CAPTURE_JOB_TIMEOUT_SECONDS, default CAPTURE_TIMEOUT_SECONDS + 120). */
export const captureJobTimeoutSeconds = (c: AppContext['config']): number => c.CAPTURE_JOB_TIMEOUT_SECONDS ?? c.CAPTURE_TIMEOUT_SECONDS + 120;

/**
 * Starts the capture worker (queue `web-capture`: CAPTURE_CONCURRENCY at once, CAPTURE_PER_USER per user,
 * 1 retry after 5 s; issue 9 §6).
 */
export async function registerForensicsWorkers(jobs: Jobs, ctx: AppContext, f: Forensics): Promise<void> {
  await jobs.work<{ id: number }>(
    CAPTURE_QUEUE,
    {
      concurrency: ctx.config.CAPTURE_CONCURRENCY,
      groupConcurrency: ctx.config.CAPTURE_PER_USER,
      retryLimit: 1,
      retryDelay: 5,
      expireInSeconds: captureJobTimeoutSeconds(ctx.config) + 60,
    },
    (data) => f.forensics.runJob(data),
  );
}
