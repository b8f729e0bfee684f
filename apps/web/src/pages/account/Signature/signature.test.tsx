/**
 * /signature against a real local HTTP server that keeps the stamps (spec p1 §2–3, §7–8; issue 5 §4):
 * cards with 默认章, set default and delete each confirmed with the server's msg as toast, upload of a
 * PNG (non-PNG bytes refused before sending) and generation of a personal seal with its preview.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, UI } from '@cunzheng/contract/messages';
import { btn, renderPage } from '../../../../test/render';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { startSession } from '../../../stores/session';
import SignaturePage from './index';

interface Stamp {
  id: number;
  name: string;
  pic_url: string;
  add_time: number;
  is_default: '0' | '1';
}

let server: TestServer;
let stamps: Stamp[] = [];
let nextId = 10;
const ok = (data: unknown, msg = '') => ({ json: { code: 200, msg, data } });

/** The 8-byte PNG signature followed by filler: enough for the client-side check. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0];
    const body = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? Object.fromEntries(new URLSearchParams(req.body.toString())) : {};
    if (path === '/api/signature/listing') return ok([...stamps].sort((a, b) => Number(b.is_default) - Number(a.is_default)));
    if (path === '/api/signature/setDefault') {
      stamps = stamps.map((s) => ({ ...s, is_default: s.id === Number(body.id) ? '1' : '0' }));
      return ok(null, MSG.SET_DEFAULT_SUCCESS);
    }
    if (path === '/api/signature/del') {
      stamps = stamps.filter((s) => s.id !== Number(body.id));
      return ok(null, MSG.DELETE_SUCCESS);
    }
    if (path === '/api/signature/generate') {
      const s: Stamp = { id: nextId++, name: String(body.name), pic_url: `/api/file/seal-${nextId}.png`, add_time: 1_763_700_000, is_default: '0' };
      stamps.push(s);
      return ok({ id: s.id, pic_url: s.pic_url }, MSG.OPERATION_SUCCESS);
    }
    if (path === '/api/signature/add') {
      const s: Stamp = { id: nextId++, name: '上传的章', pic_url: `/api/file/up-${nextId}.png`, add_time: 1_763_700_000, is_default: '0' };
      stamps.push(s);
      return ok({ id: s.id, pic_url: s.pic_url }, MSG.UPLOAD_SUCCESS);
    }
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/signature', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  stamps = [
    { id: 1, name: '公司公章', pic_url: '/api/file/a.png', add_time: 1_763_600_000, is_default: '1' },
    { id: 2, name: '合同专用章', pic_url: '/api/file/b.png', add_time: 1_763_650_000, is_default: '0' },
  ];
  startSession('tok', { userId: 1, userStatus: 3, status: 1, contactName: '张三' });
});

const SLOW = { timeout: 15_000 };
const card = (name: string) => screen.getByText(name, { selector: '.sig-name' }).closest('.sig-card') as HTMLElement;
const calls = (path: string) => server.requests.filter((r) => r.url === path);
/** Clicks 确定 of the newest confirm dialog (closed ones may linger in jsdom, which runs no close animation). */
const confirm = () => fireEvent.click(screen.getAllByRole('button', { name: btn(UI.OK) }).at(-1)!);

describe('signature management', { timeout: 30_000 }, () => {
  it('shows cards with 默认章 and sets another stamp as default after confirmation', async () => {
    renderPage(<SignaturePage />, { path: '/signature' });
    await screen.findByText('合同专用章', { selector: '.sig-name' }, SLOW);
    expect(within(card('公司公章')).getByText(UI.DEFAULT_STAMP)).toBeTruthy();
    expect(within(card('合同专用章')).queryByText(UI.DEFAULT_STAMP)).toBeNull();
    expect(within(card('合同专用章')).getByRole('img').getAttribute('src')).toBe('/api/file/b.png');

    fireEvent.click(within(card('合同专用章')).getByRole('button', { name: '将合同专用章设为默认' }));
    expect(await screen.findByText('确定将“合同专用章”设为默认章吗？')).toBeTruthy();
    confirm();
    expect(await screen.findByText(MSG.SET_DEFAULT_SUCCESS)).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(calls('/api/signature/setDefault')[0]?.body.toString()))).toEqual({ id: '2' });
    await waitFor(() => expect(within(card('合同专用章')).getByText(UI.DEFAULT_STAMP)).toBeTruthy());
    expect(within(card('公司公章')).queryByText(UI.DEFAULT_STAMP)).toBeNull();
  });

  it('deletes a stamp after confirmation; cancelling sends nothing', async () => {
    renderPage(<SignaturePage />, { path: '/signature' });
    await screen.findByText('合同专用章', { selector: '.sig-name' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '删除合同专用章' }));
    fireEvent.click(await screen.findByRole('button', { name: btn(UI.CANCEL) }));
    expect(calls('/api/signature/del')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '删除合同专用章' }));
    await waitFor(() => expect(screen.getAllByText('确定删除签章“合同专用章”吗？删除后不可恢复。')).toHaveLength(2));
    confirm();
    expect(await screen.findByText(MSG.DELETE_SUCCESS)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('合同专用章', { selector: '.sig-name' })).toBeNull());
  });

  it('generates a personal seal and shows it as the preview', async () => {
    renderPage(<SignaturePage />, { path: '/signature' });
    await screen.findByText('公司公章', { selector: '.sig-name' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /生成印章/ }));
    const dialog = await screen.findByRole('dialog');
    // A personal account starts with a personal seal of its own name.
    expect((within(dialog).getByLabelText('印章文字') as HTMLInputElement).value).toBe('张三');
    fireEvent.change(within(dialog).getByLabelText('印章文字'), { target: { value: 'Zhang' } });
    fireEvent.click(within(dialog).getByRole('button', { name: btn('生成印章') }));
    expect(await within(dialog).findByText(MSG.SEAL_PERSON_NAME_FORMAT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('印章文字'), { target: { value: '李四' } });
    fireEvent.click(within(dialog).getByRole('button', { name: btn('生成印章') }));
    expect(await within(dialog).findByText('印章已生成')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '生成的印章：李四' }).getAttribute('src')).toBe('/api/file/seal-11.png');
    expect(Object.fromEntries(new URLSearchParams(calls('/api/signature/generate')[0]?.body.toString()))).toEqual({ type: 'personal', name: '李四' });
    await waitFor(() => expect(screen.getByText('李四', { selector: '.sig-name' })).toBeTruthy());
  });

  it('uploads a PNG as multipart and refuses other bytes before sending', async () => {
    renderPage(<SignaturePage />, { path: '/signature' });
    await screen.findByText('公司公章', { selector: '.sig-name' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /上传签章/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('选择签章图片');
    fireEvent.change(input, { target: { files: [new File(['GIF89a not a png'], 'seal.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByText(MSG.SIGNATURE_PNG_ONLY)).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File([PNG_BYTES], '我的签名.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: '签章预览' })).toBeTruthy(), { timeout: 5000 });
    // The name defaults to the file name.
    expect((within(dialog).getByPlaceholderText('例如：合同专用章') as HTMLInputElement).value).toBe('我的签名');
    fireEvent.click(within(dialog).getByRole('button', { name: btn('上传') }));
    expect(await screen.findByText(MSG.UPLOAD_SUCCESS)).toBeTruthy();
    const sent = calls('/api/signature/add')[0];
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data/);
    const text = sent?.body.toString('latin1') ?? '';
    expect(text).toContain('name="name"');
    expect(text).toContain('name="file"');
    expect(sent?.body.includes(Buffer.from(PNG_BYTES))).toBe(true);
  });
});
