/** The wire shape of an evidence row (spec p1 §3; contract ZEvidenceItem) and the ledger's owner commitment. */
import crypto from 'node:crypto';
import type { TEvidenceItem } from '@cunzheng/contract/evidence';
import type { UserRow } from '../../platform/auth.ts';
import type { EvidenceRow } from './types.ts';

/** The public shape of an evidence row in lists and deposit answers (spec p1 §3; contract ZEvidenceItem). */
export type EvidenceItem = TEvidenceItem;

/** Maps a row to its wire shape. */
export const toItem = (r: EvidenceRow): EvidenceItem => ({
  id: r.id,
  baoquan: r.baoquan,
  title: r.title,
  fileName: r.fileName,
  fileType: r.fileType,
  mime: r.mime,
  size: r.size,
  sha256: r.sha256,
  label: r.label,
  saveTime: r.saveTime,
  chainhash: r.chainhash,
  isDownload: r.deletedAt ? 0 : 1,
});

/** Hex commitment to the owner written into ledger entries: SHA-256(ownerSalt ‖ "user:" ‖ id). */
export const ownerCommitment = (u: Pick<UserRow, 'id' | 'ownerSalt'>): string =>
  crypto.createHash('sha256').update(u.ownerSalt).update(`user:${u.id}`).digest('hex');
