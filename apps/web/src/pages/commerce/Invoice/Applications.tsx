/** Invoice applications tab (spec p2 §2): status filter, 10 a page; 详情; rejected → 查看原因 and 重新申请 (/orders). */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Space, Table } from 'antd';
import type { TInvoiceItem } from '@cunzheng/contract/invoice';
import { INVOICE_TYPE_LABEL } from '@cunzheng/contract/invoice';
import { INVOICE_STATUS_LABEL, PAGE_SIZE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { checkFail, INVOICE_KEYS, invoiceList } from '../../../api/invoice';
import { formatDateTime } from '../../../utils/format';

export function Applications() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: [...INVOICE_KEYS.list, status, page], queryFn: () => invoiceList({ page, status }) });
  const reason = async (id: number) => {
    try {
      modal.info({ title: '驳回原因', content: (await checkFail(id)).checkRemark || MSG.NO_DATA });
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select aria-label="状态" style={{ width: 140 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={[{ value: 0, label: '全部' }, ...Object.entries(INVOICE_STATUS_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
      </Space>
      <Table<TInvoiceItem>
        rowKey="id"
        scroll={{ x: 800 }}
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.invoices, total: q.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '申请编号', dataIndex: 'order_no' },
          { title: '申请时间', dataIndex: 'create_time', render: (v: number) => formatDateTime(v) },
          { title: '金额(元)', dataIndex: 'money', render: (v: number) => (v / 100).toFixed(2) },
          { title: '订单类型', dataIndex: 'data_type', render: (v: number) => (v === 0 ? '充值订单' : '存证订单') },
          { title: '订单数', dataIndex: 'orderCount' },
          { title: '发票类型', dataIndex: 'type', render: (v: string) => INVOICE_TYPE_LABEL[v] ?? v },
          { title: '状态', dataIndex: 'status', render: (v: number) => INVOICE_STATUS_LABEL[v] ?? '' },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => void navigate(`/invoice/details?id=${r.id}`)}>详情</Button>
                {r.status === 4 && <Button type="link" size="small" onClick={() => void reason(r.id)}>查看原因</Button>}
                {r.status === 4 && <Button type="link" size="small" onClick={() => void navigate('/orders')}>重新申请</Button>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
