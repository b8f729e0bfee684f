/**
 * Field checks of the light auth forms, with the messages of ../../../utils/rules.ts (the antd rules the
 * other forms use), all built on `@cunzheng/contract/validators` (spec p2 §5).
 */
import { validateNoSpecialChars, validateSmsCode, type Validation } from '@cunzheng/contract/validators';
import type { Check } from './useLightForm';

/** SMS code: 请输入短信验证码 / 短信验证码错误,请重新输入. */
export const smsCodeCheck: Check = (v) => validateSmsCode(v);

/** A required text (textRules): `requiredMsg` when blank, then the length bound, then no special characters. */
export function textCheck(requiredMsg: string, max: number, field = ''): Check {
  return (v): Validation => {
    if (v.trim() === '') return requiredMsg;
    if (v.length > max) return `${field || '内容'}不能超过${max}个字符`;
    return validateNoSpecialChars(v, field);
  };
}

/** "Repeat the password" (confirmRules): "{field}不能为空", then equal to the field `other`. */
export function confirmCheck(other: string, mismatchMsg: string, field = '确认密码'): Check {
  return (v, all): Validation => {
    if (v === '') return `${field}不能为空`;
    return all[other] === v ? true : mismatchMsg;
  };
}
