/**
 * The shared validators of spec p2 §5 as pure functions: each takes the value as typed and returns
 * `true` when it is acceptable, else the Chinese message to show (messages from ./messages.ts).
 * They do not trim: the zod fields of ./fields.ts trim first where a form would, then call these.
 * Usable as antd Form rules (`validator: (_, v) => toRule(validateMobile(v))`) and on the server.
 */
import { CAPTCHA_LENGTH, EXTRACT_CODE_LENGTH, EXTRACT_CODE_MAX, SMS_CODE_LENGTH } from './constants.ts';
import { isCreditCode, parseIdCard } from './idcard.ts';
import { MSG, msgInvalid, msgLength18, msgNoSpecialChars, msgRequired } from './messages.ts';

export { creditCodeCheckChar, idCardCheckChar, isCreditCode, parseIdCard, type IdCardInfo } from './idcard.ts';

/** A validator's answer: `true` or the Chinese message. */
export type Validation = true | string;

/** spec p2 §5 mobile: 11 digits, starts with 1, second digit 3–9. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** spec p2 §5 password: 6–18 letters and digits, at least one of each. */
export const PASSWORD_RE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,18}$/;
/** spec p2 §5 image captcha: 4 letters or digits. */
export const IMG_CODE_RE = new RegExp(`^[A-Za-z\\d]{${CAPTCHA_LENGTH}}$`);
/** spec p2 §5 SMS code: exactly 6 digits. */
export const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
/** spec p2 §5 extraction code: 6 digits. */
export const EXTRACT_CODE_RE = new RegExp(`^\\d{${EXTRACT_CODE_LENGTH}}$`);
/** spec p2 §5: digits, 8–25 long (bank account numbers). */
export const DIGITS_8_25_RE = /^\d{8,25}$/;
/** spec p2 §5: a Chinese name of 2–6 Han characters. */
export const CHINESE_NAME_RE = /^\p{Script=Han}{2,6}$/u;
/** spec p2 §5: characters that are not allowed: { } < > [ ] \ " '. */
export const SPECIAL_CHARS_RE = /[{}<>[\]\\"']/;
/** Email: local part of common characters, dotted domain with an alphabetic TLD of 2+ letters. */
export const EMAIL_RE =
  /^[A-Za-z\d!#$%&*+/=?^_`|~-]+(?:\.[A-Za-z\d!#$%&*+/=?^_`|~-]+)*@(?:[A-Za-z\d](?:[A-Za-z\d-]{0,61}[A-Za-z\d])?\.)+[A-Za-z]{2,63}$/;
/** Shape of an http(s) URL as typed: scheme, host (domain, IPv4 or [IPv6]), optional port and rest. */
const URL_SHAPE_RE =
  /^https?:\/\/(?:(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:[\p{L}]{2,63}|xn--[a-z\d-]{1,59})|localhost|(?:\d{1,3}\.){3}\d{1,3}|\[[\da-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** True for undefined, null or a string that is empty after trimming. */
const blank = (v: string | null | undefined): v is '' | null | undefined => v == null || v.trim() === '';

/** Turns a validation into a promise for antd Form `validator` rules (rejects with the message). */
export const toRule = (v: Validation): Promise<void> => (v === true ? Promise.resolve() : Promise.reject(new Error(v)));

/** spec p2 §5: a required field — "{field}不能为空" when blank. */
export function validateRequired(value: string | null | undefined, field: string): Validation {
  return blank(value) ? msgRequired(field) : true;
}

/** True when `value` is a mainland mobile number (spec p2 §5). */
export const isMobile = (value: string): boolean => MOBILE_RE.test(value);

/**
 * spec p2 §5 mobile: empty → 请输入手机号码; wrong → 请输入正确格式手机号 (or `formatMsg`, e.g.
 * MSG.MOBILE_FORMAT_MEMBER 请输入正确格式手机号码 in the member dialog, spec p1 §5).
 */
export function validateMobile(value: string | null | undefined, formatMsg: string = MSG.MOBILE_FORMAT): Validation {
  if (blank(value)) return MSG.MOBILE_REQUIRED;
  return isMobile(value) ? true : formatMsg;
}

/** spec p2 §5 reserved phone (enterprise KYC): empty → 预留手机号不能为空; else the mobile rule. */
export function validateReservedPhone(value: string | null | undefined): Validation {
  return blank(value) ? MSG.RESERVED_PHONE_REQUIRED : validateMobile(value);
}

/** spec p2 §5 contact: empty → 联系人不能为空. */
export function validateContact(value: string | null | undefined): Validation {
  return blank(value) ? MSG.CONTACT_REQUIRED : true;
}

/** spec p2 §5 gender: 0 male or 1 female (number or string) else 性别不能为空. */
export function validateGender(value: number | string | null | undefined): Validation {
  return value === 0 || value === 1 || value === '0' || value === '1' ? true : MSG.GENDER_REQUIRED;
}

/** spec p2 §5 password: empty → "{field}不能为空"; else 6–18 letters and digits, both kinds (请输入6-18位数字字母组合密码). */
export function validatePassword(value: string | null | undefined, field = '密码'): Validation {
  if (value == null || value === '') return msgRequired(field);
  return PASSWORD_RE.test(value) ? true : MSG.PASSWORD_FORMAT;
}

/** spec p2 §5 image captcha: empty → 请输入图形验证码; not 4 letters/digits → 图形验证码不正确. */
export function validateImgCode(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.IMG_CODE_REQUIRED;
  return IMG_CODE_RE.test(value) ? true : MSG.IMG_CODE_WRONG;
}

/** spec p2 §5 SMS code: empty → 请输入短信验证码; not 6 digits → 短信验证码错误,请重新输入. */
export function validateSmsCode(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.SMS_CODE_REQUIRED;
  return SMS_CODE_RE.test(value) ? true : MSG.SMS_CODE_WRONG;
}

/** spec p2 §5 18-character code: exactly 18 letters or digits, else 请输入18位的{field}. */
export function validateLength18(value: string | null | undefined, field: string): Validation {
  return value != null && /^[A-Za-z\d]{18}$/.test(value) ? true : msgLength18(field);
}

/**
 * Unified social credit code (spec p2 §5 18-character code + GB 32100 check character):
 * empty → "{field}不能为空"; not 18 letters/digits → 请输入18位的{field}; wrong characters or check
 * character → 请输入正确的{field}. Lower case is accepted (codes are case-insensitive when typed).
 */
export function validateCreditCode(value: string | null | undefined, field = '统一社会信用代码'): Validation {
  if (blank(value)) return msgRequired(field);
  const v = validateLength18(value, field);
  if (v !== true) return v;
  return isCreditCode(value.toUpperCase()) ? true : msgInvalid(field);
}

/** spec p2 §5 digits 8–25 long (bank account numbers): empty → "{field}不能为空"; else 请输入正确的{field}. */
export function validateDigits8to25(value: string | null | undefined, field = '银行账号'): Validation {
  if (blank(value)) return msgRequired(field);
  return DIGITS_8_25_RE.test(value) ? true : msgInvalid(field);
}

/** spec p2 §5 Chinese name, 2–6 Han characters: empty → 请输入姓名; else 请输入2-6个汉字的姓名. */
export function validateChineseName(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.NAME_REQUIRED;
  return CHINESE_NAME_RE.test(value) ? true : MSG.CHINESE_NAME_FORMAT;
}

/**
 * spec p2 §5 Chinese ID number (15 or 18 digits, real birth date, MOD 11-2 check for 18 digits; trailing
 * x accepted): empty → 请输入身份证号码; invalid → 请输入正确的身份证号码. Use `parseIdCard` for the
 * birth date and sex.
 */
export function validateIdCard(value: string | null | undefined, today: Date = new Date()): Validation {
  if (blank(value)) return MSG.ID_CARD_REQUIRED;
  return parseIdCard(value, today) ? true : MSG.ID_CARD_FORMAT;
}

/** spec p2 §5 extraction code of an account: 6 digits. Empty → 请输入证据提取码; else 证据提取码为6位数字. */
export function validateExtractCode(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.EXTRACT_CODE_REQUIRED;
  return EXTRACT_CODE_RE.test(value) ? true : MSG.EXTRACT_CODE_FORMAT;
}

/**
 * spec p2 §2, §9 the 证据提取 dialog field: required, at most 30 characters (the code itself is checked
 * by the server against the owner's, 证据提取码错误).
 */
export function validateExtractCodeInput(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.EXTRACT_CODE_REQUIRED;
  return [...value].length <= EXTRACT_CODE_MAX ? true : MSG.EXTRACT_CODE_TOO_LONG;
}

/** spec p2 §5 email: empty → "{field}不能为空"; else 请输入正确的邮箱地址 (max 254 characters, local part 64). */
export function validateEmail(value: string | null | undefined, field = '邮箱'): Validation {
  if (blank(value)) return msgRequired(field);
  const at = value.lastIndexOf('@');
  if (value.length > 254 || at > 64 || !EMAIL_RE.test(value)) return MSG.EMAIL_FORMAT;
  return true;
}

/**
 * spec p2 §5 special characters not allowed ({ } < > [ ] \ " '): → "{field}不能包含特殊字符"
 * (just 不能包含特殊字符 without a field). Empty values pass (combine with validateRequired).
 */
export function validateNoSpecialChars(value: string | null | undefined, field = ''): Validation {
  if (value == null) return true;
  return SPECIAL_CHARS_RE.test(value) ? msgNoSpecialChars(field) : true;
}

/**
 * spec p2 §5 evidence address: an http or https URL with a host (domain with a TLD, IPv4, [IPv6] or
 * localhost), no spaces, at most 2048 characters; else 网页地址格式错误,请重新输入 (also when empty).
 */
export function validateEvidenceUrl(value: string | null | undefined): Validation {
  if (blank(value) || value.length > 2048 || !URL_SHAPE_RE.test(value)) return MSG.URL_FORMAT;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return MSG.URL_FORMAT;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return MSG.URL_FORMAT;
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(url.hostname);
  if (ipv4 && ipv4.slice(1).some((n) => Number(n) > 255)) return MSG.URL_FORMAT;
  return true;
}

/** spec p2 §5 phone-or-Chinese-text (some login fields): a mobile number or Han text, else 请输入手机号或中文. */
export function validateMobileOrChinese(value: string | null | undefined): Validation {
  if (blank(value)) return MSG.MOBILE_REQUIRED;
  return isMobile(value) || /^\p{Script=Han}+$/u.test(value) ? true : MSG.MOBILE_OR_CHINESE;
}
