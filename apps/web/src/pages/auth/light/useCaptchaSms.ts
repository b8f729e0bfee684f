/**
 * The captcha → SMS step of the light auth forms (registration, SMS login, password reset; spec p2 §5),
 * as ../components/useCaptchaSms does for antd forms: checks the mobile and the captcha answer, solves
 * the proof of work (issue 9 §3), sends, keeps the smsToken, shows 发送成功, and always refreshes the
 * captcha (one captcha answers one send, right or wrong). `requireToken` puts 请获取短信验证码 on the
 * SMS field when no code was requested yet.
 */
import { useState } from 'react';
import { MSG } from '@cunzheng/contract/messages';
import { validateImgCode } from '@cunzheng/contract/validators';
import { toastLater } from '../../../api/toastLater';
import { useImageCaptcha } from '../../../hooks/useImageCaptcha';
import type { LightForm } from './useLightForm';

/** `request` sends the SMS with the checked values; returns `{captcha, smsToken, send, requireToken}`. */
export function useCaptchaSms(form: LightForm, request: (v: { mobile: string; captchaId: string; imgCode: string; altcha: string }) => Promise<{ token: string }>) {
  const captcha = useImageCaptcha();
  const [smsToken, setSmsToken] = useState('');

  /** The mobile and captcha answer when both are right; else their messages are shown. */
  const checked = (): { mobile: string; imgCode: string } | null => {
    const imgCode = form.get('imgCode').trim();
    const problem = validateImgCode(imgCode);
    const values = form.validate(['mobile']);
    if (problem !== true) {
      form.setError('imgCode', problem);
      return null;
    }
    return values ? { mobile: (values.mobile ?? '').trim(), imgCode } : null;
  };

  /** Sends the SMS; resolves false when a field is wrong or the server refused (its msg was shown). */
  const send = async (): Promise<boolean> => {
    const v = checked();
    if (!v) return false;
    try {
      // Proof of work first (issue 9 §3): solved here, transparently, for every send (its code loads on the first send).
      const { solvePow } = await import('../../../api/pow');
      const altcha = await solvePow();
      const r = await request({ mobile: v.mobile, captchaId: captcha.captchaId, imgCode: v.imgCode, altcha });
      setSmsToken(r.token);
      toastLater('success', MSG.SMS_SENT);
      return true;
    } finally {
      captcha.refresh();
      form.set('imgCode', '');
    }
  };

  /** True when an SMS was requested; otherwise marks the SMS field with 请获取短信验证码. */
  const requireToken = (field = 'smsCode'): boolean => {
    if (smsToken) return true;
    form.setError(field, MSG.SMS_NOT_REQUESTED);
    return false;
  };

  return { captcha, smsToken, send, requireToken };
}
