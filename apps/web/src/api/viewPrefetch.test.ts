/** The certificate page's early view request (issue 16): taken once, only for anonymous visitors, errors fall back. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../stores/session';
import type { UserInfo } from './types';
import { startViewPrefetch, takePrefetchedView } from './viewPrefetch';

const answer = (body: unknown, ok = true) => vi.fn(async () => ({ ok, json: async () => body }) as Response);

describe('viewPrefetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('asks once on a certificate path; the page takes the view once', async () => {
    const f = answer({ code: 200, msg: 'ok', data: { baoquan: 'CZ1' } });
    vi.stubGlobal('fetch', f);
    startViewPrefetch('/English/attestation/CZ1');
    expect(f).toHaveBeenCalledWith('/api/share/getView?baoquan=CZ1', expect.anything());
    expect(takePrefetchedView('CZ2')).toBeNull();
    expect(await takePrefetchedView('CZ1')).toEqual({ baoquan: 'CZ1' });
    expect(takePrefetchedView('CZ1')).toBeNull();
  });

  it('an error answer or a failed request gives null (the page asks as usual)', async () => {
    vi.stubGlobal('fetch', answer({ code: 400, msg: '保全号不存在', data: null }));
    startViewPrefetch('/attestation/CZX');
    expect(await takePrefetchedView('CZX')).toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('offline'))));
    startViewPrefetch('/attestation/CZY');
    expect(await takePrefetchedView('CZY')).toBeNull();
  });

  it('nothing for other paths or a logged-in visitor', () => {
    const f = answer({ code: 200, data: {} });
    vi.stubGlobal('fetch', f);
    startViewPrefetch('/home');
    startViewPrefetch('/evidencesWeb/CZ1');
    startSession('t'.repeat(43), { mobile: '13800000000' } as UserInfo);
    startViewPrefetch('/attestation/CZ1');
    expect(f).not.toHaveBeenCalled();
  });
});
