/**
 * Real-name verification calls (issue 14 §1, §2, §5; spec p2 §3–6, p1 §7): the form fields of personal
 * and enterprise verification, the authorised-person amendment, the supplementary ID upload, face
 * verification, the read-only info answers and the operator review queue. Images travel as multipart
 * files beside these fields; an image already stored is sent empty (spec p2 §5).
 */
import { z } from 'zod';
import { zFormCode, zId, zPaged, zPaging, zText, zTextOpt, noSpecialChars } from './common.ts';
import { zCreditCode, zDigits8to25, zGender, zIdCard, zMobile, zReservedPhone } from './fields.ts';
import { parseIdCard } from './idcard.ts';
import { MSG } from './messages.ts';

/** Image fields of each form (multipart file field names, spec p2 §3). */
export const PERSONAL_IMAGE_FIELDS = ['authorFront', 'authorBack', 'authorHand'] as const;
export const ENTERPRISE_IMAGE_FIELDS = ['license', 'legalPerson', 'legalFront', 'legalBack', 'file', 'authorFront', 'authorBack'] as const;
export const AMEND_IMAGE_FIELDS = ['file', 'authorFront', 'authorBack'] as const;
export const REPAIR_PERSONAL_IMAGE_FIELDS = PERSONAL_IMAGE_FIELDS;
export const REPAIR_COMPANY_IMAGE_FIELDS = ['file', 'authorFront', 'authorBack'] as const;

/** Chinese labels of the image fields (messages "请上传{label}" and the review page). */
export const KYC_IMAGE_LABEL: Readonly<Record<string, string>> = {
  authorFront: '身份证人像面',
  authorBack: '身份证国徽面',
  authorHand: '手持身份证照片',
  license: '营业执照',
  legalPerson: '法人证明',
  legalFront: '法人身份证人像面',
  legalBack: '法人身份证国徽面',
  file: '授权委托书',
};

/** Message of a missing image. */
export const msgImageRequired = (field: string): string => `请上传${KYC_IMAGE_LABEL[field] ?? '图片'}`;

/** Person's name on an ID (请输入姓名), ≤ 30 characters, no special characters. */
const zPersonName = (required: string = MSG.NAME_REQUIRED) => zText('姓名', 30, { required }).superRefine(noSpecialChars('姓名'));
/** Address on the ID card (请输入身份证地址), ≤ 100 characters. */
const zIdAddress = () => zText('身份证地址', 100, { required: MSG.ID_ADDRESS_REQUIRED }).superRefine(noSpecialChars('身份证地址'));
/**
 * The consent tick (spec p2 §5: 请先同意实名验证). The spec's payloads do not carry it (the page checks the
 * tick before sending), so a missing field is accepted; a field sent as '', '0' or 'false' is refused.
 */
const zConsent = () => z.preprocess((v) => (v === undefined || v === '1' || v === 'true' || v === true || v === 1 ? 1 : 0), z.literal(1, { error: MSG.KYC_CONSENT_REQUIRED }));

/** Checks that a sex field agrees with the ID number (p2 §5 sex from the ID). */
const sexMatches = (idField: string, sexField: string) => (o: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const info = typeof o[idField] === 'string' ? parseIdCard(o[idField] as string) : null;
  if (info && o[sexField] !== info.sex) ctx.addIssue({ code: 'custom', path: [sexField], message: MSG.KYC_SEX_MISMATCH });
};

/**
 * Personal photo verification (spec p2 §3, §5; /personage-kyc, type 1): userName, idCard, sex, type,
 * address, agree; images authorFront, authorBack, authorHand (≤ 20 MB each).
 */
export const ZPersonalKycFields = z.object({
  userName: zPersonName(),
  idCard: zIdCard(),
  sex: zGender(),
  type: zFormCode([1, 2], MSG.KYC_TYPE_REQUIRED),
  address: zIdAddress(),
  agree: zConsent(),
}).superRefine(sexMatches('idCard', 'sex'));
export type TPersonalKycFields = z.infer<typeof ZPersonalKycFields>;

