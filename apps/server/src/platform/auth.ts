/**
 * Sessions: random opaque bearer tokens stored hashed, revocable, with expiry (DESIGN.md API conventions).
 * `resolveSession` reads `Authorization: Bearer <token>`; guards raise 401 (unknown token),
 * 408 (expired), 403 (wrong role).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { forbidden, sessionExpired, unauthorized } from './errors.ts';
import { randomToken, sha256 } from './secrets.ts';
import { MSG } from '@cunzheng/contract/messages';

export type UserRow = typeof users.$inferSelect;

export interface Principal {
  /**
   * The ACTING account (issue 14 §4, CONTRACTS §2): the logged-in user for role 1; for role 2 (ROLE header
   * '2' by a bound enterprise member) the company's account. Everything owned, charged or listed uses
   * this: deposits and captures of every kind belong to it and spend its points.
   */
  user: UserRow;
  /** The person who is logged in (same row as `user` for role 1). */
  actor: UserRow;
  /** For role 2: the `company_members` row the member acts through; null for role 1. */
  member: { id: number; pid: number } | null;
  sessionId: number;
  /** Acting role: 1 own account, 2 company member (ROLE header). */
  role: number;
}

/**
 * Resolves role 2 (issue 14 §4): the company a logged-in user acts for as a bound member (status 3), or
 * null when the user is not (or no longer: stopped, unbound) a bound member. Provided by the members module.
 */
export type ActingResolver = (userId: number) => Promise<{ company: UserRow; memberId: number } | null>;

/** The member's own user id when a principal acts for a company (role 2), else null: what deposits record as `memberId`. */
export const actingMemberId = (p: Principal): number | null => (p.member ? p.actor.id : null);

/**
 * Refuses role 2 (403 无权访问) where the spec hides a feature from enterprise members (spec p2 §2, §6:
 * overview, notary, settings, signatures, members, invoices). Call right after `sessions.required`.
 */
export function refuseMember(p: Principal): Principal {
  if (p.role === 2) throw forbidden();
  return p;
}

export interface Sessions {
  /** Creates a session for `userId`; returns the bearer token (shown once, stored hashed). */
  create(tx: DbOrTx, userId: number): Promise<string>;
  /** The principal of a request, or null when no usable token is present (no error). */
  optional(req: FastifyRequest): Promise<Principal | null>;
  /** The principal of a request; 401 without a known token, 408 when it expired or was revoked. */
  required(req: FastifyRequest): Promise<Principal>;
  /** Like `required`, and 403 unless the user is an operator. */
  operator(req: FastifyRequest): Promise<Principal>;
  /**
   * Like `required`, and 403 无权访问 for role 2: the features the spec hides from enterprise members
   * (p2 §2, §6: overview, notary, settings, signatures, members, invoices) call this instead.
   */
  mainRole(req: FastifyRequest): Promise<Principal>;
  /** Ends one session server-side. */
  revoke(sessionId: number): Promise<void>;
  /** Ends every session of a user (password change/reset). */
  revokeAll(tx: DbOrTx, userId: number): Promise<void>;
  /** Installs the role-2 resolver (members module, at wiring time). Without one, ROLE 2 is refused. */
  setActingResolver(r: ActingResolver): void;
}

const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(h.trim());
  return m?.[1] ?? null;
};

/** Builds the session service over `db`; tokens live `ttlSeconds`. */
export function sessionService(deps: { db: DbOrTx; ttlSeconds: number }): Sessions {
  let resolveActing: ActingResolver | null = null;
  const lookup = async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) return { state: 'none' as const };
    const rows = await deps.db
      .select({ s: sessions, u: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sha256(token)))
      .limit(1);
    const row = rows[0];
    if (!row) return { state: 'unknown' as const };
    if (row.s.revokedAt || row.s.expiresAt.getTime() < Date.now()) return { state: 'expired' as const };
    if (req.headers.role === '2') {
      // Role 2: act for the company the user is bound to; a user who is not (or no longer) a bound member
      // is refused (403 → the web app logs out, spec p2 §8), so a stopped member can no longer act for it.
      const acting = resolveActing ? await resolveActing(row.u.id) : null;
      if (!acting) return { state: 'notMember' as const };
      return { state: 'ok' as const, principal: { user: acting.company, actor: row.u, member: { id: acting.memberId, pid: acting.company.id }, sessionId: row.s.id, role: 2 } };
    }
    return { state: 'ok' as const, principal: { user: row.u, actor: row.u, member: null, sessionId: row.s.id, role: 1 } };
  };
  return {
    async create(tx, userId) {
      const token = randomToken(32);
      await tx.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + deps.ttlSeconds * 1000) });
      return token;
    },
    async optional(req) {
      const r = await lookup(req);
      return r.state === 'ok' ? r.principal : null;
    },
    async required(req) {
      const r = await lookup(req);
      if (r.state === 'ok') return r.principal;
      if (r.state === 'expired') throw sessionExpired();
      if (r.state === 'notMember') throw forbidden(MSG.MEMBER_NOT_BOUND);
      throw unauthorized();
    },
    async operator(req) {
      const p = await this.required(req);
      if (p.user.role !== 'operator') throw forbidden();
      return p;
    },
    async mainRole(req) {
      return refuseMember(await this.required(req));
    },
    async revoke(sessionId) {
      await deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    setActingResolver(r) {
      resolveActing = r;
    },
    async revokeAll(tx, userId) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
