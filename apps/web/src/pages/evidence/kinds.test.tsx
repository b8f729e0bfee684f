/**
 * ONE list and ONE download page for every kind (issue 11 §1): every kind the contract registry offers now
 * has a list config and a certificate config, and the shared list and download page, rendered for each of
 * them against a real local server, ask the kind's list path of the registry and link to the kind's
 * certificate, download, list and create routes of the registry. A kind given its own copied page instead
 * would not be among the list kinds / CERTIFICATE_KINDS and fails here (routes: src/routes.kinds.test.tsx).
 */
import { configure, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificatePath, offeredKinds } from '@cunzheng/contract/evidenceKinds';
import { renderPage } from '../../../test/render';
import { startServer, type TestServer } from '../../../test/server';
import { configureRequest } from '../../api/request';
import { clearSession, startSession } from '../../stores/session';
import { CERTIFICATE_KINDS } from '../certificate/kinds';
import EvidenceDownload from './Download';
import EvidenceList from './List';
import { LIST_KIND_IDS, loadListKind, type ListKindId } from './kinds';

// The machine is shared: allow slow renders before giving up on an awaited element.
configure({ asyncUtilTimeout: 30_000 });

const BQ = 'CZ20261124000000000001';
/** One row every kind's renderer can show (the union of the kinds' row fields). */
const row = {
  id: 1,
  baoquan: BQ,
  title: '共同的标题',
  fileName: 'a.pdf',
  fileType: 1,
  url: 'https://example.com/a',
  finalUrl: 'https://example.com/a',
  status: 2,
  reason: '',
  label: '合同',
  size: 2048,
  sha256: 'ab'.repeat(32),
  saveTime: 1790000000,
  chainhash: 'cd'.repeat(32),
  isDownload: 1,
  duration: 5,
  note: '',
  type: 2,
};
/** The row as the kind's list answers it: status 2 is a done capture, but a process session is saved at 3. */
const rowOf = (path: string) => (path === '/api/processlist/getProList' ? { ...row, status: 3 } : row);

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req) => {
    const path = req.url.split('?')[0] ?? '';
    if (offeredKinds().some((d) => d.api.list === path)) return { json: { code: 200, msg: '', data: { list: [rowOf(path)], count: 1 } } };
    if (path.endsWith('getLabelList')) return { json: { code: 200, msg: '', data: [{ label: '合同' }] } };
    return { json: { code: 200, msg: '', data: null } };
  });
  configureRequest({ apiBase: server.url, toastError: () => {}, navigate: () => {}, currentPath: () => '/', requiresLogin: () => true });
});
afterAll(async () => {
  clearSession();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  startSession('t', { userId: 1, userStatus: 3, status: 1 });
});

const listCalls = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path);
const href = (el: HTMLElement) => el.closest('a')?.getAttribute('href');

describe('the evidence-kind registry drives the shared pages', () => {
  it('every kind offered now has a list and a certificate config', async () => {
    for (const def of offeredKinds()) {
      expect(LIST_KIND_IDS, def.id).toContain(def.id);
      expect((await loadListKind(def.id as ListKindId)).id, def.id).toBe(def.id);
      expect(CERTIFICATE_KINDS[def.id as ListKindId]?.id, def.id).toBe(def.id);
    }
  });

  it('a kind whose registry entry lists kind-specific certificate sections has blocks for them', () => {
    // The shared body shows number, chainhash, the server's certificate html (summary, file, ledger,
    // timestamp, anchor) and extraction; anything else is the kind's `Sections`.
    const own = ['web', 'process', 'video', 'actionLog', 'artefacts', 'provenance'];
    for (const def of offeredKinds()) {
      const needs = def.certificateSections.some((s) => own.includes(s));
      expect(CERTIFICATE_KINDS[def.id as ListKindId]?.Sections !== undefined, def.id).toBe(needs);
    }
  });

  for (const def of offeredKinds()) {
    const id = def.id as ListKindId;
    it(`the shared list shows ${def.id} from its registry entry`, { timeout: 120_000 }, async () => {
      const kind = await loadListKind(id);
      renderPage(<EvidenceList kind={id} />, { path: def.routes.list });
      const number = await screen.findByRole('link', { name: BQ });
      expect(number.getAttribute('href')).toBe(certificatePath(def.id, BQ));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(kind.copy.title);
      expect(listCalls(def.api.list).length).toBeGreaterThan(0);
      expect(href(screen.getByRole('button', { name: /批量下载/ }))).toBe(def.routes.download);
      if (kind.create) expect(href(screen.getByRole('button', { name: new RegExp(kind.create) }))).toBe(def.routes.create);
      const tr = number.closest('tr') as HTMLElement;
      expect(href(within(tr).getByRole('button', { name: /证\s*书/ }))).toBe(certificatePath(def.id, BQ));
    });

    it(`the shared download page shows ${def.id} from its registry entry`, { timeout: 120_000 }, async () => {
      const kind = await loadListKind(id);
      renderPage(<EvidenceDownload kind={id} />, { path: def.routes.download });
      expect((await screen.findByRole('link', { name: BQ })).getAttribute('href')).toBe(certificatePath(def.id, BQ));
      expect(listCalls(def.api.list).length).toBeGreaterThan(0);
      expect(href(screen.getByRole('button', { name: new RegExp(kind.copy.back) }))).toBe(def.routes.list);
      for (const b of kind.downloads) expect(screen.getByRole('button', { name: new RegExp([...b.label].join('\\s*')) })).toBeTruthy();
    });
  }
});
