/**
 * The /verify page with the real components (Testing Library, jsdom): input validation before any call,
 * the tabs chosen by the query string, and the rendering of a package report and of certificate cards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { TITLES, type Report } from '@cunzheng/verify';
import VerifyPage from './index';
import { CertResults } from './CertResults';
import { PackageReport } from './PackageReport';

afterEach(cleanup);

const page = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <VerifyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/verify', () => {
  it('opens the tab named by the query and validates a hash before calling the server', () => {
    page('/verify?tab=hash');
    const input = screen.getByLabelText('SHA-256');
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.SHA256_REQUIRED);
    fireEvent.change(input, { target: { value: 'xyz' } });
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.SHA256_FORMAT);
  });

  it('asks for a number on the number tab and shows the file drop zone by default', () => {
    page('/verify?tab=no');
    fireEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.BAOQUAN_REQUIRED);
    cleanup();
    page('/verify');
    expect(screen.getByTestId('verify-file-drop').textContent).toContain('不会上传');
  });

  it('switches tabs and keeps what was typed in a tab it comes back to', () => {
    page('/verify?tab=hash');
    fireEvent.change(screen.getByLabelText('SHA-256'), { target: { value: 'ab'.repeat(32) } });
    fireEvent.click(screen.getByRole('tab', { name: /按保全号核验/ }));
    expect(screen.getByRole('tab', { name: /按保全号核验/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('保全号')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /按哈希核验/ }));
    expect((screen.getByLabelText('SHA-256') as HTMLInputElement).value).toBe('ab'.repeat(32));
    // The package tab's witness policy fields.
    fireEvent.click(screen.getByRole('tab', { name: /核验证据包/ }));
    expect(screen.getByTestId('verify-package-drop').textContent).toContain('证据包不会上传');
    fireEvent.change(screen.getByLabelText('至少联署数'), { target: { value: '2a' } });
    expect((screen.getByLabelText('至少联署数') as HTMLInputElement).value).toBe('2');
  });

  it('renders a failed package report with each check and its status', () => {
    const report: Report = {
      ok: false,
      facts: { baoquan: 'CZ1', evidence: 'a.txt', sha256: '', chainhash: '', time: null, genTime: '' },
      checks: [
        { id: 'file', status: 'fail', title: TITLES.file, lines: [{ zh: '证据文件的 SHA-256 与账本条目记录的不一致（文件被改动）', en: 'x' }], notes: [] },
        { id: 'anchor', status: 'skip', title: TITLES.anchor, lines: [], notes: [] },
      ],
    };
    render(<PackageReport report={report} pinned name="pkg.zip" />);
    expect(screen.getByTestId('verify-report').dataset.ok).toBe('0');
    const checks = screen.getAllByTestId('verify-check');
    expect(checks.map((c) => c.dataset.status)).toEqual(['fail', 'skip']);
    expect(checks[0]!.textContent).toContain('文件被改动');
  });

  it('renders the empty state and a failed certificate with its reasons', () => {
    render(<MemoryRouter><CertResults results={[]} byHash /></MemoryRouter>);
    expect(screen.getByTestId('verify-empty')).toBeTruthy();
    cleanup();
    render(
      <MemoryRouter>
        <CertResults byHash results={[{ baoquan: 'CZ1', saveTime: 1, chainhash: 'ab'.repeat(32), error: null, check: { ok: false, problems: [{ zh: '检查点没有平台公钥的有效签名', en: 'x' }], leafIndex: 0, treeSize: 1, entry: null, origin: '' } }]} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('verify-cert');
    expect(card.dataset.ok).toBe('0');
    expect(card.textContent).toContain('检查点没有平台公钥的有效签名');
  });
});
