/**
 * Invoice headers tab (spec p2 §2–5, §8): table with 编辑, 删除 (confirm 是否删除发票抬头为“…”的信息吗?) and
 * 新增 (at most 5; type 2 enterprise by default: all fields; type 1 personal: head, ID number, email).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Table } from 'antd';
import type { TInvoiceHeader } from '@cunzheng/contract/invoice';
import { INVOICE_LIMITS } from '@cunzheng/contract/invoice';
import { MSG, UI, msgDeleteInvoiceHeaderConfirm } from '@cunzheng/contract/messages';
import { delHeader, INVOICE_KEYS, riseList, saveHeader, type HeaderInput } from '../../../api/invoice';

export function Headers() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: INVOICE_KEYS.headers, queryFn: riseList });
  const [editing, setEditing] = useState<HeaderInput | null>(null);
  const [form] = Form.useForm<HeaderInput>();
  const type = Form.useWatch('type', form);
  const open = (h?: TInvoiceHeader) => {
    if (!h && (q.data?.length ?? 0) >= INVOICE_LIMITS.headers) {
      void message.warning(MSG.INVOICE_HEADER_LIMIT);
      return;
    }
    const v: HeaderInput = h ? { ...h, phoneNumber: '' } : { type: 2, head: '', taxNum: '', email: '', bankName: '', account: '', street: '', phoneNumber: '' };
    setEditing(v);
    form.setFieldsValue(v);
  };
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await saveHeader({ ...editing, ...v });
      void message.success(r.msg);
      setEditing(null);
      void qc.invalidateQueries({ queryKey: INVOICE_KEYS.headers });
    } catch {
      // Toasted by the wrapper.
    }
  };
  const remove = (h: TInvoiceHeader) =>
    modal.confirm({
      title: UI.CONFIRM_TITLE,
      content: msgDeleteInvoiceHeaderConfirm(h.head),
      okText: UI.OK,
      cancelText: UI.CANCEL,
      onOk: async () => {
        try {
          void message.success((await delHeader(h.id)).msg);
          void qc.invalidateQueries({ queryKey: INVOICE_KEYS.headers });
        } catch {
          // Toasted by the wrapper.
        }
      },
    });
  const req = (label: string) => [{ required: true, whitespace: true, message: `${label}不能为空` }];
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => open()}>新增发票抬头</Button>
      <Table<TInvoiceHeader>
        rowKey="id"
        scroll={{ x: 700 }}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: MSG.NO_DATA }}
        columns={[
          { title: '发票抬头', dataIndex: 'head' },
          { title: '类型', dataIndex: 'type', render: (v: number) => (v === 2 ? '企业' : '个人/非企业') },
          { title: '税号/身份证号', dataIndex: 'taxNum' },
          { title: '邮箱', dataIndex: 'email' },
          { title: '操作', render: (_: unknown, h) => (<><Button type="link" size="small" onClick={() => open(h)}>编辑</Button><Button type="link" size="small" danger onClick={() => remove(h)}>删除</Button></>) },
        ]}
      />
      <Modal title={editing?.id ? '编辑发票抬头' : '新增发票抬头'} open={editing !== null} onOk={() => void submit()} onCancel={() => setEditing(null)} okText={UI.OK} cancelText={UI.CANCEL} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="type" label="抬头类型"><Radio.Group options={[{ value: 2, label: '企业' }, { value: 1, label: '个人/非企业' }]} /></Form.Item>
          <Form.Item name="head" label="发票抬头" rules={req('发票抬头')}><Input maxLength={100} /></Form.Item>
          <Form.Item name="taxNum" label={type === 1 ? '身份证号' : '税号'} rules={req(type === 1 ? '身份证号' : '税号')}><Input maxLength={30} /></Form.Item>
          <Form.Item name="email" label="邮箱" rules={[...req('邮箱'), { type: 'email', message: '请输入正确的邮箱' }]}><Input maxLength={100} /></Form.Item>
          {type !== 1 && (
            <>
              <Form.Item name="bankName" label="开户银行" rules={req('开户银行')}><Input maxLength={100} /></Form.Item>
              <Form.Item name="account" label="银行账号" rules={req('银行账号')}><Input maxLength={40} /></Form.Item>
              <Form.Item name="street" label="注册地址" rules={req('注册地址')}><Input maxLength={200} /></Form.Item>
              <Form.Item name="phoneNumber" label="注册电话" rules={req('注册电话')}><Input maxLength={20} /></Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
