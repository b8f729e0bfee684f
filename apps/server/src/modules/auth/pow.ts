/**
 * Proof of work in front of every SMS send (issue 9 §3), with altcha-lib v2 (PBKDF2/SHA-256,
 * deterministic mode): GET /api/Register/powChallenge hands out a signed challenge valid 5 minutes; the
 * browser finds the counter (altcha-lib's solver, ~0.2 s by default) and sends the payload with the SMS
 * request as `altcha`; the server checks the signatures (an HMAC, no re-derivation) and spends the challenge
 * in `pow_spent` so one solution buys one send. Stateless across API processes apart from that table.
 */
import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { DbOrTx } from '../../db/client.ts';
import { powSpent } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { MSG } from '@cunzheng/contract/messages';

const TTL_MS = 5 * 60 * 1000;
const ALGORITHM = 'PBKDF2/SHA-256';

export interface PowService {
  /** A new signed challenge `{parameters, signature}` (altcha v2), valid 5 minutes. */
  challenge(): Promise<Challenge>;
  /**
   * Checks and spends a solution: `payload` is base64 of JSON `{challenge, solution}`.
   * 400 人机验证失败，请重试 when malformed, forged, expired, wrong or already spent.
   */
  spend(payload: string): Promise<void>;
}

/** Builds the proof-of-work service; `secret` signs challenges (loadOrCreateSecret 'pow.key'). */
export function powService(deps: { db: DbOrTx; secret: Buffer; cost: number; maxCounter: number }): PowService {
  const sigSecret = deps.secret.toString('hex');
  const keySecret = crypto.createHmac('sha256', deps.secret).update('altcha key signature').digest('hex');
  const fail = () => badRequest(MSG.POW_FAILED);
  return {
    async challenge() {
      const hi = Math.max(2, deps.maxCounter);
      return createChallenge({
        algorithm: ALGORITHM,
        cost: deps.cost,
        counter: randomInt(Math.floor(hi / 2), hi),
        deriveKey,
        expiresAt: new Date(Date.now() + TTL_MS),
        hmacSignatureSecret: sigSecret,
        hmacKeySignatureSecret: keySecret,
      });
    },
    async spend(payload) {
      let parsed: { challenge?: Challenge; solution?: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
      } catch {
        throw fail();
      }
      const { challenge, solution } = parsed ?? {};
      if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution || typeof solution.counter !== 'number') throw fail();
      if (challenge.parameters.algorithm !== ALGORITHM) throw fail();
      let verified = false;
      try {
        const r = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: sigSecret, hmacKeySignatureSecret: keySecret });
        verified = r.verified === true;
      } catch {
        verified = false;
      }
      if (!verified) throw fail();
      const id = crypto.createHash('sha256').update(challenge.signature).digest('hex');
      const exp = challenge.parameters.expiresAt ? new Date(challenge.parameters.expiresAt * 1000) : new Date(Date.now() + TTL_MS);
      const rows = await deps.db.insert(powSpent).values({ id, expiresAt: exp }).onConflictDoNothing().returning({ id: powSpent.id });
      if (rows.length === 0) throw fail();
    },
  };
}
