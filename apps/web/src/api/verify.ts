/**
 * Public verification calls (issue 3 §4; DESIGN.md Trust design §5): the certificates of a file hash
 * (GET /api/verify) and the evidence package download (GET /api/ledger/package, a zip for the owner or
 * with the extraction code). Ledger proofs and the verifier key come from ./ledger.
 */
import type { TVerifyList } from '@cunzheng/contract/verify';
import { MSG } from '@cunzheng/contract/messages';
import { config } from '../env';
import { getSession } from '../stores/session';
import { ApiError, request } from './request';

/** GET /api/verify?sha256= → the certificates whose evidence file has this SHA-256 (no owner data). */
export function lookupSha256(sha256: string, silent = true): Promise<TVerifyList> {
  return request<TVerifyList>({ method: 'GET', url: '/api/verify', data: { sha256 }, silent });
}

/**
 * GET /api/ledger/package?baoquan=[&code=] → the package zip as a Blob (bearer token of the owner, or
 * the extraction code). Throws ApiError with the envelope's code and Chinese message when refused,
 * ApiError(0, network message) when the server cannot be reached.
 */
export async function downloadPackage(baoquan: string, code?: string): Promise<Blob> {
  const qs = new URLSearchParams({ baoquan, ...(code ? { code } : {}) });
  const { token } = getSession();
  let res: Response;
  try {
    res = await fetch(`${config.apiBase}/api/ledger/package?${qs}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, MSG.NETWORK_FAILURE);
  }
  if ((res.headers.get('content-type') ?? '').startsWith('application/zip')) return res.blob();
  const env = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
  throw new ApiError(Number(env?.code ?? 0), env?.msg || MSG.NETWORK_FAILURE);
}
