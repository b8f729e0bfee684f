/**
 * /setting against a real local HTTP server (spec p1 §2, §5, §8): the extraction-code tab (code, copy
 * → 复制成功, SMS-confirmed reset showing the new code), the hidden password tab reachable by
 * ?tab=password, its client validation (required, 两次新密码不一致, 新密码不能与旧密码相同, format) and
 * the success path (修改密码成功, tokens removed, to /login).
 */
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { btn, renderPage } from '../../../../test/render';
import { configureRequest } from '../../../api/request';
import { getSession, startSession } from '../../../stores/session';
import SettingPage from './index';

let server: TestServer;
const toasts: string[] = [];
let editAnswer = { code: 200, msg: '修改成功', data: null as unknown };

const form = (body: Buffer) => Object.fromEntries(new URLSearchParams(body.toString()));

beforeAll(async () => {
  // A real (cheap) altcha challenge: the page solves it before the SMS send (issue 9 §3).
  const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 5, deriveKey, hmacSignatureSecret: 'test' });
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    if (path === '/api/Register/powChallenge') return { json: { code: 200, msg: '', data: challenge } };
    if (path === '/api/Register/getImgCode') return { json: { code: 200, msg: '', data: { captchaId: 'cap-1', img: '<svg xmlns="http://www.w3.org/2000/svg"/>' } } };
    if (path === '/api/user/resetExtractCode/sendSMS') return { json: { code: 200, msg: MSG.SMS_SENT, data: { token: 'sms-tok' } } };
    if (path === '/api/user/resetExtractCode') {
      const b = form(req.body);
      if (b.smsCode !== '123456') return { json: { code: 400, msg: MSG.SMS_CODE_WRONG, data: null } };
      return { json: { code: 200, msg: MSG.EXTRACT_CODE_RESET, data: { extractCode: '654321' } } };
    }
    if (path === '/api/user/editPassword') return { json: editAnswer };
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: (m) => toasts.push(m), navigate: () => {}, currentPath: () => '/setting', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  toasts.length = 0;
  editAnswer = { code: 200, msg: '修改成功', data: null };
  startSession('tok-1', { userId: 1, userStatus: 3, status: 1, mobile: '13800138000', extractCode: '112233', contactName: '张三' });
});

const SLOW = { timeout: 15_000 };

describe('tab 证据提取码', { timeout: 30_000 }, () => {
  it('shows the code, copies it (复制成功) and explains what it does', async () => {
    let copied = '';
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } });
    renderPage(<SettingPage />, { path: '/setting' });
    expect((await screen.findByTestId('extract-code', {}, SLOW)).textContent).toBe('112233');
    expect(screen.getByText(/没有提取码的访客只能阅读证书内容/)).toBeTruthy();
    // The password tab is not in the tab bar.
    expect(screen.queryByRole('tab', { name: '修改密码' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '复制证据提取码' }));
    expect(await screen.findByText(MSG.COPY_SUCCESS)).toBeTruthy();
    expect(copied).toBe('112233');
  });

  it('resets the code after captcha + SMS and shows the new one', async () => {
    renderPage(<SettingPage />, { path: '/setting' });
    fireEvent.click(await screen.findByRole('button', { name: /重置提取码/ }, SLOW));
    expect(await screen.findByText('138****8000')).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/Register/getImgCode')).toBe(true));
    fireEvent.change(screen.getByPlaceholderText('请输入图形验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/user/resetExtractCode/sendSMS')).toBe(true));
    const sent = form(server.requests.find((r) => r.url === '/api/user/resetExtractCode/sendSMS')!.body);
    expect(sent).toMatchObject({ captchaId: 'cap-1', imgCode: 'ab12' });
    expect(JSON.parse(atob(sent.altcha!)).solution.counter).toBe(5);
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: btn('确认重置') }));
    expect(await screen.findByText(MSG.EXTRACT_CODE_RESET)).toBeTruthy();
    expect(form(server.requests.find((r) => r.url === '/api/user/resetExtractCode')!.body)).toEqual({ smsCode: '123456', smsToken: 'sms-tok' });
    await waitFor(() => expect(screen.getByTestId('extract-code').textContent).toBe('654321'));
    expect(getSession().userInfo?.extractCode).toBe('654321');
  });
});

describe('change password (/setting?tab=password)', { timeout: 30_000 }, () => {
  const fill = (oldPassword: string, password: string, confirmPassword: string) => {
    fireEvent.change(screen.getByLabelText('旧密码'), { target: { value: oldPassword } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: confirmPassword } });
    fireEvent.click(screen.getByRole('button', { name: btn('修改密码') }));
  };

  it('is reachable by URL and validates on the client before sending', async () => {
    renderPage(<SettingPage />, { path: '/setting', at: '/setting?tab=password' });
    expect(await screen.findByRole('tab', { name: '修改密码', selected: true }, SLOW)).toBeTruthy();

    fill('', '', '');
    expect(await screen.findByText('旧密码不能为空')).toBeTruthy();
    expect(screen.getByText('新密码不能为空')).toBeTruthy();
    expect(screen.getByText('确认新密码不能为空')).toBeTruthy();

    fill('abc123', 'abc456', 'abc789');
    expect(await screen.findByText(MSG.PASSWORD_MISMATCH)).toBeTruthy();

    fill('abc123', 'abc123', 'abc123');
    expect(await screen.findByText(MSG.PASSWORD_SAME_AS_OLD)).toBeTruthy();

    fill('abc123', '123456', '123456');
    expect(await screen.findByText(MSG.PASSWORD_FORMAT)).toBeTruthy();

    expect(server.requests.filter((r) => r.url === '/api/user/editPassword')).toHaveLength(0);
  });

  it('shows the server message (旧密码错误) and stays', async () => {
    editAnswer = { code: 400, msg: MSG.OLD_PASSWORD_WRONG, data: null };
    const { router } = renderPage(<SettingPage />, { path: '/setting', at: '/setting?tab=password' });
    await screen.findByRole('tab', { name: '修改密码' }, SLOW);
    fill('wrong123', 'abc456', 'abc456');
    await waitFor(() => expect(toasts).toEqual([MSG.OLD_PASSWORD_WRONG]));
    expect(router.state.location.pathname).toBe('/setting');
    expect(getSession().token).toBe('tok-1');
  });

  it('on success: 修改密码成功, tokens removed, to /login', async () => {
    const { router } = renderPage(<SettingPage />, { path: '/setting', at: '/setting?tab=password' });
    await screen.findByRole('tab', { name: '修改密码' }, SLOW);
    fill('abc123', 'abc456', 'abc456');
    expect(await screen.findByText(MSG.PASSWORD_CHANGED)).toBeTruthy();
    expect(form(server.requests.find((r) => r.url === '/api/user/editPassword')!.body)).toEqual({ oldPassword: 'abc123', password: 'abc456', confirmPassword: 'abc456' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().token).toBe('');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
