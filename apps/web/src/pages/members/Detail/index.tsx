/**
 * /member/{id} 成员详情 (issue 14 §3; spec p1 §2): tabs 成员信息 (the member's fields, the authorisation
 * letter, stop for a bound member) and 消费明细 (the member's consumption, filters and Excel export).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Tabs, Tag } from 'antd';
import { MEMBER_KEYS, memberDetail } from '../../../api/members';
import { formatDateTime } from '../../../utils/format';
import { STATUS_COLOR } from '../shared/status';
import { MemberOrders } from './Orders';
import { StopDialog } from './StopDialog';

export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const qc = useQueryClient();
  const [stopping, setStopping] = useState(false);
  const q = useQuery({ queryKey: [...MEMBER_KEYS.detail, id], queryFn: () => memberDetail(id), enabled: valid });
  const m = q.data;
  if (!valid || q.isError) return <Result status="404" title="成员不存在" extra={<Link to="/member">返回成员管理</Link>} />;
  return (
    <Card title={<span><Link to="/member">成员管理</Link> / 成员详情</span>} loading={q.isPending}>
      {m ? (
        <Tabs
          items={[
            {
              key: 'info',
              label: '成员信息',
              children: (
                <>
                  <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
                    <Descriptions.Item label="姓名">{m.name}</Descriptions.Item>
                    <Descriptions.Item label="账号">{m.mobile}</Descriptions.Item>
                    <Descriptions.Item label="状态"><Tag color={STATUS_COLOR[m.status]}>{m.status_name}</Tag></Descriptions.Item>
                    <Descriptions.Item label="添加时间">{formatDateTime(m.created_at)}</Descriptions.Item>
                    {m.status === '3' || m.status === '4' ? <Descriptions.Item label="绑定时间">{formatDateTime(m.bind_time)}</Descriptions.Item> : null}
                    {m.status === '4' ? <Descriptions.Item label="停用时间">{formatDateTime(m.stop_time)}</Descriptions.Item> : null}
                    {m.status === '4' ? <Descriptions.Item label="停用原因">{m.stop_reason}</Descriptions.Item> : null}
                    {m.audit_content ? <Descriptions.Item label="审核意见">{m.audit_content}</Descriptions.Item> : null}
                    <Descriptions.Item label="授权委托书">{m.file_full_path ? <Image src={m.file_full_path} alt="授权委托书" width={96} /> : '-'}</Descriptions.Item>
                  </Descriptions>
                  {m.status === '3' ? <Button danger style={{ marginTop: 16 }} onClick={() => setStopping(true)}>停用成员</Button> : null}
                </>
              ),
            },
            { key: 'orders', label: '消费明细', children: <MemberOrders memberId={m.member_id} name={m.name} /> },
          ]}
        />
      ) : null}
      {stopping && m ? <StopDialog member={m} onClose={() => setStopping(false)} onDone={() => { setStopping(false); void qc.invalidateQueries({ queryKey: MEMBER_KEYS.detail }); void qc.invalidateQueries({ queryKey: MEMBER_KEYS.list }); }} /> : null}
    </Card>
  );
}
