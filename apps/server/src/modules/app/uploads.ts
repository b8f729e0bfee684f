/**
 * Resumable uploads of app captures (issue 12 §1): the storage side of the tus 1.0 core protocol served
 * by tus.ts. An upload is a row in `app_uploads` (declared length, bytes received) and its received parts
 * in `app_upload_parts`; each part's bytes are a blob written through the BlobStore interface (stage +
 * commit, CONTRACTS §6), left UNREFERENCED: once the upload is deposited (or abandoned) the blob garbage
 * collector removes them after its grace period (platform/blobGc.ts). Nothing here assumes one process:
 * the offset only moves by a conditional UPDATE, so two PATCHes at the same offset cannot both land.
 *
 * A PATCH whose connection drops keeps the bytes that arrived (the part is shortened, not lost), so a
 * 500 MB video cut at 50 % resumes from there. `assemble` re-reads every part (each verified against its
 * hash) into one staged file, hashing the WHOLE file server-side: that SHA-256 is the evidence's.
 */
import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { APP_MSG, APP_UPLOAD_TTL_SECONDS, APP_UPLOADS_MAX } from '@cunzheng/contract/app';
import type { Db, DbOrTx } from '../../db/client.ts';
import { appUploadParts, appUploads } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { BlobStore, StagedBlob } from '../../platform/blobs.ts';

export type UploadRow = typeof appUploads.$inferSelect;

/** A tus protocol failure: the HTTP status to answer (404 unknown, 409 offset mismatch, 413 too large, 410 gone). */
export class TusError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Cleans a client file name: no path parts, no control characters, at most 200 characters; `fallback` when nothing is left. */
export const cleanName = (n: string | undefined, fallback = ''): string => {
  const base = (n ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || fallback).slice(0, 200);
};

/** New upload ids: 24 random bytes, base64url (unguessable; the owner is checked as well). */
const newId = () => crypto.randomBytes(24).toString('base64url');

/**
 * The request body as a stream that ENDS (rather than errors) when the client goes away, so the bytes
 * that arrived are kept as a shorter part (tus: the server keeps what it received).
 */
export function tolerantBody(raw: IncomingMessage): Readable {
  const out = new PassThrough();
  raw.on('error', () => out.end());
  raw.on('aborted', () => out.end());
  raw.on('close', () => {
    if (!raw.complete) out.end();
  });
  raw.pipe(out);
  return out;
}

