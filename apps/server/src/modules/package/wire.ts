/** Composition of the package module (called by modules/index.ts: one line there). */
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import type { Services } from '../index.ts';
import { packageRoutes } from './routes.ts';
import { packageService } from './service.ts';

/** The route plugin of the package module, built from the platform context and the other services. */
export function buildPackageRoutes(ctx: AppContext, s: Pick<Services, 'evidence' | 'ledger' | 'certificate' | 'trust' | 'anchor' | 'audit'>) {
  const pkg = packageService({
    evidence: s.evidence,
    ledger: s.ledger,
    certificate: s.certificate,
    downloads: ctx.downloads,
    blobs: ctx.blobs,
    report: (a) => s.audit.integrityAlert(a),
    limiter: ctx.limiter,
    trust: s.trust,
    anchor: s.anchor,
    publicUrl: ctx.config.PUBLIC_URL,
    verifierBundle: ctx.config.VERIFY_BUNDLE || path.resolve(import.meta.dirname, '../../../../../packages/verify/dist/cunzheng-verify.mjs'),
  });
  return packageRoutes({ pkg, sessions: ctx.sessions });
}
