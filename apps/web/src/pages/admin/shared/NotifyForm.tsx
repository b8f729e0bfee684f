/**
 * Sends a notification (POST /api/admin/notify): to one user (`userId`) or to every user (`all=1`),
 * text at most 500 characters. Sending to everyone asks for confirmation. Toast: the server's msg and
 * how many messages were created.
 */
import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio } from 'antd';
import { MSG, UI, msgRequired } from '@cunzheng/contract/messages';
import { adminNotify } from '../../../api/admin';

/** Notification text limit (ADMIN_LIMITS.notifyMax of the contract). */
export const NOTIFY_MAX = 500;

interface NotifyValues {
  target: 'user' | 'all';
  userId?: number;
  str: string;
}

export interface NotifyFormProps {
  /** Fixed recipient (from the users list); the target choice is hidden. */
  user?: { userId: number; label: string };
  onSent?: () => void;
}

export function NotifyForm({ user, onSent }: NotifyFormProps) {
  const [form] = Form.useForm<NotifyValues>();
  const target = Form.useWatch('target', form) ?? 'user';
  const [busy, setBusy] = useState(false);
  const { message, modal } = App.useApp();

  const send = async (v: NotifyValues) => {
    setBusy(true);
    try {
      const all = !user && v.target === 'all';
      const { data, msg } = await adminNotify({ all, userId: user ? user.userId : v.userId, str: v.str.trim() });
      void message.success(`${msg || MSG.SMS_SENT}，共 ${data.sent} 条`);
      form.resetFields(['str']);
      onSent?.();
    } catch {
      // The wrapper showed the server's message (用户不存在, 请选择通知对象 …).
    } finally {
      setBusy(false);
    }
  };

  const onFinish = (v: NotifyValues) => {
    if (!user && v.target === 'all') {
      modal.confirm({
        title: UI.CONFIRM_TITLE,
        content: '确定向全部用户发送这条通知吗？发送后无法撤回。',
        okText: UI.OK,
        cancelText: UI.CANCEL,
        onOk: () => send(v),
      });
      return;
    }
    void send(v);
  };

  return (
    <Form<NotifyValues> form={form} layout="vertical" onFinish={onFinish} initialValues={{ target: 'user' }} requiredMark={false}>
      {user ? (
        <Form.Item label="接收用户">
          <span>{user.label}</span>
        </Form.Item>
      ) : (
        <>
          <Form.Item name="target" label="发送对象">
            <Radio.Group
              options={[
                { value: 'user', label: '指定用户' },
                { value: 'all', label: '全部用户' },
              ]}
            />
          </Form.Item>
          {target === 'user' ? (
            <Form.Item name="userId" label="用户 ID" rules={[{ required: true, message: MSG.NOTIFY_TARGET_REQUIRED }]} extra="在“用户管理”中可查到用户 ID，也可以在列表中直接点击“发通知”">
              <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="请输入用户 ID" aria-label="用户 ID" />
            </Form.Item>
          ) : null}
        </>
      )}
      <Form.Item
        name="str"
        label="通知内容"
        rules={[
          { required: true, whitespace: true, message: msgRequired('通知内容') },
          { max: NOTIFY_MAX, message: `通知内容不能超过${NOTIFY_MAX}个字符` },
        ]}
      >
        <Input.TextArea rows={5} maxLength={NOTIFY_MAX} showCount placeholder="用户将在“消息通知”中看到这条内容" aria-label="通知内容" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        发送
      </Button>
    </Form>
  );
}
