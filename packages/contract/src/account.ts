/**
 * Account-area calls (issue 5; spec p1 §2–9, p2 §1–2, §6, §8): extraction-code reset, notifications and
 * the header badge, announcements, signatures (stamps), the overview, the operator console API and the
 * public-page configuration. Requests are form-encoded (numbers arrive as strings) or JSON; uploads are
 * multipart. Every failure carries a Chinese message. Times are Unix seconds unless named otherwise.
 */
import { z } from 'zod';
import { noSpecialChars, zId, zPaged, zPaging } from './common.ts';
import { EVIDENCE_KINDS, PAGE_SIZE } from './constants.ts';
import { zAltcha, zImgCode, zSmsCode, zSmsToken } from './fields.ts';
import { MSG, msgRequired, msgTooLong } from './messages.ts';

// ── Limits ────────────────────────────────────────────────────────────────

/** Signature (stamp) limits: upload size, name length, stamps per user, image dimensions in px. */
export const SIGNATURE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  nameMax: 20,
  perUser: 20,
  minSide: 50,
  maxSide: 2000,
  /** Company name on a generated round seal (characters). */
  companyNameMax: 30,
  /** Horizontal line under the star of a company seal (characters). */
  subTextMax: 10,
} as const;

/** Operator console limits: notification text and announcement fields (characters). */
export const ADMIN_LIMITS = { notifyMax: 500, titleMax: 100, contentMax: 5000, keywordMax: 50, actionMax: 60 } as const;

/** Most ids one News/read or News/del call accepts. */
export const NEWS_IDS_MAX = 100;

// ── Settings: extraction code (spec p1 §2 /setting, tab 证据提取码) ───────

/**
 * POST /api/user/resetExtractCode/sendSMS: the image-captcha answer; the SMS goes to the caller's own
 * mobile (scene 'extract'). Answer data ZSmsToken `{token}`, msg 发送成功.
 */
export const ZResetExtractSmsReq = z.object({
  captchaId: z.string({ error: MSG.IMG_CODE_WRONG }).trim().min(1, MSG.IMG_CODE_WRONG).max(64, MSG.IMG_CODE_WRONG),
  imgCode: zImgCode(),
  altcha: zAltcha(),
});
export type TResetExtractSmsReq = z.infer<typeof ZResetExtractSmsReq>;

/** POST /api/user/resetExtractCode: smsCode and the smsToken of the send above. */
export const ZResetExtractReq = z.object({ smsCode: zSmsCode(), smsToken: zSmsToken() });
export type TResetExtractReq = z.infer<typeof ZResetExtractReq>;

/** Answer of POST /api/user/resetExtractCode: the new 6-digit code (the old one stops working at once). */
export const ZResetExtractRes = z.object({ extractCode: z.string().max(6) });
export type TResetExtractRes = z.infer<typeof ZResetExtractRes>;

// ── Notifications 消息通知 (spec p1 §2, §3, §4, §7, §9) ────────────────────

/** POST /api/News/listing: page (1-based); 10 per page (spec p1 §9). */
export const ZNewsListReq = z.object({ page: zPaging(PAGE_SIZE.notifications).page });
export type TNewsListReq = z.infer<typeof ZNewsListReq>;

/** One notification (spec p1 §3): newsId, str (text), addTime (Unix s), isRead '0' unread | '1' read. */
export const ZNewsItem = z.object({
  newsId: z.number().int(),
  str: z.string().max(1000),
  addTime: z.number().int(),
  isRead: z.enum(['0', '1']),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

/** Answer of POST /api/News/listing: newest first, `{list, count, unread}` (unread = the badge count). */
export const ZNewsListRes = zPaged(ZNewsItem).extend({ unread: z.number().int().min(0) });
export type TNewsListRes = z.infer<typeof ZNewsListRes>;

/** Comma-separated notification ids, distinct, 1–100; empty → 请选择消息, malformed → 消息编号错误. */
const zNewsIds = () =>
  z
    .string({ error: MSG.NEWS_SELECT })
    .max(2000, MSG.NEWS_ID_INVALID)
    .transform((s) => s.split(',').map((t) => t.trim()).filter((t) => t !== ''))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,15}$/, MSG.NEWS_ID_INVALID).transform(Number))
        .min(1, MSG.NEWS_SELECT)
        .max(NEWS_IDS_MAX, MSG.NEWS_ID_INVALID)
        .transform((ids) => [...new Set(ids)]),
    );

/** POST /api/News/read: newsId = comma-separated ids, or 'all' (read-all). Answer null, msg 操作成功. */
export const ZNewsReadReq = z.object({
  newsId: z
    .string({ error: MSG.NEWS_SELECT })
    .max(2000, MSG.NEWS_ID_INVALID)
    .transform((s, ctx): 'all' | number[] => {
      if (s.trim() === 'all') return 'all';
      const r = zNewsIds().safeParse(s);
      if (r.success) return r.data;
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? MSG.NEWS_ID_INVALID });
      return z.NEVER;
    }),
});
export type TNewsReadReq = z.infer<typeof ZNewsReadReq>;

