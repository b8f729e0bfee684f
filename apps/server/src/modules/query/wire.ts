/**
 * Composition of the public query context (issue 12 §3): certificate checks by number and digest (with
 * the SM3 catch-up job) and the help centre's articles with their PDFs.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerService } from '../ledger/types.ts';
import { checkService } from './check.ts';
import { educationService } from './education.ts';
import { queryRoutes } from './routes.ts';

/** Builds the module. */
export function buildQuery(ctx: AppContext, deps: { evidence: EvidenceService; ledger: Pick<LedgerService, 'entryAt'>; browser: Pick<BrowserPool, 'withPage'> }) {
  const check = checkService({ db: ctx.db, evidence: deps.evidence, ledger: deps.ledger, blobs: ctx.blobs });
  const education = educationService({ browser: deps.browser, blobs: ctx.blobs, downloads: ctx.downloads, limiter: ctx.limiter, site: new URL(ctx.config.PUBLIC_URL).host });
  return { check, education };
}

export type QueryModule = ReturnType<typeof buildQuery>;

/** Registers the routes. */
export async function registerQueryRoutes(app: FastifyInstance, ctx: AppContext, q: QueryModule): Promise<void> {
  await app.register(queryRoutes({ check: q.check, education: q.education, limiter: ctx.limiter }));
}

/** Records the SM3 digests of new evidence once a minute. */
export async function registerQueryWorkers(jobs: Jobs, ctx: AppContext, q: QueryModule): Promise<void> {
  await jobs.every('query.sm3', '* * * * *', { expireInSeconds: 300 }, async () => {
    const n = await q.check.catchUp();
    if (n) ctx.log.info({ recorded: n }, 'query: recorded SM3 digests of new evidence');
  });
}
