/**
 * /admin/announcements 公告管理 (issue 5 §7; spec p2 §1–2): announcements newest first (GET
 * /api/admin/announcements) with status, whether it is the one users see now, and how many users read
 * it; 发布公告, 编辑 and 撤回 (confirmed). The newest published announcement is shown to each user once.
 */
import { useState } from 'react';
import { App, Button, Card, Modal, Pagination, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminAnnouncement } from '@cunzheng/contract/account';
import { MSG, UI } from '@cunzheng/contract/messages';
import { ADMIN_KEYS, adminAnnouncements, adminWithdraw } from '../../../api/admin';
import { formatDate, formatDateTime } from '../../../utils/format';
import { ADMIN_PAGE_SIZE } from '../shared/labels';
import { AnnouncementForm } from './AnnouncementForm';

export default function AdminAnnouncementsPage() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: TAdminAnnouncement | null } | null>(null);
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const q = { page, limit: ADMIN_PAGE_SIZE };
  const list = useQuery({ queryKey: [...ADMIN_KEYS.announcements, q], queryFn: () => adminAnnouncements(q), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);

  const withdraw = (a: TAdminAnnouncement) =>
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content: `确定撤回公告“${a.title}”吗？撤回后用户将不再看到它。`,
      okText: UI.OK,
      cancelText: UI.CANCEL,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const { msg } = await adminWithdraw(a.id);
          void message.success(msg || MSG.WITHDRAW_SUCCESS);
          await qc.invalidateQueries({ queryKey: ADMIN_KEYS.announcements });
        } catch {
          // The wrapper showed the server's message.
        }
      },
    });

  const columns: ColumnsType<TAdminAnnouncement> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (t: string, a) => (
        <Space size={4} wrap>
          <span>{t}</span>
          {a.current ? <Tag color="blue">当前展示</Tag> : null}
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => (s === 'published' ? <Tag color="green">已发布</Tag> : <Tag>已撤回</Tag>) },
    { title: '发布时间', dataIndex: 'publishedAt', width: 180, render: (t: number) => formatDateTime(t) },
    { title: '更新时间', dataIndex: 'updatedAt', width: 180, render: (t: number) => formatDateTime(t) },
    { title: '已读人数', dataIndex: 'reads', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, a) =>
        a.status === 'published' ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDialog({ editing: a })} aria-label={`编辑${a.title}`}>
              编辑
            </Button>
            <Button type="link" size="small" danger onClick={() => withdraw(a)} aria-label={`撤回${a.title}`}>
              撤回
            </Button>
          </Space>
        ) : (
          <span className="muted">{a.withdrawnAt ? `${formatDate(a.withdrawnAt)} 撤回` : '已撤回'}</span>
        ),
    },
  ];

  return (
    <div>
      <div className="admin-page-head">
        <div>
          <h1>公告管理</h1>
          <p>最新发布且未撤回的公告会在用户打开网站时以“公告”弹窗展示，每位用户只弹出一次</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ editing: null })}>
          发布公告
        </Button>
      </div>
      <Card size="small">
        <Table<TAdminAnnouncement>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          size="middle"
          expandable={{ expandedRowRender: (a) => <div className="admin-ann-content">{a.content}</div> }}
          locale={{ emptyText: '暂无公告' }}
        />
        {count > ADMIN_PAGE_SIZE ? (
          <Pagination className="admin-pagination" current={page} pageSize={ADMIN_PAGE_SIZE} total={count} onChange={setPage} showSizeChanger={false} showTotal={(t) => `共 ${t} 条`} />
        ) : null}
      </Card>
      <Modal open={dialog !== null} title={dialog?.editing ? '编辑公告' : '发布公告'} footer={null} onCancel={() => setDialog(null)} destroyOnHidden width={640}>
        {dialog ? <AnnouncementForm editing={dialog.editing} onDone={() => setDialog(null)} /> : null}
      </Modal>
    </div>
  );
}
