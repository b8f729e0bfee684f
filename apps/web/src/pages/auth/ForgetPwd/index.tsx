/**
 * /forgetpwd (spec p2 §2; issue 2 §3): reset the password with an SMS code
 * (POST /api/Register/sendResetSMS, then POST /api/login/resetPassword), then go to /login.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { resetPassword, sendResetSms } from '../../../api/auth';
import { confirmRules, mobileRules, passwordRules } from '../../../utils/rules';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../components/CaptchaField';
import { useCaptchaSms } from '../components/useCaptchaSms';
import { SmsCodeField } from '../components/SmsCodeField';

interface ResetForm {
  mobile: string;
  imgCode: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

export default function ForgetPwdPage() {
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendResetSms);

  const onFinish = async (v: ResetForm) => {
    if (!requireToken()) return;
    setBusy(true);
    try {
      await resetPassword({ mobile: v.mobile.trim(), smsCode: v.smsCode.trim(), smsToken, password: v.password, confirmPassword: v.confirmPassword });
      void message.success(MSG.PASSWORD_RESET);
      navigate('/login', { replace: true });
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="找回密码" subtitle="通过注册手机号接收短信验证码，设置新密码">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item name="mobile" label="手机号" rules={mobileRules}>
          <Input placeholder="请输入注册手机号" maxLength={11} inputMode="tel" autoComplete="username" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <SmsCodeField onSend={send} />
        <Form.Item name="password" label="新密码" rules={passwordRules('新密码')}>
          <Input.Password placeholder="请输入6-18位数字字母组合密码" maxLength={18} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认新密码" dependencies={['password']} rules={confirmRules('password', MSG.PASSWORD_MISMATCH, '确认新密码')}>
          <Input.Password placeholder="请再次输入新密码" maxLength={18} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          重置密码
        </Button>
      </Form>
      <div className="auth-links auth-links-center">
        <Link to="/login">返回登录</Link>
      </div>
    </AuthCard>
  );
}
