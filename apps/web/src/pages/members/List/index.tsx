/**
 * /member 成员管理 (issue 14 §3; spec p1 §2–9): company main accounts only. Search by name or account
 * (mobile), the members table (10 a page), the add-member dialog; a failed row (2) can be edited (re-upload
 * and resubmit) or deleted, every row has a detail link (/member/{id}) where bound members are stopped.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import type { TMember } from '@cunzheng/contract/members';
import { MSG, UI } from '@cunzheng/contract/messages';
import { MEMBER_KEYS, memberDel, memberList } from '../../../api/members';
import { useSession } from '../../../stores/session';
import { formatDateTime } from '../../../utils/format';
import { STATUS_COLOR } from '../shared/status';
import { MemberDialog } from './MemberDialog';


export default function MembersPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { userInfo } = useSession();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ editing: TMember | null } | null>(null);
  const list = useQuery({ queryKey: [...MEMBER_KEYS.list, applied, page], queryFn: () => memberList({ page, keyword: applied || undefined }) });
  const refresh = () => void qc.invalidateQueries({ queryKey: MEMBER_KEYS.list });
  const del = async (m: TMember) => {
    try {
      void message.success((await memberDel(m.member_id, userInfo?.userId === undefined ? undefined : Number(userInfo.userId))).msg || MSG.DELETE_SUCCESS);
      refresh();
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Card title={UI.MEMBERS} className="members-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input aria-label="搜索成员" placeholder="按姓名或账号搜索" allowClear maxLength={30} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => { setApplied(keyword.trim()); setPage(1); }} style={{ width: 220 }} />
        <Button type="primary" onClick={() => { setApplied(keyword.trim()); setPage(1); }}>查询</Button>
        <Button onClick={() => setDialog({ editing: null })}>添加成员</Button>
      </Space>
      <Table<TMember>
        rowKey="member_id"
        size="middle"
        scroll={{ x: 820 }}
        loading={list.isPending}
        dataSource={list.isError ? [] : (list.data?.list ?? [])}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.members, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '账号', dataIndex: 'mobile', width: 130 },
          { title: '添加时间', dataIndex: 'created_at', width: 170, render: (v: number) => formatDateTime(v) },
          { title: '绑定时间', dataIndex: 'bind_time', width: 170, render: (v: number) => (v ? formatDateTime(v) : '-') },
          { title: '状态', dataIndex: 'status_name', width: 100, render: (v: string, m) => <Tag color={STATUS_COLOR[m.status]}>{v}</Tag> },
          { title: '审核意见', dataIndex: 'audit_content', ellipsis: true, render: (v: string) => v || '-' },
          {
            title: '操作',
            width: 170,
            fixed: 'right',
            render: (_: unknown, m) =>
              m.status === '2' ? (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => setDialog({ editing: m })}>修改</Button>
                  <Popconfirm title={UI.CONFIRM_TITLE} description={`确定删除成员“${m.name}”吗？`} okText={UI.OK} cancelText={UI.CANCEL} onConfirm={() => void del(m)}>
                    <Button size="small" type="link" danger>删除</Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Link to={`/member/${m.member_id}`}>详情</Link>
              ),
          },
        ]}
      />
      {dialog ? <MemberDialog editing={dialog.editing} onClose={() => setDialog(null)} onDone={() => { setDialog(null); refresh(); }} /> : null}
    </Card>
  );
}
