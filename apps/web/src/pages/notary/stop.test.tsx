/**
 * 终止 of a notarization order from the web (issue 15 follow-up) against a real local HTTP server: the
 * confirmation's wording by payment (unpaid → void only; points → back at once; Alipay → back to the paying
 * account), /notary rows offer 终止 only while the server says canStop (an accepted order has none), and on
 * 公证详情 终止并退款 asks, calls POST /api/Evidences/stop with the order, then shows the refreshed state with
 * the refund (已退款) and no 终止 any more; a points refund refreshes the header's points (GET /api/user/info).
 * At 375 px the /notary rows sum themselves up in one column (no sideways scroll hiding the state).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { btn, renderPage } from '../../../test/render';
import { startServer, type TestServer } from '../../../test/server';
import { configureRequest } from '../../api/request';
import { startSession } from '../../stores/session';
import NotaryDetailPage from './Detail';
import NotaryListPage from './List';
import { stopWording } from './stop';

let server: TestServer;
let stopped = false;
const ok = (data: unknown, msg = '') => ({ json: { code: 200, msg, data } });
const row = (id: number, over: Record<string, unknown>) => ({ id, orderNo: `GZ2026112500000000000${id}`, addTime: 1_763_600_000, number: 1, step: 5, money: 1000, pay: 2, notarial: 1, type: 1, certNo: '', reason: '', payType: 3, canStop: true, ...over });
const info = () => ({
  orderNo: 'GZ20261125000000000009', addTime: 1_763_600_000, money: 2000, pay: stopped ? 4 : 2, step: 5, notarial: stopped ? 3 : 1, certNo: '', reason: stopped ? '申请人终止' : '', officeName: '北京市某某公证处',
  docs: [1, 3], interviewToSign: false, refund: stopped ? '已退款 ¥20.00（支付宝原路退回）' : '', payType: 2, canStop: !stopped,
});

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/Evidences/listing') return ok({ list: [row(1, {}), row(2, { payType: 2, canStop: false })], count: 2 });
    if (path === '/api/Evidences/detail') return ok({ info: info(), list: [], invoiceInfo: null, count: 1 });
    if (path === '/api/Evidences/stop') {
      stopped = true;
      return ok(null, '操作成功');
    }
    if (path === '/api/user/info') return ok({ userId: 1, userStatus: 3, status: 1, role: 'user', points: 11000, newsNum: 0 });
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/notary', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  stopped = false;
  startSession('tok', { userId: 1, userStatus: 3, status: 1 });
});

const SLOW = { timeout: 15_000 };
const calls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path);

describe('notary 终止 with refund', { timeout: 30_000 }, () => {
  it('says what happens to the money', () => {
    const base = { id: 1, orderNo: 'GZ1', money: 1000 };
    expect(stopWording({ ...base, pay: 1, payType: 0 })).toMatchObject({ okText: '确认终止', content: '终止后订单 GZ1 作废，无法继续办理或恢复。确定终止吗？' });
    const pts = stopWording({ ...base, pay: 2, payType: 3 });
    expect(pts.content).toContain('公证费 10.00 积分将立即退回您的积分账户');
    expect(pts.done).toBe('订单已终止，公证费 10.00 积分已退回您的账户');
    const ali = stopWording({ ...base, pay: 2, payType: 2 });
    expect(ali.content).toContain('公证费 ¥10.00 将原路退回您付款的支付宝账户');
    expect(ali.okText).toBe('确认终止并退款');
  });

  it('/notary: 终止 only on rows the server allows; a points refund refreshes the points', async () => {
    renderPage(<NotaryListPage />, { path: '/notary' });
    const accepted = (await screen.findByText('GZ20261125000000000002', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(accepted).queryByRole('button', { name: btn('终止') })).toBeNull();
    expect(within(accepted).getByText('公证中')).toBeTruthy();
    const open = screen.getByText('GZ20261125000000000001').closest('tr') as HTMLElement;
    expect(within(open).getByText('待公证机构受理')).toBeTruthy();
    expect(within(open).getByText('已支付（积分）')).toBeTruthy();
    fireEvent.click(within(open).getByRole('button', { name: btn('终止') }));
    expect(await screen.findByText(/公证费 10\.00 积分将立即退回您的积分账户/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: btn('确认终止并退款') }));
    await waitFor(() => expect(calls('/api/Evidences/stop')).toHaveLength(1));
    expect(new URLSearchParams(calls('/api/Evidences/stop')[0]!.body.toString()).get('orderId')).toBe('1');
    await waitFor(() => expect(calls('/api/user/info')).toHaveLength(1));
    expect(await screen.findByText('订单已终止，公证费 10.00 积分已退回您的账户')).toBeTruthy();
  });

  it('/notary at 375 px: one summary column with the state and payment, the actions beside it', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      renderPage(<NotaryListPage />, { path: '/notary' });
      const open = (await screen.findByText('GZ20261125000000000001', {}, SLOW)).closest('tr') as HTMLElement;
      expect(within(open).getByText('待公证机构受理')).toBeTruthy();
      expect(within(open).getByText('¥10.00 · 已支付（积分）')).toBeTruthy();
      expect(within(open).getByRole('button', { name: btn('终止') })).toBeTruthy();
      expect(screen.queryByText('公证类型')).toBeNull();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('公证详情: 终止并退款 → confirmed → refreshed with 已退款 and no 终止', async () => {
    renderPage(<NotaryDetailPage />, { path: '/notary/detail', at: '/notary/detail?orderId=9&type=1&goBackUrl=/notary' });
    fireEvent.click(await screen.findByRole('button', { name: btn('终止并退款') }, SLOW));
    expect(await screen.findByText(/公证费 ¥20\.00 将原路退回您付款的支付宝账户/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: btn('确认终止并退款') }));
    expect(await screen.findByText('已退款 ¥20.00（支付宝原路退回）', {}, SLOW)).toBeTruthy();
    expect(calls('/api/Evidences/stop')).toHaveLength(1);
    expect(screen.getByText('已退款', { exact: true })).toBeTruthy();
    expect(screen.getByText('¥20.00（支付宝支付）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: btn('终止并退款') })).toBeNull();
    expect(calls('/api/user/info')).toHaveLength(0);
  });
});
