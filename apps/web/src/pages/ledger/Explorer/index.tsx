/**
 * Route /ledger/:chainhash — the public ledger explorer (issue 2 §7, DESIGN.md Trust design §2):
 * the entry behind a block transaction hash (decoded canonical JSON and the exact bytes), its leaf
 * index, the tree size, the inclusion proof and the signed checkpoint, with a verdict computed in
 * this browser — leaf hash, inclusion proof and checkpoint signature — each explained so a stranger
 * can repeat it with public tools.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toHex } from '@cunzheng/contract/ledger/index';
import { getLedgerEntry, getVerifierKey, type LedgerProof } from '../../../api/ledger';
import { ApiError } from '../../../api/request';
import { PageLoading } from '../../../components/PageLoading';
import { pageDataStaleTime, takePageData, takePageText } from '../../../shell/pageData';
import { formatDateTime } from '../../../utils/format';
import { PlainResult } from '../../certificate/shared/PlainResult';
import { AnchorSection } from './AnchorSection';
import { CheckItem, Value } from './CheckItem';
import { CopyBlock } from './CopyBlock';
import { howToInclusion, howToLeaf, howToSignature } from './howto';
import { computeVerdict } from './verdict';
import './explorer.css';

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** Default export for React.lazy in the route table. */
export default function LedgerExplorer() {
  const { chainhash = '' } = useParams();
  const valid = HEX64.test(chainhash);
  const hash = chainhash.toLowerCase();
  // Issue 16: the entry and the verifier key may come with the HTML (shell/pageData.ts), once, without a request.
  const entry = useQuery({
    queryKey: ['ledger/entry', hash],
    queryFn: () => getLedgerEntry(hash, true),
    initialData: () => (valid ? takePageData<LedgerProof>('ledger/entry', hash) : undefined),
    staleTime: pageDataStaleTime,
    enabled: valid,
    retry: false,
  });
  const key = useQuery({ queryKey: ['ledger/key'], queryFn: getVerifierKey, initialData: () => takePageText('ledger/key')?.trim(), enabled: valid, retry: 1, staleTime: Infinity });
  const keyText = key.isError ? null : key.data;
  const verdict = useQuery({
    queryKey: ['ledger/verdict', hash, entry.data, keyText],
    queryFn: () => computeVerdict(hash, entry.data!, keyText ?? null),
    enabled: valid && entry.isSuccess && keyText !== undefined,
    staleTime: Infinity,
  });
  if (!valid) {
    return <PlainResult kind="warning" title="账本存证哈希格式错误" detail="账本存证哈希应为 64 位十六进制字符" homeLabel="返回首页" />;
  }
  if (entry.isError) {
    const unknown = entry.error instanceof ApiError && entry.error.code === 400;
    return (
      <PlainResult
        kind={unknown ? 'notFound' : 'warning'}
        title={unknown ? '账本中不存在该账本存证哈希' : '账本记录加载失败，请稍后刷新重试'}
        detail={<span className="lx-mono">{hash}</span>}
        homeLabel="返回首页"
      />
    );
  }
  if (!entry.data || !verdict.data) {
    return (
      <div className="lx-page">
        <PageLoading />
        <div className="lx-muted" style={{ textAlign: 'center' }}>
          正在浏览器中核验账本证明…
        </div>
      </div>
    );
  }

  const d = entry.data;
  const v = verdict.data;
  const json = v.entryJson as Record<string, unknown> | null;
  const baoquan = json && typeof json.baoquan === 'string' ? json.baoquan : null;
  const time = json && typeof json.time === 'number' ? json.time : null;
  const origin = window.location.origin;

  return (
    <div className="lx-page" lang="zh-CN">
      <h1 className="lx-title">账本浏览器</h1>
      <div className="lx-hash">
        <span className="lx-muted">账本存证哈希</span>
        <span className="lx-mono">{hash}</span>
      </div>

      <div className={`lx-summary ${v.ok ? 'lx-summary-ok' : 'lx-summary-bad'}`} role="status" data-testid="ledger-verdict">
        <strong>{v.ok ? '✓ 核验通过：该记录确实在公开账本中，且账本检查点由平台密钥签名' : '✗ 核验未通过：请查看下方未通过的项目'}</strong>
        <div>以下三项核验均在您的浏览器中用 WebCrypto 独立完成，不依赖服务器的判断。</div>
      </div>

      <CheckItem ok={v.leaf.ok} title="1. 叶子哈希与账本存证哈希一致" reason={leafReason(v.leaf)} howTo={howToLeaf(d, hash)}>
        <Value label="计算所得" value={v.leaf.computedHex ?? '—'} />
        <Value label="账本存证哈希" value={v.leaf.expectedHex} />
      </CheckItem>
      <CheckItem ok={v.inclusion.ok} title="2. 包含证明可推算出检查点的根哈希" reason={v.inclusion.reason} howTo={howToInclusion(d)}>
        <Value label="推算根哈希" value={v.inclusion.computedRoot ?? '—'} />
        <Value label="检查点根哈希" value={v.inclusion.checkpointRoot ?? '—'} />
        <Value label="树大小" value={`证明 ${v.inclusion.treeSize} / 检查点 ${v.inclusion.checkpointSize ?? '—'}`} />
      </CheckItem>
      <CheckItem ok={v.signature.ok} title="3. 检查点的 Ed25519 签名有效" reason={v.signature.reason} howTo={howToSignature(origin)}>
        <Value label="公钥名称" value={v.signature.keyName ?? '—'} />
        <Value label="密钥ID" value={v.signature.keyId ?? '—'} />
        <Value label="验证公钥" value={keyText ?? '—'} />
      </CheckItem>

      <AnchorSection leafIndex={d.leafIndex} checkpoint={d.checkpoint} verifierKey={keyText ?? null} />

      <h2 className="lx-h2">账本条目</h2>
      <dl className="lx-dl">
        <dt>叶子序号</dt>
        <dd className="lx-mono">{d.leafIndex}</dd>
        <dt>树大小</dt>
        <dd className="lx-mono">{d.treeSize}</dd>
        {baoquan && (
          <>
            <dt>保全号</dt>
            <dd>
              <Link to={`/attestation/${encodeURIComponent(baoquan)}`} className="lx-mono">
                {baoquan}
              </Link>
            </dd>
          </>
        )}
        {time !== null && (
          <>
            <dt>存证时间（本机时区）</dt>
            <dd>{formatDateTime(time)}</dd>
          </>
        )}
      </dl>
      <h3 className="lx-h3">条目内容（RFC 8785 规范化 JSON，格式化显示）</h3>
      <pre className="lx-pre lx-wrap">{json !== null ? JSON.stringify(json, null, 2) : '（条目不是 UTF-8 JSON）'}</pre>
      <h3 className="lx-h3">条目原始字节（base64，哈希即基于这些字节计算）</h3>
      <CopyBlock text={d.leaf} wrap />
      {v.entryBytes && (
        <details className="lx-howto">
          <summary>十六进制（{v.entryBytes.length} 字节）</summary>
          <pre className="lx-pre lx-wrap">{toHex(v.entryBytes)}</pre>
        </details>
      )}

      <h2 className="lx-h2">包含证明（{d.proof.length} 个兄弟哈希，自叶子向根，base64）</h2>
      {d.proof.length === 0 ? (
        <div className="lx-muted">树中只有这一个条目，无需兄弟哈希：叶子哈希即根哈希。</div>
      ) : (
        <ol className="lx-proof" start={1}>
          {d.proof.map((p, i) => (
            <li key={`${i}-${p}`} className="lx-mono">
              {p}
            </li>
          ))}
        </ol>
      )}

      <h2 className="lx-h2">签名检查点（C2SP signed note）</h2>
      <CopyBlock text={d.checkpoint} wrap />
    </div>
  );
}

function leafReason(l: { computedHex: string | null; expectedHex: string; servedHex: string | null }): string {
  if (l.computedHex === null) return '条目字节不是合法的 base64';
  if (l.computedHex !== l.expectedHex) return '由条目字节计算出的叶子哈希与账本存证哈希不一致';
  if (l.servedHex !== l.computedHex) return '服务器给出的叶子哈希与计算结果不一致';
  return '';
}
