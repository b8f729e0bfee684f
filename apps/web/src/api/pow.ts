/**
 * Proof of work before every SMS send (issue 9 §3): fetches a challenge from GET /api/Register/powChallenge
 * and solves it in the browser with altcha-lib's solver (WebCrypto PBKDF2, ~0.2 s by default), giving the
 * `altcha` field (base64 JSON `{challenge, solution}`) the SMS send carries. Transparent to the user.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { MSG } from '@cunzheng/contract/messages';
import { request } from './request';

/** GET /api/Register/powChallenge → an altcha v2 challenge. */
export const getPowChallenge = () => request<Challenge>({ method: 'GET', url: '/api/Register/powChallenge' });

/** A fresh challenge solved → the `altcha` field of an SMS send; throws Error(人机验证失败，请重试) when unsolved. */
export async function solvePow(): Promise<string> {
  const challenge = await getPowChallenge();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error(MSG.POW_FAILED);
  return btoa(JSON.stringify({ challenge, solution }));
}
