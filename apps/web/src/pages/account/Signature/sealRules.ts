/**
 * Client rules of 生成印章 (the same as the server's ZSignatureGenerateReq): text required (请输入印章文字),
 * a personal seal 2–4 Chinese characters (个人印章请输入2-4个汉字), a company name 2–30 characters
 * (企业名称至少2个字符), the optional line under the star at most 10, no special characters.
 */
import type { FormRule } from 'antd';
import { MSG, msgTooLong } from '@cunzheng/contract/messages';
import { toRule, validateNoSpecialChars } from '@cunzheng/contract/validators';

export type SealType = 'company' | 'personal';

/** Limits (SIGNATURE_LIMITS.companyNameMax / subTextMax of the contract). */
export const SEAL_LIMITS = { nameMax: 30, subTextMax: 10 } as const;

/** The problem with a seal's text, or null. */
export function sealNameProblem(type: SealType, raw: string | undefined): string | null {
  const name = (raw ?? '').trim();
  if (!name) return MSG.SEAL_NAME_REQUIRED;
  if ([...name].length > SEAL_LIMITS.nameMax) return msgTooLong('印章文字', SEAL_LIMITS.nameMax);
  const special = validateNoSpecialChars(name, '印章文字');
  if (special !== true) return special;
  if (type === 'personal' && !/^[\u3400-\u9fff]{2,4}$/.test(name)) return MSG.SEAL_PERSON_NAME_FORMAT;
  if (type === 'company' && [...name].length < 2) return MSG.SEAL_COMPANY_NAME_FORMAT;
  return null;
}

/** antd rules of the name field (reads the chosen type from the form). */
export const sealNameRules: FormRule[] = [
  ({ getFieldValue }) => ({
    required: true,
    validator: (_r, v: string | undefined) => {
      const p = sealNameProblem(getFieldValue('type') as SealType, v);
      return p ? Promise.reject(new Error(p)) : Promise.resolve();
    },
  }),
];

/** antd rules of the optional line under the star. */
export const subTextRules: FormRule[] = [
  { max: SEAL_LIMITS.subTextMax, message: msgTooLong('印章下方文字', SEAL_LIMITS.subTextMax) },
  { validator: (_r, v: string | undefined) => toRule(validateNoSpecialChars(v, '印章下方文字')) },
];