/** Face verification start (spec p2 §4): name, idCard, type 2, address, sex (optional: taken from the ID), agree. */
export const ZFaceStartReq = z.object({
  name: zPersonName(),
  idCard: zIdCard(),
  type: zFormCode([2], MSG.KYC_TYPE_REQUIRED),
  address: zIdAddress(),
  agree: zConsent(),
});
export type TFaceStartReq = z.infer<typeof ZFaceStartReq>;

/** bizSeqNo of a face session (geth5faceid, faceSync). */
export const ZBizSeqNoReq = z.object({ bizSeqNo: z.string({ error: MSG.BAD_PARAM }).trim().regex(/^[A-Za-z0-9]{8,40}$/, MSG.BAD_PARAM) });

/** Birth date `YYYY-MM-DD` (authorBrith, auto-filled from the ID). */
const zBirth = () => z.string({ error: MSG.BAD_PARAM }).trim().max(10, MSG.BAD_PARAM).regex(/^(\d{4}-\d{2}-\d{2})?$/, MSG.BAD_PARAM).optional();

/** The authorised person (enterprise KYC and amendment): name, phone, ID number; sex and birth date come from the ID. */
const authorFields = {
  authorName: zPersonName('请输入被授权人姓名'),
  authorPhone: zMobile(),
  authorIdcard: zIdCard(),
  authorSex: zGender().optional(),
  authorBrith: zBirth(),
};

/**
 * Enterprise verification (spec p2 §3, §5; POST /api/user/companyAuthorize): every field required; images
 * license, legalPerson, legalFront, legalBack, file, authorFront, authorBack (≤ 10 MB each).
 */
export const ZEnterpriseKycFields = z.object({
  name: zText('企业名称', 100, { required: '请输入企业名称' }).superRefine(noSpecialChars('企业名称')),
  code: zCreditCode(),
  address: zText('企业地址', 200, { required: '请输入企业地址' }).superRefine(noSpecialChars('企业地址')),
  legalName: zText('法人姓名', 30, { required: '请输入法人姓名' }).superRefine(noSpecialChars('法人姓名')),
  account: zText('账户名称', 100, { required: '请输入账户名称' }).superRefine(noSpecialChars('账户名称')),
  bank: zText('开户银行', 100, { required: '请输入开户银行' }).superRefine(noSpecialChars('开户银行')),
  bankNo: zDigits8to25('银行账号'),
  mobileReserve: zReservedPhone(),
  contactIdcard: zIdCard(),
  ...authorFields,
  agree: zConsent(),
});
export type TEnterpriseKycFields = z.infer<typeof ZEnterpriseKycFields>;

/** Authorised-person amendment (POST api/user/updateAuthor; images file, authorFront, authorBack ≤ 20 MB). */
export const ZAmendAuthorFields = z.object(authorFields);
export type TAmendAuthorFields = z.infer<typeof ZAmendAuthorFields>;

/**
 * Supplementary ID upload (POST /api/user/informationRepair; spec p2 §4–6): personal accounts send address,
 * type and authorFront, authorBack, authorHand; company accounts send file, authorFront, authorBack.
 */
export const ZRepairFields = z.object({
  address: zTextOpt('身份证地址', 100),
  type: zFormCode([1, 2], MSG.KYC_TYPE_REQUIRED).optional(),
});

/** Template downloads (POST /api/user/download, /api/home/templateDown): type 1 authorisation letter, 2 legal-person proof. */
export const ZTemplateReq = z.object({ type: zFormCode([1, 2], MSG.BAD_PARAM).default(1) });
export const ZTemplateRes = z.object({ url: z.string().max(2048) });

/** One image as answered to its owner or a reviewer: field, label and a signed preview URL. */
export const ZKycImage = z.object({ field: z.string().max(30), label: z.string().max(30), url: z.string().max(2048) });
export type TKycImage = z.infer<typeof ZKycImage>;

