/**
 * /orders 订单管理 (issue 13 §3; spec p1 §2, §4, §6, §7, §9): tabs 充值消费 (every recharge, gift and
 * consumption order), 消费记录 (consumption only) and 公证出证 (notary orders, once notarization exists);
 * filters date range (end = day + 86399 s), payment status, order type, keyword; 10 a page; Excel export
 * (暂无数据 when nothing matches). A to-be-paid recharge can be paid (继续支付) or cancelled (取消).
 * Role 2 (company member) sees only 消费记录, without search and export. A company main account can also
 * search by member (issue 14 §3: the member's consumption, spec p1 §2 "search by member or account").
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Input, Select, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { TOrderItem } from '@cunzheng/contract/commerce';
import { DATE_RANGE_END_OFFSET_S, INVOICING_CUTOFF_S, ORDER_TYPE_LABEL, PAGE_SIZE, PAY_FILTER_LABEL } from '@cunzheng/contract/constants';
import { MSG, UI } from '@cunzheng/contract/messages';
import { cancelPay, COMMERCE_KEYS, exportOrders, orderList, payRecharge, submitPayForm, type OrderQuery } from '../../../api/commerce';
import { ApiError } from '../../../api/request';
import { MEMBER_KEYS, memberList } from '../../../api/members';
import { useSession } from '../../../stores/session';
import { formatDateTime, formatPoints } from '../../../utils/format';
import NotaryOrdersTab from '../../notary/OrdersTab';
import '../BuyCredits/buyCredits.css';

type Tab = '1' | '2' | '3';
const dayStart = (d: Dayjs) => Math.floor(d.startOf('day').valueOf() / 1000);

export default function OrdersPage() {
  const { role, userInfo } = useSession();
  const member = role === '2';
  const company = !member && Number(userInfo?.status) === 2;
  const [memberKeyword, setMemberKeyword] = useState('');
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const members = useQuery({ queryKey: [...MEMBER_KEYS.list, 'orders', memberKeyword], queryFn: () => memberList({ page: 1, keyword: memberKeyword || undefined }), enabled: company });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [tab, setTab] = useState<Tab>(member ? '2' : '1');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [payStatus, setPayStatus] = useState(0);
  const [orderType, setOrderType] = useState(0);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState<Omit<OrderQuery, 'page' | 'isType'>>({ type: 0, evidenceType: 0 });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TOrderItem[]>([]);
  const navigate = useNavigate();
  /** p1 §4: invoiceable when created on or after the cutoff, paid, not gifted, invoiceStatus 0 or 3 (and money paid). */
  const invoiceable = (o: TOrderItem) => o.create_time >= INVOICING_CUTOFF_S && o.pay_status === 2 && o.pay_type !== 1 && (o.invoiceStatus === 0 || o.invoiceStatus === 3) && o.money > 0;
  const applyInvoice = () => {
    if (selected.length === 0) {
      void message.warning(MSG.SELECT_INVOICEABLE_ORDERS);
      return;
    }
    const q = new URLSearchParams();
    for (const o of selected) q.append('ids', String(o.id));
    q.set('money', String(selected.reduce((s, o) => s + o.money, 0)));
    void navigate(`/orders/makeOutInvoice?${q.toString()}`);
  };

  const query: OrderQuery = { ...applied, page, isType: tab === '2' ? 2 : 1 };
  const list = useQuery({ queryKey: [...COMMERCE_KEYS.orders, query], queryFn: () => orderList(query), enabled: tab !== '3' });

  const search = () => {
    setApplied({
      type: payStatus,
      evidenceType: orderType,
      keyword: keyword.trim() || undefined,
      member_id: company ? memberId : undefined,
      startTime: range?.[0] ? dayStart(range[0]) : undefined,
      endTime: range?.[1] ? dayStart(range[1]) + DATE_RANGE_END_OFFSET_S : undefined,
    });
    setPage(1);
  };

  const doExport = async () => {
    try {
      const blob = await exportOrders({ ...applied, isType: tab === '2' ? 2 : 1 });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = '订单.xlsx';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
    } catch (e) {
      void message.error(e instanceof ApiError ? e.msg : MSG.NO_DATA);
    }
  };

  const resume = async (o: TOrderItem) => {
    try {
      submitPayForm((await payRecharge({ order_no: o.order_no })).html);
    } catch {
      // Toasted by the wrapper.
    }
  };
  const cancel = async (o: TOrderItem) => {
    try {
      void message.success((await cancelPay(o.order_no)).msg || MSG.ORDER_CANCELLED);
      void qc.invalidateQueries({ queryKey: COMMERCE_KEYS.orders });
    } catch {
      // Toasted by the wrapper.
    }
  };

  const columns: ColumnsType<TOrderItem> = [
    { title: '订单号', dataIndex: 'order_no', width: 220 },
    { title: '时间', dataIndex: 'create_time', render: (v: number) => formatDateTime(v), width: 170 },
    { title: '类型', dataIndex: 'type_name', width: 110 },
    { title: '描述', dataIndex: 'desc', ellipsis: true },
    { title: '积分', dataIndex: 'balance', align: 'right', render: (v: number, o) => `${o.pay_type === 3 ? '-' : '+'}${formatPoints(v)}`, width: 120 },
    ...(tab === '1' ? [{ title: '金额(元)', dataIndex: 'money', align: 'right' as const, render: (v: number) => (v / 100).toFixed(2), width: 100 }] : []),
    ...(member || company ? [{ title: '成员', dataIndex: 'name', width: 100 }] : []),
    { title: '支付方式', dataIndex: 'payType', width: 90 },
    { title: '支付状态', dataIndex: 'pay_status_name', width: 90 },
    {
      title: '操作',
      width: 150,
      render: (_: unknown, o) =>
        o.pay_status === 1 ? (
          <Space>
            <Button size="small" type="link" onClick={() => void resume(o)}>继续支付</Button>
            <Button size="small" type="link" danger onClick={() => void cancel(o)}>{UI.CANCEL}</Button>
          </Space>
        ) : null,
    },
  ];

  const tabs = member ? [{ key: '2', label: UI.TAB_CONSUMPTION }] : [
    { key: '1', label: UI.TAB_RECHARGE },
    { key: '2', label: UI.TAB_CONSUMPTION },
    { key: '3', label: UI.TAB_NOTARY },
  ];

  return (
    <div className="buy-credits orders-page">
      <Card title="订单管理" extra={member ? null : <Button type="link" href="/buyCredits">积分充值</Button>}>
        <Tabs activeKey={tab} onChange={(k) => { setTab(k as Tab); setPage(1); }} items={tabs} />
        {tab === '3' ? (
          <NotaryOrdersTab />
        ) : (
          <>
            {!member && (
              <Space wrap style={{ marginBottom: 16 }}>
                <DatePicker.RangePicker value={range} onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)} />
                <Select aria-label="支付状态" style={{ width: 120 }} value={payStatus} onChange={setPayStatus} options={Object.entries(PAY_FILTER_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))} />
                <Select aria-label="订单类型" style={{ width: 140 }} value={orderType} onChange={setOrderType} options={[{ value: 0, label: '全部类型' }, ...Object.entries(ORDER_TYPE_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
                {company && (
                  <Select
                    aria-label="成员"
                    style={{ width: 160 }}
                    allowClear
                    showSearch={{ filterOption: false, onSearch: (v) => setMemberKeyword(v.trim().slice(0, 30)) }}
                    placeholder="按成员或账号筛选"
                    value={memberId}
                    onChange={(v: number | undefined) => setMemberId(v)}
                    options={(members.data?.list ?? []).map((m) => ({ value: m.son_uid, label: `${m.name}（${m.mobile}）` }))}
                  />
                )}
                <Input aria-label="关键词" placeholder="订单号/描述" allowClear maxLength={50} value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 180 }} />
                <Button type="primary" onClick={search}>查询</Button>
                <Button onClick={() => void doExport()}>导出</Button>
                {tab === '1' && <Button onClick={applyInvoice}>申请开票</Button>}
              </Space>
            )}
            <Table<TOrderItem>
              rowKey="id"
              size="middle"
              rowSelection={tab === '1' && !member ? { selectedRowKeys: selected.map((o) => o.id), onChange: (_k, rows) => setSelected(rows), getCheckboxProps: (o) => ({ disabled: !invoiceable(o) }) } : undefined}
              scroll={{ x: 1200 }}
              loading={list.isPending}
              columns={columns}
              dataSource={list.isError ? [] : (list.data?.list ?? [])}
              locale={{ emptyText: MSG.NO_DATA }}
              pagination={{ current: page, pageSize: PAGE_SIZE.orders, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
