/**
 * Calls of enterprise members and roles (issue 14 §3–4; spec p1 §3–9 "Company members", p2 §3–7 role list,
 * unbind). Ids arrive form-encoded; every string is bounded.
 */
import { z } from 'zod';
import { zFormCode, zFormIntDefault, zFormIntOpt, zId, zPaging, zUnixOpt } from './common.ts';
import { PAGE_SIZE } from './constants.ts';
import { zMobile, zSmsCode, zSmsToken } from './fields.ts';
import { MSG, msgTooLong } from './messages.ts';

/** Mobile of the member dialog: empty 请输入手机号码, wrong 请输入正确格式手机号码 (spec p1 §5). */
export const zMemberMobile = () => zMobile(MSG.MOBILE_FORMAT_MEMBER);
/** The member's SMS code: empty 请输入成员手机号短信验证码 (spec p1 §5). */
export const zMemberSmsCode = () => z.preprocess((v) => (v === undefined || v === '' ? undefined : v), z.string({ error: MSG.MEMBER_SMS_CODE_REQUIRED })).pipe(zSmsCode());
/** The uploaded letter's `path`: missing 请上传授权委托书. */
export const zLetterPath = () => z.string({ error: MSG.AUTH_LETTER_REQUIRED }).trim().min(1, MSG.AUTH_LETTER_REQUIRED).max(40, MSG.AUTH_LETTER_REQUIRED);

/** GET /api/companymember/getList (keyword: name or mobile ≤ 50, page, limit 10). */
export const ZMemberListQuery = z.object({ ...zPaging(PAGE_SIZE.members), keyword: z.string().trim().max(50, MSG.KEYWORD_TOO_LONG).optional() });
export type TMemberListQuery = z.infer<typeof ZMemberListQuery>;

/** One company member (spec p1 §3); times are Unix seconds (0 when none), status a string 1–4. */
export const ZMember = z.object({
  member_id: z.number().int(),
  name: z.string().max(60),
  mobile: z.string().max(11),
  created_at: z.number().int(),
  bind_time: z.number().int(),
  stop_time: z.number().int(),
  stop_reason: z.string().max(200),
  status: z.string().max(1),
  status_name: z.string().max(10),
  file_path: z.string().max(40),
  /** Signed, expiring preview URL of the authorisation letter. */
  file_full_path: z.string().max(4096),
  audit_content: z.string().max(200),
  pid: z.number().int(),
  son_uid: z.number().int(),
});
export type TMember = z.infer<typeof ZMember>;

/** POST /api/companymember/queryMember (mobile, pid) → `{user_id, name}`. */
export const ZQueryMemberReq = z.object({ mobile: zMemberMobile(), pid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER) });
export const ZQueryMemberRes = z.object({ user_id: z.number().int(), name: z.string().max(60) });
export type TQueryMemberRes = z.infer<typeof ZQueryMemberRes>;

/** POST /api/companymember/sendMsg (mobile, type 7 add / 8 stop or unbind, companyName) → `{token}`. */
export const ZMemberSendMsgReq = z.object({
  mobile: zMemberMobile(),
  type: zFormCode([7, 8] as const, MSG.BAD_PARAM),
  companyName: z.string().trim().max(100).optional(),
});

/** POST /api/companymember/add (mobile, pid, son_uid, smsCode, smsToken, filePath). */
export const ZMemberAddReq = z.object({
  mobile: zMemberMobile(),
  pid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER),
  son_uid: zId(MSG.MEMBER_QUERY_FIRST),
  smsToken: zSmsToken(),
  smsCode: zMemberSmsCode(),
  filePath: zLetterPath(),
});
export type TMemberAddReq = z.infer<typeof ZMemberAddReq>;

/** POST /api/companymember/update (mobile, member_id, smsCode, smsToken, filePath): a failed row resubmitted. */
export const ZMemberUpdateReq = z.object({
  mobile: zMemberMobile(),
  member_id: zId(MSG.MEMBER_NOT_FOUND),
  smsToken: zSmsToken(),
  smsCode: zMemberSmsCode(),
  filePath: zLetterPath(),
});

