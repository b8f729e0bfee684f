/**
 * The 外部锚定 section of the ledger explorer (issue 3 §3): the FIRST anchored checkpoint covering the
 * entry — chain, block, transaction (linked to the chain's explorer), the calldata — and three checks
 * computed in this browser (anchorVerdict.ts), each with a how-to for public tools. Says so when the
 * platform has no anchoring configured or the entry is not anchored yet.
 */
import { useQuery } from '@tanstack/react-query';
import { parseCheckpoint } from '@cunzheng/contract/ledger/index';
import { getLedgerAnchor, getLedgerConsistency } from '../../../api/anchor';
import { formatDateTime } from '../../../utils/format';
import { CheckItem, Value } from './CheckItem';
import { CopyBlock } from './CopyBlock';
import { howToAnchorConsistency, howToAnchorLink, howToCalldata } from './anchorHowto';
import { computeAnchorVerdict } from './anchorVerdict';

export interface AnchorSectionProps {
  leafIndex: number;
  /** Signed note of the checkpoint the page's inclusion proof was checked against. */
  checkpoint: string;
  /** Verifier key text, null when unavailable. */
  verifierKey: string | null;
}

const sizeOf = (note: string): number | null => {
  try {
    return parseCheckpoint(note).size;
  } catch {
    return null;
  }
};

/** The section; renders nothing until the anchor answer arrives, and a short note if it fails. */
export function AnchorSection({ leafIndex, checkpoint, verifierKey }: AnchorSectionProps) {
  const view = useQuery({ queryKey: ['ledger/anchor', leafIndex], queryFn: () => getLedgerAnchor(leafIndex), retry: 1, staleTime: 60_000 });
  const a = view.data?.anchor ?? null;
  const current = sizeOf(checkpoint);
  const [first, second] = a && current !== null ? (a.size <= current ? [a.size, current] : [current, a.size]) : [0, 0];
  const link = useQuery({
    queryKey: ['ledger/consistency', first, second],
    queryFn: () => (first === second ? Promise.resolve([] as string[]) : getLedgerConsistency(first, second)),
    enabled: a !== null && current !== null,
    retry: 1,
    staleTime: Infinity,
  });
  const verdict = useQuery({
    queryKey: ['ledger/anchorVerdict', leafIndex, a?.txHash, checkpoint, link.data ?? null, link.isError, verifierKey],
    queryFn: () => computeAnchorVerdict(a!, leafIndex, { note: checkpoint }, link.isError ? null : link.data!, verifierKey),
    enabled: a !== null && (link.isSuccess || link.isError),
    staleTime: Infinity,
  });

  if (view.isError) return <section className="lx-anchor" data-testid="ledger-anchor"><h2 className="lx-h2">外部锚定</h2><div className="lx-muted">外部锚定信息加载失败，请稍后刷新重试</div></section>;
  if (!view.data) return null;
  if (!a) {
    return (
      <section className="lx-anchor" data-testid="ledger-anchor">
        <h2 className="lx-h2">外部锚定</h2>
        <div className="lx-muted">
          {view.data.configured
            ? `外部锚定：等待锚定。平台会定期把签名检查点写入 ${view.data.chainName}，下一次锚定的检查点将覆盖本条目。`
            : '外部锚定：未配置。本平台未将账本检查点写入外部区块链；上方的签名检查点仍可独立核验。'}
        </div>
      </section>
    );
  }

  const origin = window.location.origin;
  const v = verdict.data;
  return (
    <section className="lx-anchor" data-testid="ledger-anchor">
      <h2 className="lx-h2">外部锚定</h2>
      <div className={`lx-summary ${!v ? '' : v.ok ? 'lx-summary-ok' : 'lx-summary-bad'}`} role="status" data-testid="anchor-verdict">
        <strong>
          {!v ? '正在浏览器中核验锚定数据…' : v.ok ? `✓ 本条目已锚定到 ${a.chainName}：包含本条目的检查点已写入区块 ${a.blockNumber}` : '✗ 锚定核验未通过：请查看下方未通过的项目'}
        </strong>
        <div>本页无法直接读取区块链：请在区块浏览器中打开下列交易，核对其输入数据与下方“交易数据”完全一致。</div>
      </div>
      <dl className="lx-dl" style={{ marginBottom: 12 }}>
        <dt>区块链</dt>
        <dd>
          {a.chainName}（链 ID {a.chainId}）
        </dd>
        <dt>区块</dt>
        <dd className="lx-mono">
          {a.blockNumber}
          {a.blockTime ? `（${formatDateTime(a.blockTime)}）` : ''}
        </dd>
        <dt>区块链锚定交易哈希</dt>
        <dd className="lx-mono">
          {a.txUrl ? (
            <a href={a.txUrl} target="_blank" rel="noopener noreferrer">
              {a.txHash}
            </a>
          ) : (
            a.txHash
          )}
        </dd>
        <dt>锚定账户</dt>
        <dd className="lx-mono">{a.from}</dd>
        <dt>锚定检查点</dt>
        <dd>{a.size} 条</dd>
        <dt>本条目检查点</dt>
        <dd>{a.entryCheckpoint.size} 条（首个覆盖本条目的签名检查点）</dd>
      </dl>
      {v && (
        <>
          <CheckItem ok={v.calldata.ok} title="4. 交易数据与锚定检查点一致，两个检查点均由平台签名" reason={v.calldata.reason} howTo={howToCalldata(a, origin, leafIndex)}>
            <Value label="树大小" value={v.calldata.size ?? '—'} />
            <Value label="根哈希" value={v.calldata.root ?? '—'} />
            <Value label="检查点哈希" value={v.calldata.noteSha256 ?? '—'} />
            <Value label="日志名称" value={v.calldata.origin ?? '—'} />
          </CheckItem>
          <CheckItem ok={v.consistency.ok} title="5. 一致性证明：本条目检查点 → 锚定检查点" reason={v.consistency.reason} howTo={howToAnchorConsistency(a)}>
            <Value label="树大小" value={`${v.consistency.from} → ${v.consistency.to}`} />
            <Value label="证明长度" value={`${a.consistency.length} 个哈希`} />
          </CheckItem>
          <CheckItem ok={v.link.ok} title="6. 锚定检查点与当前检查点属于同一账本，且包含本条目" reason={v.link.reason} howTo={howToAnchorLink(a.size, v.link.current ?? a.size, origin)}>
            <Value label="树大小" value={`锚定 ${v.link.anchored} / 当前 ${v.link.current ?? '—'}`} />
          </CheckItem>
        </>
      )}
      <h3 className="lx-h3">交易数据（calldata，十六进制）</h3>
      <CopyBlock text={a.calldata} wrap />
      <h3 className="lx-h3">一致性证明（{a.consistency.length} 个哈希，base64）</h3>
      {a.consistency.length === 0 ? (
        <div className="lx-muted">本条目检查点即锚定检查点，无需一致性证明。</div>
      ) : (
        <ol className="lx-proof" start={1}>
          {a.consistency.map((p, i) => (
            <li key={`${i}-${p}`} className="lx-mono">
              {p}
            </li>
          ))}
        </ol>
      )}
      <h3 className="lx-h3">锚定检查点（C2SP signed note）</h3>
      <CopyBlock text={a.anchoredCheckpoint} wrap />
    </section>
  );
}
