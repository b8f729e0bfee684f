/**
 * Operator review queues of real-name verification (issue 14 §5): GET /api/admin/kyc/list, GET
 * /api/admin/kyc/detail, POST /api/admin/kyc/review. 401 anonymous, 408 expired, 403 anyone but an operator
 * (checked before the input is validated). Every detail view and decision is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZKycIdQuery, ZKycQueueQuery, ZKycReviewReq } from '@cunzheng/contract/kyc';
import { MSG } from '@cunzheng/contract/messages';
import type { Principal, Sessions } from '../../platform/auth.ts';
import { ok } from '../../platform/errors.ts';
import type { KycReview } from './review.ts';

/** Registers the operator KYC routes (encapsulated guard). */
export const kycAdminRoutes = (deps: { review: KycReview; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { review, sessions } = deps;
  const ops = new WeakMap<object, Principal>();
  app.addHook('preValidation', async (req) => {
    ops.set(req, await sessions.operator(req));
  });

  /** GET /api/admin/kyc/list (kind personal|enterprise|amend|repair, status 2|3|4, page, limit) → `{list, count}`. */
  app.get('/api/admin/kyc/list', { schema: { querystring: ZKycQueueQuery } }, async (req) => ok(await review.list(req.query)));

  /** GET /api/admin/kyc/detail (id) → the application with its form in clear and watermarked image previews; audited. 400 认证申请不存在. */
  app.get('/api/admin/kyc/detail', { schema: { querystring: ZKycIdQuery } }, async (req) => ok(await review.detail(ops.get(req)!, req.query.id, req.ip)));

  /**
   * POST /api/admin/kyc/review (id, pass 1|0, reason required when rejecting) → msg 操作成功; the user gets an
   * SMS and an in-app notification. 400 请输入驳回原因 / 认证申请不存在 / 该申请已审核.
   */
  app.post('/api/admin/kyc/review', { schema: { body: ZKycReviewReq } }, async (req) => {
    await review.decide(ops.get(req)!, { id: req.body.id, pass: req.body.pass as 0 | 1, reason: req.body.reason }, req.ip);
    return ok(null, MSG.OPERATION_SUCCESS);
  });
};
