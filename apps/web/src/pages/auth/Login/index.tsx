/**
 * /login (spec p2 §2; issue 2 §3, §7): password and SMS tabs. On success the session is stored and
 * the user goes to the `redirect` query path (or the evidence list). Built from the light controls
 * (../light; issue 16: no antd on this page, so it paints early on a phone).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@cunzheng/contract/messages';
import { validateMobile, validatePassword } from '@cunzheng/contract/validators';
import { loginByPassword, loginBySms, sendLoginSms } from '../../../api/auth';
import { needsCaptcha } from '../../../api/request';
import { toastLater } from '../../../api/toastLater';
import { useImageCaptcha } from '../../../hooks/useImageCaptcha';
import type { LoginResult } from '../../../api/types';
import { startSession } from '../../../stores/session';
import { AuthCard } from '../components/AuthCard';
import { afterLoginPath } from '../components/redirect';
import { Button, Tabs } from '../../../components/light/controls';
import { CaptchaItem, FormItem, SmsCodeItem } from '../light/fields';
import { useCaptchaSms } from '../light/useCaptchaSms';
import { useLightForm, type LightForm } from '../light/useLightForm';
import { smsCodeCheck } from '../light/checks';

/** Stores the login and leaves for the redirect target. */
function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (r: LoginResult) => {
    startSession(r.token, r.userInfo);
    toastLater('success', MSG.LOGIN_SUCCESS);
    navigate(afterLoginPath(params.get('redirect'), r.userInfo), { replace: true });
  };
}

/** The mobile item shared by both tabs. */
function MobileItem({ form }: { form: LightForm }) {
  return <FormItem form={form} name="mobile" label="手机号" placeholder="请输入手机号" maxLength={11} autoComplete="username" inputMode="tel" />;
}

function PasswordLogin() {
  const form = useLightForm({ checks: { mobile: (v) => validateMobile(v), password: (v) => validatePassword(v, '密码') } });
  const [busy, setBusy] = useState(false);
  // After repeated failures the server asks for an image captcha (issue 9 §3): shown from then on.
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useImageCaptcha(needCaptcha);
  const finish = useFinishLogin();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v || busy) return;
    setBusy(true);
    try {
      const extra = needCaptcha ? { captchaId: captcha.captchaId, imgCode: String(v.imgCode ?? '').trim() } : {};
      finish(await loginByPassword({ mobile: (v.mobile ?? '').trim(), password: v.password ?? '', ...extra }));
    } catch (err) {
      // The request wrapper already showed the server message; a captcha is single use either way.
      if (needsCaptcha(err)) setNeedCaptcha(true);
      if (needCaptcha) {
        captcha.refresh();
        form.set('imgCode', '');
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <MobileItem form={form} />
      <FormItem form={form} name="password" label="密码" placeholder="请输入密码" maxLength={18} autoComplete="current-password" password />
      {needCaptcha ? <CaptchaItem form={form} captcha={captcha} /> : null}
      <Button primary type="submit" loading={busy}>
        登录
      </Button>
    </form>
  );
}

function SmsLogin() {
  const form = useLightForm({ checks: { mobile: (v) => validateMobile(v), smsCode: smsCodeCheck } });
  const [busy, setBusy] = useState(false);
  const finish = useFinishLogin();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendLoginSms);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v || busy || !requireToken()) return;
    setBusy(true);
    try {
      finish(await loginBySms({ mobile: (v.mobile ?? '').trim(), smsCode: (v.smsCode ?? '').trim(), smsToken }));
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <MobileItem form={form} />
      <CaptchaItem form={form} captcha={captcha} />
      <SmsCodeItem form={form} onSend={send} />
      <Button primary type="submit" loading={busy}>
        登录
      </Button>
    </form>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const registerTo = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  return (
    <AuthCard title="登录" subtitle="登录后即可存证、下载证据和管理保全证书">
      <Tabs
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
