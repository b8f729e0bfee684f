/**
 * /notary/detail?orderId=&type=&goBackUrl= 公证详情 (issue 15 §1; spec p1 §2, p2 §3, §7): info (orderNo,
 * addTime, money, pay), the order's evidence (10 a page), invoiceInfo, and the documents as signed PDFs
 * (1 申请表, 2 受理通知书, 3 告知书, 4 询问笔录, 5 公证书) through POST /api/Evidences/downDoc → downUrl.
 * 终止 while info.canStop (unfinished, or paid and not yet accepted: the fee is refunded — stop.tsx); the
 * refund's state (已退款 / 退款处理中 / 退款失败) is shown once there is one.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Grid, Modal, Result, Space, Table, Tag } from 'antd';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND_DEFS } from '@cunzheng/contract/evidenceKinds';
import { MSG, UI } from '@cunzheng/contract/messages';
import { NOTARY_DOC_LABEL, NOTARY_STATUS_LABEL, NOTARY_STEP_LABEL, type TNotaryEvidenceRow } from '@cunzheng/contract/notary';
import { interviewSign, notaryDetail, notaryDoc } from '../../../api/notary';
import { formatDateTime } from '../../../utils/format';
import { follow, PAY_LABEL, PAY_TYPE_LABEL, stepPath, yuan } from '../common';
import { useStopNotary } from '../stop';

/** Tag colour of the refund text: done green, pending orange, failed red. */
const refundColor = (t: string) => (t.startsWith('已退款') ? 'green' : t.startsWith('退款处理中') ? 'orange' : 'red');

export default function NotaryDetailPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const orderId = Number(sp.get('orderId') ?? 0);
  const type = Number(sp.get('type') ?? 0);
  const back = sp.get('goBackUrl') ?? '/notary';
  const [page, setPage] = useState(1);
  const confirmStop = useStopNotary();
  const narrow = Grid.useBreakpoint().xs === true;
  const d = useQuery({ queryKey: ['notaryDetail', orderId, page], queryFn: () => notaryDetail(orderId, page), enabled: orderId > 0 });
  if (!orderId || d.isError) return <Result status="warning" title={MSG.NOTARY_ORDER_NOT_FOUND} extra={<Button onClick={() => void navigate('/notary')}>{UI.BACK}</Button>} />;
  const info = d.data?.info;
  const download = async (t: number) => {
    try {
      follow((await notaryDoc(orderId, t)).downUrl);
    } catch {
      // Toasted by the wrapper.
    }
  };
  /** The applicant confirms the recorded interview and signs it (event certificate); the office countersigns. */
  const signInterview = () =>
    Modal.confirm({
      title: '签署询问笔录',
      content: '请先下载并核对询问笔录。确认内容无误后，平台将为您签发事件证书并签署询问笔录，随后由公证机构加签。',
      okText: '确认无误并签署',
      cancelText: UI.CANCEL,
      onOk: async () => {
        await interviewSign(orderId);
        await d.refetch();
      },
    });
  const safeBack = back.startsWith('/') && !back.startsWith('//') ? back : '/notary';
  return (
    <div className="page">
      <Card title="公证详情" loading={d.isPending} extra={<Button onClick={() => void navigate(safeBack)}>{UI.BACK}</Button>}>
        {info && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }} items={[
              { key: 'no', label: '订单号', children: info.orderNo },
              { key: 't', label: '申请时间', children: formatDateTime(info.addTime) },
              { key: 'm', label: '公证费', children: `${yuan(info.money)}${PAY_TYPE_LABEL[info.payType] ? `（${PAY_TYPE_LABEL[info.payType]}支付）` : ''}` },
              { key: 'p', label: '支付状态', children: PAY_LABEL[info.pay] ?? '' },
              { key: 's', label: '当前步骤', children: NOTARY_STEP_LABEL[info.step] ?? '' },
              { key: 'n', label: '公证状态', children: info.notarial ? <Tag color={info.notarial === 2 ? 'green' : info.notarial === 1 ? 'blue' : 'red'}>{info.notarial === 1 && info.canStop ? '待公证机构受理' : NOTARY_STATUS_LABEL[info.notarial]}</Tag> : '未完成' },
              { key: 'o', label: '公证机构', children: info.officeName },
              { key: 'c', label: '公证书编号', children: info.certNo || '—' },
              ...(info.reason ? [{ key: 'r', label: '原因', children: info.reason, span: 2 }] : []),
              ...(info.refund ? [{ key: 'rf', label: '退款', children: <Tag color={refundColor(info.refund)}>{info.refund}</Tag>, span: 2 }] : []),
              ...(d.data?.invoiceInfo ? [{ key: 'i', label: '支付订单', children: `${d.data.invoiceInfo.orderNo}（${d.data.invoiceInfo.invoiceStatus === 0 ? '可开票' : '积分支付，不单独开票'}）`, span: 2 }] : []),
            ]} />
            {info.interviewToSign && (
              <Alert style={{ marginTop: 16 }} type="warning" showIcon message="公证机构已完成询问，请下载询问笔录核对后在线签署" action={<Button type="primary" onClick={signInterview}>签署询问笔录</Button>} />
            )}
            <Space wrap style={{ margin: '16px 0' }}>
              {[1, 3, 2, 4, 5].map((t) => (
                <Button key={t} disabled={!info.docs.includes(t)} onClick={() => void download(t)}>下载{NOTARY_DOC_LABEL[t]}</Button>
              ))}
              {!info.notarial && info.step <= 4 && <Button type="primary" onClick={() => void navigate(stepPath(info.step, orderId, type))}>继续办理</Button>}
              {info.canStop && <Button danger onClick={() => confirmStop({ id: orderId, orderNo: info.orderNo, money: info.money, pay: info.pay, payType: info.payType }, () => d.refetch())}>{info.pay === 2 ? '终止并退款' : '终止'}</Button>}
            </Space>
            <Table<TNotaryEvidenceRow>
              rowKey="id"
              size="small"
              scroll={narrow ? undefined : { x: 800 }}
              dataSource={d.data?.list ?? []}
              locale={{ emptyText: MSG.NO_DATA }}
              columns={[
                { title: '保全号', dataIndex: 'baoquan', width: narrow ? 150 : 200, render: (v: string, r) => <a href={r.url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>{v}</a> },
                { title: '名称', dataIndex: 'title', ellipsis: true },
                { title: '类型', dataIndex: 'kind', width: 100, responsive: ['sm'], render: (k: string) => EVIDENCE_KIND_DEFS.find((x) => x.id === k)?.name ?? k },
                { title: '保全时间', dataIndex: 'saveTime', width: 170, responsive: ['sm'], render: (v: number) => formatDateTime(v) },
              ]}
              pagination={{ current: page, pageSize: PAGE_SIZE.notaryDetail, total: d.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
            />
          </>
        )}
      </Card>
    </div>
  );
}
