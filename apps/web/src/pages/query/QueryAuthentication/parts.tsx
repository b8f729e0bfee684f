/**
 * Pieces of the query tabs (issue 12 §3): a number form (input + 查询 with the inline error) and the result
 * card of a certificate found by POST /api/check/checkNo or checkDigest (its kind, file, SHA-256, time,
 * chainhash and the links to the kind's certificate page and the ledger explorer). Plain controls
 * (components/light; issue 16: the query pages load no antd).
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import type { CheckNoResult } from '../../../api/query';
import { formatDateTime, formatSize } from '../../../utils/format';

/** Longest number accepted (certificate numbers are 32 at most; notarial numbers up to 64). */
export function NumberForm({ placeholder, label, max, pending, onSubmit, requiredMsg, initial = '' }: { placeholder: string; label: string; max: number; pending: boolean; onSubmit: (v: string) => void; requiredMsg: string; initial?: string }) {
  const [v, setV] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const t = v.trim();
    if (!t) {
      setError(requiredMsg);
      return;
    }
    setError(null);
    onSubmit(t);
  };
  return (
    <div>
      <div className="sk-form">
        <ClearInput value={v} maxLength={max} placeholder={placeholder} aria-label={label} invalid={Boolean(error)} onValue={(t) => { setV(t); if (error) setError(null); }} onEnter={submit} />
        <Button primary className="lf-btn-inline" loading={pending} onClick={submit}>
          查询
        </Button>
      </div>
      {error ? (
        <div role="alert" className="sk-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** An error line under a form (server msg). */
export const ErrorLine = ({ children }: { children: ReactNode }) => (
  <div role="alert" className="sk-error" data-testid="query-error">
    {children}
  </div>
);

/** The facts of one certificate. */
export function CertificateFacts({ r, extra }: { r: CheckNoResult; extra?: ReactNode }) {
  return (
    <div className="sk-result" data-testid="query-result">
      {r.deleted === 1 ? (
        <div className="sk-deleted" role="note">
          <strong>所有者已删除该证据文件</strong>
          <div>账本中的存证记录依然保留，证书与账本证明仍可核验。</div>
        </div>
      ) : null}
      <dl className="sk-dl">
        <dt>保全号</dt>
        <dd className="sk-mono">{r.baoquan}</dd>
        <dt>证据类型</dt>
        <dd>{r.kindName}</dd>
        <dt>证据名称</dt>
        <dd>{r.title || r.fileName}</dd>
        <dt>文件名</dt>
        <dd>{r.fileName}</dd>
        <dt>文件大小</dt>
        <dd>{formatSize(r.size)}</dd>
        <dt>文件SHA-256</dt>
        <dd className="sk-mono">{r.sha256}</dd>
        <dt>存证时间</dt>
        <dd>{formatDateTime(r.saveTime)}</dd>
        <dt>账本存证哈希</dt>
        <dd>
          <Link to={`/ledger/${r.chainhash}`} className="sk-mono">
            {r.chainhash}
          </Link>
        </dd>
        {extra}
      </dl>
      <div className="sk-actions">
        <Link to={r.certificatePath}>
          <Button primary className="lf-btn-sm">查看保全证书</Button>
        </Link>
        <Link to={`/ledger/${r.chainhash}`}>
          <Button className="lf-btn-sm">在账本浏览器中核验</Button>
        </Link>
      </div>
    </div>
  );
}
