/**
 * Encrypted image vault for ID and licence images (issue 14 §5; PIPL sensitive personal information).
 * Each image is encrypted with its own random AES-256-GCM data key; the data key is sealed with the vault
 * key (KYC_VAULT_KEY or DATA_DIR/keys/kyc-vault.key) and stored in `kyc_images`; the ciphertext goes to the
 * blob store (content address of the ciphertext). Views go through short-lived signed preview URLs issued
 * to one viewer (the owner or an operator reviewing it); every preview served writes an audit row and
 * carries a watermark naming the viewer. Deletion (after the retention period) wipes the data key
 * (crypto-shredding) and releases the blob so the garbage collector removes the bytes.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { kycImages } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { releaseBlobRef, storeBufferInTx } from '../../platform/blobRefs.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { watermarkedPreview, type KycMime } from './images.ts';

export interface VaultDeps {
  db: Db;
  blobs: BlobStore;
  /** Seals data keys. */
  box: SecretBox;
  /** HMAC key of preview URLs. */
  viewKey: Buffer;
  /** Lifetime of a preview URL, seconds. */
  viewTtlSeconds: number;
  /** Retention after a deletion request, days (KYC_IMAGE_RETENTION_DAYS). */
  retentionDays: number;
}

/** Who looks at an image: its owner, or an operator (for a review). */
export interface Viewer {
  userId: number;
  /** Shown in the watermark (masked mobile or operator name). */
  label: string;
  operator: boolean;
}

const encrypt = (plain: Buffer, key: Buffer): Buffer => {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]);
};
const decrypt = (raw: Buffer, key: Buffer): Buffer => {
  const d = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]);
};

/** Builds the vault. */
export function imageVault(deps: VaultDeps) {
  const { db } = deps;
  const mac = (p: string) => crypto.createHmac('sha256', deps.viewKey).update(p).digest('base64url');

  /** The decrypted bytes of a live image, or null when deleted or unknown. */
  const read = async (id: string): Promise<{ bytes: Buffer; mime: KycMime; ownerId: number; field: string } | null> => {
    const [row] = await db.select().from(kycImages).where(eq(kycImages.id, id)).limit(1);
    if (!row || !row.blobSha || !row.dataKey || row.deletedAt) return null;
    const key = Buffer.from(deps.box.open(row.dataKey), 'base64');
    const bytes = decrypt(await deps.blobs.readVerified(row.blobSha), key);
    return { bytes, mime: row.mime as KycMime, ownerId: row.ownerId, field: row.field };
  };

  return {
    /**
     * Inside `tx`: encrypts and stores one image of `ownerId` (`field`: authorFront, license …); returns its
     * id (32 hex characters). The row and the blob reference commit with the caller's transaction.
     */
    async store(tx: DbOrTx, ownerId: number, field: string, bytes: Buffer, mime: KycMime): Promise<string> {
      const id = crypto.randomBytes(16).toString('hex');
      const key = crypto.randomBytes(32);
      const sha = await storeBufferInTx(tx, deps.blobs, encrypt(bytes, key), 'application/octet-stream');
      await tx.insert(kycImages).values({ id, ownerId, field, mime, size: bytes.length, blobSha: sha, dataKey: deps.box.seal(key.toString('base64')) });
      return id;
    },

    /** Owner of a live image, or null (deleted / unknown). */
    async ownerOf(id: string): Promise<number | null> {
      const [row] = await db.select({ ownerId: kycImages.ownerId, deletedAt: kycImages.deletedAt }).from(kycImages).where(eq(kycImages.id, id)).limit(1);
      return row && !row.deletedAt ? row.ownerId : null;
    },

    /**
     * A signed preview URL of image `id` for `viewer`, valid `viewTtlSeconds` (relative,
     * `/api/kyc/image/<payload>.<mac>`). The caller has checked that the viewer may see it.
     */
    previewUrl(id: string, viewer: Viewer): string {
      const payload = Buffer.from(JSON.stringify({ i: id, v: viewer.userId, o: viewer.operator ? 1 : 0, l: viewer.label.slice(0, 40), exp: Math.floor(Date.now() / 1000) + deps.viewTtlSeconds })).toString('base64url');
      return `/api/kyc/image/${payload}.${mac(payload)}`;
    },

    /**
     * Serves a preview URL's token: verifies the signature and expiry, decrypts, watermarks with the
     * viewer's label and the time, and writes the audit row `kyc.image.view` (actor = viewer). Returns
     * null for a forged, expired or deleted image (the route answers 404).
     */
    async preview(token: string, ip: string | null): Promise<Buffer | null> {
      const dot = token.lastIndexOf('.');
      if (dot <= 0 || token.length > 1000) return null;
      const payload = token.slice(0, dot);
      const sig = Buffer.from(token.slice(dot + 1));
      const want = Buffer.from(mac(payload));
      if (sig.length !== want.length || !crypto.timingSafeEqual(sig, want)) return null;
      let t: { i: string; v: number; o: number; l: string; exp: number };
      try {
        t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof t.exp !== 'number' || t.exp < Date.now() / 1000) return null;
      const img = await read(String(t.i));
      if (!img) return null;
      const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
      const png = watermarkedPreview(img.bytes, img.mime, `仅供实名认证使用 ${t.l} ${stamp}`);
      await writeAudit(db, { actorId: t.v, action: 'kyc.image.view', target: `kyc_image:${t.i}`, after: { owner: img.ownerId, field: img.field, operator: t.o === 1 }, ip });
      return png;
    },

    /**
     * The owner asks for deletion of all of their images (issue 14 §5): each is marked and will be deleted
     * `retentionDays` after the request (the legal retention period). Returns how many were marked.
     */
    async requestDeletion(ownerId: number, ip: string | null): Promise<{ count: number; purgeAfter: Date }> {
      const purgeAfter = new Date(Date.now() + deps.retentionDays * 86400_000);
      return db.transaction(async (tx) => {
        const rows = await tx.update(kycImages).set({ deletionRequestedAt: new Date(), purgeAfter })
          .where(and(eq(kycImages.ownerId, ownerId), isNull(kycImages.deletedAt), isNull(kycImages.deletionRequestedAt))).returning({ id: kycImages.id });
        await writeAudit(tx, { actorId: ownerId, action: 'kyc.image.deletion_requested', target: `user:${ownerId}`, after: { count: rows.length, purgeAfter: purgeAfter.toISOString() }, ip });
        return { count: rows.length, purgeAfter };
      });
    },

    /** Deletes every image whose retention ended before `now` (daily job); returns how many. */
    async purgeDue(now: Date = new Date()): Promise<number> {
      const due = await db.select({ id: kycImages.id }).from(kycImages).where(and(isNull(kycImages.deletedAt), lte(kycImages.purgeAfter, now))).limit(1000);
      let n = 0;
      for (const { id } of due) {
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(kycImages).where(and(eq(kycImages.id, id), isNull(kycImages.deletedAt))).for('update');
          if (!row) return;
          await tx.update(kycImages).set({ deletedAt: now, dataKey: null, blobSha: null }).where(eq(kycImages.id, id));
          if (row.blobSha) await releaseBlobRef(tx, row.blobSha);
          await writeAudit(tx, { actorId: null, action: 'kyc.image.delete', target: `kyc_image:${id}`, after: { owner: row.ownerId, field: row.field }, ip: null });
          n++;
        });
      }
      return n;
    },
  };
}

export type ImageVault = ReturnType<typeof imageVault>;
