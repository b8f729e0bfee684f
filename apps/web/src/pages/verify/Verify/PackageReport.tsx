/** The full package verdict (the same report the CLI prints), in Chinese: one row per check. */
import type { Report, Status } from '@cunzheng/verify';

const MARK: Record<Status, string> = { pass: '✓', fail: '✗', warn: '!', skip: '–' };
const LABEL: Record<Status, string> = { pass: '通过', fail: '未通过', warn: '需人工核对', skip: '不适用' };

/** Renders a verifyPackage report. `pinned`: the published key was compared. */
export function PackageReport({ report, pinned, name }: { report: Report; pinned: boolean; name: string }) {
  return (
    <div className="vf-report" data-testid="verify-report" data-ok={report.ok ? '1' : '0'}>
      <div className={`vf-summary ${report.ok ? 'vf-ok' : 'vf-bad'}`} role="status">
        <strong>{report.ok ? `✓ 证据包「${name}」核验通过` : `✗ 证据包「${name}」核验未通过`}</strong>
        <div>
          {report.ok
            ? '以下各项均在您的浏览器中独立完成，证据包没有上传。'
            : '至少一项核验失败：证据包可能已损坏或被改动，请查看下方未通过的项目。'}
          {pinned ? '账本公钥已与平台当前公布的公钥比对。' : '未能获取平台公布的账本公钥，请人工比对。'}
        </div>
      </div>
      <ol className="vf-checks">
        {report.checks.map((c) => (
          <li key={c.id} className={`vf-check vf-${c.status}`} data-testid="verify-check" data-id={c.id} data-status={c.status}>
            <div className="vf-check-title">
              <span className="vf-mark" aria-hidden>
                {MARK[c.status]}
              </span>
              {c.title.zh}
              <span className="vf-check-status">{LABEL[c.status]}</span>
            </div>
            {c.lines.length > 0 && (
              <ul className="vf-lines">
                {c.lines.map((l, i) => (
                  <li key={i}>{l.zh}</li>
                ))}
              </ul>
            )}
            {c.notes.length > 0 && (
              <ul className="vf-notes">
                {c.notes.map((n, i) => (
                  <li key={i}>{n.zh}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
