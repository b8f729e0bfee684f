/**
 * /admin/kyc 实名审核 (issue 14 §5): the operator queues of personal photo verification, enterprise
 * verification, authorised-person amendments and supplementary uploads. Each application opens in the review
 * drawer (form beside its images, watermarked and audited); 通过 or 驳回 with a reason → the user gets an SMS
 * and an in-app notification; every decision is audited on the server.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Table, Tabs } from 'antd';
import { KYC_REVIEW_KIND_LABEL, KYC_REVIEW_KINDS, type TKycQueueRow, type TKycReviewKind } from '@cunzheng/contract/kyc';
import { MSG } from '@cunzheng/contract/messages';
import { KYC_KEYS, kycDetail, kycQueue, kycReview } from '../../../api/kyc';
import { formatDateTime } from '../../../utils/format';
import { ReviewDrawer } from '../shared/ReviewDrawer';

const STATUS_LABEL: Record<number, string> = { 2: '待审核', 3: '已通过', 4: '已驳回' };

export default function AdminKycReviewPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [kind, setKind] = useState<TKycReviewKind>('personal');
  const [status, setStatus] = useState(2);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useQuery({ queryKey: [...KYC_KEYS.queue, kind, status, page], queryFn: () => kycQueue({ kind, status, page }) });
  const d = useQuery({ queryKey: [...KYC_KEYS.detail, openId], queryFn: () => kycDetail(openId!), enabled: openId !== null, staleTime: 0, gcTime: 0 });
  const decide = async (pass: 0 | 1, reason?: string) => {
    if (openId === null) return;
    try {
      const r = await kycReview({ id: openId, pass, reason });
      void message.success(r.msg || MSG.OPERATION_SUCCESS);
      setOpenId(null);
      await qc.invalidateQueries({ queryKey: KYC_KEYS.queue });
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Card title="实名审核">
      <Tabs activeKey={kind} onChange={(k) => { setKind(k as TKycReviewKind); setPage(1); }} items={KYC_REVIEW_KINDS.map((k) => ({ key: k, label: KYC_REVIEW_KIND_LABEL[k] }))} />
      <Select aria-label="状态" style={{ width: 140, marginBottom: 16 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={Object.entries(STATUS_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))} />
      <Table<TKycQueueRow>
        rowKey="id"
        scroll={{ x: 720 }}
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: 10, total: q.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '提交时间', dataIndex: 'createdAt', render: (v: number) => formatDateTime(v) },
          { title: '账号', dataIndex: 'mobile' },
          { title: '名称', dataIndex: 'title' },
          { title: '状态', dataIndex: 'status', render: (v: number) => STATUS_LABEL[v] ?? v },
          { title: '审核时间', dataIndex: 'reviewedAt', render: (v: number | null) => (v ? formatDateTime(v) : '-') },
          { title: '驳回原因', dataIndex: 'reason', render: (v: string) => v || '-' },
          { title: '操作', key: 'op', render: (_v, r) => <Button type="link" onClick={() => setOpenId(r.id)}>{r.status === 2 ? '审核' : '查看'}</Button> },
        ]}
      />
      <ReviewDrawer
        open={openId !== null}
        loading={d.isPending}
        item={d.data ? { title: `${KYC_REVIEW_KIND_LABEL[d.data.kind as TKycReviewKind]} · ${d.data.title}（${d.data.mobile}）`, status: d.data.status, reason: d.data.reason, fields: d.data.form, images: d.data.images } : null}
        onClose={() => setOpenId(null)}
        onApprove={() => decide(1)}
        onReject={(reason) => decide(0, reason)}
      />
    </Card>
  );
}
