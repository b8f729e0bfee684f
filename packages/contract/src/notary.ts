/**
 * Online notarization 在线公证 (issue 15; spec p1 §2, §7, p2 §2–9): the user's order flow (selectList,
 * the four readingMaterial steps, list, detail, documents, stop), the orders-page tab, the notary office's
 * console and the public certificate check. Money is fen; points are hundredths (1 yuan = 1.00 point).
 * The spec names the notary list/detail/stop calls without paths (p2 §7); the paths are ours where marked.
 */
import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { zFormInt, zFormIntDefault, zFormIntOpt, zId, zPaging, zText, zTextOpt, zUnixOpt } from './common.ts';
import { MSG } from './messages.ts';

/** Steps of an order (p2 §4): the readingMaterial route of each, then 5 = submitted to the notary office. */
export const NOTARY_STEP = { applicationForm: 1, signature: 2, deCode: 3, pay: 4, submitted: 5 } as const;
export const NOTARY_STEP_ROUTE: Readonly<Record<number, string>> = { 1: 'applicationForm', 2: 'signature', 3: 'deCode', 4: 'pay' };
export const NOTARY_STEP_LABEL: Readonly<Record<number, string>> = { 1: '材料阅读与填写', 2: '在线签署', 3: '数据解密', 4: '支付', 5: '已提交公证处' };
/** Notarisation status (p2 §4): null/0 unfinished, 1 in progress, 2 succeeded, 3 terminated, 4 failed. */
export const NOTARY_STATUS = { inProgress: 1, succeeded: 2, terminated: 3, failed: 4 } as const;
export const NOTARY_STATUS_LABEL: Readonly<Record<number, string>> = { 0: '未完成', 1: '公证中', 2: '公证成功', 3: '已终止', 4: '公证失败' };
/** notarialType of the list filter: 1 保全数据公证 (data/app/music files), 2 取证公证 (web/process captures), 3 mixed. */
export const NOTARIAL_TYPE_LABEL: Readonly<Record<number, string>> = { 1: '保全数据公证', 2: '取证过程公证', 3: '综合公证' };
/** Documents (p2 §7 types 1–4, 5 = the notarial certificate 公证书). */
export const NOTARY_DOC = { applicationForm: 1, acceptanceNotice: 2, applicationNotice: 3, interviewRecord: 4, certificate: 5 } as const;
export const NOTARY_DOC_LABEL: Readonly<Record<number, string>> = { 1: '公证申请表', 2: '受理通知书', 3: '公证申请告知书', 4: '公证询问笔录', 5: '公证书' };
/** Evidence per order. */
export const NOTARY_MAX_EVIDENCE = 50;

const orderId = zId(MSG.NOTARY_ORDER_NOT_FOUND);
const agree = z.preprocess((v) => (v === true || v === '1' || v === 1 || v === 'true' ? 1 : 0), z.literal(1, { error: MSG.NOTARY_CONSENT_REQUIRED }));

/** GET /api/evidences/other (page, limit, keyword, evidenceType 0 all): the caller's evidence of every kind that can be notarized. */
export const ZNotaryEvidenceQuery = z.object({
  ...zPaging(PAGE_SIZE.notaryDetail),
  keyword: zTextOpt('关键词', 50),
  evidenceType: zFormIntDefault(MSG.BAD_PARAM, 0, 6, 0),
});
export type TNotaryEvidenceQuery = z.infer<typeof ZNotaryEvidenceQuery>;

/** Evidence row of p2 §3 (notary detail / selectList), plus its id and kind. */
export const ZNotaryEvidenceRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  baoquan: z.string(),
  baoquan_no: z.string(),
  title: z.string(),
  name: z.string(),
  url: z.string(),
  label: z.string(),
  type: z.number().int(),
  saveTime: z.number().int(),
  time: z.string(),
  fileUrl: z.string(),
  fileType: z.number().int(),
  appType: z.number().int(),
  evidenceType: z.number().int(),
  tempType: z.number().int(),
  sha256: z.string(),
  chainhash: z.string(),
  size: z.number().int(),
});
export type TNotaryEvidenceRow = z.infer<typeof ZNotaryEvidenceRow>;

/** POST /api/notary/create (ids comma-joined evidence ids, ≤ 50) → `{orderId, type}` (ours). */
export const ZNotaryCreateReq = z.object({
  ids: z.string({ error: MSG.NOTARY_EVIDENCE_REQUIRED }).trim().min(1, MSG.NOTARY_EVIDENCE_REQUIRED).max(1100, MSG.NOTARY_EVIDENCE_TOO_MANY).regex(/^\d+(,\d+)*$/, MSG.NOTARY_EVIDENCE_REQUIRED),
});

/** Order id of the step calls. */
export const ZNotaryOrderReq = z.object({ orderId });

