/**
 * /admin/audit-log 审计日志 (issue 5 §7): the append-only audit log, newest first (GET /api/admin/auditLog,
 * 20 per page), filtered by exact action name; each row expands to its before/after JSON.
 */
import { useState } from 'react';
import { Card, Input, Pagination, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditRow } from '@cunzheng/contract/account';
import { ADMIN_KEYS, adminAuditLog } from '../../../api/admin';
import { formatDateTime } from '../../../utils/format';
import { ADMIN_PAGE_SIZE } from '../shared/labels';

/** Pretty JSON of a before/after value ('—' for none). */
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

export default function AdminAuditLogPage() {
  const [action, setAction] = useState('');
  const [draft, setDraft] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, limit: ADMIN_PAGE_SIZE, action };
  const list = useQuery({ queryKey: [...ADMIN_KEYS.auditLog, q], queryFn: () => adminAuditLog(q), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);

  const columns: ColumnsType<TAuditRow> = [
    { title: '时间', dataIndex: 'at', width: 180, render: (t: number) => formatDateTime(t) },
    { title: '操作人', key: 'actor', width: 150, render: (_: unknown, r) => (r.actorId === null ? <span className="muted">系统/访客</span> : `${r.actorMobile ?? ''}（${r.actorId}）`) },
    {
      title: '操作',
      dataIndex: 'action',
      width: 200,
      render: (a: string) => (
        <Tag
          className="admin-action-tag"
          style={{ cursor: 'pointer' }}
          onClick={() => {
            setAction(a);
            setDraft(a);
            setPage(1);
          }}
        >
          {a}
        </Tag>
      ),
    },
    { title: '对象', dataIndex: 'target', ellipsis: true },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '—' },
  ];

  return (
    <div>
      <div className="admin-page-head">
        <div>
          <h1>审计日志</h1>
          <p>账号、证据、积分等每一次状态变更和每一个运营操作的只追加记录；点击操作名可按该操作筛选</p>
        </div>
        <Input.Search
          placeholder="操作名，例如 admin.notify"
          allowClear
          maxLength={60}
          style={{ maxWidth: 320 }}
          aria-label="按操作筛选"
          enterButton="筛选"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => {
            setAction(v.trim());
            setPage(1);
          }}
        />
      </div>
      <Card size="small">
        <Table<TAuditRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          size="middle"
          expandable={{
            expandedRowRender: (r) => (
              <div className="admin-audit-detail">
                <div>
                  <strong>变更前</strong>
                  <pre className="admin-json">{json(r.before)}</pre>
                </div>
                <div>
                  <strong>变更后</strong>
                  <pre className="admin-json">{json(r.after)}</pre>
                </div>
              </div>
            ),
          }}
          locale={{ emptyText: action ? '没有该操作的记录' : '暂无记录' }}
        />
        {count > ADMIN_PAGE_SIZE ? (
          <Pagination className="admin-pagination" current={page} pageSize={ADMIN_PAGE_SIZE} total={count} onChange={setPage} showSizeChanger={false} showTotal={(t) => `共 ${t} 条`} />
        ) : null}
      </Card>
    </div>
  );
}
