/**
 * The operator review pattern (issue 14 §5; reusable by member-letter and notary queues): a drawer with the
 * submitted form on one side and its images on the other (watermarked previews, click to enlarge), and the
 * decision — 通过, or 驳回 with a required reason (请输入驳回原因). Decided items show the decision read-only.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Grid, Image, Input, Modal, Space, Spin } from 'antd';
import { MSG } from '@cunzheng/contract/messages';

export interface ReviewItem {
  title: string;
  /** 2 pending; anything else decided. */
  status: number;
  reason?: string;
  fields: Array<{ label: string; value: string }>;
  images: Array<{ label: string; url: string }>;
}

export interface ReviewDrawerProps {
  open: boolean;
  loading?: boolean;
  item: ReviewItem | null;
  onClose: () => void;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<void>;
}

export function ReviewDrawer({ open, loading, item, onClose, onApprove, onReject }: ReviewDrawerProps) {
  const wide = Grid.useBreakpoint().md !== false;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    try {
      await f();
    } finally {
      setBusy(false);
    }
  };
  const pending = item?.status === 2;
  return (
    <Drawer
      title={item?.title ?? '审核'}
      open={open}
      onClose={onClose}
      size={wide ? 1100 : '100%'}
      destroyOnHidden
      extra={pending ? (
        <Space>
          <Button danger onClick={() => { setReason(''); setErr(''); setRejecting(true); }} disabled={busy}>驳回</Button>
          <Button type="primary" loading={busy} onClick={() => run(onApprove)}>通过</Button>
        </Space>
      ) : null}
    >
      {loading || !item ? <Spin /> : (
        <div style={{ display: 'flex', gap: 24, flexDirection: wide ? 'row' : 'column' }}>
          <div style={{ flex: '0 0 380px', maxWidth: '100%' }}>
            {!pending ? <Alert style={{ marginBottom: 12 }} type={item.status === 3 ? 'success' : 'error'} showIcon message={item.status === 3 ? '已通过' : `已驳回：${item.reason ?? ''}`} /> : null}
            <Descriptions column={1} bordered size="small" items={item.fields.map((f, i) => ({ key: i, label: f.label, children: f.value }))} />
          </div>
          <Image.PreviewGroup>
            <div style={{ flex: 1, display: 'grid', gridTemplateColumns: wide ? 'repeat(2, 1fr)' : '1fr', gap: 12, alignContent: 'start' }}>
              {item.images.map((im) => (
                <figure key={im.label} style={{ margin: 0 }}>
                  <Image src={im.url} alt={im.label} style={{ width: '100%', maxHeight: 260, objectFit: 'contain', background: '#fafafa', border: '1px solid #eee' }} />
                  <figcaption style={{ textAlign: 'center', fontSize: 12, color: '#666' }}>{im.label}</figcaption>
                </figure>
              ))}
            </div>
          </Image.PreviewGroup>
        </div>
      )}
      <Modal
        title="驳回原因"
        open={rejecting}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy}
        onCancel={() => setRejecting(false)}
        onOk={() => {
          if (!reason.trim()) {
            setErr(MSG.KYC_REJECT_REASON_REQUIRED);
            return;
          }
          void run(async () => {
            await onReject(reason.trim());
            setRejecting(false);
          });
        }}
      >
        <Input.TextArea aria-label="驳回原因" rows={3} maxLength={200} showCount value={reason} onChange={(e) => { setReason(e.target.value); setErr(''); }} placeholder="请输入驳回原因（将以短信和站内消息通知用户）" />
        {err ? <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }}>{err}</div> : null}
      </Modal>
    </Drawer>
  );
}
