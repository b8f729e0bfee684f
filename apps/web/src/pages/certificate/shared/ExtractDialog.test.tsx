/**
 * The extraction dialog asks for an image captcha only once the server says so (data `{needCaptcha: 1}`
 * after repeated wrong codes, issue 9 §3), then sends its answer with the retry. Real components, a real
 * local HTTP server for the captcha image (jsdom).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { renderPage } from '../../../../test/render';
import { ApiError, configureRequest } from '../../../api/request';
import { ExtractDialog } from './ExtractDialog';
import { zhLabels } from './labels';

let server: TestServer;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.url.split('?')[0] === '/api/Register/getImgCode') return { json: { code: 200, msg: '', data: { captchaId: 'cap-9', img: PNG } } };
    return { json: { code: 404, msg: '接口不存在', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/attestation/BQ', requiresLogin: () => false });
});
afterAll(async () => {
  await server.close();
});

describe('ExtractDialog captcha on demand', { timeout: 30_000 }, () => {
  it('no captcha at first; after needCaptcha it shows one and sends its answer', async () => {
    const calls: Array<{ code: string; captcha?: { captchaId: string; imgCode: string } }> = [];
    let closed = false;
    const extract = async (_bq: string, code: string, captcha?: { captchaId: string; imgCode: string }) => {
      calls.push({ code, captcha });
      if (!captcha) throw new ApiError(400, MSG.IMG_CODE_REQUIRED, { needCaptcha: 1 });
      return { downUrl: '#done' };
    };
    renderPage(<ExtractDialog open baoquan="BQ" labels={zhLabels} onClose={() => { closed = true; }} extract={extract} />, { path: '/attestation/BQ' });
    expect(screen.queryByPlaceholderText('请输入图形验证码')).toBeNull();
    fireEvent.change(await screen.findByPlaceholderText(zhLabels.extractPlaceholder), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*取$/ }));
    const field = await screen.findByPlaceholderText('请输入图形验证码');
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/Register/getImgCode')).toBe(true));
    expect(((await screen.findByAltText('图形验证码')) as HTMLImageElement).src).toBe(PNG);
    // Empty captcha: the dialog says so and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: /提\s*取$/ }));
    expect(await screen.findByText(MSG.IMG_CODE_REQUIRED)).toBeTruthy();
    expect(calls).toHaveLength(1);
    fireEvent.change(field, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*取$/ }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls[1]).toEqual({ code: '123456', captcha: { captchaId: 'cap-9', imgCode: 'ab12' } });
  });
});
