/**
 * Notary offices and their staff (issue 15 §2): an office is created by an operator (or the CLI) with its
 * certificate prefix and fee; at creation the platform root issues it a document-signing certificate (key
 * sealed at rest) and its round seal is rendered. Staff rows give user accounts the notary role.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notaryOffices, notaryStaff } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { companySealSvg, renderPng } from '../seals/seal.ts';
import type { IdentityBundle, IdentityService } from '../trust/identities.ts';

export type OfficeRow = typeof notaryOffices.$inferSelect;

/** Default fee per evidence, fen (¥200.00), when an office is created without one. */
export const DEFAULT_FEE_PER_EVIDENCE = 20_000;

export interface OfficeDeps {
  db: Db;
  blobs: Pick<BlobStore, 'putBuffer' | 'readVerified'>;
  box: SecretBox;
  identities: IdentityService;
}

/** Builds the office functions. */
export function officeService(deps: OfficeDeps) {
  const { db } = deps;
  return {
    /**
     * Creates an office (operator `actorId`), audited → its row. Its signing identity is `identity` when given
     * (imported, CLI), else issued now by the platform root (10 years).
     */
    async create(actorId: number | null, p: { name: string; certPrefix: string; fee?: number; city?: string; identity?: IdentityBundle }, ip: string | null): Promise<OfficeRow> {
      const bundle = p.identity ?? (await deps.identities.issue({ org: p.name, unit: '公证机构电子签章', cn: p.name }, 10));
      const png = renderPng(companySealSvg(p.name, '公证专用章')).png;
      return db.transaction(async (tx) => {
        const sealSha256 = await storeBufferInTx(tx, deps.blobs, png, 'image/png');
        const [row] = await tx.insert(notaryOffices).values({
          name: p.name,
          certPrefix: p.certPrefix,
          feePerEvidence: p.fee ?? DEFAULT_FEE_PER_EVIDENCE,
          city: p.city ?? '',
          keySealed: deps.box.seal(bundle.keyPkcs8.toString('base64')),
          certChain: bundle.chain.map((c) => c.toString('base64')).join(','),
          sealSha256,
        }).returning();
        await writeAudit(tx, { actorId, action: 'notary.office.create', target: `notaryOffice:${row!.id}`, after: { name: p.name, certPrefix: p.certPrefix, city: row!.city, fee: row!.feePerEvidence, cert: p.identity ? 'imported' : 'issued' }, ip });
        return row!;
      });
    },

    /** Replaces an office's signing identity (CLI notary:office-cert: re-issued by the root or imported), audited. */
    async setIdentity(actorId: number | null, officeId: number, bundle: IdentityBundle, how: 'issued' | 'imported'): Promise<void> {
      await db.transaction(async (tx) => {
        const r = await tx.update(notaryOffices).set({ keySealed: deps.box.seal(bundle.keyPkcs8.toString('base64')), certChain: bundle.chain.map((c) => c.toString('base64')).join(',') }).where(eq(notaryOffices.id, officeId)).returning({ id: notaryOffices.id });
        if (r.length === 0) throw badRequest(MSG.NOTARY_OFFICE_NOT_FOUND);
        await writeAudit(tx, { actorId, action: 'notary.office.cert', target: `notaryOffice:${officeId}`, after: { how, subject: deps.identities.nameOf(bundle) }, ip: null });
      });
    },

    /** An office by id, exact name or certificate prefix (CLI), or null. */
    async find(ref: string): Promise<OfficeRow | null> {
      const rows = await db.select().from(notaryOffices).orderBy(asc(notaryOffices.id));
      return rows.find((o) => String(o.id) === ref || o.name === ref || o.certPrefix === ref) ?? null;
    },

    /** Makes `userId` a notary of `officeId`, audited. 400 公证机构不存在 / 该用户已是公证机构工作人员. */
    async addStaff(actorId: number | null, officeId: number, userId: number, ip: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [o] = await tx.select({ id: notaryOffices.id }).from(notaryOffices).where(eq(notaryOffices.id, officeId)).limit(1);
        if (!o) throw badRequest(MSG.NOTARY_OFFICE_NOT_FOUND);
        const r = await tx.insert(notaryStaff).values({ userId, officeId }).onConflictDoNothing().returning();
        if (r.length === 0) throw badRequest(MSG.NOTARY_STAFF_EXISTS);
        await writeAudit(tx, { actorId, action: 'notary.staff.add', target: `user:${userId}`, after: { officeId }, ip });
      });
    },

    /** Every office with its staff count (operator console) → `[{id, name, certPrefix, fee (fen), active, staff}]`. */
    async list(): Promise<Array<{ id: number; name: string; certPrefix: string; fee: number; active: boolean; staff: number }>> {
      const rows = await db.select().from(notaryOffices).orderBy(asc(notaryOffices.id));
      const out = [];
      for (const o of rows) {
        const [n] = await db.select({ n: count() }).from(notaryStaff).where(eq(notaryStaff.officeId, o.id));
        out.push({ id: o.id, name: o.name, certPrefix: o.certPrefix, fee: o.feePerEvidence, active: o.active, staff: Number(n?.n ?? 0) });
      }
      return out;
    },

    /** The office `userId` works for; 403 您不是公证机构工作人员 otherwise. */
    async officeOfStaff(userId: number): Promise<OfficeRow> {
      const rows = await db.select({ o: notaryOffices }).from(notaryStaff).innerJoin(notaryOffices, eq(notaryOffices.id, notaryStaff.officeId)).where(eq(notaryStaff.userId, userId)).limit(1);
      if (!rows[0]) throw forbidden(MSG.NOTARY_NOT_STAFF);
      return rows[0].o;
    },

    /** Whether `userId` is a notary (userInfo flag for the web app's menu). */
    async isStaff(userId: number): Promise<boolean> {
      const [r] = await db.select({ n: count() }).from(notaryStaff).where(eq(notaryStaff.userId, userId));
      return (r?.n ?? 0) > 0;
    },

    /** The office a new order goes to: the oldest active one. 400 暂无可受理的公证机构 when none. */
    async defaultOffice(tx: DbOrTx = db): Promise<OfficeRow> {
      const [o] = await tx.select().from(notaryOffices).where(eq(notaryOffices.active, true)).orderBy(asc(notaryOffices.id)).limit(1);
      if (!o) throw badRequest(MSG.NOTARY_NO_OFFICE);
      return o;
    },

    /** An office by id, or null. */
    async byId(id: number, tx: DbOrTx = db): Promise<OfficeRow | null> {
      const [o] = await tx.select().from(notaryOffices).where(eq(notaryOffices.id, id)).limit(1);
      return o ?? null;
    },

    /** User ids of the office's staff (notifications of new orders). */
    async staffIds(officeId: number, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx.select({ id: notaryStaff.userId }).from(notaryStaff).where(and(eq(notaryStaff.officeId, officeId), sql`true`));
      return rows.map((r) => r.id);
    },

    /** The office's signing identity (key unsealed in memory only). */
    identityOf(o: OfficeRow): IdentityBundle {
      return { keyPkcs8: Buffer.from(deps.box.open(o.keySealed), 'base64'), chain: o.certChain.split(',').map((c) => Buffer.from(c, 'base64')) };
    },

    /** PNG data URL of the office seal. */
    async sealDataUrl(o: OfficeRow): Promise<string> {
      return `data:image/png;base64,${(await deps.blobs.readVerified(o.sealSha256)).toString('base64')}`;
    },
  };
}

export type OfficeService = ReturnType<typeof officeService>;
