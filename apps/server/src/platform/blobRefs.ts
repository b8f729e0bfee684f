/**
 * Blob references (issue 9 §1). Every row that uses a blob (evidence, stamp, web-capture screenshot)
 * adds one reference to `blobs.refcount` in the SAME transaction that writes the row, BEFORE the file is
 * linked into the store: the upsert takes the `blobs` row lock, which is the lock the garbage collector
 * (platform/blobGc.ts) takes before it deletes a file, so a blob being referenced can never be collected
 * under the transaction that references it. References are never decremented (evidence and stamps are
 * only hidden, their bytes stay for the audit trail); only never-referenced blobs (failed deposits,
 * cached certificate PDFs, orphans) are collected.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { blobs } from '../db/schema/index.ts';
import { deferBeforeCommit } from './beforeCommit.ts';
import { upsertAdd } from './deferredInserts.ts';
import type { BlobStore, StagedBlob } from './blobs.ts';

/** Adds one reference to a blob (creating its metadata row if new) and holds its row lock until `tx` ends. */
export async function addBlobRef(tx: DbOrTx, b: { sha256: string; size: number; mime: string }): Promise<void> {
  await tx.insert(blobs).values({ ...b, refcount: 1 }).onConflictDoUpdate({ target: blobs.sha256, set: { refcount: sql`${blobs.refcount} + 1` } });
}

/**
 * Inside `tx`: references a staged upload and links it durably into the store. In a group-commit body
 * (issue 16) the link + fsync is deferred to just before the batch's commit, run concurrently with the
 * other bodies' (platform/beforeCommit.ts): still after the reference row, still before the commit.
 * `opts.deferRef`: in a group-commit body the reference itself joins the batch's flush too (summed per blob,
 * one multi-row upsert, written before the links and the commit) — only when nothing in the body inserts a
 * row referencing the blob directly (the row's foreign key needs the `blobs` row first).
 */
export async function storeStagedInTx(tx: DbOrTx, store: Pick<BlobStore, 'commit'>, staged: StagedBlob, mime: string, opts: { deferRef?: boolean } = {}): Promise<void> {
  const ref = { sha256: staged.sha256, size: staged.size, mime, refcount: 1 };
  if (!(opts.deferRef && upsertAdd(tx, blobs, ref, { target: blobs.sha256, add: blobs.refcount }))) await addBlobRef(tx, ref);
  if (!deferBeforeCommit(tx, `blob:${staged.sha256}`, () => store.commit(staged))) await store.commit(staged);
}

/** Inside `tx`: references and durably stores a small buffer; returns its SHA-256. */
export async function storeBufferInTx(tx: DbOrTx, store: Pick<BlobStore, 'putBuffer'>, buf: Buffer, mime: string): Promise<string> {
  const sha256 = crypto.createHash('sha256').update(buf).digest('hex');
  await addBlobRef(tx, { sha256, size: buf.length, mime });
  await store.putBuffer(buf);
  return sha256;
}

/**
 * Inside `tx`: removes one reference to a blob (issue 14 §5: KYC images deleted after their retention
 * period). At refcount 0 the garbage collector deletes the file once its grace period has passed. Only
 * for blobs whose owner row is itself being deleted; evidence never calls this.
 */
export async function releaseBlobRef(tx: DbOrTx, sha256: string): Promise<void> {
  await tx.update(blobs).set({ refcount: sql`greatest(${blobs.refcount} - 1, 0)` }).where(sql`${blobs.sha256} = ${sha256}`);
}
