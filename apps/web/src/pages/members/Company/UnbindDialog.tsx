/**
 * Unbind dialog of a member (spec p2 §2, §4, §5, §7): an SMS code to the member's own mobile (type 8,
 * companyName); confirm disabled until a code is typed; a code must have been requested (请获取短信验证码).
 * On success: logged out, local storage cleared, to /login.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal } from 'antd';
import type { TMemberCompanyInfo } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import { memberSendMsg, memberUnbind } from '../../../api/members';
import { toastLater } from '../../../api/toastLater';
import { clearSession } from '../../../stores/session';
import { SmsCodeRow } from '../shared/SmsCodeRow';

export function UnbindDialog({ info, onClose }: { info: TMemberCompanyInfo; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    try {
      setToken((await memberSendMsg({ mobile: info.mobile, type: 8, companyName: info.company })).token);
      void message.success(MSG.SMS_SENT);
      return true;
    } catch {
      return false;
    }
  };
  const submit = async () => {
    if (!token) return void message.error(MSG.SMS_NOT_REQUESTED);
    setBusy(true);
    try {
      const r = await memberUnbind({ member_id: info.member_id, son_uid: info.son_uid, smsCode: code, smsToken: token });
      toastLater('success', r.msg || MSG.UNBIND_SUCCESS);
      await navigate('/login', { replace: true, flushSync: true });
      clearSession();
      localStorage.clear();
      qc.clear();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Modal open title="解除绑定" onCancel={onClose} destroyOnHidden maskClosable={false} footer={[
      <Button key="c" onClick={onClose}>取消</Button>,
      <Button key="ok" type="primary" danger disabled={!code} loading={busy} onClick={() => void submit()}>确定解绑</Button>,
    ]}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`解除与“${info.company}”的绑定后，您将不能再以企业成员身份使用该企业账户，并将退出登录。`} />
      <Form layout="vertical">
        <Form.Item label={`手机号 ${info.mobile} 的短信验证码`} required>
          <SmsCodeRow value={code} onChange={setCode} onSend={send} ready />
        </Form.Item>
      </Form>
    </Modal>
  );
}
