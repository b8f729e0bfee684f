/**
 * Stop a bound member (spec p1 §4–5): an SMS code to the member's mobile (type 8) and a reason; confirm
 * stays disabled until a code is typed; a code must have been requested (请获取短信验证码). Irreversible.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import type { TMember } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import { memberSendMsg, memberStop } from '../../../api/members';
import { useSession } from '../../../stores/session';
import { SmsCodeRow } from '../shared/SmsCodeRow';

export function StopDialog({ member, onClose, onDone }: { member: TMember; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const { userInfo } = useSession();
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    try {
      setToken((await memberSendMsg({ mobile: member.mobile, type: 8, companyName: userInfo?.company })).token);
      void message.success(MSG.SMS_SENT);
      return true;
    } catch {
      return false;
    }
  };
  const submit = async () => {
    if (!token) return void message.error(MSG.SMS_NOT_REQUESTED);
    if (!reason.trim()) return void message.error(MSG.STOP_REASON_REQUIRED);
    setBusy(true);
    try {
      void message.success((await memberStop({ mobile: member.mobile, pid: member.pid, son_uid: member.son_uid, member_id: member.member_id, smsCode: code, smsToken: token, stop_reason: reason.trim() })).msg || MSG.STOP_SUCCESS);
      onDone();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="停用成员" onCancel={onClose} destroyOnHidden maskClosable={false} footer={[
      <Button key="c" onClick={onClose}>取消</Button>,
      <Button key="ok" type="primary" danger disabled={!code} loading={busy} onClick={() => void submit()}>确定停用</Button>,
    ]}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`停用后“${member.name}”将不能再以企业成员身份使用企业账户，且不可恢复；如需再次使用，请重新添加成员。`} />
      <Form layout="vertical">
        <Form.Item label={`成员手机号 ${member.mobile} 的短信验证码`} required>
          <SmsCodeRow value={code} onChange={setCode} onSend={send} ready />
        </Form.Item>
        <Form.Item label="停用原因" required>
          <Input.TextArea aria-label="停用原因" rows={3} maxLength={100} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder={MSG.STOP_REASON_REQUIRED} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
