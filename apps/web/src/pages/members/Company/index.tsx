/**
 * /member/company 企业信息 (menu entry for role 2; issue 14 §4; spec p2 §6): the read-only enterprise qualification
 * info a member sees instead of the KYC form (company, credit code, address, authorisation letter, bind
 * time, own name, bind status) and the unbind action. Someone not bound to a company sees a note instead.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Image, Result, Tag } from 'antd';
import { MEMBER_KEYS, memberCompanyInfo } from '../../../api/members';
import { formatDateTime } from '../../../utils/format';
import { STATUS_COLOR } from '../shared/status';
import { UnbindDialog } from './UnbindDialog';

export default function MemberCompanyPage() {
  const q = useQuery({ queryKey: MEMBER_KEYS.company, queryFn: memberCompanyInfo });
  const [unbinding, setUnbinding] = useState(false);
  const c = q.data;
  if (q.isError) return <Card title="企业信息"><Result status="info" title="您当前不是企业成员" subTitle="企业主账号添加您为成员并审核通过后，可在此查看企业信息。" /></Card>;
  return (
    <Card title="企业信息" loading={q.isPending}>
      {c ? (
        <>
          <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
            <Descriptions.Item label="企业名称">{c.company}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{c.creditCode || '-'}</Descriptions.Item>
            <Descriptions.Item label="企业地址">{c.address || '-'}</Descriptions.Item>
            <Descriptions.Item label="成员姓名">{c.name}</Descriptions.Item>
            <Descriptions.Item label="绑定时间">{formatDateTime(c.bind_time)}</Descriptions.Item>
            <Descriptions.Item label="绑定状态"><Tag color={STATUS_COLOR[c.status]}>{c.status_name}</Tag></Descriptions.Item>
            <Descriptions.Item label="授权委托书">{c.file_full_path ? <Image src={c.file_full_path} alt="授权委托书" width={96} /> : '-'}</Descriptions.Item>
          </Descriptions>
          <Button danger style={{ marginTop: 16 }} onClick={() => setUnbinding(true)}>解除绑定</Button>
          {unbinding ? <UnbindDialog info={c} onClose={() => setUnbinding(false)} /> : null}
        </>
      ) : null}
    </Card>
  );
}
