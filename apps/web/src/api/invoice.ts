/**
 * Invoice calls (issue 13 §4; spec p2 §7 "Invoices and addresses") and the operator's invoice queue.
 * Types from `@cunzheng/contract/invoice` (types only). Money is fen.
 */
import type { TAddress, TInvoiceDetailRes, TInvoiceHeader, TInvoiceListRes, TRegion } from '@cunzheng/contract/invoice';
import { request, requestWithMsg } from './request';

export const INVOICE_KEYS = { list: ['user/invoiceList'] as const, headers: ['User/riseList'] as const, addresses: ['User/addressList'] as const, district: ['User/district'] as const, admin: ['admin/invoices'] as const };

export type HeaderInput = Omit<TInvoiceHeader, 'id'> & { id?: number };
export type AddressInput = Omit<TAddress, 'id' | 'email'> & { id?: number };

export const riseList = () => request<TInvoiceHeader[]>({ method: 'GET', url: '/api/User/riseList' });
export const saveHeader = (d: HeaderInput) => requestWithMsg<{ id: number }>({ method: 'POST', url: d.id ? '/api/User/editInvoice' : '/api/User/addInvoice', data: { ...d } });
export const delHeader = (id: number) => requestWithMsg<null>({ method: 'POST', url: '/api/User/delInvoice', data: { id } });
export const addressList = () => request<TAddress[]>({ method: 'GET', url: '/api/User/addressList' });
export const district = () => request<TRegion[]>({ method: 'GET', url: '/api/User/district' });
export const saveAddress = (d: AddressInput) => requestWithMsg<{ id: number }>({ method: 'POST', url: d.id ? '/api/User/editAddress' : '/api/User/addAddress', data: { ...d } });
export const delAddress = (id: number) => requestWithMsg<null>({ method: 'POST', url: '/api/User/delAddress', data: { id } });
/** POST /api/User/invoiceAsk (ids comma-joined, userInvoiceId, userAddressId, invoiceType, remark, type) → msg 提交成功. */
export const invoiceAsk = (d: { ids: string; userInvoiceId?: number; userAddressId?: number; invoiceType?: string; remark: string; type?: number }) =>
  requestWithMsg<{ id: number }>({ method: 'POST', url: '/api/User/invoiceAsk', data: { ...d } });
export const invoiceList = (d: { page: number; status: number; startTime?: number; endTime?: number }) => request<TInvoiceListRes>({ method: 'POST', url: '/api/user/invoiceList', data: { ...d } });
export const invoiceDetail = (id: number) => request<TInvoiceDetailRes>({ method: 'POST', url: '/api/User/invoiceDetail', data: { id } });
export const checkFail = (id: number) => request<{ checkRemark: string }>({ method: 'POST', url: '/api/user/checkFail', data: { id } });

/** One application of the operator's queue. */
export interface AdminInvoice {
  id: number;
  order_no: string;
  userId: number;
  create_time: number;
  money: number;
  type: string;
  status: number;
  header: Record<string, string | number>;
  address: Record<string, string> | null;
  remark: string;
  content: string;
}
export const adminInvoices = (d: { page: number; status: number }) => request<{ list: AdminInvoice[]; count: number }>({ method: 'GET', url: '/api/admin/invoices', data: { ...d } });
/** Multipart: id, courierNumber (paper) or file (the e-invoice PDF). */
export const adminIssue = (id: number, p: { courierNumber?: string; file?: File }) => {
  const form = new FormData();
  form.append('id', String(id));
  if (p.courierNumber) form.append('courierNumber', p.courierNumber);
  if (p.file) form.append('file', p.file);
  return requestWithMsg<{ emailed: 0 | 1 } | null>({ method: 'POST', url: '/api/admin/invoices/issue', form });
};
/** POST /api/admin/invoices/resendEmail (id) → `{emailed}`: e-mails an issued e-invoice again (issue 13 §4). */
export const adminResendEmail = (id: number) => requestWithMsg<{ emailed: 0 | 1 }>({ method: 'POST', url: '/api/admin/invoices/resendEmail', data: { id } });
export const adminReject = (id: number, reason: string) => requestWithMsg<null>({ method: 'POST', url: '/api/admin/invoices/reject', data: { id, reason } });
