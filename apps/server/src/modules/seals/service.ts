/**
 * Signatures 签章管理 (issue 5 §4; spec p1 §2, §3, §7): the owner's stamps — list, delete, set default,
 * upload a PNG (checked from the bytes, stored unchanged so its transparency is kept) or generate a round
 * company seal / square personal seal. Bytes live in the blob store; images leave only through signed,
 * expiring URLs issued to the owner. Another user's id answers exactly like a missing one (签章不存在).
 * Every change writes an audit row in its transaction. Deleting the default stamp leaves no default.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { SIGNATURE_LIMITS, type TSignatureCreated, type TSignatureItem } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { signatures } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { inspectPng, looksLikePng } from './png.ts';
import { companySealSvg, personalSealSvg, renderPng } from './seal.ts';

type Row = typeof signatures.$inferSelect;

/** Seal generations allowed per user per 10 minutes (each render costs ~0.1–0.4 s of CPU). */
export const GENERATE_LIMIT = { max: 30, windowSeconds: 600 } as const;

export interface SignatureDeps {
  db: Db;
  blobs: Pick<BlobStore, 'putBuffer'>;
  downloads: Pick<DownloadSigner, 'url'>;
  limiter: RateLimiter;
}

/** A stamp the owner may use (for later contexts, e.g. the notarization signature step). */
export interface OwnedStamp {
  id: number;
  name: string;
  sha256: string;
  width: number;
  height: number;
}

