/**
 * The add / edit member dialog (spec p1 §2, §5, §7): mobile → on blur `queryMember` resolves the name
 * (only registered, verified individuals not bound elsewhere); SMS (type 7) and the letter upload stay
 * disabled until then; submit checks in order 请输入手机号码 / 请输入正确格式手机号码, 请输入成员手机号短信验证码,
 * 请获取短信验证码, 请上传授权委托书, then `add` (or `update` for a failed row). A failed submit shows the
 * server msg and enables submit again (spec p1 §8).
 */
import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import type { TMember } from '@cunzheng/contract/members';
import { MSG } from '@cunzheng/contract/messages';
import { validateMobile, validateSmsCode } from '@cunzheng/contract/validators';
import { memberAdd, memberSendMsg, memberUpdate, queryMember } from '../../../api/members';
import { ApiError } from '../../../api/request';
import { useSession } from '../../../stores/session';
import { LetterUpload } from '../shared/LetterUpload';
import { SmsCodeRow } from '../shared/SmsCodeRow';

export function MemberDialog({ editing, onClose, onDone }: { editing: TMember | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const { userInfo } = useSession();
  const [mobile, setMobile] = useState(editing?.mobile ?? '');
  const [resolved, setResolved] = useState<{ user_id: number; name: string } | null>(editing ? { user_id: editing.son_uid, name: editing.name } : null);
  const [mobileError, setMobileError] = useState('');
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [letter, setLetter] = useState<{ path: string; full_path: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const companyName = userInfo?.company ?? '';

  const resolve = async () => {
    if (editing) return;
    setResolved(null);
    setToken('');
    const v = validateMobile(mobile, MSG.MOBILE_FORMAT_MEMBER);
    if (v !== true) {
      setMobileError(v);
      return;
    }
    try {
      setResolved(await queryMember(mobile, userInfo?.userId === undefined ? undefined : Number(userInfo.userId)));
      setMobileError('');
    } catch (e) {
      setMobileError(e instanceof ApiError ? e.msg : MSG.NETWORK_FAILURE);
    }
  };

  const send = async (): Promise<boolean> => {
    try {
      setToken((await memberSendMsg({ mobile, type: 7, companyName })).token);
      void message.success(MSG.SMS_SENT);
      return true;
    } catch {
      return false;
    }
  };

  const submit = async () => {
    const m = validateMobile(mobile, MSG.MOBILE_FORMAT_MEMBER);
    if (m !== true) return void message.error(m);
    if (!resolved) return void message.error(mobileError || MSG.MEMBER_QUERY_FIRST);
    if (!code) return void message.error(MSG.MEMBER_SMS_CODE_REQUIRED);
    if (!token) return void message.error(MSG.SMS_NOT_REQUESTED);
    const c = validateSmsCode(code);
    if (c !== true) return void message.error(c);
    if (!letter) return void message.error(MSG.AUTH_LETTER_REQUIRED);
    setSubmitting(true);
    try {
      const r = editing
        ? await memberUpdate({ mobile, member_id: editing.member_id, smsCode: code, smsToken: token, filePath: letter.path })
        : await memberAdd({ mobile, pid: userInfo?.userId === undefined ? undefined : Number(userInfo.userId), son_uid: resolved.user_id, smsCode: code, smsToken: token, filePath: letter.path });
      void message.success(r.msg || MSG.SUBMIT_SUCCESS);
      onDone();
    } catch {
      // The wrapper toasted the msg; submit is enabled again.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open title={editing ? '修改成员' : '添加成员'} onCancel={onClose} destroyOnHidden maskClosable={false} footer={[
      <Button key="c" onClick={onClose}>取消</Button>,
      <Button key="ok" type="primary" loading={submitting} onClick={() => void submit()}>提交</Button>,
    ]}>
      <Form layout="vertical" requiredMark>
        <Form.Item label="手机号" required validateStatus={mobileError ? 'error' : undefined} help={mobileError || undefined}>
          <Input aria-label="手机号" placeholder={MSG.MOBILE_PROMPT} maxLength={11} inputMode="numeric" value={mobile} disabled={!!editing} onChange={(e) => { setMobile(e.target.value.trim()); setResolved(null); }} onBlur={() => void resolve()} />
        </Form.Item>
        <Form.Item label="成员姓名">
          <Input aria-label="成员姓名" value={resolved?.name ?? ''} placeholder="输入手机号后自动识别" readOnly />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <SmsCodeRow value={code} onChange={setCode} onSend={send} ready={!!resolved} placeholder={MSG.MEMBER_SMS_CODE_REQUIRED} />
        </Form.Item>
        <Form.Item label="授权委托书" required extra={editing?.audit_content ? `上次审核意见：${editing.audit_content}` : undefined}>
          <LetterUpload value={letter} onChange={setLetter} disabled={!resolved} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
