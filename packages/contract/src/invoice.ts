/**
 * Invoices, invoice headers and delivery addresses (issue 13 §4; spec p1 §4, p2 §2–9). Money is fen.
 */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { zFormCode, zFormInt, zFormIntDefault, zFormIntOpt, zPaged, zPaging, zText, zUnixOpt } from './common.ts';
import { zEmail } from './fields.ts';
import { MSG, msgRequired } from './messages.ts';
import { validateIdCard } from './validators.ts';

/** spec p2 §9: at most 5 headers and 5 addresses; remark ≤ 50. */
export const INVOICE_LIMITS = { headers: 5, addresses: 5, remarkMax: 50 } as const;
/** spec p2 §3: invoice types. */
export const INVOICE_TYPE = { electronic: 'ENTERPRISE', paperSpecial: 'ENTERPRISE_SPECIAL' } as const;
export const INVOICE_TYPE_LABEL: Readonly<Record<string, string>> = { ENTERPRISE: '电子增值税普通发票', ENTERPRISE_SPECIAL: '纸质增值税专用发票' };
/** spec p2 §9: the only invoice content. */
export const INVOICE_CONTENT = '技术服务费';

const id = (msg: string) => zFormInt(msg, 1, Number.MAX_SAFE_INTEGER);

/**
 * POST /api/User/addInvoice and editInvoice (+ id): type 2 enterprise (head, taxNum, email, bankName,
 * account, street, phoneNumber all required), type 1 personal (head, idCard sent as taxNum, email).
 */
export const ZInvoiceHeaderReq = z
  .object({
    id: zFormIntOpt(MSG.INVOICE_HEADER_NOT_FOUND, 1, Number.MAX_SAFE_INTEGER),
    type: zFormCode([1, 2] as const, MSG.BAD_PARAM),
    head: zText('发票抬头', 100),
    taxNum: z.string().trim().max(30).default(''),
    email: zEmail(),
    bankName: z.string().trim().max(100).default(''),
    account: z.string().trim().max(40).default(''),
    street: z.string().trim().max(200).default(''),
    phoneNumber: z.string().trim().max(20).default(''),
  })
  .superRefine((o, ctx) => {
    if (o.type === 1) {
      const r = validateIdCard(o.taxNum);
      if (r !== true) ctx.addIssue({ code: 'custom', path: ['taxNum'], message: r });
      return;
    }
    const need: Array<[keyof typeof o, string]> = [['taxNum', '税号'], ['bankName', '开户银行'], ['account', '银行账号'], ['street', '注册地址'], ['phoneNumber', '注册电话']];
    for (const [k, name] of need) if (!o[k]) ctx.addIssue({ code: 'custom', path: [k], message: msgRequired(name) });
  });
export type TInvoiceHeaderReq = z.infer<typeof ZInvoiceHeaderReq>;

/** One header of GET /api/User/riseList (phoneNumber: last four digits only for type 2, spec p2 §3). */
export const ZInvoiceHeader = z.object({
  id: z.number().int(),
  head: z.string(),
  type: z.number().int(),
  taxNum: z.string(),
  email: z.string(),
  bankName: z.string(),
  account: z.string(),
  street: z.string(),
  phoneNumber: z.string(),
});
export type TInvoiceHeader = z.infer<typeof ZInvoiceHeader>;

/** `{id}` of delInvoice, delAddress, invoiceDetail, checkFail. */
export const ZIdReq = z.object({ id: id(MSG.BAD_PARAM) });

/** POST /api/User/addAddress and editAddress (+ id); status 1 default. */
export const ZAddressReq = z.object({
  id: zFormIntOpt(MSG.ADDRESS_NOT_FOUND, 1, Number.MAX_SAFE_INTEGER),
  name: zText('收件人', 40),
  province: z.string({ error: MSG.SELECT_REGION }).trim().min(1, MSG.SELECT_REGION).max(40, MSG.SELECT_REGION),
  city: z.string({ error: MSG.SELECT_REGION }).trim().min(1, MSG.SELECT_REGION).max(40, MSG.SELECT_REGION),
  area: z.string({ error: MSG.SELECT_REGION }).trim().min(1, MSG.SELECT_REGION).max(40, MSG.SELECT_REGION),
  address: zText('详细地址', 200),
  phoneNumber: zText('联系电话', 20),
  email: z.string().trim().max(100).optional(),
  status: zFormIntDefault(MSG.BAD_PARAM, 0, 1, 0),
});
export type TAddressReq = z.infer<typeof ZAddressReq>;

