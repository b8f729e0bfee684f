/**
 * Online notarization calls (issue 15; spec p2 §7 Notarization, p1 §7 GET /api/evidences/orderList) and
 * the notary office's console. Types from `@cunzheng/contract/notary` (types only). Money is fen.
 */
import type { TCheckGzsNoRes, TNotaryDetailRes, TNotaryEvidenceRow, TNotaryOrderRow, TNotaryOrderState, TNotaryTabRow } from '@cunzheng/contract/notary';
import type { TPaged } from '@cunzheng/contract/common';
import { request, requestWithMsg } from './request';

export const NOTARY_KEYS = { list: ['Evidences/listing'] as const, order: ['notary/order'] as const, office: ['notaryOffice'] as const, tab: ['evidences/orderList'] as const };

/** GET /api/notary/gate → null when 新增公证 is allowed; rejects with the p2 §6 message (data.redirect). */
export const notaryGate = () => request<null>({ method: 'GET', url: '/api/notary/gate', silent: true });
/** GET /api/evidences/other → the caller's evidence of every kind. */
export const eligibleEvidence = (q: { page: number; keyword?: string; evidenceType?: number }) => request<TPaged<TNotaryEvidenceRow>>({ method: 'GET', url: '/api/evidences/other', data: { ...q } });
/** POST /api/notary/create (ids) → `{orderId, type}`. */
export const createNotary = (ids: number[]) => request<{ orderId: number; type: number }>({ method: 'POST', url: '/api/notary/create', data: { ids: ids.join(',') } });
/** GET /api/notary/order → the order state with the store flags. */
export const notaryOrder = (orderId: number) => request<TNotaryOrderState>({ method: 'GET', url: '/api/notary/order', data: { orderId } });
/** POST /api/notary/applicationForm. */
export const submitApplication = (d: Record<string, unknown>) => request<TNotaryOrderState>({ method: 'POST', url: '/api/notary/applicationForm', data: d });
/** POST /api/notary/sign (orderId, agree 1). */
export const signNotary = (orderId: number) => request<TNotaryOrderState>({ method: 'POST', url: '/api/notary/sign', data: { orderId, agree: 1 } });
/** POST /api/data/downContract (orderId) → the signed documents. */
export const downContract = (orderId: number) => request<{ downUrl: string; list: Array<{ type: number; name: string; downUrl: string }> }>({ method: 'POST', url: '/api/data/downContract', data: { orderId } });
/** POST /api/notary/decode (orderId, agree 1). */
export const grantNotary = (orderId: number) => request<TNotaryOrderState>({ method: 'POST', url: '/api/notary/decode', data: { orderId, agree: 1 } });
/** POST /api/notary/pay (orderId, payType 1 points | 2 Alipay). */
export const payNotary = (orderId: number, payType: 1 | 2) => request<{ paid?: true; html?: string; order_no?: string }>({ method: 'POST', url: '/api/notary/pay', data: { orderId, payType } });
/** POST /api/notary/interviewSign (orderId): the applicant confirms and signs the interview record (the office countersigns). */
export const interviewSign = (orderId: number) => requestWithMsg<null>({ method: 'POST', url: '/api/notary/interviewSign', data: { orderId, agree: 1 } });
/** POST /api/Evidences/stop (orderId). */
export const stopNotary = (orderId: number) => requestWithMsg<null>({ method: 'POST', url: '/api/Evidences/stop', data: { orderId } });
/** GET /api/Evidences/listing. */
export const notaryList = (q: Record<string, unknown>) => request<TPaged<TNotaryOrderRow>>({ method: 'GET', url: '/api/Evidences/listing', data: q });
/** GET /api/Evidences/detail. */
export const notaryDetail = (orderId: number, page: number) => request<TNotaryDetailRes>({ method: 'GET', url: '/api/Evidences/detail', data: { orderId, page } });
/** POST /api/Evidences/downDoc (orderId, type 1–5) → `{downUrl}`. */
export const notaryDoc = (orderId: number, type: number) => request<{ downUrl: string }>({ method: 'POST', url: '/api/Evidences/downDoc', data: { orderId, type } });
/** GET /api/evidences/orderList: the orders page's 公证出证 tab. */
export const notaryTab = (q: { page: number; type?: number; startTime?: number; endTime?: number }) => request<TPaged<TNotaryTabRow>>({ method: 'GET', url: '/api/evidences/orderList', data: { ...q } });
/** POST /api/check/checkGzsNo (no). */
export const checkGzsNo = (no: string) => request<TCheckGzsNoRes>({ method: 'POST', url: '/api/check/checkGzsNo', data: { no } });

