/**
 * The certificates found for a file hash or number, each with the verdict computed in this browser:
 * the entry is in the public ledger (inclusion proof), the checkpoint is signed by the published key,
 * and the entry records the searched file hash.
 */
import { Link } from 'react-router';
import { formatDateTime } from '../../../utils/format';
import type { CertResult } from './checks';

/** One certificate card. */
function CertCard({ r, byHash }: { r: CertResult; byHash: boolean }) {
  const ok = r.check?.ok === true;
  return (
    <li className={`vf-cert ${ok ? 'vf-ok' : 'vf-bad'}`} data-testid="verify-cert" data-ok={ok ? '1' : '0'}>
      <div className="vf-cert-verdict" role="status">
        <span className="vf-mark" aria-hidden>
          {ok ? '✓' : '✗'}
        </span>
        {ok
          ? byHash
            ? '浏览器核验通过：该文件的 SHA-256 记录在公开账本中，账本检查点由平台公钥签名'
            : '浏览器核验通过：该保全号的记录在公开账本中，账本检查点由平台公钥签名'
          : '核验未通过'}
      </div>
      {!ok && (r.error || r.check?.problems.length) ? (
        <ul className="vf-reasons">
          {r.error ? <li>{r.error}</li> : null}
          {r.check?.problems.map((p) => <li key={p.en}>{p.zh}</li>)}
        </ul>
      ) : null}
      <dl className="vf-dl">
        <dt>保全号</dt>
        <dd className="vf-mono">
          <Link to={`/attestation/${encodeURIComponent(r.baoquan)}`}>{r.baoquan}</Link>
        </dd>
        <dt>保全时间</dt>
        <dd>{r.saveTime ? formatDateTime(r.saveTime) : '-'}</dd>
        <dt>账本存证哈希</dt>
        <dd className="vf-mono">
          <Link to={`/ledger/${r.chainhash}`}>{r.chainhash}</Link>
        </dd>
        {r.check ? (
          <>
            <dt>账本位置</dt>
            <dd>{`第 ${r.check.leafIndex + 1} 条 / 共 ${r.check.treeSize} 条`}</dd>
          </>
        ) : null}
        {r.check?.entry ? (
          <>
            <dt>文件SHA-256</dt>
            <dd className="vf-mono">{r.check.entry.sha256}</dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The list, or the empty state. */
export function CertResults({ results, byHash }: { results: CertResult[]; byHash: boolean }) {
  if (results.length === 0) {
    return (
      <div className="vf-empty" role="status" data-testid="verify-empty">
        未找到该文件的保全证书：本平台没有保存过 SHA-256 与之相同的文件。
      </div>
    );
  }
  return (
    <ul className="vf-certs">
      {results.map((r) => (
        <CertCard key={r.baoquan} r={r} byHash={byHash} />
      ))}
    </ul>
  );
}
