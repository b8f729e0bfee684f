/**
 * Routes /queryAuthentication/safekeeping, /prokeeping and /musickeeping — certificate check by
 * number (spec p2 §2 "Query pages", p1 §7 "Certificate check and sharing"; issue 2 §7, issue 11 §2), one
 * page parameterised by kind:
 * - `data` (保全证书查询): POST /api/check/bqno (no) → viewToken, then POST /api/check/bqview (viewToken,
 *   no) → the certificate;
 * - `process` (过程取证证书查询, desktop and mobile sessions alike): GET /api/share/getProView (baoquan),
 *   which answers only process-evidence numbers;
 * - `music` (音乐存证证书查询, /queryAuthentication/musickeeping, issue 12 §2): GET /api/share/getMusicView.
 * Shows the summary with links to the kind's full certificate (registry path, e.g. /attestation/{no},
 * /evidencesPro/{no}) and to the ledger explorer (/ledger/{chainhash}).
 * Plain controls (components/light; issue 16: no antd on this page, so it paints early on a phone).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { checkBqno, checkBqview, type CertificateView } from '../../../api/certificate';
import { getProView } from '../../../api/process';
import { getMusicView } from '../../../api/music';
import { formatDateTime, formatSize } from '../../../utils/format';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import './safekeeping.css';

/** Longest certificate number the field accepts (the server's zBaoquan allows 32). */
export const BAOQUAN_INPUT_MAX = 32;

/** Runs the two-step check of spec p1 §7 for one number. */
async function lookup(no: string): Promise<CertificateView> {
  const { viewToken } = await checkBqno(no);
  return checkBqview(viewToken, no);
}

/** What differs between the kinds' query pages. */
const QUERY_KINDS = {
  data: { title: '保全证书查询', intro: '输入保全证书上的保全号，即可查询该证书的存证信息，并可在账本浏览器中独立核验其区块链账本证明。无需登录。', lookup, kind: 'data' },
  process: {
    title: '过程取证证书查询',
    intro: '输入过程取证（含手机过程取证）保全证书上的保全号，即可查询该次取证的存证信息，并可在账本浏览器中独立核验其区块链账本证明。无需登录。',
    lookup: (no: string): Promise<CertificateView> => getProView(no),
    kind: 'process',
  },
  music: {
    title: '音乐存证证书查询',
    intro: '输入音乐存证保全证书上的保全号，即可查询该作品的存证信息，并可在账本浏览器中独立核验其区块链账本证明。无需登录。',
    lookup: (no: string): Promise<CertificateView> => getMusicView(no),
    kind: 'music',
  },
} as const;

/** Default export for React.lazy in the route table. */
export default function Safekeeping({ kind = 'data' }: { kind?: keyof typeof QUERY_KINDS }) {
  const cfg = QUERY_KINDS[kind];
  const certificate = EVIDENCE_KIND[cfg.kind].routes.certificate;
  const [no, setNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({ mutationFn: cfg.lookup });

  const submit = () => {
    const value = no.trim();
    if (!value) {
      setError(MSG.BAOQUAN_REQUIRED);
      return;
    }
    setError(null);
    m.mutate(value);
  };
  const v = m.data;

  return (
    <div className="sk-page" lang="zh-CN">
      <h1 className="sk-title">{cfg.title}</h1>
      <p className="sk-intro">
        {cfg.intro} 更多方式：<Link to="/queryAuthentication/keepSingle">任意类型单证核验</Link>、<Link to="/queryAuthentication/mutualEvidence">文件比对</Link>、<Link to="/queryAuthentication/notarial">公证书查询</Link>。
      </p>
      <div className="sk-form">
        <ClearInput
          value={no}
          maxLength={BAOQUAN_INPUT_MAX}
          placeholder="请输入保全号"
          aria-label="保全号"
          invalid={Boolean(error)}
          onValue={(v) => {
            setNo(v);
            if (error) setError(null);
          }}
          onEnter={submit}
        />
        <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
          查询
        </Button>
      </div>
      {error && (
        <div role="alert" className="sk-error">
          {error}
        </div>
      )}

      {v && !m.isPending && (
        <div className="sk-result" data-testid="safekeeping-result">
          {v.deleted === 1 && (
            <div className="sk-deleted" role="note">
              <strong>所有者已删除该证据文件</strong>
              <div>账本中的存证记录依然保留，证书与账本证明仍可核验。</div>
            </div>
          )}
          <h2 className="sk-h2">查询结果</h2>
          <dl className="sk-dl">
            <dt>保全号</dt>
            <dd className="sk-mono">{v.baoquan}</dd>
            <dt>证据名称</dt>
            <dd>{v.title || v.fileName}</dd>
            <dt>文件名</dt>
            <dd>{v.fileName}</dd>
            <dt>文件大小</dt>
            <dd>{formatSize(v.size)}</dd>
            <dt>文件SHA-256</dt>
            <dd className="sk-mono">{v.sha256}</dd>
            <dt>存证时间</dt>
            <dd>{formatDateTime(v.saveTime)}</dd>
            <dt>账本存证哈希</dt>
            <dd>
              <Link to={`/ledger/${v.chainhash}`} className="sk-mono">
                {v.chainhash}
              </Link>
            </dd>
            <dt>账本位置</dt>
            <dd>{`第 ${v.ledgerIndex + 1} 条 / 共 ${v.treeSize} 条`}</dd>
          </dl>
          <div className="sk-actions">
            <Link to={`${certificate}/${encodeURIComponent(v.baoquan)}`}>
              <Button primary className="lf-btn-sm">查看保全证书</Button>
            </Link>
            <Link to={`/ledger/${v.chainhash}`}>
              <Button className="lf-btn-sm">在账本浏览器中核验</Button>
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
