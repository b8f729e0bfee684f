/**
 * /admin/users 用户管理 (issue 5 §7): users searched by mobile, name or company (GET /api/admin/users,
 * 20 per page), with a 发通知 action per row.
 */
import { useState } from 'react';
import { Button, Card, Input, Modal, Pagination, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdminUser } from '@cunzheng/contract/account';
import { ADMIN_KEYS, adminUsers } from '../../../api/admin';
import { formatDateTime } from '../../../utils/format';
import { ACCOUNT_TYPE_LABEL, ADMIN_PAGE_SIZE, ROLE_LABEL, USER_STATUS_LABEL, userStatusTip } from '../shared/labels';
import { NotifyForm } from '../shared/NotifyForm';

/** Display name of a console user row. */
const displayName = (u: TAdminUser) => (u.type === 2 ? u.company || u.name : u.name) || u.mobile;

export default function AdminUsersPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [notifying, setNotifying] = useState<TAdminUser | null>(null);
  const q = { page, limit: ADMIN_PAGE_SIZE, keyword };
  const list = useQuery({ queryKey: [...ADMIN_KEYS.users, q], queryFn: () => adminUsers(q), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);

  const columns: ColumnsType<TAdminUser> = [
    { title: 'ID', dataIndex: 'userId', width: 80 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '名称', key: 'name', render: (_: unknown, u) => displayName(u), ellipsis: true },
    { title: '类型', dataIndex: 'type', width: 70, render: (t: number) => ACCOUNT_TYPE_LABEL[t] ?? t },
    {
      title: '实名状态',
      dataIndex: 'userStatus',
      width: 100,
      render: (s: number) => (
        <Tooltip title={userStatusTip(s)}>
          <Tag color={s === 3 ? 'green' : s === 2 ? 'blue' : s === 4 ? 'red' : 'default'}>{USER_STATUS_LABEL[s] ?? s}</Tag>
        </Tooltip>
      ),
    },
    { title: '角色', dataIndex: 'role', width: 80, render: (r: string) => (r === 'operator' ? <Tag color="purple">{ROLE_LABEL[r]}</Tag> : ROLE_LABEL[r] ?? r) },
    { title: '存证数', dataIndex: 'evidenceCount', width: 90, align: 'right' },
    { title: '注册时间', dataIndex: 'createdAt', width: 180, render: (t: number) => formatDateTime(t) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_: unknown, u) => (
        <Button type="link" size="small" onClick={() => setNotifying(u)} aria-label={`给${displayName(u)}发通知`}>
          发通知
        </Button>
      ),
    },
  ];

  return (
    <div>
      <div className="admin-page-head">
        <div>
          <h1>用户管理</h1>
          <p>共 {count} 个账号</p>
        </div>
        <Input.Search
          placeholder="手机号、姓名或企业名称"
          allowClear
          maxLength={50}
          style={{ maxWidth: 320 }}
          aria-label="搜索用户"
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </div>
      <Card size="small">
        <Table<TAdminUser>
          rowKey="userId"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 1000 }}
          size="middle"
          locale={{ emptyText: keyword ? '没有匹配的用户' : '暂无用户' }}
        />
        {count > ADMIN_PAGE_SIZE ? (
          <Pagination className="admin-pagination" current={page} pageSize={ADMIN_PAGE_SIZE} total={count} onChange={setPage} showSizeChanger={false} showTotal={(t) => `共 ${t} 条`} />
        ) : null}
      </Card>
      <Modal open={notifying !== null} title="发送通知" footer={null} onCancel={() => setNotifying(null)} destroyOnHidden>
        {notifying ? <NotifyForm user={{ userId: notifying.userId, label: `${displayName(notifying)}（${notifying.mobile}）` }} onSent={() => setNotifying(null)} /> : null}
      </Modal>
    </div>
  );
}
