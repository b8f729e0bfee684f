/**
 * End-to-end check of a ledger proof bundle as served by GET /api/ledger/proof and
 * GET /api/ledger/entry (issue 2 §5): used by the explorer page `/ledger/{chainhash}`.
 */
import { LedgerFormatError, bytesEqual, fromBase64, toHex } from './bytes.ts';
import { leafHash, verifyInclusion } from './merkle.ts';
import { verifyCheckpoint, type Checkpoint, type VerifierKey } from './note.ts';

/** The `data` of GET /api/ledger/proof and /api/ledger/entry (all hashes base64). */
export interface LedgerProofBundle {
  leafIndex: number;
  treeSize: number;
  /** Base64 of the exact entry bytes (RFC 8785 canonical JSON). */
  leaf: string;
  leafHash: string;
  proof: string[];
  /** Signed note text of the checkpoint the proof is against. */
  checkpoint: string;
}

/** Outcome of verifyLeafProof: `failed` names the first check that did not hold. */
export interface LedgerProofResult {
  ok: boolean;
  failed?: 'format' | 'leafHash' | 'checkpoint' | 'treeSize' | 'inclusion';
  /** Hex leaf hash recomputed from the entry bytes (the certificate's chainhash). */
  chainhash?: string;
  checkpoint?: Checkpoint;
  /** The parsed entry JSON when the leaf is JSON. */
  entry?: unknown;
}

/**
 * Recomputes the leaf hash from the entry bytes, verifies the checkpoint signature with
 * `verifierKey`, checks the checkpoint's size equals `treeSize`, and verifies the inclusion proof
 * against the checkpoint root. Never throws for bad data; `failed` tells which step failed.
 */
export async function verifyLeafProof(bundle: LedgerProofBundle, verifierKey: string | VerifierKey): Promise<LedgerProofResult> {
  let leaf: Uint8Array;
  let claimed: Uint8Array;
  let proof: Uint8Array[];
  try {
    leaf = fromBase64(bundle.leaf);
    claimed = fromBase64(bundle.leafHash);
    proof = bundle.proof.map(fromBase64);
  } catch {
    return { ok: false, failed: 'format' };
  }
  const lh = await leafHash(leaf);
  const chainhash = toHex(lh);
  let entry: unknown;
  try {
    entry = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(leaf));
  } catch {
    entry = undefined;
  }
  if (!bytesEqual(lh, claimed)) return { ok: false, failed: 'leafHash', chainhash, entry };
  let checkpoint: Checkpoint;
  try {
    checkpoint = await verifyCheckpoint(bundle.checkpoint, verifierKey);
  } catch (e) {
    if (e instanceof LedgerFormatError) return { ok: false, failed: 'checkpoint', chainhash, entry };
    throw e;
  }
  if (checkpoint.size !== bundle.treeSize) return { ok: false, failed: 'treeSize', chainhash, checkpoint, entry };
  if (!(await verifyInclusion(lh, bundle.leafIndex, checkpoint.size, proof, checkpoint.root))) return { ok: false, failed: 'inclusion', chainhash, checkpoint, entry };
  return { ok: true, chainhash, checkpoint, entry };
}
