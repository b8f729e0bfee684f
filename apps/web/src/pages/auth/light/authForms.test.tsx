/**
 * The light login, register and reset forms (issue 16) against a real local API server: the field
 * messages of spec p2 §5 on submit and while typing, 请获取短信验证码 before an SMS was requested, the
 * captcha asked for before an SMS is sent, the image captcha that /login shows once the server asks
 * for it (issue 9 §3), the company name field of company registration, and a password login that
 * sends the typed values and stores the session.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { clearSession, getSession } from '../../../stores/session';
import LoginPage from '../Login';
import RegisterPage from '../Register';
import ForgetPwdPage from '../ForgetPwd';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
let server: TestServer;
let loginReply: { code: number; msg: string; data: unknown } = { code: 200, msg: '', data: null };

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.url.startsWith('/api/Register/getImgCode')) return { json: { code: 200, msg: '', data: { captchaId: 'c1', img: PNG } } };
    if (req.url === '/api/login') return { json: loginReply };
    return { json: { code: 200, msg: '', data: null } };
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  configureRequest({ apiBase: server.url, toastError: () => {} });
});
afterEach(() => clearSession());

function show(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgetpwd" element={<ForgetPwdPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}
const type = (placeholder: string, value: string, nth = 0) => fireEvent.change(screen.getAllByPlaceholderText(placeholder)[nth]!, { target: { value } });
const click = (name: RegExp | string) => fireEvent.click(screen.getAllByRole('button', { name })[0]!);
const calls = (url: string) => server.requests.filter((r) => r.url === url);
/** The fields of a recorded form-encoded request body. */
const fields = (r: { body: Buffer }) => Object.fromEntries(new URLSearchParams(r.body.toString()));

describe('/login', { timeout: 20_000 }, () => {
  it('shows the field messages on an empty submit and clears them while typing', async () => {
    show('/login');
    click(/登\s*录/);
    expect(await screen.findByText(MSG.MOBILE_REQUIRED)).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    type('请输入手机号', '123');
    expect(await screen.findByText(MSG.MOBILE_FORMAT)).toBeTruthy();
    type('请输入手机号', '13800138000');
    await waitFor(() => expect(screen.queryByText(MSG.MOBILE_FORMAT)).toBeNull());
    expect(calls('/api/login')).toHaveLength(0);
  });

  it('logs in with the typed values, then shows the image captcha once the server asks for it', async () => {
    show('/login');
    type('请输入手机号', '13800138000');
    type('请输入密码', 'Wrong1234');
    loginReply = { code: 400, msg: MSG.IMG_CODE_REQUIRED, data: { needCaptcha: 1 } };
    click(/登\s*录/);
    expect(await screen.findByRole('img', { name: '图形验证码' })).toBeTruthy();
    expect(fields(calls('/api/login')[0]!)).toEqual({ mobile: '13800138000', password: 'Wrong1234' });
    loginReply = { code: 200, msg: '', data: { token: 't1', userInfo: { userId: 1, role: 'user' } } };
    type('请输入图形验证码', 'ab12');
    click(/登\s*录/);
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(fields(calls('/api/login')[1]!)).toEqual({ mobile: '13800138000', password: 'Wrong1234', captchaId: 'c1', imgCode: 'ab12' });
    expect(getSession().token).toBe('t1');
  });

  it('SMS tab: asks for the captcha before sending and for a requested code before logging in', async () => {
    show('/login');
    fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
    expect(screen.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    type('请输入手机号', '13800138000', 1);
    click('获取验证码');
    expect(await screen.findByText(MSG.IMG_CODE_REQUIRED)).toBeTruthy();
    type('请输入短信验证码', '123456');
    // The password pane is hidden now: the only 登录 button in view is the SMS pane's.
    click(/登\s*录/);
    expect(await screen.findByText(MSG.SMS_NOT_REQUESTED)).toBeTruthy();
    expect(calls('/api/login/sms')).toHaveLength(0);
    expect(server.requests.some((r) => r.url.includes('SMS'))).toBe(false);
  });
});

describe('/register and /forgetpwd', { timeout: 20_000 }, () => {
  it('register: company accounts ask for the company name; differing passwords are refused', async () => {
    show('/register');
    fireEvent.click(screen.getByText('企业用户'));
    expect(screen.getByPlaceholderText('请输入企业名称')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请输入姓名')).toBeNull();
    type('请输入6-18位数字字母组合密码', 'Test1234');
    type('请再次输入密码', 'Test12345');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    click(/注\s*册/);
    expect(await screen.findByText(MSG.COMPANY_REQUIRED)).toBeTruthy();
    expect(screen.getByText(MSG.SMS_CODE_REQUIRED)).toBeTruthy();
  });

  it('forgetpwd: the confirmation follows the new password', async () => {
    show('/forgetpwd');
    type('请再次输入新密码', 'Test1234');
    type('请输入6-18位数字字母组合密码', 'Test9999');
    expect(await screen.findByText(MSG.PASSWORD_MISMATCH)).toBeTruthy();
    type('请输入6-18位数字字母组合密码', 'Test1234');
    await waitFor(() => expect(screen.queryByText(MSG.PASSWORD_MISMATCH)).toBeNull());
  });
});
