/**
 * Verification of a ledger proof as served by GET /api/ledger/proof and /api/ledger/entry (used by the
 * public /verify page for each matching certificate): the contract's `verifyLeafProof` (leaf hash,
 * checkpoint signature by the published key, inclusion proof — the same code the package check uses)
 * plus the facts the page searched for: the chainhash, the certificate number and the file's SHA-256
 * must be the ones inside the verified entry.
 */
import { verifyLeafProof, type LedgerProofBundle } from '@cunzheng/contract/ledger/index';
import { t, type Text } from './text.ts';

/** What the entry must say. */
export interface Expected {
  chainhash?: string;
  baoquan?: string;
  /** Lowercase hex SHA-256 of the file. */
  sha256?: string;
}

/** Outcome for one certificate. */
export interface LedgerCheck {
  ok: boolean;
  /** Why it failed (empty when ok). */
  problems: Text[];
  leafIndex: number;
  treeSize: number;
  /** The verified entry's fields (null when the proof failed before the entry could be read). */
  entry: { baoquan: string; sha256: string; size: number; time: number; kind: string } | null;
  origin: string;
}

const REASONS: Record<string, Text> = {
  format: t('账本证明格式错误', 'the ledger proof is malformed'),
  leafHash: t('条目字节的哈希与账本记录的叶子哈希不一致', 'the entry bytes do not hash to the recorded leaf hash'),
  checkpoint: t('检查点没有平台公钥的有效签名', 'the checkpoint carries no valid signature by the published key'),
  treeSize: t('证明的树大小与检查点不一致', 'the proof tree size differs from the checkpoint'),
  inclusion: t('包含证明无法从条目推导出检查点的根哈希', 'the inclusion proof does not lead to the checkpoint root'),
};

/** Verifies `bundle` with the published `verifierKey` and compares the entry with `expected`. Never throws. */
export async function verifyLedgerBundle(bundle: LedgerProofBundle, verifierKey: string, expected: Expected = {}): Promise<LedgerCheck> {
  const r = await verifyLeafProof(bundle, verifierKey);
  const problems: Text[] = [];
  if (!r.ok) problems.push(REASONS[r.failed ?? 'format'] ?? REASONS.format!);
  const e = r.entry as Record<string, unknown> | undefined;
  const entry = e && typeof e === 'object' && typeof e.baoquan === 'string' && typeof e.sha256 === 'string'
    ? { baoquan: e.baoquan, sha256: e.sha256, size: Number(e.size), time: Number(e.time), kind: String(e.kind) }
    : null;
  if (r.ok && !entry) problems.push(t('账本条目不是有效的存证记录', 'the ledger entry is not a deposit record'));
  if (expected.chainhash && r.chainhash !== expected.chainhash.toLowerCase()) problems.push(t('条目的链上哈希与查询结果不一致', "the entry's chainhash differs from the listed one"));
  if (entry && expected.baoquan && entry.baoquan !== expected.baoquan) problems.push(t('条目中的保全号与查询结果不一致', 'the certificate number in the entry differs'));
  if (entry && expected.sha256 && entry.sha256 !== expected.sha256.toLowerCase()) problems.push(t('条目记录的文件 SHA-256 与您的文件不一致', "the file SHA-256 in the entry differs from your file's"));
  return { ok: problems.length === 0, problems, leafIndex: bundle.leafIndex, treeSize: bundle.treeSize, entry, origin: r.checkpoint?.origin ?? '' };
}
