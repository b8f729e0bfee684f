/**
 * /forgetpwd (spec p2 §2; issue 2 §3): reset the password with an SMS code
 * (POST /api/Register/sendResetSMS, then POST /api/login/resetPassword), then go to /login.
 * Built from the light controls (../light; issue 16: no antd on this page).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@cunzheng/contract/messages';
import { validateMobile, validatePassword } from '@cunzheng/contract/validators';
import { resetPassword, sendResetSms } from '../../../api/auth';
import { toastLater } from '../../../api/toastLater';
import { AuthCard } from '../components/AuthCard';
import { confirmCheck, smsCodeCheck } from '../light/checks';
import { Button } from '../../../components/light/controls';
import { CaptchaItem, FormItem, SmsCodeItem } from '../light/fields';
import { useCaptchaSms } from '../light/useCaptchaSms';
import { useLightForm } from '../light/useLightForm';

const CHECKS = {
  mobile: (v: string) => validateMobile(v),
  smsCode: smsCodeCheck,
  password: (v: string) => validatePassword(v, '新密码'),
  confirmPassword: confirmCheck('password', MSG.PASSWORD_MISMATCH, '确认新密码'),
};

export default function ForgetPwdPage() {
  const form = useLightForm({ checks: CHECKS, deps: { confirmPassword: ['password'] } });
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendResetSms);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v || busy || !requireToken()) return;
    setBusy(true);
    try {
      await resetPassword({
        mobile: (v.mobile ?? '').trim(),
        smsCode: (v.smsCode ?? '').trim(),
        smsToken,
        password: v.password ?? '',
        confirmPassword: v.confirmPassword ?? '',
      });
      toastLater('success', MSG.PASSWORD_RESET);
      navigate('/login', { replace: true });
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="找回密码" subtitle="通过注册手机号接收短信验证码，设置新密码">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormItem form={form} name="mobile" label="手机号" placeholder="请输入注册手机号" maxLength={11} autoComplete="username" inputMode="tel" />
        <CaptchaItem form={form} captcha={captcha} />
        <SmsCodeItem form={form} onSend={send} />
        <FormItem form={form} name="password" label="新密码" placeholder="请输入6-18位数字字母组合密码" maxLength={18} autoComplete="new-password" password />
        <FormItem form={form} name="confirmPassword" label="确认新密码" placeholder="请再次输入新密码" maxLength={18} autoComplete="new-password" password />
        <Button primary type="submit" loading={busy}>
          重置密码
        </Button>
      </form>
      <div className="auth-links auth-links-center">
        <Link to="/login">返回登录</Link>
      </div>
    </AuthCard>
  );
}
