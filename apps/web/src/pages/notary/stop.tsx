/**
 * 终止 of a notarization order by the applicant (issue 15; POST /api/Evidences/stop): an unfinished order
 * becomes void; a paid one the office has not accepted yet is withdrawn and its fee refunded — points back
 * at once, Alipay back to the paying account (apps/server/src/modules/notary/refund.ts). One confirmation
 * (Modal.confirm) that says what happens to the money, then the lists, the detail and the header's points
 * are refreshed. Used by /notary (row action), /notary/detail and the orders page's 公证出证 tab.
 */
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { UI } from '@cunzheng/contract/messages';
import { fetchUserInfo } from '../../api/auth';
import { NOTARY_KEYS, stopNotary } from '../../api/notary';
import { setUserInfo } from '../../stores/session';
import { yuan } from './common';

/** What the confirmation needs of an order (list row, detail info or orders-tab row). */
export interface StoppableOrder {
  id: number;
  orderNo: string;
  /** Fen (points: hundredths, 1 yuan = 1.00 point). */
  money: number;
  /** 1 to be paid, 2 paid, 3 cancelled, 4 refunded. */
  pay: number;
  /** 0 none yet, 2 Alipay, 3 points. */
  payType: number;
}

/** Points text of hundredths: 1000 → 10.00 积分. */
const points = (n: number) => `${(n / 100).toFixed(2)} 积分`;

/**
 * The confirmation's title, text and button, and the toast after success, for `o`: unpaid → void only;
 * paid with points → the points come back at once; paid with Alipay → back to the paying Alipay account.
 */
export function stopWording(o: StoppableOrder): { title: string; content: string; okText: string; done: string } {
  const paid = o.pay === 2;
  if (!paid) {
    return { title: '终止公证申请', content: `终止后订单 ${o.orderNo} 作废，无法继续办理或恢复。确定终止吗？`, okText: '确认终止', done: '订单已终止' };
  }
  const head = `订单 ${o.orderNo} 已支付，公证机构尚未受理，现在可以撤回。终止后订单作废，`;
  if (o.payType === 3) {
    return { title: '终止公证并退款', content: `${head}公证费 ${points(o.money)}将立即退回您的积分账户。确定终止吗？`, okText: '确认终止并退款', done: `订单已终止，公证费 ${points(o.money)}已退回您的账户` };
  }
  return {
    title: '终止公证并退款',
    content: `${head}公证费 ${yuan(o.money)} 将原路退回您付款的支付宝账户（到账时间以支付宝为准）。确定终止吗？`,
    okText: '确认终止并退款',
    done: `订单已终止，公证费 ${yuan(o.money)} 已申请原路退回支付宝`,
  };
}

/** `confirm(o, after?)`: asks, stops, toasts, refreshes (lists, detail, points); `after` runs on success. */
export function useStopNotary(): (o: StoppableOrder, after?: () => unknown) => void {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  return (o, after) => {
    const w = stopWording(o);
    modal.confirm({
      title: w.title,
      content: w.content,
      okText: w.okText,
      okButtonProps: { danger: true },
      cancelText: UI.CANCEL,
      onOk: async () => {
        try {
          await stopNotary(o.id);
        } catch {
          return; // Toasted by the wrapper; the dialog closes.
        }
        void message.success(w.done);
        await Promise.all([
          qc.invalidateQueries({ queryKey: NOTARY_KEYS.list }),
          qc.invalidateQueries({ queryKey: NOTARY_KEYS.tab }),
          qc.invalidateQueries({ queryKey: NOTARY_KEYS.order }),
          qc.invalidateQueries({ queryKey: ['notaryDetail', o.id] }),
        ]);
        if (o.pay === 2 && o.payType === 3) {
          try {
            setUserInfo(await fetchUserInfo());
          } catch {
            // The header's points refresh on the next page load.
          }
        }
        await after?.();
      },
    });
  };
}
