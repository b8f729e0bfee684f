/**
 * /attestation-all/data/readingMaterial/{step}/{orderId}/{type} (issue 15 §1; spec p2 §2–4): the four steps of
 * a notarization order — applicationForm (read the materials, fill the application), signature (online
 * signing: event certificate + the default seal, POST /api/data/downContract for the signed PDFs), deCode
 * (authorise release of the evidence to the notary office), pay (points or Alipay). The store flags of
 * p2 §3 (disabled, disabledSign, disabledDecode, signTure, decodeList, payment) decide which step is open;
 * a step that is not the current one sends the user to the current one. 终止 voids the order.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, InputNumber, List, Popconfirm, Radio, Result, Space, Steps, Typography } from 'antd';
import { MSG, UI } from '@cunzheng/contract/messages';
import { NOTARY_STEP_ROUTE, type TNotaryOrderState } from '@cunzheng/contract/notary';
import { submitPayForm } from '../../../api/commerce';
import { downContract, grantNotary, NOTARY_KEYS, notaryDetail, notaryOrder, payNotary, signNotary, stopNotary, submitApplication } from '../../../api/notary';
import { formatPoints } from '../../../utils/format';
import { follow, stepPath, yuan } from '../common';

const STEP_OF: Readonly<Record<string, number>> = { applicationForm: 1, signature: 2, deCode: 3, pay: 4 };

const MATERIALS = [
  '一、保全证据公证是公证机构根据当事人的申请，对与申请人权益有关的、日后可能灭失或难以取得的电子数据进行提取、核验和保存的活动。',
  '二、申请人应为所选电子数据的保全人（权利人），并如实填写申请表；公证书用途、使用地和份数将记载于公证书。',
  '三、在线签署时，平台认证中心将为您签发与实名身份绑定的事件证书，并以您在“签章管理”中设置的默认签章在申请文书上签章。',
  '四、数据解密：您授权后，公证机构方可读取所选证据，并将自动核验其哈希值、账本包含证明与可信时间戳。',
  '五、公证费按证据条数计收，可使用积分或支付宝支付；支付后申请提交公证机构受理。',
];

export default function NotaryStepsPage() {
  const { step = '', orderId = '0', type = '0' } = useParams();
  const id = Number(orderId);
  const here = STEP_OF[step] ?? 1;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const state = useQuery({ queryKey: [...NOTARY_KEYS.order, id], queryFn: () => notaryOrder(id), enabled: id > 0 });
  const [busy, setBusy] = useState(false);
  const [agree, setAgree] = useState(false);
  const [payType, setPayType] = useState<1 | 2>(1);
  const [form] = Form.useForm();
  const docs = useQuery({ queryKey: ['downContract', id], queryFn: () => downContract(id), enabled: !!state.data?.signTure });
  const detail = useQuery({ queryKey: ['notaryDetail', id], queryFn: () => notaryDetail(id, 1), enabled: here === 3 });

  const moved = (s: TNotaryOrderState) => {
    qc.setQueryData([...NOTARY_KEYS.order, id], s);
    setAgree(false);
    if (s.step <= 4) void navigate(stepPath(s.step, id, Number(type)));
  };
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    try {
      await f();
    } catch {
      // Toasted by the wrapper.
    } finally {
      setBusy(false);
    }
  };

  if (!id) return <Result status="404" title={MSG.NOTARY_ORDER_NOT_FOUND} />;
  const s = state.data;
  if (!s) return <Card loading={state.isPending}>{state.isError ? <Result status="warning" title={MSG.NOTARY_ORDER_NOT_FOUND} /> : null}</Card>;
  const closed = s.status !== 0;

  const stop = (
    <Popconfirm title={UI.CONFIRM_TITLE} description="终止后订单作废，确定终止吗？" okText={UI.OK} cancelText={UI.CANCEL} onConfirm={() => void run(async () => { await stopNotary(id); void qc.invalidateQueries({ queryKey: NOTARY_KEYS.order }); void navigate('/notary'); })}>
      <Button danger disabled={closed || s.step > 4}>终止</Button>
    </Popconfirm>
  );

  let body: React.ReactNode;
  if (closed || s.step > 4) {
    body = <Result status={s.status === 3 ? 'warning' : 'success'} title={s.status === 3 ? '订单已终止（作废）' : '已支付，申请已提交公证机构'} subTitle={s.status === 1 ? '公证机构受理前，如需撤回，可在公证详情中终止，公证费将退回（积分立即退回，支付宝原路退回）。' : undefined} extra={<Button type="primary" onClick={() => void navigate(`/notary/detail?orderId=${id}&type=${type}&goBackUrl=/notary`)}>查看详情</Button>} />;
  } else if (here !== s.step && !(here === 1 && s.step === 2)) {
    body = <Result status="info" title="请按顺序完成公证申请步骤" extra={<Button type="primary" onClick={() => void navigate(stepPath(s.step, id, Number(type)))}>继续当前步骤</Button>} />;
  } else if (here === 1) {
    const a = (s.application ?? {}) as Record<string, unknown>;
    body = (
      <>
        <Typography.Title level={5}>公证材料阅读</Typography.Title>
        <div style={{ maxHeight: 180, overflow: 'auto', border: '1px solid #f0f0f0', padding: 12, marginBottom: 16 }}>{MATERIALS.map((p) => <p key={p}>{p}</p>)}</div>
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} disabled={s.disabled} initialValues={{ applicant: a.applicant ?? '', phone: a.phone ?? '', purpose: a.purpose ?? '', useArea: a.useArea ?? 1, country: a.country ?? '', copies: a.copies ?? 1, remark: a.remark ?? '' }}
          onFinish={(v) => void run(async () => moved(await submitApplication({ ...v, orderId: id, agree: agree ? 1 : 0 })))}>
          <Form.Item label="申请人" name="applicant" rules={[{ required: true, message: '申请人不能为空' }]}><Input maxLength={60} /></Form.Item>
          <Form.Item label="联系电话" name="phone" rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: MSG.MOBILE_FORMAT }]}><Input maxLength={11} /></Form.Item>
          <Form.Item label="公证用途" name="purpose" rules={[{ required: true, message: '公证用途不能为空' }]}><Input maxLength={200} placeholder="如：诉讼、维权、备案" /></Form.Item>
          <Form.Item label="公证书使用地" name="useArea"><Radio.Group options={[{ value: 1, label: '境内使用' }, { value: 2, label: '境外使用' }]} /></Form.Item>
          <Form.Item noStyle shouldUpdate>{() => (form.getFieldValue('useArea') === 2 ? <Form.Item label="使用国家或地区" name="country"><Input maxLength={40} /></Form.Item> : null)}</Form.Item>
          <Form.Item label="公证书份数" name="copies"><InputNumber min={1} max={10} precision={0} /></Form.Item>
          <Form.Item label="备注" name="remark"><Input.TextArea maxLength={200} rows={2} /></Form.Item>
          <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)}>我已阅读并同意上述公证须知</Checkbox>
          <div style={{ marginTop: 16 }}><Space><Button type="primary" htmlType="submit" loading={busy}>下一步</Button>{stop}</Space></div>
        </Form>
      </>
    );
  } else if (here === 2) {
    body = (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message="在线签署" description="平台认证中心将为您签发与实名身份绑定的事件证书，并使用默认签章对《公证申请表》《公证申请告知书》进行电子签名（PAdES）。" />
        {s.sealName ? <Typography.Text>默认签章：{s.sealName}</Typography.Text> : <Alert type="warning" showIcon message={MSG.NOTARY_SEAL_REQUIRED} action={<Button size="small" onClick={() => void navigate('/signature')}>去设置</Button>} />}
        <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)}>我已阅读《公证申请表》《公证申请告知书》，同意在线签署</Checkbox>
        <Space><Button onClick={() => void navigate(stepPath(1, id, Number(type)))}>上一步</Button><Button type="primary" loading={busy} disabled={s.disabledSign} onClick={() => (agree ? void run(async () => moved(await signNotary(id))) : void message.warning(MSG.NOTARY_CONSENT_REQUIRED))}>签署</Button>{stop}</Space>
      </Space>
    );
  } else if (here === 3) {
    body = (
      <Space direction="vertical" style={{ width: '100%' }}>
        {s.signTure && <List size="small" header="已签署文书" dataSource={docs.data?.list ?? []} renderItem={(d) => <List.Item actions={[<Button key="d" type="link" onClick={() => follow(d.downUrl)}>下载</Button>]}>{d.name}</List.Item>} />}
        <Alert type="warning" showIcon message="数据解密授权" description={`授权后，${s.officeName}可读取以下 ${s.count} 条证据并核验其完整性；授权记录将被保存并审计。`} />
        <List size="small" bordered dataSource={detail.data?.list ?? []} renderItem={(e) => <List.Item>{e.baoquan}　{e.title}</List.Item>} />
        <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)}>我授权向公证机构解密并提供上述证据</Checkbox>
        <Space><Button type="primary" loading={busy} disabled={s.disabledDecode} onClick={() => (agree ? void run(async () => moved(await grantNotary(id))) : void message.warning(MSG.NOTARY_CONSENT_REQUIRED))}>授权解密</Button>{stop}</Space>
      </Space>
    );
  } else {
    body = (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>公证费：{yuan(s.money)}</Typography.Title>
        <Typography.Text type="secondary">{s.count} 条证据 · {s.officeName} · 可用积分 {formatPoints(s.balance)}</Typography.Text>
        <Radio.Group value={payType} onChange={(e) => setPayType(e.target.value as 1 | 2)} options={[{ value: 1, label: `积分支付（${formatPoints(s.money)} 积分）` }, { value: 2, label: '支付宝支付' }]} />
        <Space>
          <Button type="primary" loading={busy} onClick={() => void run(async () => {
            const r = await payNotary(id, payType);
            if (r.html) submitPayForm(r.html);
            else {
              void message.success('支付成功，申请已提交公证机构');
              void qc.invalidateQueries({ queryKey: NOTARY_KEYS.order });
            }
          })}>立即支付</Button>
          {stop}
        </Space>
      </Space>
    );
  }

  return (
    <div className="page">
      <Card title={`在线公证 · 订单 ${s.orderNo}`} extra={<Button onClick={() => void navigate('/notary')}>{UI.BACK}</Button>}>
        <Steps current={Math.min(s.step, 5) - 1} style={{ marginBottom: 24 }} items={[1, 2, 3, 4].map((n) => ({ title: ['材料阅读与填写', '在线签署', '数据解密', '支付'][n - 1], onClick: n <= s.step && !closed ? () => void navigate(stepPath(n, id, Number(type))) : undefined }))} />
        {body}
        <div style={{ display: 'none' }}>{NOTARY_STEP_ROUTE[here]}</div>
      </Card>
    </div>
  );
}
