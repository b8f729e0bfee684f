/**
 * The image-captcha and SMS-code items of the light auth forms (same behaviour as
 * ../components/CaptchaField and SmsCodeField, which the antd dialogs keep using):
 * - captcha (spec p2 §5: 4 letters or digits): input plus the image from POST /api/Register/getImgCode;
 *   clicking the image loads a new one; the answer is checked when an SMS is requested, not on submit.
 * - SMS code (spec p1 §9, p2 §9): "获取验证码" and the 60 s resend countdown; `onSend` resolves true when a
 *   code was sent, on false (or a thrown error) the countdown stops (spec p1 §8).
 */
import { useState } from 'react';
import { CAPTCHA_LENGTH, SMS_CODE_LENGTH, SMS_RESEND_S } from '@cunzheng/contract/constants';
import { useCountdown } from '../../../hooks/useCountdown';
import type { ImageCaptchaState } from '../../../hooks/useImageCaptcha';
import { Button, Item, PasswordInput, Spinner, TextInput } from '../../../components/light/controls';
import type { LightForm } from './useLightForm';

export function CaptchaItem({ form, captcha, name = 'imgCode' }: { form: LightForm; captcha: ImageCaptchaState; name?: string }) {
  return (
    <Item label="图形验证码" error={form.errors[name]}>
      <div className="lf-row">
        <TextInput
          placeholder="请输入图形验证码"
          maxLength={CAPTCHA_LENGTH}
          autoComplete="off"
          value={form.get(name)}
          invalid={Boolean(form.errors[name])}
          onValue={(v) => form.change(name, v)}
        />
        <button type="button" className="captcha-img" onClick={captcha.refresh} title="看不清？换一张" aria-label="刷新图形验证码">
          {captcha.src ? <img src={captcha.src} alt="图形验证码" /> : captcha.loading ? <Spinner /> : null}
        </button>
      </div>
    </Item>
  );
}

export function SmsCodeItem({ form, onSend, name = 'smsCode' }: { form: LightForm; onSend: () => Promise<boolean>; name?: string }) {
  const countdown = useCountdown(SMS_RESEND_S);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    countdown.start();
    let ok = false;
    try {
      ok = await onSend();
    } catch {
      ok = false;
    } finally {
      setSending(false);
    }
    if (!ok) countdown.stop();
  };

  return (
    <Item label="短信验证码" error={form.errors[name]}>
      <div className="lf-row">
        <TextInput
          placeholder="请输入短信验证码"
          maxLength={SMS_CODE_LENGTH}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.get(name)}
          invalid={Boolean(form.errors[name])}
          onValue={(v) => form.change(name, v)}
        />
        <Button className="sms-btn" onClick={() => void send()} loading={sending} disabled={countdown.running && !sending}>
          {countdown.running && !sending ? `${countdown.left}秒后重发` : '获取验证码'}
        </Button>
      </div>
    </Item>
  );
}

/**
 * One text or password item bound to a light form field: label, input, error under it and optional help
 * text (the items every auth form repeats: mobile, name, password, confirmation).
 */
export function FormItem({
  form,
  name,
  label,
  placeholder,
  maxLength,
  autoComplete,
  inputMode,
  password,
  extra,
}: {
  form: LightForm;
  name: string;
  label: string;
  placeholder: string;
  maxLength: number;
  autoComplete: string;
  inputMode?: 'tel' | 'numeric';
  password?: boolean;
  extra?: string;
}) {
  const Input = password ? PasswordInput : TextInput;
  return (
    <Item label={label} error={form.errors[name]} extra={extra}>
      <Input
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={form.get(name)}
        invalid={Boolean(form.errors[name])}
        onValue={(v) => form.change(name, v)}
      />
    </Item>
  );
}