/** POST /api/notary/applicationForm (ours): the application of step 1. */
export const ZNotaryApplicationReq = z.object({
  orderId,
  applicant: zText('申请人', 60),
  phone: z.string({ error: MSG.MOBILE_FORMAT }).trim().regex(/^1[3-9]\d{9}$/, MSG.MOBILE_FORMAT),
  purpose: zText('公证用途', 200),
  /** 1 used at home (中国大陆), 2 abroad. */
  useArea: zFormInt(MSG.NOTARY_USE_AREA_REQUIRED, 1, 2),
  country: zTextOpt('使用国家或地区', 40),
  copies: zFormInt(MSG.NOTARY_COPIES_INVALID, 1, 10),
  remark: zTextOpt('备注', 200),
  agree,
});
export type TNotaryApplicationReq = z.infer<typeof ZNotaryApplicationReq>;

/** Step 2 (POST /api/notary/sign) and step 3 (POST /api/notary/decode): consent required. */
export const ZNotaryConsentReq = z.object({ orderId, agree });

/** POST /api/notary/pay (orderId, payType 1 points | 2 Alipay) → `{paid: true}` or `{html, order_no}` (ours). */
export const ZNotaryPayReq = z.object({ orderId, payType: zFormInt(MSG.NOTARY_PAY_TYPE_REQUIRED, 1, 2) });

/** Store flags of p2 §3 with the order's state: which readingMaterial step is open. */
export const ZNotaryOrderState = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  step: z.number().int(),
  status: z.number().int(),
  money: z.number().int(),
  pay: z.number().int(),
  payType: z.number().int(),
  application: z.record(z.string(), z.unknown()).nullable(),
  officeName: z.string(),
  count: z.number().int(),
  /** Step 1 locked (filled and moved on, or closed). */
  disabled: z.boolean(),
  /** Step 2 locked. */
  disabledSign: z.boolean(),
  /** Step 3 locked. */
  disabledDecode: z.boolean(),
  /** The documents are signed. */
  signTure: z.boolean(),
  /** Certificate numbers released to the notary office. */
  decodeList: z.array(z.string()),
  /** Paid. */
  payment: z.boolean(),
  /** The user's default seal name, '' when none. */
  sealName: z.string(),
  balance: z.number().int(),
});
export type TNotaryOrderState = z.infer<typeof ZNotaryOrderState>;

/** GET /api/Evidences/listing (spec p2 §7 notary list): filters, 10 a page. */
export const ZNotaryListQuery = z.object({
  startTime: zUnixOpt(),
  endTime: zUnixOpt(),
  ...zPaging(PAGE_SIZE.notary),
  /** 0 all, 1 to be paid, 2 paid, 3 cancelled, 4 refunded (3–4 ours). */
  payType: zFormIntDefault(MSG.BAD_PARAM, 0, 4, 0),
  /** 0 all, else NOTARIAL_TYPE_LABEL. */
  notarialType: zFormIntDefault(MSG.BAD_PARAM, 0, 3, 0),
  orderNo: z.string({ error: MSG.BAD_PARAM }).trim().max(32, MSG.BAD_PARAM).optional(),
});
export type TNotaryListQuery = z.infer<typeof ZNotaryListQuery>;

/** Notary order row (p2 §3): id, orderNo, addTime, number, step, money, pay, notarial, type. */
export const ZNotaryOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  addTime: z.number().int(),
  number: z.number().int(),
  step: z.number().int(),
  money: z.number().int(),
  /** 1 to be paid, 2 paid, 3 cancelled, 4 refunded (ours). */
  pay: z.number().int(),
  /** Notarisation status, 0 unfinished. */
  notarial: z.number().int(),
  /** notarialType. */
  type: z.number().int(),
  certNo: z.string(),
  reason: z.string(),
  /** 0 none yet, 2 Alipay, 3 points (ours). */
  payType: z.number().int(),
  /** The applicant may 终止 it now: unfinished, or paid and not yet accepted by the office (fee refunded; ours). */
  canStop: z.boolean(),
});
export type TNotaryOrderRow = z.infer<typeof ZNotaryOrderRow>;

/** GET /api/Evidences/detail (orderId, page). */
export const ZNotaryDetailQuery = z.object({ orderId, page: zFormIntDefault(MSG.PAGE_INVALID, 1, 1_000_000, 1) });
export const ZNotaryDetailRes = z.object({
  info: z.object({ orderNo: z.string(), addTime: z.number().int(), money: z.number().int(), pay: z.number().int(), step: z.number().int(), notarial: z.number().int(), certNo: z.string(), reason: z.string(), officeName: z.string(), docs: z.array(z.number().int()),
    /** The office recorded the interview; the applicant still has to confirm and sign the record (ours). */
    interviewToSign: z.boolean(),
    /** Refund of the fee after termination/failure (ours): '' none, else e.g. 已退款 ¥10.00（积分） / 退款处理中. */
    refund: z.string(),
    /** 0 none yet, 2 Alipay, 3 points (ours). */
    payType: z.number().int(),
    /** The applicant may 终止 it now (see the order row; ours). */
    canStop: z.boolean() }),
  list: z.array(ZNotaryEvidenceRow),
  invoiceInfo: z.object({ orderNo: z.string(), money: z.number().int(), invoiceStatus: z.number().int() }).nullable(),
  count: z.number().int(),
});
export type TNotaryDetailRes = z.infer<typeof ZNotaryDetailRes>;

