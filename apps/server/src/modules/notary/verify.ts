/**
 * The notary office's automatic re-verification of released evidence (issue 15 §2): for each evidence,
 * (1) the stored file is read back and hashed — it must equal the deposited SHA-256; (2) the ledger leaf
 * at its index must carry that hash and number, hash to the evidence's chainhash, and be included in the
 * latest signed checkpoint (RFC 6962 inclusion proof checked here, not trusted); (3) its RFC 3161 token
 * must verify over the hash against the platform's trusted roots.
 */
import { leafHash, verifyInclusion } from '@cunzheng/contract/ledger/index';
import type { LedgerService } from '../ledger/types.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { TrustReader } from '../trust/types.ts';

/** The verdict of one evidence (stored as jsonb, shown to the notary). */
export interface Verdict {
  ok: boolean;
  hash: boolean;
  inclusion: boolean;
  timestamp: boolean;
  /** Size of the checkpoint the inclusion proof was checked against. */
  checkpointSize: number;
  /** Genuine time of the token, Unix seconds (0 when none). */
  genTime: number;
  /** Chinese summary of what failed ('' when ok). */
  detail: string;
  at: number;
}

export interface VerifyDeps {
  ledger: Pick<LedgerService, 'entryAt' | 'inclusionProof' | 'checkpointNow'>;
  trust: Pick<TrustReader, 'tokenFor' | 'verifyToken'>;
  rehash(sha256: string): Promise<{ sha256: string; size: number } | null>;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Re-verifies one evidence row; never throws (a failure is a verdict). */
export async function verifyEvidence(deps: VerifyDeps, e: EvidenceRow): Promise<Verdict> {
  const problems: string[] = [];
  let hash = false;
  let inclusion = false;
  let timestamp = false;
  let checkpointSize = 0;
  let genTime = 0;
  try {
    const r = e.deletedAt ? null : await deps.rehash(e.sha256);
    hash = !!r && r.sha256 === e.sha256 && r.size === e.size;
    if (!hash) problems.push(e.deletedAt ? '证据已被删除' : '文件哈希值与保全记录不一致或文件缺失');
  } catch {
    problems.push('文件读取失败');
  }
  try {
    const entry = await deps.ledger.entryAt(e.ledgerIndex);
    let proof = await deps.ledger.inclusionProof(e.ledgerIndex);
    if (!proof) {
      // Not yet covered by a checkpoint (entries are covered within about a second): make one now.
      await deps.ledger.checkpointNow();
      proof = await deps.ledger.inclusionProof(e.ledgerIndex);
    }
    if (entry && proof) {
      const parsed = JSON.parse(entry.leaf.toString('utf8')) as { sha256?: string; baoquan?: string };
      const lh = await leafHash(entry.leaf);
      const bound = parsed.sha256 === e.sha256 && parsed.baoquan === e.baoquan && hex(lh) === e.chainhash && entry.chainhash === e.chainhash;
      const included = await verifyInclusion(lh, proof.leafIndex, proof.treeSize, proof.proof, proof.checkpoint.root);
      inclusion = bound && included && proof.leaf.equals(entry.leaf);
      checkpointSize = proof.treeSize;
    }
    if (!inclusion) problems.push('账本记录或包含证明核验失败');
  } catch {
    problems.push('账本记录或包含证明核验失败');
  }
  try {
    const t = await deps.trust.tokenFor(e.id);
    if (t) {
      const v = await deps.trust.verifyToken(t.token, e.sha256);
      timestamp = v.ok;
      genTime = t.genTime;
    }
    if (!timestamp) problems.push('可信时间戳核验失败');
  } catch {
    problems.push('可信时间戳核验失败');
  }
  return { ok: hash && inclusion && timestamp, hash, inclusion, timestamp, checkpointSize, genTime, detail: problems.join('；'), at: Math.floor(Date.now() / 1000) };
}
