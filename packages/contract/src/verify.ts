/**
 * Offline proof package and public verification calls (issue 3 §4; DESIGN.md Trust design §5).
 * - GET /api/ledger/package?baoquan=&code= → application/zip (the owner's bearer token, or `code` = the
 *   owner's extraction code); errors are envelopes with code 400 and a Chinese message.
 * - GET /api/verify?sha256= → `{list}` of the certificates whose evidence file has this SHA-256 (public,
 *   rate-limited per IP, no owner data).
 */
import { z } from 'zod';
import { zBaoquan } from './certificate.ts';
import { zExtractCodeInput } from './fields.ts';
import { MSG } from './messages.ts';

/** GET /api/ledger/package query: baoquan, optional extraction code (not needed by the logged-in owner). */
export const ZPackageQuery = z.object({ baoquan: zBaoquan(), code: zExtractCodeInput().optional() });
export type TPackageQuery = z.infer<typeof ZPackageQuery>;

/** A SHA-256 as typed or pasted: trimmed, 64 hex characters (either case), answered lower case. */
export const zSha256Hex = () =>
  z
    .string({ error: MSG.SHA256_REQUIRED })
    .trim()
    .min(1, MSG.SHA256_REQUIRED)
    .max(64, MSG.SHA256_FORMAT)
    .regex(/^[0-9a-fA-F]{64}$/, MSG.SHA256_FORMAT)
    .transform((s) => s.toLowerCase());

/** GET /api/verify query. */
export const ZVerifyQuery = z.object({ sha256: zSha256Hex() });
export type TVerifyQuery = z.infer<typeof ZVerifyQuery>;

/** Most certificates listed for one hash (the same file deposited many times). */
export const VERIFY_LIST_MAX = 50;

/** One certificate of GET /api/verify: number, deposit time (Unix seconds), chainhash (hex leaf hash). */
export const ZVerifyItem = z.object({
  baoquan: z.string().max(32),
  saveTime: z.number().int(),
  chainhash: z.string().max(64),
});
export type TVerifyItem = z.infer<typeof ZVerifyItem>;

/** GET /api/verify data: oldest first, at most VERIFY_LIST_MAX. */
export const ZVerifyList = z.object({ list: z.array(ZVerifyItem).max(VERIFY_LIST_MAX) });
export type TVerifyList = z.infer<typeof ZVerifyList>;
