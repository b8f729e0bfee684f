/**
 * Enterprise members and roles (issue 14 §3–4; spec p1 §7 "Company members", p2 §7 unbind and role
 * selection). Shapes come from `@cunzheng/contract/members` as types only. Each call resolves to the
 * envelope's `data` (or `{ data, msg }` where the page toasts the server's msg) or throws ApiError.
 */
import type { TOrderItem } from '@cunzheng/contract/commerce';
import type { TMember, TMemberCompanyInfo, TQueryMemberRes, TRoleItem } from '@cunzheng/contract/members';
import { getSession } from '../stores/session';
import { ApiError, apiUrl, request, requestWithMsg, type Answer, type UploadProgress } from './request';

/** TanStack Query keys of the member data. */
export const MEMBER_KEYS = { list: ['member/list'] as const, detail: ['member/detail'] as const, orders: ['member/orders'] as const, roles: ['member/roles'] as const, company: ['member/company'] as const, pending: ['admin/members'] as const };

/** GET /api/companymember/getList (keyword, page; 10 a page) → `{list, count}`. */
export const memberList = (q: { page: number; keyword?: string }) => request<{ list: TMember[]; count: number }>({ method: 'GET', url: '/api/companymember/getList', data: { ...q } });

/** POST /api/companymember/detail (member_id) → one member. */
export const memberDetail = (member_id: number) => request<TMember>({ method: 'POST', url: '/api/companymember/detail', data: { member_id } });

/** POST /api/companymember/queryMember (mobile) → `{user_id, name}`; silent: the dialog shows the msg under the field. */
export const queryMember = (mobile: string, pid?: number) => request<TQueryMemberRes>({ method: 'POST', url: '/api/companymember/queryMember', data: { mobile, pid }, silent: true });

/** POST /api/companymember/sendMsg (mobile, type 7 add / 8 stop or unbind, companyName) → `{token}`. */
export const memberSendMsg = (d: { mobile: string; type: 7 | 8; companyName?: string }) => request<{ token: string }>({ method: 'POST', url: '/api/companymember/sendMsg', data: { ...d } });

/** POST /api/companymember/upload (multipart `file`, an image; progress reported) → `{path, full_path}`. */
export const memberUpload = (file: File, onUploadProgress: (p: UploadProgress) => void) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ path: string; full_path: string }>({ method: 'POST', url: '/api/companymember/upload', form, onUploadProgress });
};

/** POST /api/companymember/add → `{member_id}`, msg 提交成功. */
export const memberAdd = (d: { mobile: string; pid?: number; son_uid: number; smsCode: string; smsToken: string; filePath: string }): Promise<Answer<{ member_id: number }>> =>
  requestWithMsg({ method: 'POST', url: '/api/companymember/add', data: { ...d } });

/** POST /api/companymember/update (mobile, member_id, smsCode, smsToken, filePath), msg 提交成功. */
export const memberUpdate = (d: { mobile: string; member_id: number; smsCode: string; smsToken: string; filePath: string }): Promise<Answer<null>> =>
  requestWithMsg({ method: 'POST', url: '/api/companymember/update', data: { ...d } });

/** POST /api/companymember/del (pid, member_id), msg 删除成功. */
export const memberDel = (member_id: number, pid?: number): Promise<Answer<null>> => requestWithMsg({ method: 'POST', url: '/api/companymember/del', data: { member_id, pid } });

/** POST /api/companymember/stop (mobile, pid, son_uid, smsCode, smsToken, member_id, stop_reason), msg 停用成功. */
export const memberStop = (d: { mobile: string; pid: number; son_uid: number; smsCode: string; smsToken: string; member_id: number; stop_reason: string }): Promise<Answer<null>> =>
  requestWithMsg({ method: 'POST', url: '/api/companymember/stop', data: { ...d } });

/** POST /api/companymember/unbind (member_id, son_uid, smsCode, smsToken), msg 解绑成功. */
export const memberUnbind = (d: { member_id: number; son_uid: number; smsCode: string; smsToken: string }): Promise<Answer<null>> =>
  requestWithMsg({ method: 'POST', url: '/api/companymember/unbind', data: { ...d } });

/** GET /api/companymember/getCurrentRole → `[{role, pid, user_id, name}]` (silent: the header asks). */
export const currentRoles = () => request<TRoleItem[]>({ method: 'GET', url: '/api/companymember/getCurrentRole', silent: true });

/** POST /api/companymember/switchRole (pid, uid, role, client) → `{role, pid}`. */
export const switchRole = (d: { role: 1 | 2; pid: number; uid: number }) => request<{ role: number; pid: number }>({ method: 'POST', url: '/api/companymember/switchRole', data: { ...d, client: 'pc' } });

/** GET /api/companymember/companyInfo → the read-only company qualification info of a bound member (silent: the page says when there is none). */
export const memberCompanyInfo = () => request<TMemberCompanyInfo>({ method: 'GET', url: '/api/companymember/companyInfo', silent: true });

/** Filters of the member detail's consumption list (spec p1 §7 getOrderList). */
export interface MemberOrderQuery {
  member_id: number;
  page: number;
  startTime?: number;
  endTime?: number;
  payStatus?: number;
  busType?: number;
}

/** GET /api/companymember/getOrderList → `{list, count}` of one member's consumption. */
export const memberOrders = (q: MemberOrderQuery) => request<{ list: TOrderItem[]; count: number }>({ method: 'GET', url: '/api/companymember/getOrderList', data: { ...q } });

/** GET /api/companymember/exportOrderList (same filters) → the .xlsx as a Blob; ApiError (e.g. 暂无数据) otherwise. */
export async function exportMemberOrders(q: Omit<MemberOrderQuery, 'page'>): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const { token, role } = getSession();
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (role) headers.ROLE = role;
  const res = await fetch(apiUrl(`/api/companymember/exportOrderList?${params.toString()}`), { headers });
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    const env = (await res.json()) as { code: number; msg: string };
    throw new ApiError(env.code, env.msg);
  }
  return res.blob();
}

/** Operator: GET /api/admin/members/pending (page) → rows pending review with company name. */
export const pendingMembers = (page: number) => request<{ list: Array<TMember & { company: string; companyMobile: string }>; count: number }>({ method: 'GET', url: '/api/admin/members/pending', data: { page } });

/** Operator: POST /api/admin/members/review (member_id, pass 1|0, reason). */
export const reviewMember = (d: { member_id: number; pass: 0 | 1; reason?: string }): Promise<Answer<null>> => requestWithMsg({ method: 'POST', url: '/api/admin/members/review', data: { ...d } });
