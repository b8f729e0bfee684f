/**
 * Composition of the members module (issue 14 §3–4): the members and roles services, the session
 * service's role-2 resolver (the ONE place the ROLE header becomes the company's acting account,
 * CONTRACTS §2) and the routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { SmsCodeService } from '../auth/smsCodes.ts';
import { membersAdminRoutes } from './adminRoutes.ts';
import { rolesService } from './roles.ts';
import { membersRoutes, type MemberOrders } from './routes.ts';
import { membersService } from './service.ts';

/** What the members module needs from other modules (their services' functions). */
export interface MembersWiring {
  smsCodes: SmsCodeService;
  findUser: (id: number) => Promise<UserRow | null>;
  findUserByMobile: (mobile: string) => Promise<UserRow | null>;
  isVerifiedIndividual: (userId: number) => Promise<boolean>;
  qualification?: (companyId: number) => Promise<{ creditCode: string; address: string } | null>;
  orders: MemberOrders;
}

/** Builds the members services and installs the role-2 resolver on the session service. */
export function buildMembers(ctx: AppContext, w: MembersWiring) {
  const members = membersService({ db: ctx.db, blobs: ctx.blobs, downloads: ctx.downloads, sms: ctx.sms, smsCodes: w.smsCodes, log: ctx.log, findUser: w.findUser, findUserByMobile: w.findUserByMobile, isVerifiedIndividual: w.isVerifiedIndividual });
  const roles = rolesService({ db: ctx.db, downloads: ctx.downloads, findUser: w.findUser, qualification: w.qualification });
  ctx.sessions.setActingResolver(roles.actingResolver);
  return { members, roles, orders: w.orders };
}

export type Members = ReturnType<typeof buildMembers>;

/** Registers the member, role and operator-review routes. */
export async function registerMembersRoutes(app: FastifyInstance, ctx: AppContext, m: Members): Promise<void> {
  await app.register(membersRoutes({ members: m.members, roles: m.roles, sessions: ctx.sessions, orders: m.orders, endSessions: (tx, userId) => ctx.sessions.revokeAll(tx, userId) }));
  await app.register(membersAdminRoutes({ members: m.members, sessions: ctx.sessions }));
}
