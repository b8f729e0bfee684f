/**
 * The 公证出证 tab of /orders (issue 13 / issue 15; spec p1 §2, §3, §4, §7): the caller's notary orders from
 * GET /api/evidences/orderList (id, orderNo, addTime, money, pay, invoiceType), filtered by pay status, 10 a
 * page. A to-be-paid notary order can be continued (its pay step) or cancelled (终止); a paid one the office
 * has not accepted yet can be withdrawn with its refund (终止并退款, stop.tsx). Refunded orders read 已退款.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table } from 'antd';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_STATUS_LABEL, NOTARY_STEP_LABEL, type TNotaryTabRow } from '@cunzheng/contract/notary';
import { NOTARY_KEYS, notaryTab } from '../../api/notary';
import { formatDateTime } from '../../utils/format';
import { PAY_LABEL, PAY_TYPE_LABEL, stepPath, yuan } from './common';
import { useStopNotary } from './stop';

export default function NotaryOrdersTab() {
  const navigate = useNavigate();
  const confirmStop = useStopNotary();
  const [type, setType] = useState(0);
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: [...NOTARY_KEYS.tab, type, page], queryFn: () => notaryTab({ page, type }) });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label="支付状态" style={{ width: 140 }} value={type} onChange={(v) => { setType(v); setPage(1); }} options={[{ value: 0, label: '全部支付状态' }, ...Object.entries(PAY_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
      </Space>
      <Table<TNotaryTabRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 1080 }}
        loading={list.isPending}
        dataSource={list.isError ? [] : (list.data?.list ?? [])}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.notary, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 220 },
          { title: '时间', dataIndex: 'addTime', width: 170, render: (v: number) => formatDateTime(v) },
          { title: '公证费(元)', dataIndex: 'money', width: 110, align: 'right', render: (v: number) => yuan(v) },
          { title: '支付方式', dataIndex: 'payType', width: 90, render: (v: number) => PAY_TYPE_LABEL[v] ?? '' },
          { title: '支付状态', dataIndex: 'pay', width: 90, render: (v: number) => PAY_LABEL[v] ?? '' },
          { title: '进度', dataIndex: 'step', width: 140, render: (v: number, o) => (o.notarial === 1 && o.canStop ? '待公证机构受理' : o.notarial ? NOTARY_STATUS_LABEL[o.notarial] : NOTARY_STEP_LABEL[v]) },
          { title: '开票', dataIndex: 'invoiceType', width: 90, render: (v: number) => (v === 1 ? '可开票' : '—') },
          {
            title: '操作',
            width: 170,
            render: (_: unknown, o) => (
              <Space size={0}>
                {o.pay === 1 && !o.notarial && (
                  <>
                    <Button type="link" size="small" onClick={() => void navigate(stepPath(o.step, o.id, 0))}>继续</Button>
                  </>
                )}
                {o.canStop && <Button type="link" size="small" danger onClick={() => confirmStop(o)}>{o.pay === 2 ? '终止并退款' : '终止'}</Button>}
                <Button type="link" size="small" onClick={() => void navigate(`/notary/detail?orderId=${o.id}&type=0&goBackUrl=/orders`)}>详情</Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
