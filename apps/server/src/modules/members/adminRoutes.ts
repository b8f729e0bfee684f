/**
 * Operator review of member authorisation letters (issue 14 §5 "member letters"): the queue of rows
 * pending review and the decision. Operators only (403 otherwise); every decision audited and notified.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zPaging } from '@cunzheng/contract/common';
import { ZMemberReviewReq } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { MembersService } from './service.ts';

/** Registers the operator routes of the members module. */
export const membersAdminRoutes = (deps: { members: MembersService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { members, sessions } = deps;

  /** GET /api/admin/members/pending (page, limit 10) → `{list, count}`: rows pending review with company name and the letter's signed preview URL. */
  app.get('/api/admin/members/pending', { schema: { querystring: z.object(zPaging(10)) } }, async (req) => {
    await sessions.operator(req);
    return ok(await members.pending(req.query));
  });

  /** POST /api/admin/members/review (member_id, pass 1|0, reason required when 0) → null, 操作成功. 400 请输入审核不通过原因 / 该成员申请已审核，请刷新后重试. */
  app.post('/api/admin/members/review', { schema: { body: ZMemberReviewReq } }, async (req) => {
    const me = await sessions.operator(req);
    await members.review(me.user.id, req.body, req.ip);
    return ok(null, MSG.OPERATION_SUCCESS);
  });
};