/** POST /api/Evidences/downDoc (orderId, type 1–5) → `{downUrl}` (spec p2 §7 "download notary document"; path ours). */
export const ZNotaryDocReq = z.object({ orderId, type: zFormInt(MSG.NOTARY_DOC_NOT_READY, 1, 5) });

/** GET /api/evidences/orderList (spec p1 §7; issue 13 公证出证 tab): page, startTime, endTime, type (pay filter). */
export const ZNotaryOrdersTabQuery = z.object({
  startTime: zUnixOpt(),
  endTime: zUnixOpt(),
  ...zPaging(PAGE_SIZE.notary),
  /** 0 all, 1 to be paid, 2 paid, 3 cancelled, 4 refunded (4 ours). */
  type: zFormIntDefault(MSG.BAD_PARAM, 0, 4, 0),
});
/** Notary order of the orders tab (p1 §3): id, orderNo, addTime, money, pay, invoiceType. */
export const ZNotaryTabRow = z.object({ id: z.number().int(), orderNo: z.string(), addTime: z.number().int(), money: z.number().int(), pay: z.number().int(), invoiceType: z.number().int(), step: z.number().int(), notarial: z.number().int(), payType: z.number().int(), canStop: z.boolean() });
export type TNotaryTabRow = z.infer<typeof ZNotaryTabRow>;

/** POST /api/check/checkGzsNo (no) → the issued 公证书 (CONTRACTS.md §5 field names). */
export const ZCheckGzsNoReq = z.object({ no: z.string({ error: MSG.NOTARY_CERT_REQUIRED }).trim().min(1, MSG.NOTARY_CERT_REQUIRED).max(64, MSG.NOTARY_CERT_NOT_FOUND) });
export const ZCheckGzsNoRes = z.object({ no: z.string(), title: z.string(), notarial: z.string(), notaryOffice: z.string(), issueTime: z.number().int(), orderNo: z.string(), baoquanList: z.array(z.string()), valid: z.boolean() });
export type TCheckGzsNoRes = z.infer<typeof ZCheckGzsNoRes>;

// ── The notary office's console (ours) ───────────────────────────────────────

/** GET /api/notaryOffice/orders (page, status 0 all incoming | 1 in progress | 2 succeeded | 3 terminated | 4 failed). */
export const ZOfficeOrdersQuery = z.object({ ...zPaging(PAGE_SIZE.notary), status: zFormIntDefault(MSG.BAD_PARAM, 0, 4, 0) });
/** POST /api/notaryOffice/interview: the interview record's questions and answers. */
export const ZOfficeInterviewReq = z.object({ orderId, place: zText('询问地点', 60), content: zText('询问内容', 2000) });
/** POST /api/notary/interviewSign (orderId, agree): the applicant confirms the interview record and signs it (ours). */
export const ZNotaryInterviewSignReq = z.object({ orderId, agree });
/** POST /api/notaryOffice/issue: the notarised matter (default: 保全证据公证). */
export const ZOfficeIssueReq = z.object({ orderId, matter: zTextOpt('公证事项', 60) });
/** POST /api/notaryOffice/terminate (failed 0 terminate | 1 mark failed). */
export const ZOfficeTerminateReq = z.object({ orderId, reason: zText('原因', 200, { required: MSG.NOTARY_REASON_REQUIRED }), failed: zFormIntDefault(MSG.BAD_PARAM, 0, 1, 0) });
/** POST /api/notaryOffice/announce. */
export const ZOfficeAnnounceReq = z.object({ title: zText('公告标题', 100), content: zText('公告内容', 5000) });
/** POST /api/admin/notary/office: creates a notary office (operator). Fee per evidence in fen. */
export const ZAdminOfficeReq = z.object({
  name: zText('公证机构名称', 60),
  certPrefix: z.string({ error: MSG.NOTARY_CERT_PREFIX_INVALID }).trim().regex(/^[\u4e00-\u9fa5]{2,10}$/, MSG.NOTARY_CERT_PREFIX_INVALID),
  fee: zFormIntOpt(MSG.BAD_PARAM, 0, 10_000_000),
});
/** POST /api/admin/notary/staff: makes the user with `mobile` a notary of office `officeId`. */
export const ZAdminStaffReq = z.object({ officeId: zId(MSG.NOTARY_OFFICE_NOT_FOUND), mobile: z.string({ error: MSG.MOBILE_FORMAT }).trim().regex(/^1[3-9]\d{9}$/, MSG.MOBILE_FORMAT) });
