/**
 * Enterprise form rules (spec p2 §5) as antd validators over the shared contract validators, and the ID
 * auto-fill of the authorised person's birth date and sex (second-to-last digit of 18-digit IDs, last digit
 * of 15-digit IDs; even = female).
 */
import type { Rule } from 'antd/es/form';
import { parseIdCard } from '@cunzheng/contract/idcard';
import { validateCreditCode, validateDigits8to25, validateIdCard, validateMobile, validateReservedPhone, type Validation } from '@cunzheng/contract/validators';

const by = (f: (v: string) => Validation): Rule => ({
  validator: async (_r, v: unknown) => {
    const r = f(String(v ?? '').trim());
    if (r !== true) throw new Error(r);
  },
});
const required = (message: string): Rule => ({ required: true, whitespace: true, message });

export const RULES = {
  name: [required('请输入企业名称')],
  code: [by((v) => validateCreditCode(v))],
  address: [required('请输入企业地址')],
  legalName: [required('请输入法人姓名')],
  account: [required('请输入账户名称')],
  bank: [required('请输入开户银行')],
  bankNo: [by((v) => validateDigits8to25(v, '银行账号'))],
  mobileReserve: [by(validateReservedPhone)],
  contactIdcard: [by((v) => validateIdCard(v))],
  authorName: [required('请输入被授权人姓名')],
  authorPhone: [by((v) => validateMobile(v))],
  authorIdcard: [by((v) => validateIdCard(v))],
} satisfies Record<string, Rule[]>;

/** Birth date (YYYY-MM-DD) and sex (0 male, 1 female) of a valid 15- or 18-digit ID number; null otherwise. */
export function autoFill(idCard: string): { authorBrith: string; authorSex: 0 | 1 } | null {
  const p = parseIdCard(idCard.trim());
  return p ? { authorBrith: p.birth, authorSex: p.sex } : null;
}
