/**
 * Routes of enterprise members and roles (issue 14 §3–4; spec p1 §7 "Company members", p2 §7 unbind and
 * role selection). All need a session; member management needs a company main account acting as itself
 * (role 2 → 403, personal accounts → 400 仅企业主账号可管理成员).
 */
import { PassThrough, type Writable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TOrderItem, TOrderListQuery } from '@cunzheng/contract/commerce';
import {
  ZMemberAddReq,
  ZMemberDelReq,
  ZMemberIdReq,
  ZMemberListQuery,
  ZMemberOrderQuery,
  ZMemberSendMsgReq,
  ZMemberStopReq,
  ZMemberUpdateReq,
  ZQueryMemberReq,
  ZSwitchRoleReq,
  ZUnbindReq,
  type TMemberOrderQuery,
} from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import type { Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import { contentDisposition } from '../system/files.ts';
import type { RolesService } from './roles.ts';
import { LETTER_MAX_BYTES, type MembersService } from './service.ts';

/** Who asks for orders: the account, and the member (user id) whose consumption is shown. */
export interface OrdersViewer {
  userId: number;
  memberId?: number;
}

/** The commerce order functions the member detail uses (wired from the commerce module). */
export interface MemberOrders {
  list(viewer: OrdersViewer, q: TOrderListQuery): Promise<{ list: TOrderItem[]; count: number }>;
  /** 400 暂无数据 when nothing matches. */
  assert(viewer: OrdersViewer, q: TOrderListQuery): Promise<void>;
  export(viewer: OrdersViewer, q: TOrderListQuery, out: Writable): Promise<number>;
}

/** The orders query of a member-detail query: consumption (tab 2) of one member. */
const ordersQuery = (q: TMemberOrderQuery): TOrderListQuery => ({
  page: q.page,
  limit: q.limit,
  startTime: q.startTime,
  endTime: q.endTime,
  type: q.payStatus,
  isType: 2,
  evidenceType: q.busType,
  keyword: undefined,
  member_id: undefined,
});

/** Reads a multipart file up to `max` bytes; null when larger (the rest is drained). */
async function readLimited(f: MultipartFile, max: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of f.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) over = true;
    else parts.push(chunk);
  }
  return over || f.file.truncated ? null : Buffer.concat(parts);
}

const partsOptions = { limits: { fileSize: LETTER_MAX_BYTES }, throwFileSizeLimit: false } as { limits: { fileSize: number } };

