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

export type UserRow = typeof users.$inferSelect;

export interface Principal {
  user: UserRow;
  sessionId: number;
  /** Acting role: 1 own account, 2 company member (ROLE header). */
  role: number;
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
  /** Ends one session server-side. */
  revoke(sessionId: number): Promise<void>;
  /** Ends every session of a user (password change/reset). */
  revokeAll(tx: DbOrTx, userId: number): Promise<void>;
}

const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(h.trim());
  return m?.[1] ?? null;
};

/** Builds the session service over `db`; tokens live `ttlSeconds`. */
export function sessionService(deps: { db: DbOrTx; ttlSeconds: number }): Sessions {
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
    const roleHeader = req.headers.role;
    const role = roleHeader === '2' ? 2 : 1;
    return { state: 'ok' as const, principal: { user: row.u, sessionId: row.s.id, role } };
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
      throw unauthorized();
    },
    async operator(req) {
      const p = await this.required(req);
      if (p.user.role !== 'operator') throw forbidden();
      return p;
    },
    async revoke(sessionId) {
      await deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    async revokeAll(tx, userId) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
