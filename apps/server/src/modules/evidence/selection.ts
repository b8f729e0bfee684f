/**
 * Evidence of every kind chosen for something else (issue 15 online notarization): the owner's live
 * evidence across all kinds (or one evidence type of spec p2 §9), owned rows by id, rows by id for a party
 * the owner released them to, the stored file's re-hash and a signed download URL. Part of the evidence
 * module's public surface (built in modules/index.ts), so other modules never read `evidence` themselves.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import { EVIDENCE_KIND_DEFS } from '@cunzheng/contract/evidenceKinds';
import type { Db } from '../../db/client.ts';
import { evidence } from '../../db/schema/index.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { listEvidence } from './listing.ts';
import * as repo from './repo.ts';
import type { EvidenceRow } from './types.ts';

/** Builds the selection functions. */
export function evidenceSelection(deps: { db: Db; blobs: Pick<BlobStore, 'rehash'>; downloads: Pick<DownloadSigner, 'url'> }) {
  const { db } = deps;
  return {
    /**
     * One page of `userId`'s live evidence of every kind, newest first; `evidenceType` (p2 §9, 0 all)
     * narrows to the kinds of that type; `keyword` matches title, number and file name.
     */
    async listAll(userId: number, f: { page: number; limit: number; keyword?: string; evidenceType?: number }): Promise<{ list: EvidenceRow[]; count: number }> {
      const kinds = EVIDENCE_KIND_DEFS.filter((d) => !f.evidenceType || d.evidenceType === f.evidenceType).map((d) => d.id);
      if (kinds.length === 0) return { list: [], count: 0 };
      return listEvidence(db, kinds, { userId, page: f.page, limit: f.limit, keyword: f.keyword || undefined });
    },

    /** `userId`'s live evidence among `ids` (others' ids and deleted rows are left out). */
    async ownedLive(userId: number, ids: number[]): Promise<EvidenceRow[]> {
      if (ids.length === 0) return [];
      return (await repo.findOwnedMany(db, userId, ids)).filter((r) => !r.deletedAt);
    },

    /** Rows by id whatever their state (a party the owner released them to: deleted ones stay visible as such). */
    async byIds(ids: number[]): Promise<EvidenceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(evidence).where(inArray(evidence.id, ids));
    },

    /** Whether every id is live evidence of `userId`. */
    async allLive(userId: number, ids: number[]): Promise<boolean> {
      if (ids.length === 0) return true;
      const rows = await db.select({ id: evidence.id }).from(evidence).where(and(inArray(evidence.id, ids), isNull(evidence.deletedAt)));
      const owned = await repo.findOwnedMany(db, userId, ids);
      return rows.length === ids.length && owned.length === ids.length;
    },

    /** SHA-256 and size of the stored main file as read back now, or null when it is missing. */
    rehash: (sha256: string) => deps.blobs.rehash(sha256),

    /** Signed, expiring download URL of a row's main file. */
    fileUrl: (r: EvidenceRow): string => deps.downloads.url({ sha256: r.sha256, name: r.fileName, mime: r.mime }),
  };
}

export type EvidenceSelection = ReturnType<typeof evidenceSelection>;
