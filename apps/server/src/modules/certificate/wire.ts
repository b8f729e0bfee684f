/**
 * Composition of the certificate module from the platform context (called by modules/index.ts), so the
 * shared composition file needs one line per module.
 */
import { browserPool, type BrowserPool } from '../../platform/browser.ts';
import type { IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadOrCreateSecret } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { TrustService } from '../trust/service.ts';
import { certificateService, type CertificateService } from './service.ts';
import type { AnchorService } from '../anchor/service.ts';

/**
 * Builds the certificate service. `browser`: the app's shared Chromium pool; when omitted a pool is
 * created here (lazy: Chromium starts on the first PDF) and closed with the app via `ctx.onStop`.
 */
export function buildCertificate(
  ctx: AppContext,
  deps: { ledger: LedgerService; evidence: Pick<EvidenceService, 'findByBaoquan'> & Partial<Pick<EvidenceService, 'onChanged'>>; auth: Pick<AuthService, 'identity' | 'extractCodeOf'>; captcha?: Pick<CaptchaService, 'check'>; browser?: BrowserPool; trust?: Pick<TrustService, 'signPdf' | 'tokenFor' | 'rootFingerprint'>; anchor?: Pick<AnchorService, 'anchorFor'>; report?: IntegrityReporter },
): { certificate: CertificateService; browser: BrowserPool } {
  let browser = deps.browser;
  if (!browser) {
    const pool = browserPool({ executablePath: ctx.config.CHROMIUM_PATH, log: ctx.log });
    ctx.onStop.push(() => pool.close());
    browser = pool;
  }
  const certificate = certificateService({
    db: ctx.db,
    evidence: deps.evidence,
    ledger: deps.ledger,
    blobs: ctx.blobs,
    downloads: ctx.downloads,
    limiter: ctx.limiter,
    ownerName: (id) => deps.auth.identity(id),
    extractCodeOf: (id) => deps.auth.extractCodeOf(id),
    ...(deps.captcha ? { checkCaptcha: deps.captcha.check } : {}),
    browser,
    publicUrl: ctx.config.PUBLIC_URL,
    viewTokenKey: loadOrCreateSecret(ctx.config.dataDir, 'view-token.key', 32),
    viewCacheTtlMs: ctx.config.CERT_VIEW_CACHE_TTL_MS,
    viewCacheMax: ctx.config.CERT_VIEW_CACHE_MAX,
    ...(deps.trust ? { signPdf: deps.trust.signPdf, timestampOf: deps.trust.tokenFor, rootFingerprint: deps.trust.rootFingerprint } : {}),
    ...(deps.anchor ? { anchorOf: deps.anchor.anchorFor } : {}),
    ...(deps.report ? { report: deps.report } : {}),
  });
  return { certificate, browser };
}
