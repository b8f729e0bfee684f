/**
 * Public anchoring call (issue 3 §3): the first anchored checkpoint covering a ledger entry, for the
 * explorer page. Byte fields are base64 as served; the page verifies the consistency proof itself.
 */
import type { TAnchorView } from '@cunzheng/contract/anchor';
import { request } from './request';

/**
 * GET /api/ledger/anchor?index=<leaf index> → `{configured, chainName, anchor}`: `anchor` null while no
 * anchor covers the entry (or anchoring is off: `configured` false). ApiError (code 400) for a bad index.
 */
export function getLedgerAnchor(index: number, silent = true): Promise<TAnchorView> {
  return request<TAnchorView>({ method: 'GET', url: '/api/ledger/anchor', data: { index }, silent });
}

/** GET /api/ledger/consistency?first=&second= → the RFC 6962 consistency proof (base64 hashes) between two tree sizes. */
export async function getLedgerConsistency(first: number, second: number): Promise<string[]> {
  return (await request<{ proof: string[] }>({ method: 'GET', url: '/api/ledger/consistency', data: { first, second }, silent: true })).proof;
}
