/**
 * /register (spec p2 §2; issue 2 §3, §7): personal (type 1, with a name) or company (type 2, with
 * the company name) accounts; image captcha, SMS code with a 60 s countdown, password twice.
 * On success the session is stored and the user goes to the redirect target or the evidence list.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Form, Input, Segmented } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { register, sendRegisterSms } from '../../../api/auth';
import { startSession } from '../../../stores/session';
import { confirmRules, mobileRules, passwordRules, textRules } from '../../../utils/rules';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../components/CaptchaField';
import { useCaptchaSms } from '../components/useCaptchaSms';
import { SmsCodeField } from '../components/SmsCodeField';
import { safeRedirect } from '../components/redirect';

interface RegisterForm {
  mobile: string;
  name?: string;
  company?: string;
  imgCode: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

/** Not in the spec's catalogue: shown when the two passwords differ at registration. */
const PASSWORDS_DIFFER = '两次输入的密码不一致';

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const [type, setType] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();

  const { captcha, smsToken, send, requireToken } = useCaptchaSms(form, sendRegisterSms);

  const onFinish = async (v: RegisterForm) => {
    if (!requireToken()) return;
    setBusy(true);
    try {
      const r = await register({
        mobile: v.mobile.trim(),
        smsCode: v.smsCode.trim(),
        smsToken,
        password: v.password,
        type,
        ...(type === 1 ? { name: v.name?.trim() } : { company: v.company?.trim() }),
      });
      startSession(r.token, r.userInfo);
      void message.success(MSG.REGISTER_SUCCESS);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // shown by the wrapper
    } finally {
      setBusy(false);
    }
  };

  const loginTo = params.get('redirect') ? `/login?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : '/login';

  return (
    <AuthCard title="注册账号" subtitle="注册后即可上传文件存证，获取保全证书">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} size="large">
        <Form.Item label="账号类型">
          <Segmented
            block
            value={type}
            onChange={(v) => setType(v)}
            options={[
              { label: '个人用户', value: 1 as const },
              { label: '企业用户', value: 2 as const },
            ]}
          />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={mobileRules}>
          <Input placeholder="请输入手机号" maxLength={11} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        {type === 1 ? (
          <Form.Item name="name" label="姓名" rules={textRules(MSG.NAME_REQUIRED, 30, '姓名')}>
            <Input placeholder="请输入姓名" maxLength={30} autoComplete="name" />
          </Form.Item>
        ) : (
          <Form.Item name="company" label="企业名称" rules={textRules(MSG.COMPANY_REQUIRED, 100, '企业名称')}>
            <Input placeholder="请输入企业名称" maxLength={100} autoComplete="organization" />
          </Form.Item>
        )}
        <CaptchaField captcha={captcha} />
        <SmsCodeField onSend={send} />
        <Form.Item name="password" label="设置密码" rules={passwordRules('密码')} extra="6-18位，须同时包含数字和字母">
          <Input.Password placeholder="请输入6-18位数字字母组合密码" maxLength={18} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmRules('password', PASSWORDS_DIFFER)}>
          <Input.Password placeholder="请再次输入密码" maxLength={18} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          注册
        </Button>
      </Form>
      <div className="auth-links auth-links-center">
        <span>
          已有账号？<Link to={loginTo}>立即登录</Link>
        </span>
      </div>
    </AuthCard>
  );
}
