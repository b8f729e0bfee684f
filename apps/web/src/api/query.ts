/**
 * Public query calls (issue 12 §3; spec p1 §7 "Certificate check and sharing"; shapes in
 * @cunzheng/contract/query): POST /api/check/checkNo, POST /api/check/checkDigest (ours), POST
 * /api/check/checkGzsNo (notarial certificates, answered by the notary module), GET /api/Education,
 * POST /api/Education/downPdf. None needs a login.
 */
import type { TArticle, TCheckNoRes } from '@cunzheng/contract/query';
import { MSG } from '@cunzheng/contract/messages';
import type { DownUrl } from './certificate';
import { ApiError, requestEnvelope, isSuccess } from './request';
import { request } from './request';

export type CheckNoResult = TCheckNoRes;
export type Article = TArticle;

/** POST /api/check/checkNo (no) → the certificate's public facts, any kind. `silent`: the page shows the error itself. */
export const checkNo = (no: string, silent = true) => request<CheckNoResult>({ method: 'POST', url: '/api/check/checkNo', data: { no }, silent });

/** POST /api/check/checkDigest (digest, algo) → `{list}` of certificates of that digest. */
export const checkDigest = (digest: string, algo: 'sha256' | 'sm3') => request<{ list: CheckNoResult[] }>({ method: 'POST', url: '/api/check/checkDigest', data: { digest, algo }, silent: true });

/**
 * A notarial certificate as POST /api/check/checkGzsNo answers it (issue 15, notary module; fields agreed
 * in CONTRACTS.md §5 note): number, matter, notary office, issue time (Unix s), order number, the
 * certificate numbers of the notarised evidence.
 */
export interface NotaryCertificate {
  no: string;
  title?: string;
  notarial?: string;
  notaryOffice?: string;
  issueTime?: number;
  orderNo?: string;
  baoquanList?: string[];
  /** false when the certificate was revoked or the notarisation failed afterwards. */
  valid?: boolean;
}

/**
 * POST /api/check/checkGzsNo (no) → the notarial certificate. Throws ApiError with the server's msg; while
 * the notary module does not answer this path (接口不存在) every number is 公证书编号不存在.
 */
export async function checkGzsNo(no: string): Promise<NotaryCertificate> {
  const env = await requestEnvelope<NotaryCertificate>({ method: 'POST', url: '/api/check/checkGzsNo', data: { no }, silent: true });
  if (isSuccess(env.code)) return env.data;
  const msg = typeof env.msg === 'string' && env.msg && env.msg !== MSG.API_NOT_FOUND ? env.msg : MSG.NOTARY_CERT_NOT_FOUND;
  throw new ApiError(Number(env.code) || 400, msg, null);
}

/** GET /api/Education → the help centre's articles. */
export const getEducation = () => request<{ list: Article[] }>({ method: 'GET', url: '/api/Education' });

/** POST /api/Education/downPdf (id) → `{downUrl}` of the article's PDF. */
export const educationPdf = (id: string) => request<DownUrl>({ method: 'POST', url: '/api/Education/downPdf', data: { id } });
