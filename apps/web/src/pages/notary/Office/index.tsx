/**
 * /notary-office 公证机构工作台 (issue 15 §2): the notary's console — incoming orders of the office; an order
 * opened after the user's grant shows each evidence re-verified against the ledger (hash, inclusion proof,
 * timestamp) with the verdict; 受理 (acceptance notice), 询问笔录, 出具公证书, 终止 / 公证失败 with a reason;
 * the documents as signed PDFs; announcements in the 公告 dialog. Non-notaries see 您不是公证机构工作人员.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Form, Grid, Input, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_DOC_LABEL, NOTARY_STATUS_LABEL } from '@cunzheng/contract/notary';
import { NOTARY_KEYS, officeAccept, officeAnnounce, officeDoc, officeInterview, officeIssue, officeMe, officeOrder, officeOrders, officeTerminate, type OfficeOrderRow } from '../../../api/notary';
import { formatDateTime } from '../../../utils/format';
import { follow, yuan } from '../common';

/** Whether document `t` exists yet: 1/3 signed before payment, 2 on acceptance, 4 once interviewed, 5 once issued. */
const docReady = (o: { accepted: boolean; interviewed: boolean; issued: boolean }, t: number) => (t === 2 ? o.accepted : t === 4 ? o.interviewed : t === 5 ? o.issued : true);

const ok = (b: boolean) => <Tag color={b ? 'green' : 'red'}>{b ? '通过' : '未通过'}</Tag>;