/** Builds the upload store over `db` and `blobs`; `maxBytes` is the largest upload accepted. */
export function uploadStore(deps: { db: Db; blobs: BlobStore; maxBytes: number }) {
  const { db, blobs } = deps;

  /** The caller's live upload `id`; TusError 404 when unknown, foreign or expired. */
  const owned = async (tx: DbOrTx, userId: number, id: string): Promise<UploadRow> => {
    const r = (await tx.select().from(appUploads).where(and(eq(appUploads.id, id), eq(appUploads.userId, userId))).limit(1))[0];
    if (!r || r.updatedAt.getTime() < Date.now() - APP_UPLOAD_TTL_SECONDS * 1000) throw new TusError(404, APP_MSG.UPLOAD_NOT_FOUND);
    return r;
  };

  return {
    maxBytes: deps.maxBytes,

    /** tus creation: a new upload of `length` bytes (1 … maxBytes; TusError 413 beyond; 429 with APP_UPLOADS_MAX unfinished ones). Returns its id. */
    async create(userId: number, length: number, fileName: string, mime: string): Promise<string> {
      if (!Number.isSafeInteger(length) || length < 1) throw new TusError(400, APP_MSG.UPLOAD_OR_FILE);
      if (length > deps.maxBytes) throw new TusError(413, APP_MSG.UPLOAD_TOO_LARGE);
      // At most APP_UPLOADS_MAX unfinished uploads per account (each may hold up to maxBytes of parts).
      const live = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appUploads)
        .where(and(eq(appUploads.userId, userId), sql`${appUploads.evidenceId} is null`, gt(appUploads.updatedAt, new Date(Date.now() - APP_UPLOAD_TTL_SECONDS * 1000))));
      if (Number(live[0]?.n ?? 0) >= APP_UPLOADS_MAX) throw new TusError(429, APP_MSG.UPLOADS_TOO_MANY);
      const id = newId();
      await db.insert(appUploads).values({ id, userId, length, fileName: fileName.slice(0, 255), mime: mime.slice(0, 120) });
      return id;
    },

    /** tus HEAD: the upload (offset = bytes received). TusError 404 when unknown. */
    head: (userId: number, id: string): Promise<UploadRow> => owned(db, userId, id),

    /**
     * tus PATCH: appends `body` at `offset`. TusError 409 when `offset` is not the current offset (or
     * another PATCH landed first), 413 when the bytes would pass the declared length. Returns the new offset.
     * An empty body (a connection cut before any byte) leaves the offset as it was.
     */
    async append(userId: number, id: string, offset: number, body: Readable): Promise<number> {
      const up = await owned(db, userId, id);
      if (up.evidenceId !== null || offset !== up.offset) {
        body.resume();
        throw new TusError(409, '上传位置不一致');
      }
      let staged: StagedBlob | undefined;
      try {
        try {
          staged = await blobs.stage(body, () => false);
        } catch (e) {
          if (e instanceof AppError) return up.offset; // nothing arrived
          throw e;
        }
        if (offset + staged.size > up.length) throw new TusError(413, APP_MSG.UPLOAD_TOO_LARGE);
        // Bytes first (durable, unreferenced), then the row that points at them.
        await blobs.commit(staged);
        const part = staged;
        return await db.transaction(async (tx) => {
          const moved = await tx
            .update(appUploads)
            .set({ offset: sql`${appUploads.offset} + ${part.size}`, updatedAt: new Date() })
            .where(and(eq(appUploads.id, id), eq(appUploads.offset, offset)))
            .returning({ offset: appUploads.offset });
          if (!moved[0]) throw new TusError(409, '上传位置不一致');
          await tx.insert(appUploadParts).values({ uploadId: id, offset, size: part.size, sha256: part.sha256 });
          return moved[0].offset;
        });
      } finally {
        if (staged) await blobs.discard(staged);
      }
    },

    /** tus termination: forgets the upload (its part blobs are left to the GC). TusError 404 when unknown. */
    async remove(userId: number, id: string): Promise<void> {
      await owned(db, userId, id);
      await db.transaction(async (tx) => {
        await tx.delete(appUploadParts).where(eq(appUploadParts.uploadId, id));
        await tx.delete(appUploads).where(eq(appUploads.id, id));
      });
    },

    /**
     * The complete upload `id` of `userId` as ONE staged file hashed whole (SHA-256 over every byte, read
     * back from the verified parts), with its declared name and type. 400 上传任务不存在或已过期，请重新上传 /
     * 文件尚未上传完成 / 文件校验失败，请重新上传 (a part missing or altered). Returns the row too (its
     * `evidenceId` is set when it was already deposited).
     */
    async assemble(userId: number, id: string): Promise<{ upload: UploadRow; staged: StagedBlob | null }> {
      let up: UploadRow;
      try {
        up = await owned(db, userId, id);
      } catch {
        throw badRequest(APP_MSG.UPLOAD_NOT_FOUND);
      }
      if (up.evidenceId !== null) return { upload: up, staged: null };
      if (up.offset !== up.length) throw badRequest(APP_MSG.UPLOAD_INCOMPLETE);
      const parts = await db.select().from(appUploadParts).where(eq(appUploadParts.uploadId, id)).orderBy(asc(appUploadParts.offset));
      let expect = 0;
      for (const p of parts) {
        if (p.offset !== expect) throw badRequest(APP_MSG.UPLOAD_CHECK_FAILED);
        expect += p.size;
      }
      if (expect !== up.length) throw badRequest(APP_MSG.UPLOAD_CHECK_FAILED);
      async function* bytes() {
        for (const p of parts) {
          const b = await blobs.openVerified(p.sha256);
          for await (const c of b.stream()) yield c as Buffer;
        }
      }
      let staged: StagedBlob;
      try {
        staged = await blobs.stage(Readable.from(bytes()), () => false);
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw badRequest(APP_MSG.UPLOAD_CHECK_FAILED);
      }
      if (staged.size !== up.length) {
        await blobs.discard(staged);
        throw badRequest(APP_MSG.UPLOAD_CHECK_FAILED);
      }
      return { upload: up, staged };
    },

    /** Marks upload `id` deposited as evidence `evidenceId` (inside the deposit transaction; the parts rows go). */
    async markDeposited(tx: DbOrTx, id: string, evidenceId: number): Promise<void> {
      const r = await tx.update(appUploads).set({ evidenceId, updatedAt: new Date() }).where(and(eq(appUploads.id, id), sql`${appUploads.evidenceId} is null`)).returning({ id: appUploads.id });
      if (!r[0]) throw badRequest(APP_MSG.UPLOAD_NOT_FOUND);
      await tx.delete(appUploadParts).where(eq(appUploadParts.uploadId, id));
    },

    /** Removes upload rows idle longer than the TTL (their part blobs are left to the GC); returns how many. */
    async sweep(): Promise<number> {
      const old = await db.select({ id: appUploads.id }).from(appUploads).where(and(lt(appUploads.updatedAt, new Date(Date.now() - APP_UPLOAD_TTL_SECONDS * 1000)), sql`${appUploads.evidenceId} is null`)).limit(1000);
      for (const o of old) {
        await db.transaction(async (tx) => {
          await tx.delete(appUploadParts).where(eq(appUploadParts.uploadId, o.id));
          await tx.delete(appUploads).where(eq(appUploads.id, o.id));
        });
      }
      return old.length;
    },
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;
