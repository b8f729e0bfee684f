/**
 * /admin/points 积分与价格 (issue 13 §1): the price table per order type code (spec p1 §9), editable, and
 * gifting points to an account (pay_type 1, never invoiceable). Both are audited on the server.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Space, Table } from 'antd';
import type { TPriceItem } from '@cunzheng/contract/commerce';
import { MSG } from '@cunzheng/contract/messages';
import { adminGrant, adminSetPrice, COMMERCE_KEYS, prices } from '../../../api/commerce';
import { formatPoints } from '../../../utils/format';

export default function AdminPointsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: COMMERCE_KEYS.prices, queryFn: prices });
  const [edit, setEdit] = useState<Record<number, number | null>>({});
  const save = async (p: TPriceItem) => {
    const v = edit[p.orderType];
    if (v === null || v === undefined) return;
    try {
      void message.success((await adminSetPrice(p.orderType, Math.round(v * 100))).msg || MSG.OPERATION_SUCCESS);
      void qc.invalidateQueries({ queryKey: COMMERCE_KEYS.prices });
    } catch {
      // Toasted by the wrapper.
    }
  };
  const grant = async (v: { mobile: string; points: number; note?: string }) => {
    try {
      const r = await adminGrant({ mobile: v.mobile.trim(), points: Math.round(v.points * 100), note: v.note ?? '' });
      void message.success(`已赠送，当前余额 ${formatPoints(r.data.balance)}`);
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="价格表（积分/单位）">
        <Table<TPriceItem>
          rowKey="orderType"
          size="small"
          pagination={false}
          loading={q.isPending}
          dataSource={q.data ?? []}
          columns={[
            { title: '订单类型', dataIndex: 'orderType', width: 90 },
            { title: '名称', dataIndex: 'name' },
            { title: '计价单位', dataIndex: 'unit', render: (u: string) => (u === 'minute' ? '每分钟' : '每条') },
            { title: '当前价格', dataIndex: 'price', render: (v: number) => formatPoints(v) },
            {
              title: '修改',
              render: (_: unknown, p) => (
                <Space>
                  <InputNumber aria-label={`${p.name}价格`} min={0} max={100000} precision={2} value={edit[p.orderType] ?? null} onChange={(v) => setEdit({ ...edit, [p.orderType]: v })} />
                  <Button size="small" onClick={() => void save(p)}>保存</Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title="赠送积分">
        <Form layout="inline" onFinish={(v) => void grant(v as { mobile: string; points: number; note?: string })}>
          <Form.Item name="mobile" rules={[{ required: true, message: '请输入手机号码' }]}><Input placeholder="手机号" maxLength={11} /></Form.Item>
          <Form.Item name="points" rules={[{ required: true, message: '请输入积分' }]}><InputNumber placeholder="积分" min={0.01} max={1000000} precision={2} /></Form.Item>
          <Form.Item name="note"><Input placeholder="备注" maxLength={100} /></Form.Item>
          <Button type="primary" htmlType="submit">赠送</Button>
        </Form>
      </Card>
    </Space>
  );
}
