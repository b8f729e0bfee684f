/**
 * The 公证出证 tab of /orders (issue 13 / issue 15; spec p1 §2, §3, §4, §7): the caller's notary orders from
 * GET /api/evidences/orderList (id, orderNo, addTime, money, pay, invoiceType), filtered by pay status, 10 a
 * page. A to-be-paid notary order can be continued (its pay step) or cancelled (终止).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Table } from 'antd';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { MSG, UI } from '@cunzheng/contract/messages';
import { NOTARY_STATUS_LABEL, NOTARY_STEP_LABEL, type TNotaryTabRow } from '@cunzheng/contract/notary';
import { NOTARY_KEYS, notaryTab, stopNotary } from '../../api/notary';
import { formatDateTime } from '../../utils/format';
import { PAY_LABEL, stepPath, yuan } from './common';

export default function NotaryOrdersTab() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [type, setType] = useState(0);
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: [...NOTARY_KEYS.tab, type, page], queryFn: () => notaryTab({ page, type }) });
  const cancel = async (id: number) => {
    try {
      await stopNotary(id);
      void qc.invalidateQueries({ queryKey: NOTARY_KEYS.tab });
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label="支付状态" style={{ width: 120 }} value={type} onChange={(v) => { setType(v); setPage(1); }} options={[{ value: 0, label: '全部' }, { value: 1, label: '待支付' }, { value: 2, label: '已支付' }, { value: 3, label: '已取消' }]} />
      </Space>
      <Table<TNotaryTabRow>
        rowKey="id"
        size="middle"
        scroll={{ x: 900 }}
        loading={list.isPending}
        dataSource={list.isError ? [] : (list.data?.list ?? [])}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.notary, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo', width: 220 },
          { title: '时间', dataIndex: 'addTime', width: 170, render: (v: number) => formatDateTime(v) },
          { title: '公证费(元)', dataIndex: 'money', width: 110, align: 'right', render: (v: number) => yuan(v) },
          { title: '支付方式', dataIndex: 'payType', width: 90, render: (v: number) => (v === 2 ? '支付宝' : v === 3 ? '积分' : '') },
          { title: '支付状态', dataIndex: 'pay', width: 90, render: (v: number) => PAY_LABEL[v] ?? '' },
          { title: '进度', dataIndex: 'step', width: 140, render: (v: number, o) => (o.notarial ? NOTARY_STATUS_LABEL[o.notarial] : NOTARY_STEP_LABEL[v]) },
          { title: '开票', dataIndex: 'invoiceType', width: 90, render: (v: number) => (v === 1 ? '可开票' : '—') },
          {
            title: '操作',
            width: 200,
            render: (_: unknown, o) => (
              <Space size={0}>
                {o.pay === 1 && !o.notarial && (
                  <>
                    <Button type="link" size="small" onClick={() => void navigate(stepPath(o.step, o.id, 0))}>继续</Button>
                    <Button type="link" size="small" danger onClick={() => void cancel(o.id)}>{UI.CANCEL}</Button>
                  </>
                )}
                <Button type="link" size="small" onClick={() => void navigate(`/notary/detail?orderId=${o.id}&type=0&goBackUrl=/orders`)}>详情</Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