/**
 * POST /api/user/getAuthInfo (spec p1 §7, p2 §3): the caller's verification info. Company accounts get the
 * masked read-only fields of p2 §3 (company, taxNumberEn, accountName, accountBank, accountNoEn, contactName,
 * contactPhone, idcard, authorPhoneEn, authorIdcardEn); personal accounts userName, idCardEn, sex, address, type.
 */
export const ZAuthInfo = z.object({
  userStatus: z.number().int(),
  status: z.number().int(),
  type: z.number().int().nullable(),
  repairType: z.number().int(),
  reason: z.string().max(200),
  /** The application under review or last decided: kind and status (null when none). */
  pending: z.object({ kind: z.string().max(16), status: z.number().int(), reason: z.string().max(200) }).nullable(),
  company: z.string().max(100).optional(),
  taxNumberEn: z.string().max(40).optional(),
  address: z.string().max(200).optional(),
  accountName: z.string().max(100).optional(),
  accountBank: z.string().max(100).optional(),
  accountNoEn: z.string().max(40).optional(),
  contactName: z.string().max(30).optional(),
  contactPhone: z.string().max(20).optional(),
  idcard: z.string().max(30).optional(),
  authorPhoneEn: z.string().max(20).optional(),
  authorIdcardEn: z.string().max(30).optional(),
  authorSex: z.number().int().optional(),
  authorBrith: z.string().max(10).optional(),
  legalName: z.string().max(30).optional(),
  userName: z.string().max(30).optional(),
  idCardEn: z.string().max(30).optional(),
  sex: z.number().int().optional(),
  images: z.array(ZKycImage),
  /** The last rejected application's fields in clear, for re-editing (only while the form is editable). */
  form: z.record(z.string().max(30), z.union([z.string().max(300), z.number()])).nullable(),
});
export type TAuthInfo = z.infer<typeof ZAuthInfo>;

/** Operator review queue kinds (issue 14 §5). */
export const KYC_REVIEW_KINDS = ['personal', 'enterprise', 'amend', 'repair'] as const;
export type TKycReviewKind = (typeof KYC_REVIEW_KINDS)[number];
export const KYC_REVIEW_KIND_LABEL: Readonly<Record<TKycReviewKind, string>> = { personal: '个人实名', enterprise: '企业认证', amend: '被授权人变更', repair: '实名补传' };

/** GET /api/admin/kyc/list: kind, status (2 pending default, 3 passed, 4 failed), page, limit. */
export const ZKycQueueQuery = z.object({
  kind: z.enum(KYC_REVIEW_KINDS, { error: MSG.BAD_PARAM }).optional(),
  status: zFormCode([2, 3, 4], MSG.BAD_PARAM).default(2),
  ...zPaging(10),
});
export const ZKycQueueRow = z.object({
  id: z.number().int(),
  kind: z.string().max(16),
  status: z.number().int(),
  userId: z.number().int(),
  mobile: z.string().max(11),
  /** Name on the form (person or company). */
  title: z.string().max(100),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  reason: z.string().max(200),
});
export const ZKycQueueRes = zPaged(ZKycQueueRow);
export type TKycQueueRow = z.infer<typeof ZKycQueueRow>;

/** GET /api/admin/kyc/detail (id): the form in clear (operators only, audited) and preview URLs of its images. */
export const ZKycDetailRes = ZKycQueueRow.extend({
  form: z.array(z.object({ label: z.string().max(30), value: z.string().max(300) })),
  images: z.array(ZKycImage),
});
export type TKycDetail = z.infer<typeof ZKycDetailRes>;

/** POST /api/admin/kyc/review: id, pass 1 | 0, reason (required when rejecting, ≤ 200). */
export const ZKycReviewReq = z.object({
  id: zId(MSG.BAD_PARAM),
  pass: zFormCode([0, 1], MSG.BAD_PARAM),
  reason: zTextOpt('驳回原因', 200),
}).superRefine((o, ctx) => {
  if (o.pass === 0 && !o.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MSG.KYC_REJECT_REASON_REQUIRED });
});

/** GET /api/admin/kyc/detail query. */
export const ZKycIdQuery = z.object({ id: zId(MSG.BAD_PARAM) });