/** POST /api/News/del: newsId = comma-separated ids. Answer null, msg 删除成功. */
export const ZNewsDelReq = z.object({ newsId: zNewsIds() });
export type TNewsDelReq = z.infer<typeof ZNewsDelReq>;

/** Answer of GET /api/News/unread (header badge; the web polls it; shows at most 99, hidden at 0). */
export const ZNewsUnreadRes = z.object({ count: z.number().int().min(0) });
export type TNewsUnreadRes = z.infer<typeof ZNewsUnreadRes>;

// ── Announcements 公告 (spec p2 §1, §2) ───────────────────────────────────

/**
 * The current announcement (latest published, not withdrawn). publishedAt Unix s; read true once the
 * logged-in caller confirmed it with POST /api/news/noticeRead (always false for anonymous callers:
 * the web remembers those in localStorage).
 */
export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string().max(ADMIN_LIMITS.titleMax),
  content: z.string().max(ADMIN_LIMITS.contentMax),
  publishedAt: z.number().int(),
  read: z.boolean(),
});
export type TNotice = z.infer<typeof ZNotice>;

/** Answer of GET /api/news/notice: the current announcement or null when there is none. */
export const ZNoticeRes = ZNotice.nullable();
export type TNoticeRes = z.infer<typeof ZNoticeRes>;

/** POST /api/news/noticeRead: id of the announcement shown (login required). Answer null. */
export const ZNoticeReadReq = z.object({ id: zId(MSG.NOTICE_NOT_FOUND) });
export type TNoticeReadReq = z.infer<typeof ZNoticeReadReq>;

// ── Signatures 签章管理 (spec p1 §2, §3, §7) ──────────────────────────────

/**
 * One stamp (spec p1 §3): id, name, pic_url (a signed, expiring image URL: re-list to refresh it),
 * add_time (Unix s), is_default '1' for the default stamp, else '0'.
 */
export const ZSignatureItem = z.object({
  id: z.number().int(),
  name: z.string().max(40),
  pic_url: z.string().max(4096),
  add_time: z.number().int(),
  is_default: z.enum(['0', '1']),
});
export type TSignatureItem = z.infer<typeof ZSignatureItem>;

/** Answer of POST /api/signature/listing: the caller's stamps, default first then newest. */
export const ZSignatureListRes = z.array(ZSignatureItem);
export type TSignatureListRes = z.infer<typeof ZSignatureListRes>;

/** POST /api/signature/del and /setDefault: id. Answers null with msg 删除成功 / 设置成功. */
export const ZSignatureIdReq = z.object({ id: zId(MSG.SIGNATURE_NOT_FOUND) });
export type TSignatureIdReq = z.infer<typeof ZSignatureIdReq>;

/** The stamp's display name: required (请输入签章名称), at most 20 characters, no special characters. */
const zSignatureName = () =>
  z
    .string({ error: MSG.SIGNATURE_NAME_REQUIRED })
    .trim()
    .min(1, MSG.SIGNATURE_NAME_REQUIRED)
    .max(SIGNATURE_LIMITS.nameMax, MSG.SIGNATURE_NAME_TOO_LONG)
    .superRefine(noSpecialChars('签章名称'));

/**
 * Text fields of POST /api/signature/add (multipart `file` + `name`). The file must be a PNG (checked
 * from the bytes) of at most 2 MB and 50–2000 px per side; its transparency is kept.
 */
export const ZSignatureAddFields = z.object({ name: zSignatureName() });
export type TSignatureAddFields = z.infer<typeof ZSignatureAddFields>;

/** Answer of /api/signature/add and /generate: the new stamp's id and image URL. */
export const ZSignatureCreated = z.object({ id: z.number().int(), pic_url: z.string().max(4096) });
export type TSignatureCreated = z.infer<typeof ZSignatureCreated>;

/** Seal kinds of /api/signature/generate: round company seal or square personal seal. */
export const SEAL_TYPES = ['company', 'personal'] as const;

/**
 * POST /api/signature/generate:
 * - type 'company': name = company name (2–30 characters, around the star); subText optional, the
 *   horizontal line under the star (e.g. 合同专用章; '' or missing for none; at most 10 characters).
 * - type 'personal': name = 2–4 Chinese characters (2 → 2×1 layout; 3 → name + 印 in 2×2; 4 → 2×2).
 * The stamp's display name is `name` (+ subText for a company seal, cut to 40 characters).
 */