/** Registers the member and role routes. */
export const membersRoutes = (deps: {
  members: MembersService;
  roles: RolesService;
  sessions: Sessions;
  orders: MemberOrders;
  endSessions: (tx: DbOrTx, userId: number) => Promise<void>;
}): FastifyPluginAsyncZod => async (app) => {
  const { members, roles, sessions } = deps;

  /** GET /api/companymember/getList (keyword, page, limit 10) → `{list, count}` of the company's members (spec p1 §7). */
  app.get('/api/companymember/getList', { schema: { querystring: ZMemberListQuery } }, async (req) => ok(await members.list(await sessions.required(req), req.query)));
  /** POST /api/companymember/getList (keyword, page, limit) — the POST form of spec p2 §7. */
  app.post('/api/companymember/getList', { schema: { body: ZMemberListQuery } }, async (req) => ok(await members.list(await sessions.required(req), req.body)));

  /** POST /api/companymember/detail (member_id) → one member (spec p1 §3 fields); 400 成员不存在. */
  app.post('/api/companymember/detail', { schema: { body: ZMemberIdReq } }, async (req) => ok(await members.detail(await sessions.required(req), req.body.member_id)));

  /**
   * POST /api/companymember/queryMember (mobile, pid) → `{user_id, name}`. 400 请输入手机号码 / 请输入正确格式手机号码 /
   * 该手机号未注册 / not personal / not verified / already a member / bound elsewhere.
   */
  app.post('/api/companymember/queryMember', { schema: { body: ZQueryMemberReq } }, async (req) => ok(await members.queryMember(await sessions.required(req), req.body.mobile)));

  /** POST /api/companymember/sendMsg (mobile, type 7 add / 8 stop or unbind, companyName) → `{token}`, 发送成功. */
  app.post('/api/companymember/sendMsg', { schema: { body: ZMemberSendMsgReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await members.sendMsg(me, { mobile: req.body.mobile, type: req.body.type }, req.ip), MSG.SMS_SENT);
  });

  /**
   * POST /api/companymember/upload (multipart `file`: jpg/png ≤ 10 MB, bearer auth) → `{path, full_path}`
   * (full_path: signed, expiring preview URL). 400 请选择要上传的文件 / 请上传图片类型 / 授权委托书图片不能超过10M.
   */
  app.post('/api/companymember/upload', async (req) => {
    const me = await sessions.required(req);
    members.mainAccount(me);
    if (!req.isMultipart()) throw badRequest(MSG.FILE_REQUIRED);
    let buf: Buffer | null | undefined;
    for await (const part of req.parts(partsOptions)) {
      if (part.type !== 'file') continue;
      const f = part as MultipartFile;
      if (buf !== undefined) {
        f.file.resume();
        continue;
      }
      buf = await readLimited(f, LETTER_MAX_BYTES);
    }
    if (buf === undefined) throw badRequest(MSG.FILE_REQUIRED);
    if (buf === null) throw badRequest(MSG.LETTER_TOO_LARGE);
    if (buf.length === 0) throw badRequest(MSG.FILE_EMPTY);
    return ok(await members.upload(me, buf, req.ip));
  });

  /** POST /api/companymember/add (mobile, pid, son_uid, smsCode, smsToken, filePath) → `{member_id}`, 提交成功 (pending review). */
  app.post('/api/companymember/add', { schema: { body: ZMemberAddReq } }, async (req) => ok(await members.add(await sessions.required(req), req.body, req.ip), MSG.SUBMIT_SUCCESS));

  /** POST /api/companymember/update (mobile, member_id, smsCode, smsToken, filePath): resubmits a failed row → null, 提交成功. */
  app.post('/api/companymember/update', { schema: { body: ZMemberUpdateReq } }, async (req) => {
    await members.update(await sessions.required(req), req.body, req.ip);
    return ok(null, MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/companymember/del (pid, member_id): deletes a failed row → null, 删除成功. */
  app.post('/api/companymember/del', { schema: { body: ZMemberDelReq } }, async (req) => {
    await members.del(await sessions.required(req), req.body.member_id, req.ip);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/companymember/stop (mobile, pid, son_uid, smsCode, smsToken, member_id, stop_reason) → null, 停用成功. */
  app.post('/api/companymember/stop', { schema: { body: ZMemberStopReq } }, async (req) => {
    await members.stop(await sessions.required(req), req.body, req.ip);
    return ok(null, MSG.STOP_SUCCESS);
  });

  /** POST /api/companymember/unbind (member_id, son_uid, smsCode, smsToken), by the member → null, 解绑成功; its sessions end. */
  app.post('/api/companymember/unbind', { schema: { body: ZUnbindReq } }, async (req) => {
    await members.unbind(await sessions.required(req), req.body, req.ip, deps.endSessions);
    return ok(null, MSG.UNBIND_SUCCESS);
  });

  /** GET /api/companymember/getCurrentRole → `[{role, pid, user_id, name}]` (spec p1 §7, p2 §3). */
  app.get('/api/companymember/getCurrentRole', async (req) => ok(await roles.roles(await sessions.required(req))));

  /** POST /api/companymember/switchRole (pid, uid, role, client) → `{role, pid}`, 切换成功; 400 无可切换的角色. */
  app.post('/api/companymember/switchRole', { schema: { body: ZSwitchRoleReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await roles.switchRole(me, { role: req.body.role, pid: req.body.pid }, req.ip), MSG.SWITCH_ROLE_SUCCESS);
  });

  /** GET /api/companymember/companyInfo → the read-only company qualification info of a bound member (spec p2 §6). */
  app.get('/api/companymember/companyInfo', async (req) => ok(await roles.companyInfo(await sessions.required(req))));

  /** GET /api/companymember/getOrderList (startTime, endTime, payStatus, busType, page, member_id) → `{list, count}` of the member's consumption. */
  app.get('/api/companymember/getOrderList', { schema: { querystring: ZMemberOrderQuery } }, async (req) => {
    const me = await sessions.required(req);
    const row = await members.rowOf(members.mainAccount(me), req.query.member_id);
    return ok(await deps.orders.list({ userId: me.user.id, memberId: row.sonUid }, ordersQuery(req.query)));
  });

  /** GET /api/companymember/exportOrderList (same filters) → .xlsx of the member's consumption; 400 暂无数据. */
  app.get('/api/companymember/exportOrderList', { schema: { querystring: ZMemberOrderQuery } }, async (req, reply) => {
    const me = await sessions.required(req);
    const row = await members.rowOf(members.mainAccount(me), req.query.member_id);
    const viewer = { userId: me.user.id, memberId: row.sonUid };
    const q = ordersQuery(req.query);
    await deps.orders.assert(viewer, q);
    const out = new PassThrough();
    deps.orders.export(viewer, q, out).catch((e: unknown) => out.destroy(e as Error));
    reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('Content-Disposition', contentDisposition(`成员消费明细-${row.name}.xlsx`));
    reply.header('Cache-Control', 'private, no-store');
    return reply.send(out);
  });
};
