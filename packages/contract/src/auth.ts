/**
 * Account calls (issue 2 §3; spec p1 §5, §7; p2 §3, §5): request and answer data of registration,
 * password and SMS login, SMS sends, password reset and change, logout, and the user info.
 * Requests are form-encoded (numbers arrive as strings) or JSON; every failure carries the field's
 * Chinese message. `TFoo` is the parsed (output) type.
 */
import { z } from 'zod';
import { noSpecialChars, zFormCode } from './common.ts';
import { zAltcha, zImgCode, zMobile, zOptionalCaptcha, zPassword, zSmsCode, zSmsToken } from './fields.ts';
import { MSG, msgRequired } from './messages.ts';

// ── Image captcha ─────────────────────────────────────────────────────────

/** POST /api/Register/getImgCode → data (no request fields). `img` is a `data:image/png;base64,…` URL (issue 9 §3). */
export const ZImgCaptcha = z.object({
  captchaId: z.string().max(64),
  img: z.string().max(200_000),
});
export type TImgCaptcha = z.infer<typeof ZImgCaptcha>;

// ── SMS sends ─────────────────────────────────────────────────────────────


/** GET /api/Register/powChallenge → data: an altcha v2 challenge (`parameters` signed by `signature`), valid 5 minutes. */
export const ZPowChallenge = z.object({
  parameters: z.object({
    algorithm: z.string().max(40),
    nonce: z.string().max(200),
    salt: z.string().max(200),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string().max(200),
    keySignature: z.string().max(200).optional(),
    expiresAt: z.number().int().optional(),
  }),
  signature: z.string().max(200).optional(),
});
export type TPowChallenge = z.infer<typeof ZPowChallenge>;

/**
 * POST /api/Register/sendSMS, /api/login/sendLoginSMS, /api/Register/sendResetSMS: the mobile and the
 * image-captcha answer (each SMS send costs a captcha).
 */
export const ZSendSmsReq = z.object({
  mobile: zMobile(),
  captchaId: z.string({ error: MSG.IMG_CODE_WRONG }).trim().min(1, MSG.IMG_CODE_WRONG).max(64, MSG.IMG_CODE_WRONG),
  imgCode: zImgCode(),
  altcha: zAltcha(),
});
export type TSendSmsReq = z.infer<typeof ZSendSmsReq>;

/** Answer of every SMS send: `token` identifies the sent code and is sent back as `smsToken`. */
export const ZSmsToken = z.object({ token: z.string().max(200) });
export type TSmsToken = z.infer<typeof ZSmsToken>;

// ── User info ─────────────────────────────────────────────────────────────

/**
 * The user info stored locally by the web app (spec p1 §3, p2 §3). Numbers throughout; 0 means "none"
 * for the optional statuses and ids.
 * - userStatus: 1 not verified, 2 under review, 3 passed, 4 failed (p2 §4).
 * - status: account type, 1 personal, 2 company.
 * - type: personal KYC type, 0 none, 1 photo upload, 2 face recognition.
 * - companyStatus: for a member, the parent company's userStatus (0 when not a member).
 * - repairType: supplementary ID upload, 0 none, 1 needed, 2 under review, 3 passed, 4 failed.
 * - bindTime: Unix seconds the member was bound (0 when not a member); bindStatus: member status 1–4 (0 none);
 *   memberId: company_members id (0 none).
 * - points: available points in integer hundredths of a point (the UI shows 2 decimals).
 * - newsNum: unread notifications.
 * - role: the platform role ('user' | 'operator'), not the ROLE header of enterprise members.
 */