export const ZSignatureGenerateReq = z
  .object({
    type: z.enum(SEAL_TYPES, { error: MSG.SEAL_TYPE_REQUIRED }),
    name: z.string({ error: MSG.SEAL_NAME_REQUIRED }).trim().min(1, MSG.SEAL_NAME_REQUIRED).max(SIGNATURE_LIMITS.companyNameMax, msgTooLong('印章文字', SIGNATURE_LIMITS.companyNameMax)).superRefine(noSpecialChars('印章文字')),
    subText: z.string({ error: MSG.BAD_PARAM }).trim().max(SIGNATURE_LIMITS.subTextMax, msgTooLong('印章下方文字', SIGNATURE_LIMITS.subTextMax)).superRefine(noSpecialChars('印章下方文字')).default(''),
  })
  .superRefine((o, ctx) => {
    if (o.type === 'personal' && !/^[\u3400-\u9fff]{2,4}$/.test(o.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: MSG.SEAL_PERSON_NAME_FORMAT });
    if (o.type === 'company' && [...o.name].length < 2) ctx.addIssue({ code: 'custom', path: ['name'], message: MSG.SEAL_COMPANY_NAME_FORMAT });
  });
export type TSignatureGenerateReq = z.infer<typeof ZSignatureGenerateReq>;

// ── Overview (spec p1 §7 GET /api/Overview/getInfo; p2 §2 /overview) ─────

/** Live evidence count per kind plus the total. */
export const ZKindCounts = z.object(Object.fromEntries([...EVIDENCE_KINDS, 'total'].map((k) => [k, z.number().int().min(0)])) as Record<(typeof EVIDENCE_KINDS)[number] | 'total', z.ZodNumber>);
export type TKindCounts = z.infer<typeof ZKindCounts>;

/** A recent deposit on the overview. */
export const ZRecentDeposit = z.object({
  baoquan: z.string().max(32),
  title: z.string().max(255),
  kind: z.enum(EVIDENCE_KINDS),
  saveTime: z.number().int(),
});
export type TRecentDeposit = z.infer<typeof ZRecentDeposit>;

/**
 * Answer of GET /api/Overview/getInfo: counts of live evidence by kind, storageBytes (sum of live
 * evidence sizes), points (available, integer hundredths), the last 5 deposits, the last 5 notifications,
 * and perDay: 30 entries `{date 'YYYY-MM-DD' (Asia/Shanghai), count}`, oldest first, ending today.
 */
export const ZOverviewRes = z.object({
  counts: ZKindCounts,
  storageBytes: z.number().int().min(0),
  points: z.number().int(),
  recent: z.array(ZRecentDeposit).max(5),
  notifications: z.array(ZNewsItem).max(5),
  perDay: z.array(z.object({ date: z.string().max(10), count: z.number().int().min(0) })).length(30),
});
export type TOverviewRes = z.infer<typeof ZOverviewRes>;

// ── Public-page configuration (spec p1 §7 GET /api/home/index) ────────────

/**
 * Answer of GET /api/home/index (no login): footer and legal-page values from the server configuration:
 * filingNumber (ICP 备案号, env ICP_FILING), copyright (env COPYRIGHT_TEXT), privacyUpdatedAt
 * ('YYYY-MM-DD', env PRIVACY_UPDATED_AT), siteName.
 */
export const ZHomeIndex = z.object({
  siteName: z.string().max(100),
  filingNumber: z.string().max(100),
  copyright: z.string().max(200),
  privacyUpdatedAt: z.string().max(10),
});
export type THomeIndex = z.infer<typeof ZHomeIndex>;

// ── Operator console (/api/admin/*; 401 anonymous, 403 anyone but an operator) ─

/** Optional keyword: '' or missing → undefined. */
const optKeyword = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string({ error: MSG.BAD_PARAM }).trim().max(max, MSG.KEYWORD_TOO_LONG).optional());

