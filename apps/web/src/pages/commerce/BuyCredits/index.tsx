/**
 * /buyCredits 积分充值 (issue 13 §2; spec p1 §7 payment, p2 §2): recharge packages and a custom amount
 * (whole yuan, 1 yuan = 1.00 point) → a to-be-paid recharge order → the provider's page (Alipay, or the
 * local sandbox). The provider sends the browser back to /buyCredits?order_no=… where the page shows the
 * result: paid (points credited from the verified notification), cancelled, or still to be paid with
 * 继续支付 and 取消订单.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Radio, Result, Space, Spin, Typography } from 'antd';
import { RECHARGE_MAX, RECHARGE_MIN, RECHARGE_PACKAGES } from '@cunzheng/contract/commerce';
import { MSG } from '@cunzheng/contract/messages';
import { cancelPay, orderStatus, payRecharge, submitPayForm } from '../../../api/commerce';
import { useSession } from '../../../stores/session';
import { formatPoints } from '../../../utils/format';
import { USER_INFO_KEY } from '../../../layouts/MainLayout/useUserInfoRefresh';
import './buyCredits.css';

/** The result of a returned payment (order_no in the query). */
function PayResult({ orderNo, cancelled }: { orderNo: string; cancelled: boolean }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [, setParams] = useSearchParams();
  const st = useQuery({
    queryKey: ['alipay/orderStatus', orderNo],
    queryFn: async () => {
      const s = await orderStatus(orderNo);
      if (s.pay_status === 2) void qc.invalidateQueries({ queryKey: USER_INFO_KEY });
      return s;
    },
    // The notification may arrive a moment after the browser: ask again while it is to be paid.
    refetchInterval: (q) => (q.state.data?.pay_status === 1 && !cancelled ? 2000 : false),
  });
  const again = () => setParams({});
  if (st.isPending) return <Spin />;
  if (st.isError) return <Result status="warning" title={MSG.ORDER_NOT_FOUND} extra={<Button onClick={again}>返回充值</Button>} />;
  const s = st.data;
  if (s.pay_status === 2) {
    return <Result status="success" title={MSG.PAY_SUCCESS} subTitle={`订单号 ${s.order_no}，已到账 ${formatPoints(s.balance)} 积分`} extra={<Button type="primary" onClick={again}>继续充值</Button>} />;
  }
  if (s.pay_status === 3) return <Result status="info" title={MSG.ORDER_CANCELLED} subTitle={`订单号 ${s.order_no}`} extra={<Button type="primary" onClick={again}>重新充值</Button>} />;
  const resume = async () => {
    try {
      submitPayForm((await payRecharge({ order_no: s.order_no })).html);
    } catch {
      // Toasted by the wrapper.
    }
  };
  const cancel = async () => {
    try {
      void message.success((await cancelPay(s.order_no)).msg || MSG.ORDER_CANCELLED);
      void st.refetch();
    } catch {
      // Toasted by the wrapper.
    }
  };
  return (
    <Result
      status="warning"
      title={cancelled ? '支付未完成' : MSG.PAY_PENDING}
      subTitle={`订单号 ${s.order_no}，金额 ¥${(s.money / 100).toFixed(2)}`}
      extra={
        <Space>
          <Button type="primary" onClick={resume}>继续支付</Button>
          <Button onClick={cancel}>取消订单</Button>
        </Space>
      }
    />
  );
}

export default function BuyCreditsPage() {
  const [params] = useSearchParams();
  const { userInfo } = useSession();
  const { message } = App.useApp();
  const [pkg, setPkg] = useState<number | 'custom'>(RECHARGE_PACKAGES[1]);
  const [custom, setCustom] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const orderNo = params.get('order_no');
  const amount = pkg === 'custom' ? custom : pkg;

  const pay = async () => {
    if (!amount || !Number.isInteger(amount) || amount < RECHARGE_MIN || amount > RECHARGE_MAX) {
      void message.warning(MSG.RECHARGE_AMOUNT_INVALID);
      return;
    }
    setBusy(true);
    try {
      submitPayForm((await payRecharge({ integral: amount })).html);
    } catch {
      setBusy(false); // toasted by the wrapper
    }
  };

  return (
    <div className="buy-credits">
      <Card title="积分充值">
        {orderNo ? (
          <PayResult orderNo={orderNo} cancelled={params.get('cancel') === '1'} />
        ) : (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Text>
              可用积分 <strong data-testid="buy-balance">{formatPoints(userInfo?.points)}</strong>（1 元 = 1 积分）
            </Typography.Text>
            <Radio.Group value={pkg} onChange={(e) => setPkg(e.target.value as number | 'custom')} className="buy-credits-packages">
              {RECHARGE_PACKAGES.map((p) => (
                <Radio.Button key={p} value={p}>
                  {p} 积分 <span className="buy-credits-price">¥{p}.00</span>
                </Radio.Button>
              ))}
              <Radio.Button value="custom">自定义金额</Radio.Button>
            </Radio.Group>
            {pkg === 'custom' && (
              <InputNumber aria-label="充值金额" min={RECHARGE_MIN} max={RECHARGE_MAX} precision={0} value={custom} onChange={(v) => setCustom(v)} addonAfter="元" placeholder={`${RECHARGE_MIN}-${RECHARGE_MAX}`} />
            )}
            <Typography.Text>
              应付金额 <strong className="buy-credits-amount">¥{amount ? `${amount}.00` : '0.00'}</strong>，支付方式：支付宝
            </Typography.Text>
            <Button type="primary" size="large" loading={busy} onClick={pay}>立即充值</Button>
          </Space>
        )}
      </Card>
    </div>
  );
}