export const ZUserInfo = z.object({
  userId: z.number().int(),
  mobile: z.string().max(11),
  userStatus: z.number().int().min(1).max(4),
  status: z.number().int().min(1).max(2),
  type: z.number().int().min(0).max(2).default(0),
  companyStatus: z.number().int().min(0).max(4).default(0),
  repairType: z.number().int().min(0).max(4).default(0),
  bindTime: z.number().int().min(0).default(0),
  bindStatus: z.number().int().min(0).max(4).default(0),
  memberId: z.number().int().min(0).default(0),
  points: z.number().int(),
  newsNum: z.number().int().min(0).default(0),
  contactPhone: z.string().max(20),
  contactName: z.string().max(60),
  company: z.string().max(100),
  extractCode: z.string().max(6),
  role: z.enum(['user', 'operator']).default('user'),
  /** Staff of a notary office (the notary role, issue 15): the web shows 公证工作台. */
  notary: z.boolean().default(false),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** `{token, userInfo}` answered by register, password login and SMS login. */
export const ZLoginRes = z.object({ token: z.string().max(200), userInfo: ZUserInfo });
export type TLoginRes = z.infer<typeof ZLoginRes>;

// ── Register ──────────────────────────────────────────────────────────────

/** Personal name at registration: required for type 1, up to 30 characters, no special characters. */
const name = z.string({ error: MSG.BAD_PARAM }).trim().max(30, '姓名不能超过30个字符').superRefine(noSpecialChars('姓名'));
/** Company name at registration: required for type 2, up to 100 characters, no special characters. */
const company = z.string({ error: MSG.BAD_PARAM }).trim().max(100, '企业名称不能超过100个字符').superRefine(noSpecialChars('企业名称'));

/**
 * POST /api/Register: mobile, SMS code and its token, password, type (1 personal | 2 company) and name
 * (type 1, 请输入姓名 when blank) or company (type 2, 请输入企业名称 when blank). Missing names parse to '';
 * the server stores `name` for type 1 and `company` for type 2 and ignores the other.
 */
export const ZRegisterReq = z
  .object({
    mobile: zMobile(),
    smsCode: zSmsCode(),
    smsToken: zSmsToken(),
    password: zPassword(),
    type: zFormCode([1, 2], MSG.ACCOUNT_TYPE_REQUIRED),
    name: name.default(''),
    company: company.default(''),
  })
  .superRefine((o, ctx) => {
    if (o.type === 1 && o.name === '') ctx.addIssue({ code: 'custom', path: ['name'], message: MSG.NAME_REQUIRED });
    if (o.type === 2 && o.company === '') ctx.addIssue({ code: 'custom', path: ['company'], message: MSG.COMPANY_REQUIRED });
  });
export type TRegisterReq = z.infer<typeof ZRegisterReq>;

// ── Login ─────────────────────────────────────────────────────────────────


/** data of the 400 answer that asks the client to show an image captcha and retry (issue 9 §3). */
export const ZNeedCaptcha = z.object({ needCaptcha: z.literal(1) });
export type TNeedCaptcha = z.infer<typeof ZNeedCaptcha>;

/**
 * POST /api/login: mobile and password (the shared password rule of spec p2 §5), plus an image captcha
 * once the server asked for it (issue 9 §3: after repeated failures for the account or the client it answers
 * 请输入图形验证码 / 图形验证码不正确 with data `{needCaptcha: 1}`).
 */
export const ZLoginReq = z.object({ mobile: zMobile(), password: zPassword(), ...zOptionalCaptcha() });
export type TLoginReq = z.infer<typeof ZLoginReq>;

/** POST /api/login/sms: mobile, SMS code and the token of POST /api/login/sendLoginSMS. */
export const ZLoginSmsReq = z.object({ mobile: zMobile(), smsCode: zSmsCode(), smsToken: zSmsToken() });
export type TLoginSmsReq = z.infer<typeof ZLoginSmsReq>;

// ── Passwords ─────────────────────────────────────────────────────────────

/**
 * POST /api/login/resetPassword: mobile, SMS code and the token of POST /api/Register/sendResetSMS, the new
 * password and its repetition (两次新密码不一致 when they differ).
 */
export const ZResetPasswordReq = z
  .object({
    mobile: zMobile(),
    smsCode: zSmsCode(),
    smsToken: zSmsToken(),
    password: zPassword('新密码'),
    confirmPassword: z.string({ error: msgRequired('确认新密码') }).min(1, msgRequired('确认新密码')).max(18, MSG.PASSWORD_MISMATCH),
  })
  .superRefine((o, ctx) => {
    if (o.password !== o.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.PASSWORD_MISMATCH });
  });
export type TResetPasswordReq = z.infer<typeof ZResetPasswordReq>;

/**
 * POST /api/user/editPassword (spec p1 §5, §7): oldPassword, password, confirmPassword all required
 * ("旧密码不能为空", "新密码不能为空", "确认新密码不能为空"); the new password follows the shared rule;
 * the two new passwords must match (两次新密码不一致) and the new must differ from the old
 * (新密码不能与旧密码相同). The old password is only checked against the stored hash by the server
 * (旧密码错误).
 */
export const ZEditPasswordReq = z
  .object({
    oldPassword: z.string({ error: msgRequired('旧密码') }).min(1, msgRequired('旧密码')).max(64, MSG.OLD_PASSWORD_WRONG),
    password: zPassword('新密码'),
    confirmPassword: z.string({ error: msgRequired('确认新密码') }).min(1, msgRequired('确认新密码')).max(18, MSG.PASSWORD_MISMATCH),
  })
  .superRefine((o, ctx) => {
    if (o.password !== o.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.PASSWORD_MISMATCH });
    else if (o.password === o.oldPassword) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.PASSWORD_SAME_AS_OLD });
  });
export type TEditPasswordReq = z.infer<typeof ZEditPasswordReq>;
