/**
 * /overview against a real local server (issue 8 §3): tiles only for the evidence kinds the platform
 * offers (数据存证, 网页取证, 过程取证, 手机过程取证 — issue 11 §2), each opening its list — none for kinds that do not exist yet — and the
 * latest deposit's time in China Standard Time while the process runs in UTC.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render';
import { startServer, type TestServer } from '../../../../test/server';
import { configureRequest } from '../../../api/request';
import { clearSession, startSession } from '../../../stores/session';
import OverviewPage from './index';

let server: TestServer;
const savedTz = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'UTC';
  server = await startServer((req) => {
    if (req.url.startsWith('/api/Overview/getInfo')) {
      return {
        json: {
          code: 200,
          msg: '',
          data: {
            counts: { data: 3, web: 2, process: 4, mobile: 1, music: 0, app: 0, total: 10 },
            storageBytes: 2048,
            points: 12345,
            // 2024-02-29T16:00:00Z = 2024-03-01 00:00:00 in Beijing.
            recent: [
              { baoquan: 'CZ20240301ABCDEFGHJKMN', title: '购销合同', kind: 'data', saveTime: 1709222400 },
              { baoquan: 'CZ20240301WEBCAPTURE01', title: '商品页面', kind: 'web', saveTime: 1709222300 },
              { baoquan: 'CZ20240301PROCESS00001', title: '聊天记录', kind: 'process', saveTime: 1709222200 },
            ],
            notifications: [],
            perDay: Array.from({ length: 30 }, (_, i) => ({ date: `2024-02-${String(i + 1).padStart(2, '0')}`, count: 0 })),
          },
        },
      };
    }
    return { json: { code: 200, msg: '', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/overview', requiresLogin: () => true });
  startSession('t', { userId: 1, userStatus: 3, status: 1, contactName: '张三' });
});
afterAll(async () => {
  process.env.TZ = savedTz;
  clearSession();
  await server.close();
});

describe('overview', () => {
  it('shows tiles only for the kinds on offer, each opening its list; times in China Standard Time', { timeout: 30_000 }, async () => {
    const { router } = renderPage(<OverviewPage />, { path: '/overview' });
    const kinds = await screen.findByText('各类存证', {}, { timeout: 15_000 });
    const card = kinds.closest('.ant-card') as HTMLElement;
    const tiles = within(card).getAllByRole('link');
    // App captures and music works are offered since issue 12 (registry order).
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['数据存证 3 件', '网页取证 2 件', '过程取证 4 件', '手机过程取证 1 件', 'App 取证 0 件', '音视频取证 0 件']);
    expect(tiles[4]!.getAttribute('href')).toBe('/attestation-all/app');
    expect(tiles[5]!.getAttribute('href')).toBe('/evidences-all/music');
    expect(screen.getByText(/2024-03-01 00:00:00/)).toBeTruthy();
    expect(tiles[2]!.getAttribute('href')).toBe('/evidences-all/process');
    expect(tiles[3]!.getAttribute('href')).toBe('/evidences-all/mobile-process');
    // Recent deposits open their own kind's certificate page (was /attestation/… for every kind).
    expect(screen.getByRole('link', { name: '购销合同' }).getAttribute('href')).toBe('/attestation/CZ20240301ABCDEFGHJKMN');
    expect(screen.getByRole('link', { name: '商品页面' }).getAttribute('href')).toBe('/evidencesWeb/CZ20240301WEBCAPTURE01');
    expect(screen.getByRole('link', { name: '聊天记录' }).getAttribute('href')).toBe('/evidencesPro/CZ20240301PROCESS00001');
    fireEvent.click(tiles[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/evidences-all/web'));
  });
});
