/**
 * Composition of the notary module (issue 15): offices with identities issued by the platform root (office
 * keys sealed with DATA_DIR/keys/notary-keys.key, generated on first start), the user-side service, the
 * read side, the office console, the commerce hook of Alipay-paid fees, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { UserRow } from '../../platform/auth.ts';
import { loadOrCreateSecret, secretBox } from '../../platform/secrets.ts';
import type { AnnouncementService } from '../announcements/service.ts';
import type { CommerceService } from '../commerce/service.ts';
import { evidenceSelection } from '../evidence/selection.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { SignatureService } from '../seals/service.ts';
import { identityService } from '../trust/identities.ts';
import type { TrustService } from '../trust/service.ts';
import { notaryConsole } from './console.ts';
import type { NotaryDeps, NotaryGate } from './context.ts';
import { officeService } from './offices.ts';
import { notaryOfficeRoutes } from './officeRoutes.ts';
import { notaryQueries } from './queries.ts';
import { notaryRoutes } from './routes.ts';
import { notaryService } from './service.ts';
import { interviewSignature } from './interview.ts';

export interface NotaryWiring {
  ledger: LedgerService;
  trust: TrustService;
  browser: BrowserPool;
  commerce: CommerceService;
  signatures: SignatureService;
  announcements: AnnouncementService;
  kyc: { notaryGate: NotaryGate; identityOf(userId: number): Promise<{ realName: string; companyName: string }> };
  findUser(userId: number): Promise<UserRow | null>;
}

/** Builds the notary module's services. */
export function buildNotary(ctx: AppContext, w: NotaryWiring) {
  const box = secretBox(loadOrCreateSecret(ctx.config.dataDir, 'notary-keys.key', 32));
  const identities = identityService({ config: ctx.config, stamp: (h) => w.trust.stamp(h) });
  const offices = officeService({ db: ctx.db, blobs: ctx.blobs, box, identities });
  const deps: NotaryDeps = {
    db: ctx.db,
    blobs: ctx.blobs,
    downloads: ctx.downloads,
    browser: w.browser,
    sms: ctx.sms,
    offices,
    identities,
    evidence: evidenceSelection({ db: ctx.db, blobs: ctx.blobs, downloads: ctx.downloads }),
    ledger: w.ledger,
    trust: w.trust,
    gate: (id) => w.kyc.notaryGate(id),
    realName: async (id) => {
      const i = await w.kyc.identityOf(id).catch(() => null);
      return i ? i.companyName || i.realName : '';
    },
    findUser: w.findUser,
    defaultSeal: async (userId) => {
      const s = await w.signatures.findDefault(userId);
      return s ? { name: s.name, png: await ctx.blobs.readVerified(s.sha256) } : null;
    },
    payPoints: (tx, p) => w.commerce.notaryPoints(tx, p),
    payAlipay: (p, ip) => w.commerce.notaryAlipay(p, ip),
    publicUrl: ctx.config.PUBLIC_URL.replace(/\/+$/, ''),
    refunds: { refund: (tx, p) => w.commerce.refund(tx, p), runRefund: (id) => w.commerce.runRefund(id), refundOf: (no) => w.commerce.refundOf(no) },
  };
  const notary = notaryService(deps);
  w.commerce.onNotaryPaid((tx, p) => notary.onPaid(tx, p));
  const queries = notaryQueries(deps);
  const console = notaryConsole({ ...deps, announce: (actor, p) => w.announcements.publish(actor, p) });
  const interview = interviewSignature(deps);
  return { notary, queries, console, offices, identities, interview };
}

export type NotaryModule = ReturnType<typeof buildNotary>;

/** Registers the notary routes. */
export async function registerNotaryRoutes(app: FastifyInstance, ctx: AppContext, m: NotaryModule, findUserByMobile: (mobile: string) => Promise<number | null>): Promise<void> {
  await app.register(notaryRoutes({ notary: m.notary, queries: m.queries, interview: m.interview, sessions: ctx.sessions }));
  await app.register(notaryOfficeRoutes({ console: m.console, offices: m.offices, queries: m.queries, sessions: ctx.sessions, findUserByMobile }));
}
