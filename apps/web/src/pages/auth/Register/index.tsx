/**
 * /register (spec p2 §2; issue 2 §3, §7): personal (type 1, with a name) or company (type 2, with
 * the company name) accounts; image captcha, SMS code with a 60 s countdown, password twice.
 * On success the session is stored and the user goes to the redirect target or the evidence list.
 * Built from the light controls (../light; issue 16: no antd on this page).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@cunzheng/contract/messages';
import { validateMobile, validatePassword } from '@cunzheng/contract/validators';
import { register, sendRegisterSms } from '../../../api/auth';
import { toastLater } from '../../../api/toastLater';
import { startSession } from '../../../stores/session';
import { AuthCard } from '../components/AuthCard';
import { safeRedirect } from '../components/redirect';
import { confirmCheck, smsCodeCheck, textCheck } from '../light/checks';
import { Button, Item, Switcher } from '../../../components/light/controls';
import { CaptchaItem, FormItem, SmsCodeItem } from '../light/fields';
import { useCaptchaSms } from '../light/useCaptchaSms';
import { useLightForm, type Check } from '../light/useLightForm';

/** Not in the spec's catalogue: shown when the two passwords differ at registration. */
const PASSWORDS_DIFFER = '两次输入的密码不一致';

const COMMON: Record<string, Check> = {
  mobile: (v) => validateMobile(v),
  smsCode: smsCodeCheck,
  password: (v) => validatePassword(v, '密码'),
  confirmPassword: confirmCheck('password', PASSWORDS_DIFFER),
};
/** Per account type: the name (personal) or the company name (company) is asked for. */
const CHECKS: Record<1 | 2, Record<string, Check>> = {
  1: { ...COMMON, name: textCheck(MSG.NAME_REQUIRED, 30, '姓名') },
  2: { ...COMMON, company: textCheck(MSG.COMPANY_REQUIRED, 100, '企业名称') },
};

export default function RegisterPage() {
  const [type, setType] = useState<1 | 2>(1);
  const form = useLightForm({ checks: CHECKS[type], deps: { confirmPassword: ['password'] } });
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendRegisterSms);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v || busy || !requireToken()) return;
    setBusy(true);
    try {
      const r = await register({
        mobile: (v.mobile ?? '').trim(),
        smsCode: (v.smsCode ?? '').trim(),
        smsToken,
        password: v.password ?? '',
        type,
        ...(type === 1 ? { name: v.name?.trim() } : { company: v.company?.trim() }),
      });
      startSession(r.token, r.userInfo);
      toastLater('success', MSG.REGISTER_SUCCESS);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  const loginTo = params.get('redirect') ? `/login?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : '/login';
  const text = (name: string, label: string, placeholder: string, max: number, autoComplete: string) => (
    <FormItem form={form} name={name} label={label} placeholder={placeholder} maxLength={max} autoComplete={autoComplete} />
  );

  return (
    <AuthCard title="注册账号" subtitle="注册后即可上传文件存证，获取保全证书">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Item label="账号类型">
          <Switcher
            label="账号类型"
            value={type}
            onChange={setType}
            options={[
              { label: '个人用户', value: 1 as const },
              { label: '企业用户', value: 2 as const },
            ]}
          />
        </Item>
        <FormItem form={form} name="mobile" label="手机号" placeholder="请输入手机号" maxLength={11} autoComplete="tel" inputMode="tel" />
        {type === 1 ? text('name', '姓名', '请输入姓名', 30, 'name') : text('company', '企业名称', '请输入企业名称', 100, 'organization')}
        <CaptchaItem form={form} captcha={captcha} />
        <SmsCodeItem form={form} onSend={send} />
        <FormItem form={form} name="password" label="设置密码" placeholder="请输入6-18位数字字母组合密码" maxLength={18} autoComplete="new-password" password extra="6-18位，须同时包含数字和字母" />
        <FormItem form={form} name="confirmPassword" label="确认密码" placeholder="请再次输入密码" maxLength={18} autoComplete="new-password" password />
        <Button primary type="submit" loading={busy}>
          注册
        </Button>
      </form>
      <div className="auth-links auth-links-center">
        <span>
          已有账号？<Link to={loginTo}>立即登录</Link>
        </span>
      </div>
    </AuthCard>
  );
}
