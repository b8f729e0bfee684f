/**
 * Orders page data (issue 13 §3; spec p1 §2, §3, §7): GET /api/processorder/getOrderList rows and the
 * Excel export of GET /api/processorder/exportOrderList (exceljs streaming writer, 500 rows a page read).
 */
import type { Writable } from 'node:stream';
import { ORDER_TYPE_LABEL, PAY_FILTER_LABEL } from '@cunzheng/contract/constants';
import { PAY_TYPE_LABEL, type TOrderItem, type TOrderListQuery } from '@cunzheng/contract/commerce';
import { MSG } from '@cunzheng/contract/messages';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './ordersRepo.ts';
import { NOTARY_DATA_TYPE } from './service.ts';

/** Who asks: the account, and the member when acting as a company member (role 2: own consumption only). */
export interface OrderViewer {
  userId: number;
  memberId?: number;
}

/** The repo filter of a query for `viewer`. Role 2 sees only its own consumption records (spec p1 §6). */
export function filterOf(viewer: OrderViewer, q: TOrderListQuery): repo.OrderFilter {
  if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) throw badRequest(MSG.DATE_RANGE_INVALID);
  const member = viewer.memberId !== undefined;
  return {
    userId: viewer.userId,
    memberId: member ? viewer.memberId : q.member_id,
    tab: member ? 2 : (q.isType as 1 | 2),
    payStatus: q.type,
    orderType: q.evidenceType,
    keyword: member ? undefined : q.keyword || undefined,
    startTime: q.startTime,
    endTime: q.endTime,
    page: q.page,
    limit: q.limit,
  };
}

/** Wire shape of a row (spec p1 §3 recharge/consumption order and member consumption order). */
export const toItem = (o: repo.OrderListRow): TOrderItem => ({
  id: o.id,
  order_no: o.orderNo,
  create_time: Math.floor(o.createdAt.getTime() / 1000),
  desc: o.desc,
  balance: o.points,
  pay_status: o.payStatus,
  pay_status_name: o.payStatus === 4 ? '已退款' : (PAY_FILTER_LABEL[o.payStatus] ?? ''),
  pay_type: o.payType,
  payType: PAY_TYPE_LABEL[o.payType] ?? '',
  type: o.type,
  type_name: o.dataType === 0 ? (o.payType === 1 ? '赠送积分' : '积分充值') : o.dataType === NOTARY_DATA_TYPE ? '公证费' : (ORDER_TYPE_LABEL[o.type] ?? ''),
  money: o.money,
  invoiceStatus: o.invoiceStatus,
  name: o.memberName ?? '',
  mobile: o.memberMobile ?? '',
});

/** One page of orders → `{list, count}`. */
export async function orderList(db: DbOrTx, viewer: OrderViewer, q: TOrderListQuery): Promise<{ list: TOrderItem[]; count: number }> {
  const r = await repo.listOrders(db, filterOf(viewer, q));
  return { list: r.list.map(toItem), count: r.count };
}

/** 400 暂无数据 when no order matches the export's filters (checked before anything is written). */
export async function assertOrders(db: DbOrTx, viewer: OrderViewer, q: TOrderListQuery): Promise<void> {
  const r = await repo.listOrders(db, filterOf(viewer, { ...q, page: 1, limit: 1 }));
  if (r.count === 0) throw badRequest(MSG.NO_DATA);
}

const fmtPoints = (h: number) => (h / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const fmtTime = (s: number) => new Date(s * 1000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * Writes the filtered orders (every page) as an .xlsx to `out` (call `assertOrders` first). Columns: 订单号, 时间, 类型, 描述, 积分, 金额(元), 支付方式,
 * 支付状态, 成员, 手机号.
 */
export async function exportOrders(db: DbOrTx, viewer: OrderViewer, q: TOrderListQuery, out: Writable): Promise<number> {
  const base = filterOf(viewer, { ...q, page: 1, limit: 1 });
  const { default: ExcelJS } = await import('exceljs'); // ≈ 38 MiB RSS: loaded on the first export, not at start (issue 16)
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet('订单');
  ws.columns = [
    { header: '订单号', key: 'no', width: 28 },
    { header: '时间', key: 'time', width: 21 },
    { header: '类型', key: 'type', width: 14 },
    { header: '描述', key: 'desc', width: 40 },
    { header: '积分', key: 'points', width: 14 },
    { header: '金额(元)', key: 'money', width: 12 },
    { header: '支付方式', key: 'payType', width: 10 },
    { header: '支付状态', key: 'status', width: 10 },
    { header: '成员', key: 'name', width: 14 },
    { header: '手机号', key: 'mobile', width: 14 },
  ];
  let n = 0;
  for (let page = 1; ; page++) {
    const r = await repo.listOrders(db, { ...base, page, limit: 500 });
    for (const o of r.list.map(toItem)) {
      ws.addRow({ no: o.order_no, time: fmtTime(o.create_time), type: o.type_name, desc: o.desc, points: fmtPoints(o.balance), money: (o.money / 100).toFixed(2), payType: o.payType, status: o.pay_status_name, name: o.name, mobile: o.mobile }).commit();
      n++;
    }
    if (r.list.length < 500) break;
  }
  ws.commit();
  await wb.commit();
  return n;
}
