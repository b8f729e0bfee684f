/**
 * Business constants and limits of the spec (p1 §4, §9; p2 §2, §4, §9) and of issue 2, shared by server
 * and web. Times are in the unit named by the constant (…_S seconds, …_MS milliseconds), sizes in bytes.
 */

/** Page sizes (spec p1 §9, p2 §9). */
export const PAGE_SIZE = {
  evidence: 20,
  notifications: 10,
  members: 10,
  orders: 10,
  invoices: 10,
  notary: 10,
  notaryDetail: 10,
} as const;

/** Largest `limit` a list call accepts. */
export const MAX_PAGE_SIZE = 100;

/** spec p1 §9, p2 §9: a date range ends at the chosen day's start plus 86400 − 1 seconds. */
export const DATE_RANGE_END_OFFSET_S = 86399;

/** spec p1 §9, p2 §9: SMS resend countdown. */
export const SMS_RESEND_S = 60;
/** issue 2 §3: an SMS code is valid for 5 minutes. */
export const SMS_CODE_TTL_S = 300;
/** issue 2 §3: SMS codes are 6 digits. */
export const SMS_CODE_LENGTH = 6;
/** Wrong SMS code attempts before the code is burnt. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Image captcha lifetime. */
export const CAPTCHA_TTL_S = 300;
/** spec p2 §5: image captcha answers are 4 letters or digits. */
export const CAPTCHA_LENGTH = 4;

/** spec p1 §2: the batch-download dialog closes itself after 5 s. */
export const BATCH_DIALOG_CLOSE_MS = 5000;
/** spec p1 §4, §9: hidden download frames are removed after 300 000 ms. */
export const HIDDEN_FRAME_TTL_MS = 300000;
/** Most evidence ids one batch download accepts. */
export const BATCH_DOWNLOAD_MAX = 100;

/** spec p1 §7, §9: `type` of companymember/sendMsg. */
export const SMS_TYPE = { addMember: 7, stopMember: 8 } as const;

/** spec p1 §9: evidence list `type` filter codes and labels (also the stored `fileType` 1–5). */
export const EVIDENCE_FILE_TYPE = { all: 0, document: 1, image: 2, audio: 3, video: 4, other: 5 } as const;
export const EVIDENCE_FILE_TYPE_LABEL: Readonly<Record<number, string>> = {
  0: '全部',
  1: '文档',
  2: '图片',
  3: '音频',
  4: '视频',
  5: '其他',
};

/** spec p1 §2: the certificate page's `type` query parameter (图片, 视频, 音频, 文档). */
export const CERTIFICATE_MEDIA_TYPES = ['图片', '视频', '音频', '文档'] as const;

/** spec p1 §9: order type codes. */
export const ORDER_TYPE = {
  dataDeposit: 5,
  processForensics: 1,
  photo: 10,
  video: 12,
  audio: 11,
  screenRecording: 13,
  webPage: 2,
  batchWebPage: 8,
  mobile: 7,
  audioVideo: 6,
} as const;
export const ORDER_TYPE_LABEL: Readonly<Record<number, string>> = {
  5: '数据保全',
  1: '过程取证',
  10: '拍照取证',
  12: '录像取证',
  11: '录音取证',
  13: '录屏取证',
  2: '网页取证',
  8: '批量网页取证',
  7: '手机取证',
  6: '音视频取证',
};

/** spec p1 §4, §9: payment filter codes. */
export const PAY_FILTER = { all: 0, toBePaid: 1, paid: 2, cancelled: 3 } as const;
export const PAY_FILTER_LABEL: Readonly<Record<number, string>> = { 0: '全部', 1: '待支付', 2: '已支付', 3: '已取消' };

/** spec p1 §4: an order is invoiceable only if created on or after this day (Asia/Shanghai). */
export const INVOICING_CUTOFF = '2021-11-18';
/** The cutoff as Unix seconds: 2021-11-18 00:00 +08:00. */
export const INVOICING_CUTOFF_S = 1637164800;
/** spec p1 §4: order invoice status. */
export const ORDER_INVOICE_STATUS = { invoiceable: 0, toBeInvoiced: 1, invoiced: 2, failed: 3 } as const;
/** spec p2 §4: invoice application status. */
export const INVOICE_STATUS = { pending: 1, inProgress: 2, issued: 3, rejected: 4 } as const;
export const INVOICE_STATUS_LABEL: Readonly<Record<number, string>> = { 1: '待处理', 2: '处理中', 3: '已开票', 4: '已驳回' };

/** spec p1 §4: company member status (string on the wire). */
export const MEMBER_STATUS = { pending: '1', auditFailed: '2', bound: '3', stopped: '4' } as const;
export const MEMBER_STATUS_LABEL: Readonly<Record<string, string>> = { 1: '待审核', 2: '审核失败', 3: '已绑定', 4: '已停用' };

