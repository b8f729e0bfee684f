// @vitest-environment node
/**
 * The certificate kinds whose API loads on first use (./lazyApi.ts) name the same query keys as the
 * kinds' real KindApi, and their calls reach it.
 */
import { describe, expect, it } from 'vitest';
import { appApi } from '../../../api/kinds/app';
import { musicApi } from '../../../api/kinds/music';
import { mobileProcessApi, processApi } from '../../../api/kinds/process';
import { webApi } from '../../../api/kinds/web';
import { CERTIFICATE_KINDS } from '.';
import { lazyKindApi } from './lazyApi';

describe('lazy certificate kind APIs', () => {
  it('have the query keys of the real KindApi', () => {
    expect(CERTIFICATE_KINDS.app.api.keys).toEqual(appApi.keys);
    expect(CERTIFICATE_KINDS.web.api.keys).toEqual(webApi.keys);
    expect(CERTIFICATE_KINDS.process.api.keys).toEqual(processApi.keys);
    expect(CERTIFICATE_KINDS.mobile.api.keys).toEqual(mobileProcessApi.keys);
    expect(CERTIFICATE_KINDS.music.api.keys).toEqual(musicApi.keys);
  });

  it('load the module once and pass the arguments through; a failed load is retried', async () => {
    const seen: unknown[] = [];
    let loads = 0;
    const api = lazyKindApi({ list: 'l', view: 'v' }, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk');
      return {
        view: async (no: string, silent?: boolean) => (seen.push(['view', no, silent]), { baoquan: no }) as never,
        extract: async (no: string, code: string, captcha?: unknown) => (seen.push(['extract', no, code, captcha]), { downUrl: '#' }),
      };
    });
    await expect(api.view('BQ', true)).rejects.toThrow('chunk');
    await api.view('BQ', true);
    await api.extract('BQ', '123456', { captchaId: 'c', imgCode: 'x' });
    expect(loads).toBe(2);
    expect(seen).toEqual([['view', 'BQ', true], ['extract', 'BQ', '123456', { captchaId: 'c', imgCode: 'x' }]]);
  });
});