export const ZAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  status: z.number().int(),
});
export type TAddress = z.infer<typeof ZAddress>;

/** A region of GET /api/User/district: name and child (spec p2 §3). */
export interface TRegion {
  name: string;
  child?: TRegion[];
}

/**
 * POST /api/User/invoiceAsk (spec p2 §3): ids comma-joined order ids, userInvoiceId, userAddressId (paper
 * special only), invoiceType, remark ≤ 50, type (header type). Checks in the order of p2 §5.
 */
export const ZInvoiceAskReq = z.object({
  ids: z.string({ error: MSG.SELECT_INVOICEABLE_ORDERS }).trim().max(2000, MSG.SELECT_INVOICEABLE_ORDERS).regex(/^\d{1,15}(,\d{1,15})*$/, MSG.SELECT_INVOICEABLE_ORDERS),
  userInvoiceId: zFormIntOpt(MSG.SELECT_INVOICE_HEADER, 1, Number.MAX_SAFE_INTEGER),
  userAddressId: zFormIntOpt(MSG.SELECT_DELIVERY_ADDRESS, 1, Number.MAX_SAFE_INTEGER),
  invoiceType: z.string().trim().max(30).optional(),
  remark: z.string().trim().max(INVOICE_LIMITS.remarkMax, MSG.INVOICE_REMARK_TOO_LONG).default(''),
  type: zFormIntOpt(MSG.BAD_PARAM, 1, 2),
});
export type TInvoiceAskReq = z.infer<typeof ZInvoiceAskReq>;

/** POST /api/user/invoiceList: page, startTime, endTime, status (0 all, 1–4). */
export const ZInvoiceListReq = z.object({
  ...zPaging(PAGE_SIZE.invoices),
  startTime: zUnixOpt(),
  endTime: zUnixOpt(),
  status: zFormIntDefault(MSG.BAD_PARAM, 0, 4, 0),
});
export type TInvoiceListReq = z.infer<typeof ZInvoiceListReq>;

/** A row of the invoice application list (spec p2 §3). */
export const ZInvoiceItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  create_time: z.number().int(),
  money: z.number().int(),
  data_type: z.number().int(),
  orderCount: z.number().int(),
  type: z.string(),
  status: z.number().int(),
});
export type TInvoiceItem = z.infer<typeof ZInvoiceItem>;
export const ZInvoiceListRes = zPaged(ZInvoiceItem);
export type TInvoiceListRes = z.infer<typeof ZInvoiceListRes>;

/** Answer of POST /api/User/invoiceDetail (spec p2 §3) plus the e-invoice download when issued. */
export interface TInvoiceDetailRes {
  detail: {
    status: number;
    check_remark: string;
    first_remark: string;
    data_type: number;
    head: string;
    invoice_type: string;
    tax_num: string;
    type: number;
    email: string;
    bank_name: string;
    account: string;
    street: string;
    phone_number: string;
    name: string;
    post_phone_number: string;
    address: string;
    courier_number: string;
    remark: string;
    content: string;
    downUrl: string;
  };
  orderList: Array<{ order_no: string; create_time: number; order_desc: string; money: number; pay_type: number }>;
}

/** Operator: POST /api/admin/invoices/issue (id, courierNumber for paper; the PDF is a multipart upload for electronic). */
export const ZInvoiceIssueReq = z.object({ id: id(MSG.INVOICE_NOT_FOUND), courierNumber: z.string().trim().max(40).optional() });
/** Operator: POST /api/admin/invoices/reject (id, reason). */
export const ZInvoiceRejectReq = z.object({ id: id(MSG.INVOICE_NOT_FOUND), reason: zText('驳回原因', 200, { required: MSG.INVOICE_REJECT_REASON_REQUIRED }) });
/** Operator: GET /api/admin/invoices (status, page). */
export const ZAdminInvoiceQuery = z.object({ ...zPaging(PAGE_SIZE.invoices), status: zFormIntDefault(MSG.BAD_PARAM, 0, 4, 1) });
