/**
 * /login (spec p2 §2; issue 2 §3, §7): password and SMS tabs. On success the session is stored and
 * the user goes to the `redirect` query path (or the evidence list).
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Form, Input, Tabs } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { loginByPassword, loginBySms, sendLoginSms } from '../../../api/auth';
import { needsCaptcha } from '../../../api/request';
import { useImageCaptcha } from '../../../hooks/useImageCaptcha';
import type { LoginResult } from '../../../api/types';
import { startSession } from '../../../stores/session';
import { mobileRules, passwordRules } from '../../../utils/rules';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../components/CaptchaField';
import { useCaptchaSms } from '../components/useCaptchaSms';
import { SmsCodeField } from '../components/SmsCodeField';
import { afterLoginPath } from '../components/redirect';

interface PasswordForm {
  mobile: string;
  password: string;
  imgCode?: string;
}
interface SmsForm {
  mobile: string;
  imgCode: string;
  smsCode: string;
}

/** Stores the login and leaves for the redirect target. */
function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  return (r: LoginResult) => {
    startSession(r.token, r.userInfo);
    void message.success(MSG.LOGIN_SUCCESS);
    navigate(afterLoginPath(params.get('redirect'), r.userInfo), { replace: true });
  };
}

function PasswordLogin() {
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  // After repeated failures the server asks for an image captcha (issue 9 §3): shown from then on.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useImageCaptcha(needCaptcha);
  const finish = useFinishLogin();
  const onFinish = async (v: PasswordForm) => {
    setBusy(true);
    try {
      const extra = needCaptcha ? { captchaId: captcha.captchaId, imgCode: String(v.imgCode ?? '').trim() } : {};
      finish(await loginByPassword({ mobile: v.mobile.trim(), password: v.password, ...extra }));
    } catch (e) {
      // The request wrapper already showed the server message; a captcha is single use either way.
      if (needsCaptcha(e)) setNeedCaptcha(true);
      if (needCaptcha) {
        captcha.refresh();
        form.setFieldValue('imgCode', '');
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
      <Form.Item name="mobile" label="手机号" rules={mobileRules}>
        <Input placeholder="请输入手机号" maxLength={11} inputMode="tel" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={passwordRules('密码')}>
        <Input.Password placeholder="请输入密码" maxLength={18} autoComplete="current-password" />
      </Form.Item>
      {needCaptcha ? <CaptchaField captcha={captcha} /> : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}

function SmsLogin() {
  const [form] = Form.useForm<SmsForm>();
  const [busy, setBusy] = useState(false);
  const finish = useFinishLogin();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendLoginSms);

  const onFinish = async (v: SmsForm) => {
    if (!requireToken()) return;
    setBusy(true);
    try {
      finish(await loginBySms({ mobile: v.mobile.trim(), smsCode: v.smsCode.trim(), smsToken }));
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
      <Form.Item name="mobile" label="手机号" rules={mobileRules}>
        <Input placeholder="请输入手机号" maxLength={11} inputMode="tel" autoComplete="username" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SmsCodeField onSend={send} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const registerTo = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  return (
    <AuthCard title="登录" subtitle="登录后即可存证、下载证据和管理保全证书">
      <Tabs
        centered
        items={[
          { key: 'password', label: '密码登录', children: <PasswordLogin /> },
          { key: 'sms', label: '短信登录', children: <SmsLogin /> },
        ]}
      />
      <div className="auth-links">
        <Link to="/forgetpwd">忘记密码？</Link>
        <span>
          还没有账号？<Link to={registerTo}>立即注册</Link>
        </span>
      </div>
    </AuthCard>
  );
}