/** Builds the signature service. */
export function signatureService(deps: SignatureDeps) {
  const { db } = deps;
  const live = (userId: number) => and(eq(signatures.userId, userId), isNull(signatures.deletedAt));
  const picUrl = (r: Pick<Row, 'sha256' | 'name'>) => deps.downloads.url({ sha256: r.sha256, name: `${r.name}.png`, mime: 'image/png' });
  const owned = async (tx: DbOrTx, userId: number, id: number): Promise<Row> => {
    const rows = await tx.select().from(signatures).where(and(live(userId), eq(signatures.id, id))).limit(1);
    if (!rows[0]) throw badRequest(MSG.SIGNATURE_NOT_FOUND);
    return rows[0];
  };

  /** Stores PNG bytes and the stamp row in one transaction; the first stamp becomes the default. */
  const store = async (userId: number, p: { name: string; source: string; png: Buffer; width: number; height: number; ip: string | null }): Promise<TSignatureCreated> => {
    const row = await db.transaction(async (tx) => {
      // Serialise this user's stamp changes (limit check + default) without a table lock.
      await tx.execute(sql`select pg_advisory_xact_lock(${0x5147}, ${userId % 2147483647})`);
      const [n] = await tx.select({ n: count() }).from(signatures).where(live(userId));
      if ((n?.n ?? 0) >= SIGNATURE_LIMITS.perUser) throw badRequest(MSG.SIGNATURE_LIMIT);
      const [def] = await tx.select({ id: signatures.id }).from(signatures).where(and(live(userId), eq(signatures.isDefault, true))).limit(1);
      // Reference and durable file inside this transaction (issue 9 §1, platform/blobRefs.ts).
      const sha256 = await storeBufferInTx(tx, deps.blobs, p.png, 'image/png');
      const [r] = await tx.insert(signatures).values({ userId, name: p.name, source: p.source, sha256, width: p.width, height: p.height, isDefault: !def }).returning();
      await writeAudit(tx, { actorId: userId, action: 'signature.create', target: `signature:${r!.id}`, after: { name: p.name, source: p.source, sha256, isDefault: !def }, ip: p.ip });
      return r!;
    });
    return { id: row.id, pic_url: picUrl(row) };
  };

  return {
    /** POST /api/signature/listing: the owner's stamps, default first then newest, with fresh signed pic_urls. */
    async list(userId: number): Promise<TSignatureItem[]> {
      const rows = await db.select().from(signatures).where(live(userId)).orderBy(desc(signatures.isDefault), desc(signatures.id));
      return rows.map((r) => ({ id: r.id, name: r.name, pic_url: picUrl(r), add_time: Math.floor(r.createdAt.getTime() / 1000), is_default: r.isDefault ? '1' : '0' }));
    },

    /** POST /api/signature/del: removes the owner's stamp (kept for the audit trail, hidden). 400 签章不存在. */
    async remove(userId: number, id: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const r = await owned(tx, userId, id);
        await tx.update(signatures).set({ deletedAt: new Date(), isDefault: false }).where(eq(signatures.id, r.id));
        await writeAudit(tx, { actorId: userId, action: 'signature.delete', target: `signature:${id}`, before: { name: r.name, isDefault: r.isDefault }, ip });
      });
    },

    /** POST /api/signature/setDefault: makes the owner's stamp the default (the previous one stops being it). 400 签章不存在. */
    async setDefault(userId: number, id: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0x5147}, ${userId % 2147483647})`);
        const r = await owned(tx, userId, id);
        const [prev] = await tx.select({ id: signatures.id }).from(signatures).where(and(live(userId), eq(signatures.isDefault, true))).limit(1);
        await tx.update(signatures).set({ isDefault: false }).where(and(live(userId), eq(signatures.isDefault, true)));
        await tx.update(signatures).set({ isDefault: true }).where(eq(signatures.id, r.id));
        await writeAudit(tx, { actorId: userId, action: 'signature.default', target: `signature:${id}`, before: { defaultId: prev?.id ?? null }, after: { defaultId: id }, ip });
      });
    },

    /**
     * POST /api/signature/add: `png` must be a valid PNG (签章图片只能是PNG格式) of 50–2000 px per side
     * (签章图片宽高需在50至2000像素之间); the size limit (签章图片不能超过2M) is enforced while reading the upload.
     */
    async upload(userId: number, name: string, png: Buffer, ip: string | null): Promise<TSignatureCreated> {
      if (!looksLikePng(png)) throw badRequest(MSG.SIGNATURE_PNG_ONLY);
      if (png.length > SIGNATURE_LIMITS.maxBytes) throw badRequest(MSG.SIGNATURE_TOO_LARGE);
      const info = inspectPng(png, 100_000);
      if (!info) throw badRequest(MSG.SIGNATURE_PNG_ONLY);
      const { minSide, maxSide } = SIGNATURE_LIMITS;
      if (info.width < minSide || info.height < minSide || info.width > maxSide || info.height > maxSide) throw badRequest(MSG.SIGNATURE_DIMENSIONS);
      return store(userId, { name, source: 'upload', png, width: info.width, height: info.height, ip });
    },

    /**
     * POST /api/signature/generate: renders a company seal (name around the star, optional subText under
     * it) or a personal seal (2–4 Chinese characters) to a transparent PNG and stores it. Display name:
     * the seal text (company: name + subText), cut to 40 characters. Rate-limited per user.
     */
    async generate(userId: number, p: { type: 'company' | 'personal'; name: string; subText: string }, ip: string | null): Promise<TSignatureCreated> {
      await deps.limiter.hit([{ key: `seal:${userId}`, ...GENERATE_LIMIT }]);
      const svg = p.type === 'company' ? companySealSvg(p.name, p.subText) : personalSealSvg(p.name);
      const img = renderPng(svg);
      const display = [...(p.type === 'company' ? `${p.name}${p.subText}` : p.name)].slice(0, 40).join('');
      return store(userId, { name: display, source: p.type, png: img.png, width: img.width, height: img.height, ip });
    },

    /** The owner's live stamp `id` (for other contexts), or null — another user's id gives null too. */
    async findOwned(userId: number, id: number): Promise<OwnedStamp | null> {
      const rows = await db.select().from(signatures).where(and(live(userId), eq(signatures.id, id))).limit(1);
      const r = rows[0];
      return r ? { id: r.id, name: r.name, sha256: r.sha256, width: r.width, height: r.height } : null;
    },

    /** The owner's default stamp, or null. */
    async findDefault(userId: number): Promise<OwnedStamp | null> {
      const rows = await db.select().from(signatures).where(and(live(userId), eq(signatures.isDefault, true))).limit(1);
      const r = rows[0];
      return r ? { id: r.id, name: r.name, sha256: r.sha256, width: r.width, height: r.height } : null;
    },
  };
}

export type SignatureService = ReturnType<typeof signatureService>;
