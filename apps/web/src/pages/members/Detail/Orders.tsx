/**
 * The member's consumption details (spec p1 §2 "/member/{id} consumption details", §7 getOrderList /
 * exportOrderList): date range (end = day + 86399 s), payment status, business type, 10 a page, Excel export
 * (暂无数据 when nothing matches).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TOrderItem } from '@cunzheng/contract/commerce';
import { DATE_RANGE_END_OFFSET_S, ORDER_TYPE_LABEL, PAGE_SIZE, PAY_FILTER_LABEL } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { exportMemberOrders, MEMBER_KEYS, memberOrders, type MemberOrderQuery } from '../../../api/members';
import { ApiError } from '../../../api/request';
import { formatDateTime, formatPoints } from '../../../utils/format';

const dayStart = (d: Dayjs) => Math.floor(d.startOf('day').valueOf() / 1000);

export function MemberOrders({ memberId, name }: { memberId: number; name: string }) {
  const { message } = App.useApp();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [payStatus, setPayStatus] = useState(0);
  const [busType, setBusType] = useState(0);
  const [applied, setApplied] = useState<Omit<MemberOrderQuery, 'page' | 'member_id'>>({});
  const [page, setPage] = useState(1);
  const q: MemberOrderQuery = { member_id: memberId, page, ...applied };
  const list = useQuery({ queryKey: [...MEMBER_KEYS.orders, q], queryFn: () => memberOrders(q) });
  const search = () => {
    setApplied({ payStatus, busType, startTime: range?.[0] ? dayStart(range[0]) : undefined, endTime: range?.[1] ? dayStart(range[1]) + DATE_RANGE_END_OFFSET_S : undefined });
    setPage(1);
  };
  const doExport = async () => {
    try {
      const blob = await exportMemberOrders({ member_id: memberId, ...applied });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `成员消费明细-${name}.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
    } catch (e) {
      void message.error(e instanceof ApiError ? e.msg : MSG.NO_DATA);
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
        <Select aria-label="支付状态" style={{ width: 120 }} value={payStatus} onChange={setPayStatus} options={Object.entries(PAY_FILTER_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))} />
        <Select aria-label="业务类型" style={{ width: 140 }} value={busType} onChange={setBusType} options={[{ value: 0, label: '全部类型' }, ...Object.entries(ORDER_TYPE_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
        <Button type="primary" onClick={search}>查询</Button>
        <Button onClick={() => void doExport()}>导出</Button>
      </Space>
      <Table<TOrderItem>
        rowKey="order_no"
        size="middle"
        scroll={{ x: 760 }}
        loading={list.isPending}
        dataSource={list.isError ? [] : (list.data?.list ?? [])}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.orders, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 220 },
          { title: '时间', dataIndex: 'create_time', width: 170, render: (v: number) => formatDateTime(v) },
          { title: '业务类型', dataIndex: 'type_name', width: 110 },
          { title: '消耗积分', dataIndex: 'balance', align: 'right', width: 110, render: (v: number) => formatPoints(v) },
          { title: '支付状态', dataIndex: 'pay_status_name', width: 90 },
          { title: '成员', dataIndex: 'name', width: 90 },
          { title: '手机号', dataIndex: 'mobile', width: 120 },
        ]}
      />
    </>
  );
}
