/**
 * Composition of the continuous audit from the platform context (called by modules/index.ts), and its
 * periodic job (issue 3 §5).
 */
import type { AppContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AnchorService } from '../anchor/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerService } from '../ledger/types.ts';
import { auditService, type AuditService } from './service.ts';

/** Name of the pg-boss queue of the audit job. */
export const AUDIT_QUEUE = 'audit-run';

/** Builds the audit service with the AUDIT_* limits of the configuration. */
export function buildAudit(ctx: AppContext, deps: { ledger: LedgerService; anchor: AnchorService; evidence: Pick<EvidenceService, 'forAudit'>; auth: Pick<AuthService, 'operatorIds'> }): AuditService {
  const c = ctx.config;
  return auditService({
    db: ctx.db,
    blobs: ctx.blobs,
    ledger: deps.ledger,
    anchor: deps.anchor,
    evidence: deps.evidence,
    operatorIds: () => deps.auth.operatorIds(),
    log: ctx.log,
    limits: { intervalSeconds: c.AUDIT_INTERVAL_SECONDS, blobsPerRun: c.AUDIT_BLOBS_PER_RUN, bytesPerRun: c.AUDIT_BYTES_PER_RUN, leavesPerRun: c.AUDIT_LEAVES_PER_RUN },
  });
}

/**
 * Schedules the audit job once a minute (pg-boss cron, one job per tick across processes); a run does
 * work only when AUDIT_INTERVAL_SECONDS passed since the previous one. AUDIT_INTERVAL_SECONDS=0: not scheduled.
 */
export async function registerAuditWorker(jobs: Jobs, audit: AuditService, ctx: Pick<AppContext, 'config' | 'log'>): Promise<void> {
  if (ctx.config.AUDIT_INTERVAL_SECONDS === 0) {
    ctx.log.info('audit: continuous audit is off (AUDIT_INTERVAL_SECONDS=0)');
    await jobs.boss.unschedule(AUDIT_QUEUE).catch(() => undefined); // a schedule left from when it was on
    return;
  }
  // `jobs.send(AUDIT_QUEUE, {})` also triggers a run (subject to the interval).
  await jobs.every(AUDIT_QUEUE, '* * * * *', { expireInSeconds: 3600 }, async () => {
    await audit.runOnce();
  });
}
