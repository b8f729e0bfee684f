/**
 * The page's verification logic (issue 3 §4), with the verifier package's code: for each certificate
 * found, the ledger proof is fetched and verified in this browser (leaf hash, checkpoint signature by the
 * published key, inclusion proof) and the entry must name the searched file hash; a package zip is
 * verified whole by `verifyPackage`, pinned to the published key when it could be fetched. The page
 * loads this module (and the verifier package with it) after its first render: one chunk.
 */
import type { TVerifyItem } from '@cunzheng/contract/verify';
import { blobSource, verifyLedgerBundle, verifyPackage, type LedgerCheck, type Report } from '@cunzheng/verify';
import { getLedgerEntry, getLedgerProof, getVerifierKey, type LedgerProof } from '../../../api/ledger';

/** A file's SHA-256 (lowercase hex), computed here, streamed in chunks for large files (re-exported for the lazy chunk). */
export { hashBlob } from '@cunzheng/verify';

/** A certificate with its in-browser verdict. */
export interface CertResult {
  baoquan: string;
  saveTime: number;
  chainhash: string;
  check: LedgerCheck | null;
  /** Set when the proof or the key could not be fetched. */
  error: string | null;
}

/** The published verifier key, or null when it cannot be fetched. */
export async function publishedKey(): Promise<string | null> {
  try {
    return await getVerifierKey();
  } catch {
    return null;
  }
}

async function checkOne(item: TVerifyItem, proof: LedgerProof | null, key: string | null, sha256?: string): Promise<CertResult> {
  if (!proof) return { ...item, check: null, error: '账本证明获取失败，请稍后重试' };
  if (!key) return { ...item, check: null, error: '无法获取平台公布的账本公钥' };
  return { ...item, check: await verifyLedgerBundle(proof, key, { chainhash: item.chainhash, baoquan: item.baoquan, sha256 }), error: null };
}

/** Verifies every listed certificate of a file hash (`sha256` lowercase hex) against its ledger proof. */
export async function checkCertificates(list: TVerifyItem[], sha256: string): Promise<CertResult[]> {
  const key = await publishedKey();
  return Promise.all(
    list.map(async (item) => {
      const proof = await getLedgerEntry(item.chainhash, true).catch(() => null);
      return checkOne(item, proof, key, sha256);
    }),
  );
}

/** Fetches the proof of a certificate number and verifies it in this browser; ApiError (400) for an unknown number. */
export async function checkBaoquan(baoquan: string): Promise<CertResult> {
  const no = baoquan.trim().toUpperCase();
  const [proof, key] = await Promise.all([getLedgerProof(no, true), publishedKey()]);
  const item = { baoquan: no, saveTime: decodeEntry(proof.leaf)?.time ?? 0, chainhash: toHexLeaf(proof.leafHash) };
  return checkOne(item, proof, key);
}

function decodeEntry(leafB64: string): { baoquan?: string; time?: number } | null {
  try {
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(leafB64), (c) => c.charCodeAt(0)))) as { baoquan?: string; time?: number };
  } catch {
    return null;
  }
}

function toHexLeaf(b64: string): string {
  try {
    return Array.from(atob(b64), (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  } catch {
    return '';
  }
}

/**
 * Runs the full package verification on a dropped zip, in this browser. `witnesses`: the visitor's
 * witness policy (issue 10 §2: keys they trust and the cosignatures needed), unset → not checked.
 */
export async function checkPackage(file: File, onProgress?: (done: number, total: number) => void, witnesses?: { keys: string[]; quorum: number }): Promise<{ report: Report; pinned: boolean }> {
  const key = await publishedKey();
  const report = await verifyPackage(blobSource(file), { trustedKey: key ?? undefined, onProgress, ...(witnesses ? { witnesses } : {}) });
  return { report, pinned: key !== null };
}
