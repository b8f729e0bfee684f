/**
 * Batch download of every kind (spec p1 §2, §4, §5, §9; issue 4 §2) against a real local server, through
 * each kind's batch calls of the registry: the selection check (请选择需要下载的证据), the kind's limit,
 * the empty answer (无下载文件), hidden frames removed after 300 000 ms, the one-click zip (data) and
 * the one zip of WACZ packages (web, GET /down/downloadBatch), and the dialog that closes itself after 5 s.
 */
import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_DIALOG_CLOSE_MS, HIDDEN_FRAME_TTL_MS } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { clearSession, startSession } from '../../../stores/session';
import { BatchDialog } from '../../../components/evidence/BatchDialog';
import { openHiddenFrames } from '../../../components/evidence/download';
import { dataApi } from '../../../api/kinds/data';
import { webApi } from '../../../api/kinds/web';
import { LIST_KIND_IDS, loadListKind } from '../kinds';
import { runBatch } from './batch';

const runBatchDownload = (ids: number[]) => runBatch(dataApi.batch, 'urls', ids);
const runZipDownload = (ids: number[]) => runBatch(dataApi.batch, 'zip', ids);
const runWebBatch = (ids: number[]) => runBatch(webApi.batch, 'zip', ids);

let server: TestServer;
let answer: unknown = [];
const toasts: string[] = [];

beforeAll(async () => {
  server = await startServer((req) => {
    if (req.url === '/api/data/downloadZip') return { json: { code: 200, msg: '', data: { downUrl: '/api/files/zip?sig=1' } } };
    if (req.url.startsWith('/down/downloadBatch')) {
      const ids = new URL(req.url, 'http://x').searchParams.get('ids');
      return { json: ids === '9' ? { code: 400, msg: MSG.NO_DOWNLOAD_FILE, data: null } : { code: 200, msg: '', data: { downUrl: '/api/files/batch.zip?sig=1' } } };
    }
    return { json: { code: 200, msg: '', data: answer } };
  });
  configureRequest({ apiBase: server.url, toastError: (m) => toasts.push(m), navigate: () => {}, currentPath: () => '/attestation-all/data/download', requiresLogin: () => true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  toasts.length = 0;
  startSession('t', { userId: 1, userStatus: 3, status: 1 });
});
afterEach(() => {
  clearSession();
  document.querySelectorAll('iframe[data-download-frame]').forEach((f) => f.remove());
  vi.useRealTimers();
});

const frames = () => [...document.querySelectorAll<HTMLIFrameElement>('iframe[data-download-frame]')];

describe('runBatchDownload', () => {
  it('asks for a selection first and sends nothing', async () => {
    expect(await runBatchDownload([])).toEqual({ ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD });
    expect(server.requests).toHaveLength(0);
  });

  it('says 无下载文件 when the server has no URL', async () => {
    answer = [];
    expect(await runBatchDownload([3, 5])).toEqual({ ok: false, warning: MSG.NO_DOWNLOAD_FILE });
    expect(Object.fromEntries(new URLSearchParams(server.requests[0]?.body.toString()))).toEqual({ dataIdStr: '3,5' });
    expect(frames()).toHaveLength(0);
  });

  it('opens every URL in a hidden frame', async () => {
    answer = ['/api/files/a?sig=1', '/api/files/b?sig=2'];
    expect(await runBatchDownload([3, 5])).toEqual({ ok: true, count: 2 });
    const f = frames();
    expect(f.map((x) => x.getAttribute('src'))).toEqual(['/api/files/a?sig=1', '/api/files/b?sig=2']);
    expect(f.every((x) => x.style.display === 'none')).toBe(true);
  });

  it('one-click zip downloads the single archive URL', async () => {
    expect(await runZipDownload([1, 2, 3])).toEqual({ ok: true, count: 3 });
    expect(server.requests[0]?.url).toBe('/api/data/downloadZip');
    expect(frames().map((x) => x.getAttribute('src'))).toEqual(['/api/files/zip?sig=1']);
  });
});

describe('web batch download (one zip of WACZ packages)', () => {
  it('asks for a selection first', async () => {
    expect(await runWebBatch([])).toEqual({ ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses more than the kind’s limit before asking the server', async () => {
    const ids = Array.from({ length: (webApi.batch.max ?? 0) + 1 }, (_, i) => i + 1);
    expect(await runWebBatch(ids)).toEqual({ ok: false, warning: MSG.BATCH_TOO_MANY });
    expect(server.requests).toHaveLength(0);
  });

  it('opens the one zip of the selected captures in a hidden frame', async () => {
    expect(await runWebBatch([3, 5])).toEqual({ ok: true, count: 2 });
    expect(server.requests[0]?.url).toBe('/down/downloadBatch?ids=3%2C5');
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(frames().map((f) => f.getAttribute('src'))).toEqual(['/api/files/batch.zip?sig=1']);
  });

  it('the server’s 无下载文件 is toasted', async () => {
    expect(await runWebBatch([9])).toEqual({ ok: false, failed: true });
    expect(toasts).toEqual([MSG.NO_DOWNLOAD_FILE]);
    expect(frames()).toHaveLength(0);
  });

  it('every kind’s download buttons have a batch call behind them', async () => {
    const kinds = await Promise.all(LIST_KIND_IDS.map(loadListKind));
    for (const kind of kinds) for (const b of kind.downloads) expect(kind.api.batch[b.use], `${kind.id} ${b.use}`).toBeTypeOf('function');
  });
});

describe('hidden frames and the dialog', () => {
  it('removes download frames after 300 000 ms', () => {
    vi.useFakeTimers();
    openHiddenFrames(['/x', '/y']);
    expect(frames()).toHaveLength(2);
    vi.advanceTimersByTime(HIDDEN_FRAME_TTL_MS - 1);
    expect(frames()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(frames()).toHaveLength(0);
  });

  it('the batch dialog closes itself after 5 s', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<BatchDialog open count={2} zip={false} onClose={onClose} />);
    expect(screen.getByText('批量下载中')).toBeTruthy();
    act(() => vi.advanceTimersByTime(BATCH_DIALOG_CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
