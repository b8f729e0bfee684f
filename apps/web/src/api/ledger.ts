/**
 * Public ledger calls (DESIGN.md Trust design §2, issue 2 §5): the entry behind a chainhash with its
 * inclusion proof and signed checkpoint, and the verifier key. Byte fields are base64 as served;
 * the explorer page decodes and verifies them in the browser.
 */
import { request } from './request';

/** An entry with its RFC 6962 inclusion proof against the latest signed checkpoint. */
export interface LedgerProof {
  /** 0-based leaf index. */
  leafIndex: number;
  /** Tree size the proof and checkpoint refer to. */
  treeSize: number;
  /** base64 of the exact entry bytes (RFC 8785 canonical JSON). */
  leaf: string;
  /** base64 of the RFC 6962 leaf hash SHA-256(0x00 ‖ leaf). */
  leafHash: string;
  /** base64 sibling hashes, leaf to root. */
  proof: string[];
  /** C2SP signed note text of the checkpoint. */
  checkpoint: string;
}

/** GET /api/ledger/entry?chainhash=<hex> → the entry and its proof; ApiError (code 400) when unknown. */
export function getLedgerEntry(chainhash: string, silent = false): Promise<LedgerProof> {
  return request<LedgerProof>({ method: 'GET', url: '/api/ledger/entry', data: { chainhash }, silent });
}

/** GET /api/ledger/proof?baoquan= → the same shape as getLedgerEntry, looked up by certificate number. */
export function getLedgerProof(baoquan: string, silent = false): Promise<LedgerProof> {
  return request<LedgerProof>({ method: 'GET', url: '/api/ledger/proof', data: { baoquan }, silent });
}

/**
 * GET /api/ledger/key → the verifier key text `name+keyid+base64(0x01‖pubkey)` (text/plain, not an
 * envelope, so it is fetched directly). Throws Error on a network failure or a non-2xx status.
 */
export async function getVerifierKey(): Promise<string> {
  const res = await fetch('/api/ledger/key', { headers: { Accept: 'text/plain' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.text()).trim();
}
