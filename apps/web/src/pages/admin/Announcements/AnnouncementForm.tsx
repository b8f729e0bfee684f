/** Publish or edit an announcement (POST /api/admin/announcements or …/edit): title ≤ 100, plain-text content ≤ 5000. */
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { TAdminAnnouncement } from '@cunzheng/contract/account';
import { MSG, msgRequired } from '@cunzheng/contract/messages';
import { ADMIN_KEYS, adminEditAnnouncement, adminPublish } from '../../../api/admin';

/** Field limits (ADMIN_LIMITS of the contract). */
export const ANNOUNCEMENT_LIMITS = { titleMax: 100, contentMax: 5000 } as const;

export function AnnouncementForm({ editing, onDone }: { editing: TAdminAnnouncement | null; onDone: () => void }) {
  const [form] = Form.useForm<{ title: string; content: string }>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();

  const onFinish = async (v: { title: string; content: string }) => {
    setBusy(true);
    try {
      const d = { title: v.title.trim(), content: v.content.trim() };
      const { msg } = editing ? await adminEditAnnouncement({ id: editing.id, ...d }) : await adminPublish(d);
      void message.success(msg || (editing ? MSG.UPDATE_SUCCESS : MSG.PUBLISH_SUCCESS));
      await qc.invalidateQueries({ queryKey: ADMIN_KEYS.announcements });
      onDone();
    } catch {
      // The wrapper showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={editing ? { title: editing.title, content: editing.content } : undefined} requiredMark={false}>
      <Form.Item
        name="title"
        label="公告标题"
        rules={[
          { required: true, whitespace: true, message: msgRequired('公告标题') },
          { max: ANNOUNCEMENT_LIMITS.titleMax, message: `公告标题不能超过${ANNOUNCEMENT_LIMITS.titleMax}个字符` },
        ]}
      >
        <Input maxLength={ANNOUNCEMENT_LIMITS.titleMax} showCount placeholder="例如：系统维护通知" />
      </Form.Item>
      <Form.Item
        name="content"
        label="公告内容"
        rules={[
          { required: true, whitespace: true, message: msgRequired('公告内容') },
          { max: ANNOUNCEMENT_LIMITS.contentMax, message: `公告内容不能超过${ANNOUNCEMENT_LIMITS.contentMax}个字符` },
        ]}
        extra="纯文本，换行会原样显示"
      >
        <Input.TextArea rows={8} maxLength={ANNOUNCEMENT_LIMITS.contentMax} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {editing ? '保存修改' : '立即发布'}
      </Button>
    </Form>
  );
}
