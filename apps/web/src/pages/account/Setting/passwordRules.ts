/**
 * Client validation of the change-password form (spec p1 §5, §8): all three fields required (the
 * shared required message "{field}不能为空", spec p2 §5), the new password follows the shared password
 * rule, differs from the old one (新密码不能与旧密码相同), and the repetition matches (两次新密码不一致).
 * The same rules as the server's ZEditPasswordReq, written with the contract's plain validators so the
 * settings chunk does not carry zod.
 */
import type { FormRule } from 'antd';
import { MSG, msgRequired } from '@cunzheng/contract/messages';
import { toRule, validatePassword } from '@cunzheng/contract/validators';

export interface PasswordForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Field labels (and the required messages built from them). */
export const PASSWORD_LABELS = { oldPassword: '旧密码', password: '新密码', confirmPassword: '确认新密码' } as const;

/** antd rules of each field; `password` re-validates when `oldPassword` changes, `confirmPassword` when `password` does. */
export const passwordFormRules: Record<keyof PasswordForm, FormRule[]> = {
  oldPassword: [{ required: true, message: msgRequired(PASSWORD_LABELS.oldPassword) }],
  password: [
    { required: true, validator: (_r, v: string | undefined) => toRule(validatePassword(v, PASSWORD_LABELS.password)) },
    ({ getFieldValue }) => ({
      validator: (_r, v: string | undefined) => (v && v === getFieldValue('oldPassword') ? Promise.reject(new Error(MSG.PASSWORD_SAME_AS_OLD)) : Promise.resolve()),
    }),
  ],
  confirmPassword: [
    { required: true, message: msgRequired(PASSWORD_LABELS.confirmPassword) },
    ({ getFieldValue }) => ({
      validator: (_r, v: string | undefined) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(MSG.PASSWORD_MISMATCH))),
    }),
  ],
};
