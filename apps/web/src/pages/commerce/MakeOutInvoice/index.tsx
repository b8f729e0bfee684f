/**
 * /orders/makeOutInvoice?ids=…&money=… 申请开票 (spec p1 §4, p2 §2, §5): choose a header, the invoice type
 * (a personal header allows only the electronic ordinary invoice), a delivery address (paper special
 * invoice only) and a remark (≤ 50); checks in order 请选择发票信息, 请选择要送达的地址, 请选择发票类型; submit
 * → /invoice.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { INVOICE_CONTENT, INVOICE_LIMITS, INVOICE_TYPE, INVOICE_TYPE_LABEL } from '@cunzheng/contract/invoice';
import { MSG } from '@cunzheng/contract/messages';
import { addressList, INVOICE_KEYS, invoiceAsk, riseList } from '../../../api/invoice';
import '../BuyCredits/buyCredits.css';

export default function MakeOutInvoicePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const ids = params.getAll('ids').flatMap((x) => x.split(',')).filter((x) => /^\d+$/.test(x));
  const money = Number(params.get('money') ?? 0);
  const headers = useQuery({ queryKey: INVOICE_KEYS.headers, queryFn: riseList });
  const addrs = useQuery({ queryKey: INVOICE_KEYS.addresses, queryFn: addressList });
  const [headerId, setHeaderId] = useState<number>();
  const [type, setType] = useState<string>();
  const [addressId, setAddressId] = useState<number>();
  const [remark, setRemark] = useState('');
  const header = headers.data?.find((h) => h.id === headerId);

  const submit = async () => {
    if (ids.length === 0) return void message.warning(MSG.SELECT_INVOICEABLE_ORDERS);
    if (!headerId) return void message.warning(MSG.SELECT_INVOICE_HEADER);
    if (type === INVOICE_TYPE.paperSpecial && !addressId) return void message.warning(MSG.SELECT_DELIVERY_ADDRESS);
    if (!type) return void message.warning(MSG.SELECT_INVOICE_TYPE);
    try {
      const r = await invoiceAsk({ ids: ids.join(','), userInvoiceId: headerId, userAddressId: type === INVOICE_TYPE.paperSpecial ? addressId : undefined, invoiceType: type, remark, type: header?.type });
      void message.success(r.msg);
      void navigate('/invoice');
    } catch {
      // Toasted by the wrapper.
    }
  };

  return (
    <div className="buy-credits">
      <Card title="申请开票">
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Typography.Text>已选 {ids.length} 个订单，开票金额 <strong className="buy-credits-amount">¥{(money / 100).toFixed(2)}</strong>，发票内容：{INVOICE_CONTENT}</Typography.Text>
          <div>
            <Typography.Title level={5}>发票抬头</Typography.Title>
            {(headers.data ?? []).length === 0 ? <Button onClick={() => void navigate('/invoice?activeName=2')}>新增发票抬头</Button> : (
              <Radio.Group value={headerId} onChange={(e) => { setHeaderId(e.target.value as number); setType(undefined); }} options={(headers.data ?? []).map((h) => ({ value: h.id, label: `${h.head}（${h.type === 2 ? '企业' : '个人'}）` }))} />
            )}
          </div>
          <div>
            <Typography.Title level={5}>发票类型</Typography.Title>
            <Radio.Group value={type} onChange={(e) => setType(e.target.value as string)} options={[
              { value: INVOICE_TYPE.electronic, label: INVOICE_TYPE_LABEL[INVOICE_TYPE.electronic] },
              { value: INVOICE_TYPE.paperSpecial, label: INVOICE_TYPE_LABEL[INVOICE_TYPE.paperSpecial], disabled: header?.type === 1 },
            ]} />
          </div>
          {type === INVOICE_TYPE.paperSpecial && (
            <div>
              <Typography.Title level={5}>收货地址（到付，不支持港澳台）</Typography.Title>
              {(addrs.data ?? []).length === 0 ? <Button onClick={() => void navigate('/invoice?activeName=3')}>新增地址</Button> : (
                <Radio.Group value={addressId} onChange={(e) => setAddressId(e.target.value as number)} options={(addrs.data ?? []).map((a) => ({ value: a.id, label: `${a.name} ${a.province}${a.city}${a.area}${a.address}` }))} />
              )}
            </div>
          )}
          <Input.TextArea aria-label="备注" placeholder="备注（选填）" maxLength={INVOICE_LIMITS.remarkMax} showCount value={remark} onChange={(e) => setRemark(e.target.value)} />
          <Button type="primary" onClick={() => void submit()}>提交</Button>
        </Space>
      </Card>
    </div>
  );
}