/** The office console. */
export interface OfficeOrderRow { id: number; orderNo: string; applicant: string; submittedAt: number; money: number; status: number; statusName: string; accepted: boolean; interviewed: boolean; certNo: string; number: number }
export interface OfficeVerdict { ok: boolean; hash: boolean; inclusion: boolean; timestamp: boolean; checkpointSize: number; genTime: number; detail: string }
export interface OfficeOrder {
  order: { id: number; orderNo: string; status: number; statusName: string; money: number; application: Record<string, unknown> | null; granted: boolean; accepted: boolean; interviewed: boolean; interviewSigned: boolean; issued: boolean; certNo: string; reason: string; submittedAt: number };
  evidence: Array<TNotaryEvidenceRow & { kindName: string; deleted: boolean; verdict: OfficeVerdict | null }>;
}
/** GET /api/notaryOffice/me → the caller's office, or null when the caller is not a notary. */
export const officeMe = () => request<{ officeId: number; name: string } | null>({ method: 'GET', url: '/api/notaryOffice/me', silent: true });
export const officeOrders = (q: { page: number; status: number }) => request<{ list: OfficeOrderRow[]; count: number; office: { id: number; name: string } }>({ method: 'GET', url: '/api/notaryOffice/orders', data: { ...q } });
export const officeOrder = (orderId: number) => request<OfficeOrder>({ method: 'GET', url: '/api/notaryOffice/order', data: { orderId } });
export const officeAccept = (orderId: number) => requestWithMsg<null>({ method: 'POST', url: '/api/notaryOffice/accept', data: { orderId } });
export const officeInterview = (d: { orderId: number; place: string; content: string }) => requestWithMsg<null>({ method: 'POST', url: '/api/notaryOffice/interview', data: { ...d } });
export const officeIssue = (orderId: number, matter?: string) => request<{ certNo: string }>({ method: 'POST', url: '/api/notaryOffice/issue', data: { orderId, matter } });
export const officeTerminate = (d: { orderId: number; reason: string; failed: 0 | 1 }) => requestWithMsg<null>({ method: 'POST', url: '/api/notaryOffice/terminate', data: { ...d } });
export const officeDoc = (orderId: number, type: number) => request<{ downUrl: string }>({ method: 'POST', url: '/api/notaryOffice/download', data: { orderId, type } });
export const officeAnnounce = (d: { title: string; content: string }) => requestWithMsg<{ id: number }>({ method: 'POST', url: '/api/notaryOffice/announce', data: { ...d } });

/** Operator: GET /api/admin/notary/offices. */
export const adminOffices = () => request<Array<{ id: number; name: string; certPrefix: string; fee: number; active: boolean; staff: number }>>({ method: 'GET', url: '/api/admin/notary/offices' });
/** Operator: POST /api/admin/notary/office (name, certPrefix, fee fen) → `{id}`. */
export const adminCreateOffice = (d: { name: string; certPrefix: string; fee: number }) => requestWithMsg<{ id: number }>({ method: 'POST', url: '/api/admin/notary/office', data: { ...d } });
/** Operator: POST /api/admin/notary/staff (officeId, mobile). */
export const adminAddStaff = (d: { officeId: number; mobile: string }) => requestWithMsg<null>({ method: 'POST', url: '/api/admin/notary/staff', data: { ...d } });
