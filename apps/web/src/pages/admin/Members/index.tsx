/**
 * /admin/members 成员审核 (issue 14 §3, §5): the operator's queue of member authorisation letters pending
 * review — company, member, mobile, time and the letter (preview) side by side; 通过 binds the member,
 * 驳回 needs a reason (shown to the company as audit_content). Audited and notified on the server.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Image, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';
import { MEMBER_KEYS, pendingMembers, reviewMember } from '../../../api/members';
import { formatDateTime } from '../../../utils/format';

type Row = Awaited<ReturnType<typeof pendingMembers>>['list'][number];

export default function AdminMembersPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: [...MEMBER_KEYS.pending, page], queryFn: () => pendingMembers(page) });
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  const decide = async (r: Row, pass: 0 | 1, why?: string) => {
    if (!pass && !why?.trim()) return void message.error(MSG.AUDIT_REASON_REQUIRED);
    try {
      void message.success((await reviewMember({ member_id: r.member_id, pass, reason: why?.trim() })).msg || MSG.OPERATION_SUCCESS);
      setRejecting(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: MEMBER_KEYS.pending });
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Card title="成员审核">
      <Table<Row>
        rowKey="member_id"
        scroll={{ x: 900 }}
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: 10, total: q.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '企业', dataIndex: 'company', render: (v: string, r) => <span>{v}<br /><small style={{ color: '#888' }}>{r.companyMobile}</small></span> },
          { title: '成员姓名', dataIndex: 'name', width: 100 },
          { title: '成员手机号', dataIndex: 'mobile', width: 130 },
          { title: '提交时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
          { title: '授权委托书', dataIndex: 'file_full_path', width: 120, render: (v: string) => (v ? <Image src={v} alt="授权委托书" width={80} /> : '-') },
          {
            title: '操作',
            width: 150,
            render: (_: unknown, r) => (
              <Space>
                <Popconfirm title={UI.CONFIRM_TITLE} description={`确认通过“${r.name}”的成员绑定申请？`} okText={UI.OK} cancelText={UI.CANCEL} onConfirm={() => void decide(r, 1)}>
                  <Button size="small" type="primary">通过</Button>
                </Popconfirm>
                <Button size="small" danger onClick={() => { setRejecting(r); setReason(''); }}>驳回</Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!rejecting} title="驳回成员申请" okText={UI.OK} cancelText={UI.CANCEL} onCancel={() => setRejecting(null)} onOk={() => rejecting && void decide(rejecting, 0, reason)} destroyOnHidden>
        <Input.TextArea aria-label="驳回原因" rows={3} maxLength={100} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder={MSG.AUDIT_REASON_REQUIRED} />
      </Modal>
    </Card>
  );
}
