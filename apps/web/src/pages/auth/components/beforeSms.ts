/**
 * Checks the two fields an SMS send needs — the mobile (spec p2 §5) and the image captcha answer —
 * and shows their messages on the form. The captcha is only required for sending (it is consumed
 * by the send), so it has no rule of its own and never blocks the final submit.
 */
import type { FormInstance } from 'antd';
import { validateImgCode } from '@cunzheng/contract/validators';

export async function checkBeforeSms(form: FormInstance): Promise<{ mobile: string; imgCode: string } | null> {
  const imgCode = String(form.getFieldValue('imgCode') ?? '').trim();
  const captcha = validateImgCode(imgCode);
  const mobile = await form
    .validateFields(['mobile'])
    .then((v: { mobile: string }) => v.mobile.trim())
    .catch(() => null);
  if (captcha !== true) {
    form.setFields([{ name: 'imgCode', errors: [captcha] }]);
    return null;
  }
  return mobile === null ? null : { mobile, imgCode };
}
