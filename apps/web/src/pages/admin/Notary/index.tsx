/**
 * /admin/notary 公证机构 (issue 15 §2): the notary offices (name, certificate prefix such as 京某证内字, fee per
 * evidence, staff count); create an office (the platform root issues its signing certificate) and make an
 * account a notary of an office. Audited on the server.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { adminAddStaff, adminCreateOffice, adminOffices } from '../../../api/notary';

export default function AdminNotaryPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['admin/notary/offices'], queryFn: adminOffices });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin/notary/offices'] });
  const create = async (v: { name: string; certPrefix: string; fee: number }) => {
    try {
      await adminCreateOffice({ name: v.name.trim(), certPrefix: v.certPrefix.trim(), fee: Math.round(v.fee * 100) });
      void message.success(MSG.OPERATION_SUCCESS);
      refresh();
    } catch {
      // Toasted by the wrapper.
    }
  };
  const staff = async (v: { officeId: number; mobile: string }) => {
    try {
      await adminAddStaff({ officeId: v.officeId, mobile: v.mobile.trim() });
      void message.success(MSG.OPERATION_SUCCESS);
      refresh();
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="公证机构">
        <Table rowKey="id" size="middle" loading={q.isPending} dataSource={q.data ?? []} locale={{ emptyText: MSG.NO_DATA }} pagination={false} scroll={{ x: 640 }}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 60 },
            { title: '名称', dataIndex: 'name' },
            { title: '公证书字号', dataIndex: 'certPrefix', width: 140 },
            { title: '每条证据公证费(元)', dataIndex: 'fee', width: 160, align: 'right', render: (v: number) => (v / 100).toFixed(2) },
            { title: '公证员', dataIndex: 'staff', width: 90, align: 'right' },
          ]} />
      </Card>
      <Card title="新增公证机构">
        <Form layout="inline" onFinish={(v) => void create(v)} initialValues={{ fee: 200 }}>
          <Form.Item name="name" label="名称" rules={[{ required: true, message: '公证机构名称不能为空' }]}><Input maxLength={60} placeholder="北京市某某公证处" /></Form.Item>
          <Form.Item name="certPrefix" label="公证书字号" rules={[{ required: true, message: MSG.NOTARY_CERT_PREFIX_INVALID }]}><Input maxLength={10} placeholder="京某证内字" /></Form.Item>
          <Form.Item name="fee" label="每条证据公证费(元)"><InputNumber min={0} max={100000} precision={2} /></Form.Item>
          <Form.Item><Button type="primary" htmlType="submit">创建</Button></Form.Item>
        </Form>
      </Card>
      <Card title="添加公证员">
        <Form layout="inline" onFinish={(v) => void staff(v)}>
          <Form.Item name="officeId" label="公证机构" rules={[{ required: true, message: MSG.NOTARY_OFFICE_NOT_FOUND }]}><Select style={{ width: 220 }} options={(q.data ?? []).map((o) => ({ value: o.id, label: o.name }))} /></Form.Item>
          <Form.Item name="mobile" label="账号手机号" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: MSG.MOBILE_FORMAT }]}><Input maxLength={11} /></Form.Item>
          <Form.Item><Button type="primary" htmlType="submit">添加</Button></Form.Item>
        </Form>
      </Card>
    </Space>
  );
}
