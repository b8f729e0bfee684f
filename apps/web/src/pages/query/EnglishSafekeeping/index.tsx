/**
 * /English/safekeeping — the English check-by-number page (spec p2 §2; issue 12 §3): a certificate number
 * of any kind (POST /api/check/checkNo) → its facts in English and the link to the English certificate
 * /English/attestation/{id}. No login. Plain controls (components/light; issue 16: no antd on this page).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { kindDef } from '@cunzheng/contract/evidenceKinds';
import { checkNo } from '../../../api/query';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import '../Safekeeping/safekeeping.css';

/** English text of the server's messages this page can meet. */
const EN: Record<string, string> = {
  [MSG.BAOQUAN_REQUIRED]: 'Please enter the certificate number.',
  [MSG.BAOQUAN_NOT_FOUND]: 'No certificate has this number.',
};
export const EN_REQUIRED = EN[MSG.BAOQUAN_REQUIRED]!;
export const EN_NOT_FOUND = EN[MSG.BAOQUAN_NOT_FOUND]!;

/** Date and time in UTC+8 of Unix seconds, e.g. 2026-11-24 16:30:05 (UTC+8). */
const timeEn = (s: number) => `${new Date((s + 8 * 3600) * 1000).toISOString().replace('T', ' ').slice(0, 19)} (UTC+8)`;
const sizeEn = (b: number) => (b < 1024 ? `${b} B` : b < 1024 ** 2 ? `${(b / 1024).toFixed(2)} KB` : b < 1024 ** 3 ? `${(b / 1024 ** 2).toFixed(2)} MB` : `${(b / 1024 ** 3).toFixed(2)} GB`);

export default function EnglishSafekeeping() {
  const [no, setNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({ mutationFn: (v: string) => checkNo(v) });
  const submit = () => {
    const v = no.trim();
    if (!v) return setError(EN_REQUIRED);
    setError(null);
    m.mutate(v);
  };
  const r = m.data;
  const failure = m.isError ? (EN[m.error.message] ?? 'The check failed. Please try again later.') : null;
  return (
    <div className="sk-page" lang="en">
      <h1 className="sk-title">Certificate Check</h1>
      <p className="sk-intro">Enter the number printed on a preservation certificate to read what was preserved and when, and to verify its ledger proof independently. No login is needed.</p>
      <div className="sk-form">
        <ClearInput value={no} maxLength={32} placeholder="Certificate number, e.g. CZ…" aria-label="Certificate number" invalid={Boolean(error)} onValue={(v) => { setNo(v); setError(null); }} onEnter={submit} />
        <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
          Check
        </Button>
      </div>
      {error || failure ? (
        <div role="alert" className="sk-error" data-testid="query-error">
          {error ?? failure}
        </div>
      ) : null}
      {r && !m.isPending ? (
        <div className="sk-result" data-testid="query-result">
          {r.deleted === 1 ? (
            <div className="sk-deleted" role="note">
              <strong>The owner deleted the evidence file.</strong>
              <div>The ledger record remains: the certificate and its proof can still be verified.</div>
            </div>
          ) : null}
          <h2 className="sk-h2">Result</h2>
          <dl className="sk-dl">
            <dt>Certificate No.</dt>
            <dd className="sk-mono">{r.baoquan}</dd>
            <dt>Evidence Type</dt>
            <dd>{kindDef(r.kind)?.nameEn ?? r.kind}</dd>
            <dt>Title</dt>
            <dd>{r.title || r.fileName}</dd>
            <dt>File Name</dt>
            <dd>{r.fileName}</dd>
            <dt>File Size</dt>
            <dd>{sizeEn(r.size)}</dd>
            <dt>File SHA-256</dt>
            <dd className="sk-mono">{r.sha256}</dd>
            <dt>Preserved At</dt>
            <dd>{timeEn(r.saveTime)}</dd>
            <dt>Ledger Hash</dt>
            <dd>
              <Link to={`/ledger/${r.chainhash}`} className="sk-mono">
                {r.chainhash}
              </Link>
            </dd>
          </dl>
          <div className="sk-actions">
            <Link to={`/English/attestation/${encodeURIComponent(r.baoquan)}`}>
              <Button primary className="lf-btn-sm">View the certificate</Button>
            </Link>
            <Link to="/queryAuthentication/keepSingle">
              <Button className="lf-btn-sm">中文查询</Button>
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
