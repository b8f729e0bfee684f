/**
 * SMS-code form item with a "获取验证码" button and the 60 s resend countdown (spec p1 §9,
 * p2 §9). `onSend` validates what it needs, calls the send API and resolves true when a code was
 * sent; on false (or a thrown error) the countdown stops (spec p1 §8).
 */
import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { SMS_CODE_LENGTH, SMS_RESEND_S } from '@cunzheng/contract/constants';
import { useCountdown } from '../../../hooks/useCountdown';
import { smsCodeRules } from '../../../utils/rules';

export function SmsCodeField({ onSend, name = 'smsCode' }: { onSend: () => Promise<boolean>; name?: string }) {
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
    <Form.Item label="短信验证码" required>
      <Flex gap={8}>
        <Form.Item name={name} rules={smsCodeRules} noStyle>
          <Input placeholder="请输入短信验证码" maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" size="large" />
        </Form.Item>
        <Button size="large" className="sms-btn" onClick={send} loading={sending} disabled={countdown.running && !sending}>
          {countdown.running && !sending ? `${countdown.left}秒后重发` : '获取验证码'}
        </Button>
      </Flex>
    </Form.Item>
  );
}
