/**
 * The change-password form of /setting (spec p1 §2 "exists but its tab is hidden from navigation";
 * §5 validation; §8 success): POST /api/user/editPassword, then the toast 修改密码成功, the stored
 * session removed and the user sent to /login. Reached by /setting?tab=password.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { editPassword } from '../../../api/account';
import { clearSession } from '../../../stores/session';
import { PASSWORD_LABELS, passwordFormRules, type PasswordForm } from './passwordRules';

export function PasswordTab() {
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();

  const onFinish = async (v: PasswordForm) => {
    setBusy(true);
    try {
      await editPassword(v);
    } catch {
      // The request wrapper showed the server's message (e.g. 旧密码错误).
      setBusy(false);
      return;
    }
    void message.success(MSG.PASSWORD_CHANGED);
    // Leave the login-required page first (synchronously), then forget the tokens, so the page's
    // guard never sees the cleared session and adds a redirect back here.
    await navigate('/login', { replace: true, flushSync: true });
    clearSession();
    qc.clear();
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} className="setting-password-form" requiredMark={false}>
      <Form.Item name="oldPassword" label={PASSWORD_LABELS.oldPassword} rules={passwordFormRules.oldPassword}>
        <Input.Password placeholder="请输入旧密码" maxLength={64} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={PASSWORD_LABELS.password} dependencies={['oldPassword']} rules={passwordFormRules.password}>
        <Input.Password placeholder="请输入6-18位数字字母组合密码" maxLength={18} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={PASSWORD_LABELS.confirmPassword} dependencies={['password']} rules={passwordFormRules.confirmPassword}>
        <Input.Password placeholder="请再次输入新密码" maxLength={18} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        修改密码
      </Button>
    </Form>
  );
}