export default function NotaryOfficePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const me = useQuery({ queryKey: [...NOTARY_KEYS.office, 'me'], queryFn: officeMe, retry: false });
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'interview' | 'terminate' | 'announce' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const narrow = Grid.useBreakpoint().xs === true;
  const list = useQuery({ queryKey: [...NOTARY_KEYS.office, 'orders', status, page], queryFn: () => officeOrders({ page, status }), enabled: !!me.data });
  const order = useQuery({ queryKey: [...NOTARY_KEYS.office, 'order', open], queryFn: () => officeOrder(open!), enabled: open !== null });

  if (me.isError || me.data === null) return <Result status="403" title={MSG.NOTARY_NOT_STAFF} />;
  const refresh = () => void qc.invalidateQueries({ queryKey: NOTARY_KEYS.office });
  const act = async (f: () => Promise<unknown>, done = '操作成功') => {
    setBusy(true);
    try {
      await f();
      void message.success(done);
      setDialog(null);
      form.resetFields();
      refresh();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };
  const o = order.data?.order;
  const app = (o?.application ?? {}) as Record<string, unknown>;

  return (
    <div className="page">
      <Card title={`公证机构工作台${me.data ? ` · ${me.data.name}` : ''}`} extra={<Button onClick={() => setDialog('announce')}>发布公告</Button>}>
        <Space style={{ marginBottom: 16 }}>
          <Select aria-label="状态" style={{ width: 140 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={[{ value: 0, label: '全部订单' }, ...[1, 2, 3, 4].map((v) => ({ value: v, label: NOTARY_STATUS_LABEL[v] }))]} />
        </Space>
        <Table<OfficeOrderRow>
          rowKey="id"
          size="middle"
          scroll={{ x: 900 }}
          loading={list.isPending && !!me.data}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: MSG.NO_DATA }}
          pagination={{ current: page, pageSize: 10, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', width: 200 },
            { title: '申请人', dataIndex: 'applicant', width: 100 },
            { title: '提交时间', dataIndex: 'submittedAt', width: 170, render: (v: number) => formatDateTime(v) },
            { title: '证据数', dataIndex: 'number', width: 80, align: 'right' },
            { title: '公证费', dataIndex: 'money', width: 100, align: 'right', render: (v: number) => yuan(v) },
            { title: '状态', dataIndex: 'statusName', width: 100, render: (v: string, r) => (r.status === 1 && !r.accepted ? '待受理' : v) },
            { title: '公证书编号', dataIndex: 'certNo', width: 220, render: (v: string) => v || '—' },
            { title: '操作', width: 80, fixed: 'right', render: (_: unknown, r) => <Button type="link" size="small" onClick={() => setOpen(r.id)}>办理</Button> },
          ]}
        />
        <Drawer open={open !== null} onClose={() => setOpen(null)} width={Math.min(960, window.innerWidth)} title={o ? `订单 ${o.orderNo}` : '订单'} loading={order.isPending}>
          {o && order.data && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={[
                { key: 's', label: '状态', children: o.status === 1 && !o.accepted ? '待受理' : o.statusName },
                { key: 'm', label: '公证费', children: yuan(o.money) },
                { key: 'a', label: '申请人', children: String(app.applicant ?? '') },
                { key: 'p', label: '联系电话', children: String(app.phone ?? '') },
                { key: 'u', label: '用途', children: String(app.purpose ?? '') },
                { key: 'c', label: '份数 / 使用地', children: `${String(app.copies ?? '')} 份 / ${app.useArea === 2 ? `境外 ${String(app.country ?? '')}` : '境内'}` },
                { key: 'g', label: '数据解密授权', children: o.granted ? '已授权' : '未授权' },
                { key: 'n', label: '公证书编号', children: o.certNo || '—' },
                ...(o.reason ? [{ key: 'r', label: '原因', children: o.reason, span: 2 }] : []),
              ]} />
              <Typography.Title level={5}>证据与自动核验结果</Typography.Title>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                scroll={narrow ? undefined : { x: 860 }}
                dataSource={order.data.evidence}
                columns={[
                  { title: '保全号 / 名称', dataIndex: 'baoquan', width: narrow ? undefined : 220, render: (v: string, e) => <><span style={{ wordBreak: 'break-all' }}>{v}</span><br />{e.title}（{e.kindName}）</> },
                  { title: 'SHA-256 / chainhash', dataIndex: 'sha256', responsive: ['sm'], render: (v: string, e) => <Typography.Text style={{ fontSize: 11, wordBreak: 'break-all' }}>{v}<br />{e.chainhash}</Typography.Text> },
                  // Under 576 px the three checks stack in one column so the verdicts need no sideways scroll.
                  { title: '核验', key: 'checks', width: 110, responsive: ['xs'], render: (_: unknown, e) => (e.verdict ? <Space direction="vertical" size={2}><span>哈希 {ok(e.verdict.hash)}</span><span>包含证明 {ok(e.verdict.inclusion)}</span><span>时间戳 {ok(e.verdict.timestamp)}</span></Space> : '—') },
                  { title: '哈希', width: 70, responsive: ['sm'], render: (_: unknown, e) => (e.verdict ? ok(e.verdict.hash) : '—') },
                  { title: '包含证明', width: 80, responsive: ['sm'], render: (_: unknown, e) => (e.verdict ? ok(e.verdict.inclusion) : '—') },
                  { title: '时间戳', width: 70, responsive: ['sm'], render: (_: unknown, e) => (e.verdict ? ok(e.verdict.timestamp) : '—') },
                  { title: '文件', width: 70, render: (_: unknown, e) => (e.fileUrl ? <Button type="link" size="small" onClick={() => follow(e.fileUrl)}>下载</Button> : '—') },
                ]}
              />
              <Space wrap>
                <Button type="primary" disabled={o.status !== 1 || o.accepted} loading={busy} onClick={() => void act(() => officeAccept(o.id), '已受理')}>受理</Button>
                <Button disabled={o.status !== 1 || !o.accepted || o.interviewed} onClick={() => setDialog('interview')}>询问笔录</Button>
                <Button type="primary" disabled={o.status !== 1 || !o.interviewSigned || o.issued} loading={busy} onClick={() => void act(() => officeIssue(o.id), '公证书已出具')}>出具公证书</Button>
                <Button danger disabled={o.status !== 1} onClick={() => setDialog('terminate')}>终止 / 公证失败</Button>
                {o.interviewed && !o.interviewSigned && o.status === 1 && <Tag color="orange">待申请人签署询问笔录</Tag>}
                {o.interviewSigned && <Tag color="green">询问笔录已双方签署</Tag>}
              </Space>
              <Space wrap>
                <Typography.Text type="secondary">文书下载：</Typography.Text>
                {[1, 3, 2, 4, 5].map((t) => <Button key={t} size="small" disabled={!docReady(o, t)} onClick={() => void officeDoc(o.id, t).then((r) => follow(r.downUrl)).catch(() => undefined)}>{NOTARY_DOC_LABEL[t]}</Button>)}
              </Space>
            </Space>
          )}
        </Drawer>
        <Modal open={dialog !== null} title={dialog === 'interview' ? '询问笔录' : dialog === 'terminate' ? '终止 / 公证失败' : '发布公告'} onCancel={() => setDialog(null)} confirmLoading={busy} onOk={() => form.submit()} destroyOnHidden>
          <Form form={form} layout="vertical" onFinish={(v: Record<string, string>) => {
            if (dialog === 'interview') void act(() => officeInterview({ orderId: o!.id, place: v.place ?? '', content: v.content ?? '' }), '询问笔录已生成');
            else if (dialog === 'terminate') void act(() => officeTerminate({ orderId: o!.id, reason: v.reason ?? '', failed: v.failed === '1' ? 1 : 0 }));
            else void act(() => officeAnnounce({ title: v.title ?? '', content: v.content ?? '' }), '公告已发布');
          }}>
            {dialog === 'interview' && (<>
              <Form.Item label="询问地点" name="place" rules={[{ required: true, message: '询问地点不能为空' }]}><Input maxLength={60} placeholder="如：线上视频" /></Form.Item>
              <Form.Item label="询问内容" name="content" rules={[{ required: true, message: '询问内容不能为空' }]}><Input.TextArea rows={8} maxLength={2000} /></Form.Item>
            </>)}
            {dialog === 'terminate' && (<>
              <Form.Item label="结果" name="failed" initialValue="0"><Select options={[{ value: '0', label: '终止公证' }, { value: '1', label: '公证失败' }]} /></Form.Item>
              <Form.Item label="原因" name="reason" rules={[{ required: true, message: MSG.NOTARY_REASON_REQUIRED }]}><Input.TextArea rows={3} maxLength={200} /></Form.Item>
            </>)}
            {dialog === 'announce' && (<>
              <Form.Item label="公告标题" name="title" rules={[{ required: true, message: '公告标题不能为空' }]}><Input maxLength={80} /></Form.Item>
              <Form.Item label="公告内容" name="content" rules={[{ required: true, message: '公告内容不能为空' }]}><Input.TextArea rows={6} maxLength={5000} /></Form.Item>
            </>)}
          </Form>
        </Modal>
      </Card>
    </div>
  );
}