/** POST /api/companymember/del (pid, member_id). */
export const ZMemberDelReq = z.object({ pid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER), member_id: zId(MSG.MEMBER_NOT_FOUND) });
/** POST /api/companymember/detail (member_id). */
export const ZMemberIdReq = z.object({ member_id: zId(MSG.MEMBER_NOT_FOUND) });

/** POST /api/companymember/stop (mobile, pid, son_uid, smsCode, smsToken, member_id, stop_reason ≤ 100). */
export const ZMemberStopReq = z.object({
  mobile: zMemberMobile(),
  pid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER),
  son_uid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER),
  member_id: zId(MSG.MEMBER_NOT_FOUND),
  smsToken: zSmsToken(),
  smsCode: zSmsCode(),
  stop_reason: z.string({ error: MSG.STOP_REASON_REQUIRED }).trim().min(1, MSG.STOP_REASON_REQUIRED).max(100, MSG.STOP_REASON_TOO_LONG),
});

/** POST /api/companymember/unbind (member_id, son_uid, smsCode, smsToken), by the member (spec p2 §7). */
export const ZUnbindReq = z.object({
  member_id: zId(MSG.MEMBER_NOT_FOUND),
  son_uid: zFormIntOpt(MSG.BAD_PARAM, 1, Number.MAX_SAFE_INTEGER),
  smsToken: zSmsToken(),
  smsCode: zSmsCode(),
});

/** GET /api/companymember/getOrderList (startTime, endTime, payStatus, busType, page, member_id). */
export const ZMemberOrderQuery = z.object({
  ...zPaging(PAGE_SIZE.orders),
  member_id: zId(MSG.MEMBER_NOT_FOUND),
  startTime: zUnixOpt(),
  endTime: zUnixOpt(),
  payStatus: zFormIntDefault(MSG.BAD_PARAM, 0, 3, 0),
  busType: zFormIntDefault(MSG.ORDER_TYPE_INVALID, 0, 99, 0),
});
export type TMemberOrderQuery = z.infer<typeof ZMemberOrderQuery>;

/** One role of GET /api/companymember/getCurrentRole (spec p2 §3 role list item). */
export const ZRoleItem = z.object({ role: z.number().int().min(1).max(2), pid: z.number().int(), user_id: z.number().int(), name: z.string().max(100) });
export type TRoleItem = z.infer<typeof ZRoleItem>;

/** POST /api/companymember/switchRole (pid, uid, role, client). */
export const ZSwitchRoleReq = z.object({
  role: zFormCode([1, 2] as const, MSG.BAD_PARAM),
  pid: zFormIntOpt(MSG.BAD_PARAM, 0, Number.MAX_SAFE_INTEGER),
  uid: zFormIntOpt(MSG.BAD_PARAM, 0, Number.MAX_SAFE_INTEGER),
  client: z.string().trim().max(20).optional(),
});

/** Read-only company qualification info shown to a member (spec p2 §6). */
export const ZMemberCompanyInfo = z.object({
  member_id: z.number().int(),
  son_uid: z.number().int(),
  company: z.string().max(100),
  creditCode: z.string().max(30),
  address: z.string().max(200),
  file_full_path: z.string().max(4096),
  bind_time: z.number().int(),
  name: z.string().max(60),
  mobile: z.string().max(11),
  status: z.string().max(1),
  status_name: z.string().max(10),
});
export type TMemberCompanyInfo = z.infer<typeof ZMemberCompanyInfo>;

/** POST /api/admin/members/review (member_id, pass 1|0, reason ≤ 100 when rejecting). */
export const ZMemberReviewReq = z.object({
  member_id: zId(MSG.MEMBER_NOT_FOUND),
  pass: zFormCode([0, 1] as const, MSG.BAD_PARAM),
  reason: z.string().trim().max(100, msgTooLong('审核意见', 100)).optional(),
});
