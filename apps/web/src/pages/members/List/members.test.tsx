/**
 * /member against a real local HTTP server (spec p1 §2, §5, §8; issue 14 §3): the table's row actions by
 * status (a failed row can be edited or deleted, others only show 详情), the add dialog (placeholder
 * 请输入手机号, the format message on blur, SMS and upload disabled until queryMember resolves the name,
 * the submit checks in the spec's order), a refused submit that leaves the dialog open with submit enabled
 * again, and a successful submit with every field of `add`.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { btn, renderPage } from '../../../../test/render';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { startSession } from '../../../stores/session';
import MembersPage from './index';

let server: TestServer;
let addAnswers: Array<{ code: number; msg: string }> = [];
const ok = (data: unknown, msg = '') => ({ json: { code: 200, msg, data } });
const row = (id: number, name: string, status: string, status_name: string) => ({ member_id: id, name, mobile: `1380013800${id}`, created_at: 1_763_600_000, bind_time: status === '3' ? 1_763_600_100 : 0, stop_time: 0, stop_reason: '', status, status_name, file_path: 'p', file_full_path: '/api/file/x.png', audit_content: status === '2' ? '授权书不清晰' : '', pid: 1, son_uid: 100 + id });
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    const body = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(req.body.toString())) : {};
    if (path === '/api/companymember/getList') return ok({ list: [row(1, '李四', '2', '审核失败'), row(2, '王五', '3', '已绑定')], count: 2 });
    if (path === '/api/companymember/queryMember') return body.mobile === '13900139000' ? ok({ user_id: 7, name: '赵六' }) : { json: { code: 400, msg: MSG.MOBILE_NOT_REGISTERED, data: null } };
    if (path === '/api/companymember/sendMsg') return ok({ token: 'sms-token' }, MSG.SMS_SENT);
    if (path === '/api/companymember/upload') return ok({ path: 'letter-path', full_path: '/api/file/letter.png' });
    if (path === '/api/companymember/add') {
      const a = addAnswers.shift() ?? { code: 200, msg: MSG.SUBMIT_SUCCESS };
      return { json: { ...a, data: a.code === 200 ? { member_id: 9 } : null } };
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/member', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  addAnswers = [];
  startSession('tok', { userId: 1, userStatus: 3, status: 2, company: '星辰科技有限公司', contactName: '王经理' });
});

const SLOW = { timeout: 15_000 };
const calls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path);

describe('member management', { timeout: 30_000 }, () => {
  it('row actions depend on the status: failed → 修改 and 删除, others → 详情', async () => {
    renderPage(<MembersPage />, { path: '/member' });
    const failed = (await screen.findByText('李四', {}, SLOW)).closest('tr') as HTMLElement;
    expect(within(failed).getByRole('button', { name: btn('修改') })).toBeTruthy();
    expect(within(failed).getByRole('button', { name: btn('删除') })).toBeTruthy();
    expect(within(failed).queryByRole('link', { name: '详情' })).toBeNull();
    expect(within(failed).getByText('授权书不清晰')).toBeTruthy();
    const bound = screen.getByText('王五').closest('tr') as HTMLElement;
    expect(within(bound).getByRole('link', { name: '详情' }).getAttribute('href')).toBe('/member/2');
    expect(within(bound).queryByRole('button', { name: btn('删除') })).toBeNull();
  });

  it('add dialog: resolves the name on blur, keeps SMS and upload disabled until then, checks in order, re-enables submit after a refusal', async () => {
    renderPage(<MembersPage />, { path: '/member' });
    await screen.findByText('李四', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: btn('添加成员') }));
    const dialog = await screen.findByRole('dialog');
    const mobile = within(dialog).getByPlaceholderText(MSG.MOBILE_PROMPT);
    const sms = within(dialog).getByRole('button', { name: btn('获取验证码') }) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: btn('提交') }));
    expect(await screen.findByText(MSG.MOBILE_REQUIRED)).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '1234' } });
    fireEvent.blur(mobile);
    expect(await within(dialog).findByText(MSG.MOBILE_FORMAT_MEMBER)).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '13800000000' } });
    fireEvent.blur(mobile);
    expect(await within(dialog).findByText(MSG.MOBILE_NOT_REGISTERED)).toBeTruthy();
    expect(sms.disabled).toBe(true);
    fireEvent.change(mobile, { target: { value: '13900139000' } });
    fireEvent.blur(mobile);
    await waitFor(() => expect((within(dialog).getByLabelText('成员姓名') as HTMLInputElement).value).toBe('赵六'));
    expect(sms.disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: btn('提交') }));
    expect(await screen.findByText(MSG.MEMBER_SMS_CODE_REQUIRED, { selector: '.ant-message *' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: btn('提交') }));
    expect(await screen.findByText(MSG.SMS_NOT_REQUESTED)).toBeTruthy();
    fireEvent.click(sms);
    await waitFor(() => expect(calls('/api/companymember/sendMsg')).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(calls('/api/companymember/sendMsg')[0]!.body.toString()))).toEqual({ mobile: '13900139000', type: '7', companyName: '星辰科技有限公司' });
    fireEvent.click(within(dialog).getByRole('button', { name: btn('提交') }));
    expect(await screen.findByText(MSG.AUTH_LETTER_REQUIRED)).toBeTruthy();
    // rc-upload renders a fresh <input> after every change: look it up each time.
    const file = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(file(), { target: { files: [new File(['plain text'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText(MSG.IMAGE_TYPE_REQUIRED)).toBeTruthy();
    expect(calls('/api/companymember/upload')).toHaveLength(0);
    fireEvent.change(file(), { target: { files: [new File([PNG], '授权书.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls('/api/companymember/upload')).toHaveLength(1));
    await waitFor(() => expect(dialog.querySelector('img[alt="授权委托书"]')?.getAttribute('src')).toBe('/api/file/letter.png'));
    // The server refuses once: the dialog stays, submit is enabled again; the second submit goes through.
    addAnswers = [{ code: 400, msg: MSG.SMS_CODE_WRONG }];
    const submit = within(dialog).getByRole('button', { name: btn('提交') }) as HTMLButtonElement;
    fireEvent.click(submit);
    await waitFor(() => expect(calls('/api/companymember/add')).toHaveLength(1));
    await waitFor(() => expect(submit.className).not.toMatch(/loading/));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText(MSG.SUBMIT_SUCCESS)).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(calls('/api/companymember/add')[1]!.body.toString()))).toEqual({ mobile: '13900139000', pid: '1', son_uid: '7', smsCode: '123456', smsToken: 'sms-token', filePath: 'letter-path' });
  });
});
