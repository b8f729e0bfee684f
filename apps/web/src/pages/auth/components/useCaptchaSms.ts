/**
 * The captcha → SMS step shared by registration, SMS login, password reset and the extraction-code
 * reset (spec p2 §5): checks the fields an SMS send needs, solves the proof of work (issue 9 §3), sends,
 * keeps the smsToken, shows 发送成功,
 * and always refreshes the captcha (one captcha answers one send, right or wrong). `requireToken`
 * puts 请获取短信验证码 on the SMS field when no code was requested yet.
 */
import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { validateImgCode } from '@cunzheng/contract/validators';
import { solvePow } from '../../../api/pow';
import { useImageCaptcha } from '../../../hooks/useImageCaptcha';
import { checkBeforeSms } from './beforeSms';

export interface CaptchaSmsOptions {
  /** The form has no mobile field (the SMS goes to the account's own mobile). */
  ownMobile?: boolean;
}

/** `request` sends the SMS with the checked values; returns `{captcha, smsToken, send, requireToken}`. */
export function useCaptchaSms(
  form: FormInstance,
  request: (v: { mobile: string; captchaId: string; imgCode: string; altcha: string }) => Promise<{ token: string }>,
  opts: CaptchaSmsOptions = {},
) {
  const captcha = useImageCaptcha();
  const [smsToken, setSmsToken] = useState('');
  const { message } = App.useApp();

  const checked = async (): Promise<{ mobile: string; imgCode: string } | null> => {
    if (!opts.ownMobile) return checkBeforeSms(form);
    const imgCode = String(form.getFieldValue('imgCode') ?? '').trim();
    const problem = validateImgCode(imgCode);
    if (problem === true) return { mobile: '', imgCode };
    form.setFields([{ name: 'imgCode', errors: [problem] }]);
    return null;
  };

  /** Sends the SMS; resolves false when a field is wrong or the server refused (its msg was shown). */
  const send = async (): Promise<boolean> => {
    const v = await checked();
    if (!v) return false;
    try {
      // Proof of work first (issue 9 §3): solved here, transparently, for every send.
      const altcha = await solvePow();
      const r = await request({ mobile: v.mobile, captchaId: captcha.captchaId, imgCode: v.imgCode, altcha });
      setSmsToken(r.token);
      void message.success(MSG.SMS_SENT);
      return true;
    } finally {
      captcha.refresh();
      form.setFieldValue('imgCode', '');
    }
  };

  /** True when an SMS was requested; otherwise marks the SMS field with 请获取短信验证码. */
  const requireToken = (field = 'smsCode'): boolean => {
    if (smsToken) return true;
    form.setFields([{ name: field, errors: [MSG.SMS_NOT_REQUESTED] }]);
    return false;
  };

  return { captcha, smsToken, send, requireToken };
}
