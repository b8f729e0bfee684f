/**
 * The shared validators of spec p2 §5 as zod field schemas, used by the call schemas of every context
 * (server route validation and web forms alike). Each field trims like a form would (passwords excepted),
 * is bounded with .max(), and fails with the validator's Chinese message; a missing field gets the
 * "empty" message of its validator.
 */
import { z } from 'zod';
import { zValidated } from './common.ts';
import { MSG, msgLength18, msgRequired } from './messages.ts';
import {
  parseIdCard,
  validateChineseName,
  validateCreditCode,
  validateDigits8to25,
  validateEmail,
  validateEvidenceUrl,
  validateExtractCode,
  validateExtractCodeInput,
  validateIdCard,
  validateImgCode,
  validateMobile,
  validatePassword,
  validateReservedPhone,
  validateSmsCode,
} from './validators.ts';

/** Mobile (spec p2 §5): missing/empty 请输入手机号码, wrong 请输入正确格式手机号 (or `formatMsg`). */
export const zMobile = (formatMsg: string = MSG.MOBILE_FORMAT) =>
  zValidated((v) => validateMobile(v, formatMsg), { required: MSG.MOBILE_REQUIRED, max: 11, tooLong: formatMsg });

/** Password (spec p2 §5): missing/empty "{field}不能为空", else 请输入6-18位数字字母组合密码. Not trimmed. */
export const zPassword = (field = '密码') =>
  zValidated((v) => validatePassword(v, field), { required: msgRequired(field), max: 18, tooLong: MSG.PASSWORD_FORMAT, trim: false });

/** Image captcha answer (spec p2 §5): 请输入图形验证码 / 图形验证码不正确. */
export const zImgCode = () => zValidated(validateImgCode, { required: MSG.IMG_CODE_REQUIRED, max: 4, tooLong: MSG.IMG_CODE_WRONG });

/** SMS code (spec p2 §5): 请输入短信验证码 / 短信验证码错误,请重新输入. */
export const zSmsCode = () => zValidated(validateSmsCode, { required: MSG.SMS_CODE_REQUIRED, max: 6, tooLong: MSG.SMS_CODE_WRONG });

/** The token answered by an SMS send; missing → 请获取短信验证码 (spec p1 §5, p2 §5). */
export const zSmsToken = () => z.string({ error: MSG.SMS_NOT_REQUESTED }).trim().min(1, MSG.SMS_NOT_REQUESTED).max(200, MSG.SMS_NOT_REQUESTED);

/** Unified social credit code (spec p2 §5 + GB 32100), upper-cased. */
export const zCreditCode = (field = '统一社会信用代码') =>
  zValidated((v) => validateCreditCode(v, field), { required: msgRequired(field), max: 18, tooLong: msgLength18(field) }).transform((v) => v.toUpperCase());

/** Digits 8–25 long, e.g. a bank account number (spec p2 §5). */
export const zDigits8to25 = (field = '银行账号') =>
  zValidated((v) => validateDigits8to25(v, field), { required: msgRequired(field), max: 25, tooLong: `请输入正确的${field}` });

/** Chinese name of 2–6 Han characters (spec p2 §5): 请输入姓名 / 请输入2-6个汉字的姓名. */
export const zChineseName = () => zValidated(validateChineseName, { required: MSG.NAME_REQUIRED, max: 6, tooLong: MSG.CHINESE_NAME_FORMAT });

/** Chinese ID number (spec p2 §5), upper-cased: 请输入身份证号码 / 请输入正确的身份证号码. */
export const zIdCard = () =>
  zValidated((v) => validateIdCard(v), { required: MSG.ID_CARD_REQUIRED, max: 18, tooLong: MSG.ID_CARD_FORMAT }).transform((v) => v.toUpperCase());

/** An ID number parsed into `{idCard, birth, sex}` (spec p2 §5 auto-fill of birth date and sex). */
export const zIdCardInfo = () => zIdCard().transform((v) => parseIdCard(v)!);

/** Email (spec p2 §5): "{field}不能为空" / 请输入正确的邮箱地址. */
export const zEmail = (field = '邮箱') => zValidated((v) => validateEmail(v, field), { required: msgRequired(field), max: 254, tooLong: MSG.EMAIL_FORMAT });

/** Evidence web address, http(s) (spec p2 §5): 网页地址格式错误,请重新输入. */
export const zEvidenceUrl = () => zValidated(validateEvidenceUrl, { required: MSG.URL_FORMAT, max: 2048, tooLong: MSG.URL_FORMAT });

/** The account's own 6-digit extraction code (spec p2 §5). */
export const zExtractCode = () => zValidated(validateExtractCode, { required: MSG.EXTRACT_CODE_REQUIRED, max: 6, tooLong: MSG.EXTRACT_CODE_FORMAT });

/** The 证据提取 dialog field (spec p2 §2, §9): required, at most 30 characters. */
export const zExtractCodeInput = () =>
  zValidated(validateExtractCodeInput, { required: MSG.EXTRACT_CODE_REQUIRED, max: 30, tooLong: MSG.EXTRACT_CODE_TOO_LONG });

/** Reserved phone of enterprise KYC (spec p2 §5): 预留手机号不能为空, else the mobile rule. */
export const zReservedPhone = () => zValidated(validateReservedPhone, { required: MSG.RESERVED_PHONE_REQUIRED, max: 11, tooLong: MSG.MOBILE_FORMAT });

/** Contact name (spec p2 §5): 联系人不能为空; at most `max` characters. */
export const zContact = (max = 30) => z.string({ error: MSG.CONTACT_REQUIRED }).trim().min(1, MSG.CONTACT_REQUIRED).max(max, `联系人不能超过${max}个字符`);

/** Gender 0 male / 1 female as a form string or number (spec p2 §3, §5): 性别不能为空. */
export const zGender = () =>
  z.preprocess((v) => (v === '0' ? 0 : v === '1' ? 1 : v), z.literal([0, 1], { error: MSG.GENDER_REQUIRED }));

/**
 * The proof-of-work solution every SMS send carries (issue 9 §3): base64 of the JSON altcha payload
 * `{challenge, solution}` for a challenge of GET /api/Register/powChallenge. 请完成人机验证 when absent.
 */
export const zAltcha = () => z.string({ error: MSG.POW_REQUIRED }).trim().min(1, MSG.POW_REQUIRED).max(4000, MSG.POW_FAILED);

/** Optional image-captcha fields of calls that ask for a captcha only after repeated failures (issue 9 §3). */
export const zOptionalCaptcha = () => ({
  captchaId: z.string().trim().max(64, MSG.IMG_CODE_WRONG).optional(),
  imgCode: z.string().trim().max(8, MSG.IMG_CODE_WRONG).optional(),
});
