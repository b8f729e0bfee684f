/**
 * The SMS code row of the member dialogs (spec p1 §5, p2 §5): an input and a 获取验证码 button with the
 * 60 s countdown; the button stays disabled until `ready` (the member's name resolved). A failed send
 * stops the countdown and the wrapper shows the msg (spec p1 §8).
 */
import { useState } from 'react';
import { Button, Flex, Input } from 'antd';
import { SMS_CODE_LENGTH, SMS_RESEND_S } from '@cunzheng/contract/constants';
import { useCountdown } from '../../../hooks/useCountdown';

export function SmsCodeRow({ value, onChange, onSend, ready, placeholder = '请输入短信验证码' }: { value: string; onChange: (v: string) => void; onSend: () => Promise<boolean>; ready: boolean; placeholder?: string }) {
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
    <Flex gap={8}>
      <Input aria-label="短信验证码" placeholder={placeholder} maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(e) => onChange(e.target.value.trim())} disabled={!ready} />
      <Button onClick={() => void send()} loading={sending} disabled={!ready || (countdown.running && !sending)} style={{ minWidth: 110 }}>
        {countdown.running && !sending ? `${countdown.left}秒后重发` : '获取验证码'}
      </Button>
    </Flex>
  );
}
