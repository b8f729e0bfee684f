/**
 * Reset of the evidence extraction code (spec p1 §2 /setting; issue 5 §1): the image captcha, an SMS
 * code sent to the account's own mobile (POST /api/user/resetExtractCode/sendSMS → token), then
 * POST /api/user/resetExtractCode → the new 6-digit code; the old one stops working at once. The new
 * code is stored in the session's user info and the server's msg (证据提取码已重置) is shown.
 */
import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { resetExtractCode, sendResetExtractSms } from '../../../api/account';
import { getSession, setUserInfo } from '../../../stores/session';
import { CaptchaField } from '../../auth/components/CaptchaField';
import { SmsCodeField } from '../../auth/components/SmsCodeField';
import { useCaptchaSms } from '../../auth/components/useCaptchaSms';
import { maskMobile } from '../shared/mask';

interface ResetForm {
  imgCode: string;
  smsCode: string;
}

export interface ResetExtractDialogProps {
  open: boolean;
  mobile: string;
  onClose: () => void;
}

/** The dialog; its body (and captcha) mounts only while open. */
export function ResetExtractDialog({ open, mobile, onClose }: ResetExtractDialogProps) {
  return (
    <Modal open={open} title="重置证据提取码" onCancel={onClose} footer={null} destroyOnHidden width={460}>
      {open ? <ResetForm mobile={mobile} onClose={onClose} /> : null}
    </Modal>
  );
}

function ResetForm({ mobile, onClose }: Omit<ResetExtractDialogProps, 'open'>) {
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, (v) => sendResetExtractSms({ captchaId: v.captchaId, imgCode: v.imgCode, altcha: v.altcha }), { ownMobile: true });

  const onFinish = async (v: ResetForm) => {
    if (!requireToken()) return;
    setBusy(true);
    try {
      const { data, msg } = await resetExtractCode({ smsCode: v.smsCode.trim(), smsToken });
      const u = getSession().userInfo;
      if (u) setUserInfo({ ...u, extractCode: data.extractCode });
      void qc.invalidateQueries({ queryKey: ['user/info'] });
      void message.success(msg || MSG.EXTRACT_CODE_RESET);
      onClose();
    } catch {
      // The wrapper showed the server's message (wrong or expired SMS code).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <p className="setting-reset-note">
        重置后原提取码立即失效，已告知他人的提取码需要重新告知。短信验证码将发送至 <strong>{maskMobile(mobile)}</strong>。
      </p>
      <CaptchaField captcha={captcha} />
      <SmsCodeField onSend={send} />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        确认重置
      </Button>
    </Form>
  );
}