/** spec p2 §4: userStatus (real-name verification). */
export const USER_STATUS = { notVerified: 1, underReview: 2, passed: 3, failed: 4 } as const;
/** spec p2 §4: the banner tip of each userStatus (the spec describes them; wording ours). */
export const USER_STATUS_TIP: Readonly<Record<number, string>> = {
  1: '您还未实名认证，请先完成实名认证',
  2: '实名认证资料已提交，正在审核中，预计1-2个工作日内完成，审核结果将以短信通知',
  3: '实名认证成功',
  4: '实名认证失败，请重新认证',
};
/** spec p2 §4: tip when companyStatus says the parent company is not verified. */
export const COMPANY_NOT_VERIFIED_TIP = '所属企业尚未完成实名认证';
/** spec p2 §4: with these userStatus values the KYC forms are editable. */
export const KYC_EDITABLE_STATUSES: readonly number[] = [1, 4];
/** spec p2 §4: repairType (supplementary ID upload). */
export const REPAIR_TYPE = { needed: 1, underReview: 2, passed: 3, failed: 4 } as const;

/** spec p2 §3: user info `status`, i.e. account type. */
export const ACCOUNT_TYPE = { personal: 1, company: 2 } as const;
/** spec p2 §6: stored ROLE values. */
export const ROLE = { main: 1, member: 2 } as const;
/** spec p2 §3: authorSex / sex. */
export const SEX = { male: 0, female: 1 } as const;

/**
 * spec p2 §9: evidence type values 1–6 (1 and 5 file, 2 and 4 process, 3 web, 6 music): 1 data deposit and
 * 5 app capture (files), 2 process and 4 mobile process, 3 web, 6 music — the `evidenceType` of each entry
 * of the evidence-kind registry (`evidenceKinds.ts`).
 */
export const EVIDENCE_TYPE_VALUE_KIND: Readonly<Record<number, EvidenceKind>> = {
  1: 'data',
  5: 'app',
  2: 'process',
  4: 'mobile',
  3: 'web',
  6: 'music',
};

/** DESIGN.md domain model: the kinds of the one `evidence` table. */
export const EVIDENCE_KINDS = ['data', 'web', 'process', 'mobile', 'music', 'app'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** spec p2 §2: unread-notice badge maximum. */
export const BADGE_MAX = 99;
/** spec p2 §2: announcement dialog width in px. */
export const ANNOUNCEMENT_WIDTH = 788;
/** spec p2 §2, §9: extraction-code field maximum length. */
export const EXTRACT_CODE_MAX = 30;
/** spec p2 §5: the account's own extraction code is 6 digits. */
export const EXTRACT_CODE_LENGTH = 6;
/** issue 2 §4: default upload size limit (2 GiB), configurable on the server. */
export const UPLOAD_DEFAULT_LIMIT_BYTES = 2 * 1024 ** 3;
/** Evidence label maximum length (characters). */
export const LABEL_MAX = 20;
/** Evidence title maximum length (characters). */
export const TITLE_MAX = 100;
/** spec p1 §7 keyword filter maximum length. */
export const KEYWORD_MAX = 50;

/** spec p2 §9: invoice headers and addresses per user, invoice remark length. */
export const INVOICE_HEADER_MAX = 5;
export const ADDRESS_MAX = 5;
export const INVOICE_REMARK_MAX = 50;
/** spec p2 §5, §9: KYC image limits in bytes. */
export const KYC_IMAGE_MAX_COMPANY_BYTES = 10 * 1024 ** 2;
export const KYC_IMAGE_MAX_PERSONAL_BYTES = 20 * 1024 ** 2;
/** spec p2 §5: accepted KYC image extensions. */
export const KYC_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** spec p2 §4, §9: face-verification polling interval. */
export const FACE_POLL_MS = 3000;
/** spec p2 §9: go back this long after adding a header from the payment flow. */
export const HEADER_FLOW_BACK_MS = 800;

/** spec p1 §1: widths under 768 px use the mobile layout. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Holder named in the footer's copyright line when nobody configured another (spec p2 §9 footer). */
export const COPYRIGHT_HOLDER = '存证电子数据保全平台';
/** First year of the footer's copyright range. */
export const COPYRIGHT_SINCE = '2026';

/**
 * The footer's copyright line, `Copyright © 2026 存证电子数据保全平台 版权所有` (a range `2026-2027` from the
 * second year on). One formula for the web build's prerendered pages and the server's default
 * `COPYRIGHT_TEXT` (GET /api/home/index), so the line does not change when the page's script takes over
 * (spec p2 §9: the footer carries copyright notes).
 */
export function copyrightLine(holder: string = COPYRIGHT_HOLDER, since: string = COPYRIGHT_SINCE, now: Date = new Date()): string {
  const year = String(now.getFullYear());
  const range = since === year ? year : `${since}-${year}`;
  return `Copyright © ${range} ${holder} 版权所有`;
}
