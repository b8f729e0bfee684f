/**
 * antd Form rules built on the shared validators of `@cunzheng/contract/validators` (spec p2 §5),
 * so the web shows exactly the messages the server answers.
 */
import type { FormRule } from 'antd';
import {
  toRule,
  validateMobile,
  validateNoSpecialChars,
  validatePassword,
  validateSmsCode,
  type Validation,
} from '@cunzheng/contract/validators';

/** Wraps a validator as one antd rule (it handles "required" itself). */
const rule = (fn: (v: string | undefined) => Validation): FormRule => ({
  required: true,
  validator: (_r, v: string | undefined) => toRule(fn(v)),
});

/** Mobile: 请输入手机号码 / 请输入正确格式手机号. */
export const mobileRules: FormRule[] = [rule((v) => validateMobile(v))];
/** Password: "{field}不能为空" / 请输入6-18位数字字母组合密码. */
export const passwordRules = (field = '密码'): FormRule[] => [rule((v) => validatePassword(v, field))];
/** SMS code: 请输入短信验证码 / 短信验证码错误,请重新输入. */
export const smsCodeRules: FormRule[] = [rule(validateSmsCode)];

/** A required text field with a message, a maximum length and no special characters (spec p2 §5). */
export function textRules(requiredMsg: string, max: number, field = ''): FormRule[] {
  return [
    { required: true, whitespace: true, message: requiredMsg },
    { max, message: `${field || '内容'}不能超过${max}个字符` },
    { validator: (_r, v: string | undefined) => toRule(validateNoSpecialChars(v, field)) },
  ];
}

/** Optional text: bounded, no special characters. `tooLong` is the message above `max`. */
export function optionalTextRules(max: number, tooLong: string, field = ''): FormRule[] {
  return [{ max, message: tooLong }, { validator: (_r, v: string | undefined) => toRule(validateNoSpecialChars(v, field)) }];
}

/** "Repeat the password": must equal the field `other`. */
export function confirmRules(other: string, mismatchMsg: string, field = '确认密码'): FormRule[] {
  return [
    { required: true, message: `${field}不能为空` },
    ({ getFieldValue }) => ({
      validator: (_r, v: string | undefined) => (!v || getFieldValue(other) === v ? Promise.resolve() : Promise.reject(new Error(mismatchMsg))),
    }),
  ];
}
