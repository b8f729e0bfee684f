/**
 * /notary 在线公证 (issue 15 §1; spec p2 §2, §4, §7, §9): the user's notarization orders with the date range,
 * payType, notarialType and orderNo filters, 10 a page; rows show the step, pay and notarisation status
 * (empty = unfinished). 继续 resumes at the current step's route; 终止 voids an unfinished order, or withdraws
 * a paid one the office has not accepted yet with its refund (stop.tsx; the row says canStop); 详情 opens
 * /notary/detail. 新增公证 asks the p2 §6 gate first (您未实名不可使用该功能 / 实名补传还未通过，请耐心等待 → the
 * KYC page it names).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Grid, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { DATE_RANGE_END_OFFSET_S, PAGE_SIZE } from '@cunzheng/contract/constants';
import { MSG, UI } from '@cunzheng/contract/messages';
import { NOTARIAL_TYPE_LABEL, NOTARY_STATUS_LABEL, NOTARY_STEP_LABEL, type TNotaryOrderRow } from '@cunzheng/contract/notary';
import { NOTARY_KEYS, notaryGate, notaryList } from '../../../api/notary';
import { ApiError } from '../../../api/request';
import { formatDateTime } from '../../../utils/format';
import { PAY_LABEL, PAY_TYPE_LABEL, stepPath, yuan } from '../common';
import { useStopNotary } from '../stop';

const dayStart = (d: Dayjs) => Math.floor(d.startOf('day').valueOf() / 1000);

export default function NotaryListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const confirmStop = useStopNotary();
  const narrow = Grid.useBreakpoint().xs === true;
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [payType, setPayType] = useState(0);
  const [notarialType, setNotarialType] = useState(0);
  const [orderNo, setOrderNo] = useState('');
  const [applied, setApplied] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const q = { ...applied, page };
  const list = useQuery({ queryKey: [...NOTARY_KEYS.list, q], queryFn: () => notaryList(q) });

  const search = () => {
    setApplied({ payType, notarialType, orderNo: orderNo.trim() || undefined, startTime: range?.[0] ? dayStart(range[0]) : undefined, endTime: range?.[1] ? dayStart(range[1]) + DATE_RANGE_END_OFFSET_S : undefined });
    setPage(1);
  };
  const add = async () => {
    try {
      await notaryGate();
      void navigate('/notary/selectList');
    } catch (e) {
      if (e instanceof ApiError) {
        void message.error(e.msg);
        const to = (e.data as { redirect?: string } | null)?.redirect;
        if (to) void navigate(to);
      }
    }
  };
  const payText = (o: TNotaryOrderRow) => `${PAY_LABEL[o.pay] ?? ''}${(o.pay === 2 || o.pay === 4) && PAY_TYPE_LABEL[o.payType] ? `（${PAY_TYPE_LABEL[o.payType]}）` : ''}`;
  const statusText = (o: TNotaryOrderRow) => (o.notarial === 1 && o.canStop ? '待公证机构受理' : o.notarial ? (NOTARY_STATUS_LABEL[o.notarial] ?? '') : '');
  const wide = ['sm'] as const;
  const columns: ColumnsType<TNotaryOrderRow> = [
    // Under 576 px one column sums the row up (number, time, progress, fee and payment), so nothing needs a sideways scroll.
    {
      title: '订单',
      key: 'summary',
      responsive: ['xs'],
      render: (_: unknown, o) => (
        <Space direction="vertical" size={0}>
          <Typography.Text style={{ fontSize: 12, wordBreak: 'break-all' }}>{o.orderNo}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{formatDateTime(o.addTime)} · {o.number} 条证据</Typography.Text>
          <span>{statusText(o) || NOTARY_STEP_LABEL[o.step]}</span>
          <span>{yuan(o.money)} · {payText(o)}</span>
        </Space>
      ),
    },
    { title: '订单号', dataIndex: 'orderNo', width: 200, responsive: [...wide] },
    { title: '申请时间', dataIndex: 'addTime', width: 170, responsive: [...wide], render: (v: number) => formatDateTime(v) },
    { title: '证据数', dataIndex: 'number', width: 80, align: 'right', responsive: [...wide] },
    { title: '公证类型', dataIndex: 'type', width: 120, responsive: [...wide], render: (v: number) => NOTARIAL_TYPE_LABEL[v] ?? '' },
    { title: '当前步骤', dataIndex: 'step', width: 130, responsive: [...wide], render: (v: number) => NOTARY_STEP_LABEL[v] ?? '' },
    { title: '公证费', dataIndex: 'money', width: 110, align: 'right', responsive: [...wide], render: (v: number) => yuan(v) },
    { title: '支付状态', dataIndex: 'pay', width: 110, responsive: [...wide], render: (_: number, o) => payText(o) },
    { title: '公证状态', dataIndex: 'notarial', width: 130, responsive: [...wide], render: (_: number, o) => statusText(o) },
    {
      title: '操作',
      width: narrow ? 76 : 190,
      fixed: narrow ? undefined : 'right',
      render: (_: unknown, o) => (
        <Space size={0} direction={narrow ? 'vertical' : 'horizontal'}>
          {!o.notarial && o.step <= 4 && <Button type="link" size="small" onClick={() => void navigate(stepPath(o.step, o.id, o.type))}>继续</Button>}
          <Button type="link" size="small" onClick={() => void navigate(`/notary/detail?orderId=${o.id}&type=${o.type}&goBackUrl=/notary`)}>详情</Button>
          {o.canStop && <Button type="link" size="small" danger onClick={() => confirmStop(o)}>终止</Button>}
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <Card title="在线公证" extra={<Button type="primary" onClick={() => void add()}>{UI.NEW_NOTARY}</Button>}>
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
          <Select aria-label="支付状态" style={{ width: 140 }} value={payType} onChange={setPayType} options={[{ value: 0, label: '全部支付状态' }, ...Object.entries(PAY_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
          <Select aria-label="公证类型" style={{ width: 140 }} value={notarialType} onChange={setNotarialType} options={[{ value: 0, label: '全部公证类型' }, ...Object.entries(NOTARIAL_TYPE_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
          <Input aria-label="订单号" placeholder="订单号" allowClear maxLength={32} value={orderNo} onChange={(e) => setOrderNo(e.target.value)} style={{ width: 200 }} />
          <Button type="primary" onClick={search}>查询</Button>
        </Space>
        <Table<TNotaryOrderRow>
          rowKey="id"
          size="middle"
          scroll={narrow ? undefined : { x: 1100 }}
          loading={list.isPending}
          columns={columns}
          dataSource={list.isError ? [] : (list.data?.list ?? [])}
          locale={{ emptyText: MSG.NO_DATA }}
          pagination={{ current: page, pageSize: PAGE_SIZE.notary, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Card>
    </div>
  );
}
