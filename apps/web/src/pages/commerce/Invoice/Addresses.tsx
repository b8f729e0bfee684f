/**
 * Delivery addresses tab (spec p2 §2–5, §8): list with 新增, 编辑, 删除; dialog 新增地址 (name, region cascader
 * from GET /api/User/district — locked while editing —, detailed address, phone, default); at most 5.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Cascader, Checkbox, Form, Input, List, Modal, Tag } from 'antd';
import type { TAddress, TRegion } from '@cunzheng/contract/invoice';
import { INVOICE_LIMITS } from '@cunzheng/contract/invoice';
import { MSG, UI } from '@cunzheng/contract/messages';
import { addressList, delAddress, district, INVOICE_KEYS, saveAddress } from '../../../api/invoice';

type Opt = { value: string; label: string; children?: Opt[] };
const toOptions = (r: TRegion[]): Opt[] => r.map((x) => ({ value: x.name, label: x.name, ...(x.child ? { children: toOptions(x.child) } : {}) }));

export function Addresses() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: INVOICE_KEYS.addresses, queryFn: addressList });
  const regions = useQuery({ queryKey: INVOICE_KEYS.district, queryFn: district, staleTime: Infinity });
  const [editing, setEditing] = useState<TAddress | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; region: string[]; address: string; phoneNumber: string; isDefault: boolean }>();
  const open = (a?: TAddress) => {
    if (!a && (q.data?.length ?? 0) >= INVOICE_LIMITS.addresses) {
      void message.warning(MSG.ADDRESS_LIMIT);
      return;
    }
    setEditing(a ?? 'new');
    form.setFieldsValue(a ? { name: a.name, region: [a.province, a.city, a.area], address: a.address, phoneNumber: a.phoneNumber, isDefault: a.status === 1 } : { name: '', region: [], address: '', phoneNumber: '', isDefault: false });
  };
  const submit = async () => {
    const v = await form.validateFields();
    const [province = '', city = '', area = ''] = v.region ?? [];
    try {
      const r = await saveAddress({ ...(editing !== 'new' && editing ? { id: editing.id } : {}), name: v.name, province, city, area, address: v.address, phoneNumber: v.phoneNumber, status: v.isDefault ? 1 : 0 });
      void message.success(r.msg);
      setEditing(null);
      void qc.invalidateQueries({ queryKey: INVOICE_KEYS.addresses });
    } catch {
      // Toasted by the wrapper.
    }
  };
  const remove = (a: TAddress) =>
    modal.confirm({ title: UI.CONFIRM_TITLE, content: '确定删除该地址吗？', okText: UI.OK, cancelText: UI.CANCEL, onOk: async () => {
      try {
        void message.success((await delAddress(a.id)).msg);
        void qc.invalidateQueries({ queryKey: INVOICE_KEYS.addresses });
      } catch {
        // Toasted by the wrapper.
      }
    } });
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => open()}>{UI.ADD_ADDRESS_TITLE}</Button>
      <List
        bordered
        dataSource={q.data ?? []}
        locale={{ emptyText: MSG.NO_DATA }}
        renderItem={(a) => (
          <List.Item actions={[<Button key="e" type="link" size="small" onClick={() => open(a)}>编辑</Button>, <Button key="d" type="link" size="small" danger onClick={() => remove(a)}>删除</Button>]}>
            <List.Item.Meta title={<>{a.name} {a.phoneNumber} {a.status === 1 && <Tag color="blue">默认</Tag>}</>} description={`${a.province}${a.city}${a.area}${a.address}`} />
          </List.Item>
        )}
      />
      <Modal title={editing === 'new' ? UI.ADD_ADDRESS_TITLE : '编辑地址'} open={editing !== null} onOk={() => void submit()} onCancel={() => setEditing(null)} okText={UI.OK} cancelText={UI.CANCEL} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label="收件人" rules={[{ required: true, whitespace: true, message: '收件人不能为空' }]}><Input maxLength={40} /></Form.Item>
          <Form.Item name="region" label="所在地区" rules={[{ required: true, type: 'array', min: 3, message: MSG.SELECT_REGION }]}>
            <Cascader options={toOptions(regions.data ?? [])} disabled={editing !== 'new'} placeholder={MSG.SELECT_REGION} />
          </Form.Item>
          <Form.Item name="address" label="详细地址" rules={[{ required: true, whitespace: true, message: '详细地址不能为空' }]}><Input maxLength={200} /></Form.Item>
          <Form.Item name="phoneNumber" label="联系电话" rules={[{ required: true, whitespace: true, message: '联系电话不能为空' }]}><Input maxLength={20} /></Form.Item>
          <Form.Item name="isDefault" valuePropName="checked"><Checkbox>设为默认地址</Checkbox></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