/** GET /api/admin/users: page, limit (default 20), keyword (matches mobile, name or company). */
export const ZAdminUsersQuery = z.object({ ...zPaging(20), keyword: optKeyword(ADMIN_LIMITS.keywordMax) });
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** One user row of the console: type 1 personal | 2 company; role 'user' | 'operator'; createdAt Unix s. */
export const ZAdminUser = z.object({
  userId: z.number().int(),
  mobile: z.string().max(11),
  name: z.string().max(60),
  company: z.string().max(100),
  type: z.number().int(),
  userStatus: z.number().int(),
  role: z.enum(['user', 'operator']),
  createdAt: z.number().int(),
  evidenceCount: z.number().int().min(0),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersRes = zPaged(ZAdminUser);
export type TAdminUsersRes = z.infer<typeof ZAdminUsersRes>;

/**
 * POST /api/admin/notify: `userId` (one user) or `all=1` (every non-operator account), and `str` (the
 * text, 1–500 characters). Neither → 请选择通知对象; unknown user → 用户不存在. Answer `{sent}` = rows created.
 */
export const ZAdminNotifyReq = z
  .object({
    userId: z.preprocess((v) => (v === '' ? undefined : v), zId(MSG.USER_NOT_FOUND).optional()),
    all: z.preprocess((v) => (v === '' || v === undefined ? undefined : String(v)), z.enum(['0', '1'], { error: MSG.BAD_PARAM }).optional()),
    str: z.string({ error: msgRequired('通知内容') }).trim().min(1, msgRequired('通知内容')).max(ADMIN_LIMITS.notifyMax, msgTooLong('通知内容', ADMIN_LIMITS.notifyMax)),
  })
  .superRefine((o, ctx) => {
    if (o.all !== '1' && o.userId === undefined) ctx.addIssue({ code: 'custom', path: ['userId'], message: MSG.NOTIFY_TARGET_REQUIRED });
  });
export type TAdminNotifyReq = z.infer<typeof ZAdminNotifyReq>;
export const ZAdminNotifyRes = z.object({ sent: z.number().int().min(0) });
export type TAdminNotifyRes = z.infer<typeof ZAdminNotifyRes>;

const zTitle = () => z.string({ error: msgRequired('公告标题') }).trim().min(1, msgRequired('公告标题')).max(ADMIN_LIMITS.titleMax, msgTooLong('公告标题', ADMIN_LIMITS.titleMax));
const zContent = () => z.string({ error: msgRequired('公告内容') }).trim().min(1, msgRequired('公告内容')).max(ADMIN_LIMITS.contentMax, msgTooLong('公告内容', ADMIN_LIMITS.contentMax));

/** POST /api/admin/announcements: title (≤ 100), content (≤ 5000, plain text) → publishes now, `{id}`, msg 发布成功. */
export const ZAnnouncementReq = z.object({ title: zTitle(), content: zContent() });
export type TAnnouncementReq = z.infer<typeof ZAnnouncementReq>;
export const ZAnnouncementCreated = z.object({ id: z.number().int() });
export type TAnnouncementCreated = z.infer<typeof ZAnnouncementCreated>;

/** POST /api/admin/announcements/edit: id, title, content (read marks are kept). Answer null, msg 修改成功. */
export const ZAnnouncementEditReq = z.object({ id: zId(MSG.NOTICE_NOT_FOUND), title: zTitle(), content: zContent() });
export type TAnnouncementEditReq = z.infer<typeof ZAnnouncementEditReq>;

/** POST /api/admin/announcements/withdraw: id. Answer null, msg 撤回成功; 公告已撤回 when already withdrawn. */
export const ZAnnouncementIdReq = z.object({ id: zId(MSG.NOTICE_NOT_FOUND) });
export type TAnnouncementIdReq = z.infer<typeof ZAnnouncementIdReq>;

/** GET /api/admin/announcements query: page, limit (default 20). */
export const ZAnnouncementListQuery = z.object(zPaging(20));
export type TAnnouncementListQuery = z.infer<typeof ZAnnouncementListQuery>;

/**
 * One announcement in the console: status 'published' | 'withdrawn'; publishedAt, updatedAt Unix s;
 * withdrawnAt Unix s or null; current true for the one users see now; reads = users who confirmed it.
 */
export const ZAdminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string().max(ADMIN_LIMITS.titleMax),
  content: z.string().max(ADMIN_LIMITS.contentMax),
  status: z.enum(['published', 'withdrawn']),
  publishedAt: z.number().int(),
  updatedAt: z.number().int(),
  withdrawnAt: z.number().int().nullable(),
  current: z.boolean(),
  reads: z.number().int().min(0),
});
export type TAdminAnnouncement = z.infer<typeof ZAdminAnnouncement>;
/** Answer of GET /api/admin/announcements: newest first, `{list, count}`. */
export const ZAdminAnnouncementsRes = zPaged(ZAdminAnnouncement);
export type TAdminAnnouncementsRes = z.infer<typeof ZAdminAnnouncementsRes>;

/** GET /api/admin/auditLog: page, limit (default 20), action (exact action name, e.g. 'admin.notify'; optional). */
export const ZAuditLogQuery = z.object({
  ...zPaging(20),
  action: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: MSG.BAD_PARAM }).trim().max(ADMIN_LIMITS.actionMax, MSG.BAD_PARAM).optional()),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/** One audit row: actorId/actorMobile null for anonymous or system actions; before/after JSON or null; at Unix s. */
export const ZAuditRow = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorMobile: z.string().max(11).nullable(),
  action: z.string().max(60),
  target: z.string().max(120),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().max(64).nullable(),
  at: z.number().int(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;
/** Answer of GET /api/admin/auditLog: newest first, `{list, count}`. */
export const ZAuditLogRes = zPaged(ZAuditRow);
export type TAuditLogRes = z.infer<typeof ZAuditLogRes>;

