/**
 * The certificate page's buttons by viewer (spec p1 §2, §6) and the owner-download messages of
 * spec p1 §4, rendered with the real components (Testing Library, jsdom).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import type { CertificateView } from '../../../api/certificate';
import { CertificateBody } from './CertificateBody';
import { enLabels, zhLabels, type CertLabels } from './labels';
import type { Viewer } from './rules';

beforeAll(() => {
  // antd needs these browser APIs, which jsdom lacks.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
});
afterEach(cleanup);

const view: CertificateView = {
  id: 7,
  baoquan: 'BQ20261122ABCD',
  title: '合同',
  fileName: 'contract.pdf',
  fileType: 1,
  mime: 'application/pdf',
  size: 1234,
  sha256: 'ab'.repeat(32),
  label: '',
  saveTime: 1790000000,
  chainhash: 'cd'.repeat(32),
  ledgerIndex: 3,
  treeSize: 9,
  html: '<div class="server-html">证书内容</div>',
  htmlEn: '<div class="server-html">Certificate content</div>',
  isSelf: 0,
  isDownload: 1,
  isApp: 0,
  deleted: 0,
  mp4Path: '',
};

function show(v: Partial<CertificateView>, viewer: Viewer, labels: CertLabels = zhLabels) {
  const full = { ...view, ...v };
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CertificateBody view={full} viewer={viewer} labels={labels} html={labels.lang === 'zh' ? full.html : full.htmlEn} pageUrl="http://localhost/attestation/BQ" otherLanguageHref={labels.lang === 'zh' ? '/English/attestation/BQ' : '/attestation/BQ'} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Dialogs and toasts load antd on first use (issue 16): the first wait may be long on a busy machine. */
const LAZY = { timeout: 10_000 };

/** Buttons put a space between two Chinese characters, as antd does (提取 → 提 取). */
const btn = (name: string) => screen.queryByRole('button', { name: new RegExp(`^${[...name].join('\\s?')}$`) });

describe('CertificateBody', { timeout: 30_000 }, () => {
  it('shows the hash linking to the ledger explorer and the server html', () => {
    show({}, 'anonymous');
    expect(screen.getByTestId('chainhash-link').getAttribute('href')).toBe(`/ledger/${view.chainhash}`);
    expect(screen.getByText('证书内容')).toBeTruthy();
    expect(screen.getByText('English Version').getAttribute('href')).toBe('/English/attestation/BQ');
  });

  it('owner: 下载证据, QR code, no 提取证据', async () => {
    show({ isSelf: 1 }, 'owner');
    expect(btn('下载证据')).toBeTruthy();
    expect(btn('提取证据')).toBeNull();
    expect(btn('手机信息')).toBeNull();
    expect(btn('打印证书')).toBeTruthy();
    expect(btn('下载证书PDF')).toBeTruthy();
    await waitFor(() => expect(screen.getByAltText('扫码在线查看')).toBeTruthy());
  });

  it.each(['other', 'anonymous'] as const)('%s: 提取证据, no 下载证据, no QR code', (viewer) => {
    show({}, viewer);
    expect(btn('提取证据')).toBeTruthy();
    expect(btn('下载证据')).toBeNull();
    expect(screen.queryByText('扫码在线查看')).toBeNull();
    expect(btn('打印证书')).toBeTruthy();
  });

  it('手机信息 only when isApp is 1', () => {
    show({ isApp: 1 }, 'anonymous');
    expect(btn('手机信息')).toBeTruthy();
  });

  it('a deleted file says so and offers neither download nor extraction', () => {
    show({ deleted: 1, isSelf: 1 }, 'owner');
    expect(screen.getByText(zhLabels.deletedTitle)).toBeTruthy();
    expect(btn('下载证据')).toBeNull();
    expect(btn('提取证据')).toBeNull();
  });

  it.each([
    [2 as const, MSG.EVIDENCE_UPLOADING],
    [0 as const, MSG.EVIDENCE_MISSING],
  ])('owner with isDownload %i gets %s and no request', async (isDownload, msg) => {
    show({ isSelf: 1, isDownload }, 'owner');
    await act(async () => {
      fireEvent.click(btn('下载证据')!);
    });
    await waitFor(() => expect(screen.getByText(msg)).toBeTruthy(), LAZY);
  });

  it('the extraction dialog checks the code before sending it', async () => {
    show({}, 'anonymous');
    fireEvent.click(btn('提取证据')!);
    await waitFor(() => expect(screen.getByText('证据提取')).toBeTruthy(), LAZY);
    const input = screen.getByLabelText('证据提取码') as HTMLInputElement;
    expect(input.maxLength).toBe(30);
    fireEvent.click(btn('提取')!);
    await waitFor(() => expect(document.querySelector('.cert-extract-danger')?.textContent).toBe(MSG.EXTRACT_CODE_REQUIRED));
    fireEvent.change(input, { target: { value: '12ab' } });
    fireEvent.click(btn('提取')!);
    await waitFor(() => expect(document.querySelector('.cert-extract-danger')?.textContent).toBe(MSG.EXTRACT_CODE_FORMAT));
  });

  it('the print button shows the note first (background graphics, default scale, no margins)', async () => {
    show({}, 'anonymous');
    fireEvent.click(btn('打印证书')!);
    await waitFor(() => expect(screen.getByText('打印提示')).toBeTruthy(), LAZY);
    for (const step of zhLabels.printSteps) expect(screen.getByText(step)).toBeTruthy();
  });

  it.each(['owner', 'other', 'anonymous'] as const)('%s: 分享 copies the page link and shows it with its QR code (issue 8 §3)', async (viewer) => {
    // The browser's clipboard (jsdom has none): record what the page writes.
    const written: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void written.push(t) } });
    try {
      show({ isSelf: viewer === 'owner' ? 1 : 0 }, viewer);
      fireEvent.click(btn('分享')!);
      await waitFor(() => expect(screen.getByText('分享保全证书')).toBeTruthy(), LAZY);
      expect(written).toEqual(['http://localhost/attestation/BQ']);
      expect((screen.getByLabelText('证书链接') as HTMLInputElement).value).toBe('http://localhost/attestation/BQ');
      const dialog = screen.getByRole('dialog');
      await waitFor(() => expect(dialog.querySelector('img[alt="扫码在线查看"]')).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: /复制链接/ }));
      await waitFor(() => expect(written).toHaveLength(2));
      await waitFor(() => expect(dialog.textContent).toContain('链接已复制'));
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
      Reflect.deleteProperty(window, 'isSecureContext');
    }
  });

  it('English labels on the English page', () => {
    show({}, 'anonymous', enLabels);
    expect(screen.getByText('Preservation Certificate')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Extract evidence' })).toBeTruthy();
    expect(screen.getByText('Certificate content')).toBeTruthy();
    expect(screen.getByText('中文版').getAttribute('href')).toBe('/attestation/BQ');
  });
});
