/**
 * /admin/invoices 发票处理 (issue 13 §4): the operator's queue of invoice applications. 开具: an electronic
 * invoice needs the e-invoice PDF (the user downloads it from the detail; the e-mail goes out with it), a
 * paper one the courier number; 驳回 needs a reason. Content is fixed to 技术服务费.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Modal, Select, Space, Table, Upload } from 'antd';
import { INVOICE_STATUS_LABEL, PAGE_SIZE } from '@cunzheng/contract/constants';
import { INVOICE_TYPE, INVOICE_TYPE_LABEL } from '@cunzheng/contract/invoice';
import { MSG, UI } from '@cunzheng/contract/messages';
import { adminInvoices, adminIssue, adminReject, adminResendEmail, INVOICE_KEYS, type AdminInvoice } from '../../../api/invoice';
import { formatDateTime } from '../../../utils/format';

/** After issuing / resending an e-invoice (issue 13 §4: delivered by e-mail to the header's address). */
const EMAIL_SENT = '电子发票已通过邮件发送至抬头邮箱';
const EMAIL_FAILED = '电子发票邮件未能发送，用户仍可在发票详情中下载；可稍后点击“重发邮件”';

export default function AdminInvoicesPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState(1);
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: [...INVOICE_KEYS.admin, status, page], queryFn: () => adminInvoices({ page, status }) });
  const [issuing, setIssuing] = useState<AdminInvoice | null>(null);
  const [rejecting, setRejecting] = useState<AdminInvoice | null>(null);
  const [courier, setCourier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const done = (msg: string) => {
    void message.success(msg || MSG.OPERATION_SUCCESS);
    setIssuing(null);
    setRejecting(null);
    void qc.invalidateQueries({ queryKey: INVOICE_KEYS.admin });
  };
  const issue = async () => {
    if (!issuing) return;
    try {
      const r = await adminIssue(issuing.id, { courierNumber: courier || undefined, file: file ?? undefined });
      // An electronic invoice is e-mailed to the header's address after it is issued (issue 13 §4).
      if (r.data?.emailed === 1) void message.info(EMAIL_SENT);
      else if (issuing.type === INVOICE_TYPE.electronic) void message.warning(EMAIL_FAILED);
      done(r.msg);
    } catch {
      // Toasted by the wrapper.
    }
  };
  const resend = async (r: AdminInvoice) => {
    try {
      const a = await adminResendEmail(r.id);
      if (a.data.emailed === 1) void message.success(EMAIL_SENT);
      else void message.warning(EMAIL_FAILED);
    } catch {
      // Toasted by the wrapper.
    }
  };
  const reject = async () => {
    if (!rejecting) return;
    try {
      done((await adminReject(rejecting.id, reason)).msg);
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Card title="发票处理">
      <Select aria-label="状态" style={{ width: 140, marginBottom: 16 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={[{ value: 0, label: '全部' }, ...Object.entries(INVOICE_STATUS_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))]} />
      <Table<AdminInvoice>
        rowKey="id"
        scroll={{ x: 900 }}
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: MSG.NO_DATA }}
        pagination={{ current: page, pageSize: PAGE_SIZE.invoices, total: q.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '申请编号', dataIndex: 'order_no' },
          { title: '时间', dataIndex: 'create_time', render: (v: number) => formatDateTime(v) },
          { title: '金额(元)', dataIndex: 'money', render: (v: number) => (v / 100).toFixed(2) },
          { title: '发票类型', dataIndex: 'type', render: (v: string) => INVOICE_TYPE_LABEL[v] ?? v },
          { title: '抬头', render: (_: unknown, r) => `${String(r.header.head ?? '')} ${String(r.header.taxNum ?? '')}` },
          { title: '收货地址', render: (_: unknown, r) => (r.address ? `${r.address.name} ${r.address.phoneNumber} ${r.address.address}` : '—') },
          { title: '状态', dataIndex: 'status', render: (v: number) => INVOICE_STATUS_LABEL[v] ?? '' },
          {
            title: '操作',
            render: (_: unknown, r) => (r.status === 3 && r.type === INVOICE_TYPE.electronic ? (
              <Button size="small" type="link" onClick={() => void resend(r)}>重发邮件</Button>
            ) : r.status === 1 || r.status === 2 ? (
              <Space>
                <Button size="small" type="link" onClick={() => { setIssuing(r); setCourier(''); setFile(null); }}>开具</Button>
                <Button size="small" type="link" danger onClick={() => { setRejecting(r); setReason(''); }}>驳回</Button>
              </Space>
            ) : null),
          },
        ]}
      />
      <Modal title="开具发票" open={issuing !== null} onOk={() => void issue()} onCancel={() => setIssuing(null)} okText={UI.OK} cancelText={UI.CANCEL}>
        {issuing?.type === INVOICE_TYPE.paperSpecial ? (
          <Input aria-label="快递单号" placeholder="快递单号" maxLength={40} value={courier} onChange={(e) => setCourier(e.target.value)} />
        ) : (
          <Upload accept="application/pdf" maxCount={1} beforeUpload={(f) => { setFile(f); return false; }} onRemove={() => setFile(null)}>
            <Button>选择电子发票PDF</Button>
          </Upload>
        )}
      </Modal>
      <Modal title="驳回申请" open={rejecting !== null} onOk={() => void reject()} onCancel={() => setRejecting(null)} okText={UI.OK} cancelText={UI.CANCEL}>
        <Input.TextArea aria-label="驳回原因" placeholder="驳回原因" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Card>
  );
}
