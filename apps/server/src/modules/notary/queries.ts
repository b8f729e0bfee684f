/**
 * Read side of online notarization (issue 15; spec p2 §3, §7, §9, p1 §7): the eligible evidence of
 * /notary/selectList, the /notary list with its filters (10 a page), the detail, the document downloads,
 * the orders page's 公证出证 tab and the public 公证书 check.
 */
import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_DOC_LABEL, type TCheckGzsNoRes, type TNotaryDetailRes, type TNotaryEvidenceQuery, type TNotaryEvidenceRow, type TNotaryListQuery, type TNotaryOrderRow, type TNotaryTabRow } from '@cunzheng/contract/notary';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { notaryDocuments, notaryOrders } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { evidenceRow, orderEvidenceIds, ownedOrder, stoppable, type NotaryDeps, type OrderRow } from './context.ts';
import { interviewToSign } from './interview.ts';
import { refundText } from './refund.ts';

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Builds the read functions. */
export function notaryQueries(deps: NotaryDeps) {
  const { db } = deps;

  const row = (o: OrderRow, n: number): TNotaryOrderRow => ({
    id: o.id, orderNo: o.orderNo, addTime: secs(o.createdAt), number: n, step: o.step, money: o.money, pay: o.payStatus, notarial: o.status ?? 0, type: o.notarialType, certNo: o.certNo ?? '', reason: o.reason ?? '', payType: o.payType, canStop: stoppable(o),
  });

  const counts = async (ids: number[]): Promise<Map<number, number>> => {
    const m = new Map<number, number>();
    for (const id of ids) m.set(id, (await orderEvidenceIds(db, id)).length);
    return m;
  };

  return {
    /** GET /api/evidences/other: one page of the caller's live evidence of every kind (or one evidence type). */
    async eligible(userId: number, q: TNotaryEvidenceQuery): Promise<{ list: TNotaryEvidenceRow[]; count: number }> {
      const r = await deps.evidence.listAll(userId, { page: q.page, limit: q.limit, keyword: q.keyword, evidenceType: q.evidenceType });
      return { list: r.list.map((e) => evidenceRow(e)), count: r.count };
    },

    /** GET /api/Evidences/listing: the caller's orders, newest first, with the p2 §7 filters, 10 a page → `{list, count}`. */
    async list(userId: number, q: TNotaryListQuery): Promise<{ list: TNotaryOrderRow[]; count: number }> {
      if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) throw badRequest(MSG.DATE_RANGE_INVALID);
      const c: SQL[] = [eq(notaryOrders.userId, userId)];
      if (q.startTime !== undefined) c.push(gte(notaryOrders.createdAt, new Date(q.startTime * 1000)));
      if (q.endTime !== undefined) c.push(lte(notaryOrders.createdAt, new Date(q.endTime * 1000 + 999)));
      if (q.payType) c.push(eq(notaryOrders.payStatus, q.payType));
      if (q.notarialType) c.push(eq(notaryOrders.notarialType, q.notarialType));
      if (q.orderNo) c.push(ilike(notaryOrders.orderNo, `%${likeEscape(q.orderNo)}%`));
      const w = and(...c);
      const rows = await db.select().from(notaryOrders).where(w).orderBy(desc(notaryOrders.createdAt), desc(notaryOrders.id)).limit(q.limit).offset((q.page - 1) * q.limit);
      const [n] = await db.select({ n: count() }).from(notaryOrders).where(w);
      const m = await counts(rows.map((r) => r.id));
      return { list: rows.map((o) => row(o, m.get(o.id) ?? 0)), count: Number(n?.n ?? 0) };
    },

    /** GET /api/Evidences/detail (orderId, page): info, the evidence (10 a page), invoiceInfo, count. */
    async detail(userId: number, id: number, page: number): Promise<TNotaryDetailRes> {
      const o = await ownedOrder(db, userId, id);
      const ids = await orderEvidenceIds(db, o.id);
      const pageIds = ids.slice((page - 1) * PAGE_SIZE.notaryDetail, page * PAGE_SIZE.notaryDetail).map((i) => i.evidenceId);
      const rows = await deps.evidence.byIds(pageIds);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const docs = await db.select({ type: notaryDocuments.type }).from(notaryDocuments).where(eq(notaryDocuments.orderId, o.id));
      const office = await deps.offices.byId(o.officeId);
      return {
        info: { orderNo: o.orderNo, addTime: secs(o.createdAt), money: o.money, pay: o.payStatus, step: o.step, notarial: o.status ?? 0, certNo: o.certNo ?? '', reason: o.reason ?? '', officeName: office?.name ?? '', docs: docs.map((d) => d.type).sort(), interviewToSign: interviewToSign(o), refund: await refundText(deps.refunds, o), payType: o.payType, canStop: stoppable(o) },
        list: pageIds.flatMap((i) => (byId.get(i) ? [evidenceRow(byId.get(i)!)] : [])),
        invoiceInfo: o.payStatus === 2 && o.commerceOrderNo ? { orderNo: o.commerceOrderNo, money: o.payType === 2 ? o.money : 0, invoiceStatus: o.payType === 2 ? 0 : 2 } : null,
        count: ids.length,
      };
    },

    /**
     * POST /api/Evidences/downDoc (orderId, type 1–5) → `{downUrl}`: a signed, expiring URL of the
     * document's PDF (the caller's order). 400 该文书尚未生成 before it exists.
     */
    async docUrl(userId: number | null, id: number, type: number, officeId?: number): Promise<{ downUrl: string }> {
      const o = userId !== null ? await ownedOrder(db, userId, id) : (await db.select().from(notaryOrders).where(and(eq(notaryOrders.id, id), eq(notaryOrders.officeId, officeId ?? -1))).limit(1))[0];
      if (!o) throw badRequest(MSG.NOTARY_ORDER_NOT_FOUND);
      const [d] = await db.select().from(notaryDocuments).where(and(eq(notaryDocuments.orderId, o.id), eq(notaryDocuments.type, type))).limit(1);
      if (!d) throw badRequest(MSG.NOTARY_DOC_NOT_READY);
      return { downUrl: deps.downloads.url({ sha256: d.sha256, name: `${NOTARY_DOC_LABEL[type]}-${o.orderNo}.pdf`, mime: 'application/pdf' }) };
    },

    /** POST /api/data/downContract (orderId): the signed application documents (types 1 and 3) → `{downUrl, list}`. */
    async contract(userId: number, id: number): Promise<{ downUrl: string; list: Array<{ type: number; name: string; downUrl: string }> }> {
      const o = await ownedOrder(db, userId, id);
      const docs = await db.select().from(notaryDocuments).where(and(eq(notaryDocuments.orderId, o.id), inArray(notaryDocuments.type, [1, 3])));
      if (docs.length === 0) throw badRequest(MSG.NOTARY_DOC_NOT_READY);
      const list = docs.sort((a, b) => a.type - b.type).map((d) => ({ type: d.type, name: NOTARY_DOC_LABEL[d.type] ?? '', downUrl: deps.downloads.url({ sha256: d.sha256, name: `${NOTARY_DOC_LABEL[d.type]}-${o.orderNo}.pdf`, mime: 'application/pdf' }) }));
      return { downUrl: list[0]!.downUrl, list };
    },

    /** GET /api/evidences/orderList (p1 §7, orders page 公证出证 tab): the caller's notary orders, 10 a page. */
    async tab(userId: number, q: { page: number; limit: number; startTime?: number; endTime?: number; type: number }): Promise<{ list: TNotaryTabRow[]; count: number }> {
      if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) throw badRequest(MSG.DATE_RANGE_INVALID);
      const c: SQL[] = [eq(notaryOrders.userId, userId)];
      if (q.startTime !== undefined) c.push(gte(notaryOrders.createdAt, new Date(q.startTime * 1000)));
      if (q.endTime !== undefined) c.push(lte(notaryOrders.createdAt, new Date(q.endTime * 1000 + 999)));
      if (q.type) c.push(eq(notaryOrders.payStatus, q.type));
      const w = and(...c);
      const rows = await db.select().from(notaryOrders).where(w).orderBy(desc(notaryOrders.createdAt), desc(notaryOrders.id)).limit(q.limit).offset((q.page - 1) * q.limit);
      const [n] = await db.select({ n: count() }).from(notaryOrders).where(w);
      // invoiceType: 1 invoiceable (paid with money), 0 not (unpaid, or paid with points whose money was invoiced with the recharge).
      return { list: rows.map((o) => ({ id: o.id, orderNo: o.orderNo, addTime: secs(o.createdAt), money: o.money, pay: o.payStatus, invoiceType: o.payStatus === 2 && o.payType === 2 ? 1 : 0, step: o.step, notarial: o.status ?? 0, payType: o.payType, canStop: stoppable(o) })), count: Number(n?.n ?? 0) };
    },

    /** POST /api/check/checkGzsNo (no): an issued 公证书 by number (public). 400 公证书编号不存在. */
    async checkGzsNo(no: string): Promise<TCheckGzsNoRes> {
      const [o] = await db.select().from(notaryOrders).where(eq(notaryOrders.certNo, no)).limit(1);
      if (!o || !o.issuedAt) throw badRequest(MSG.NOTARY_CERT_NOT_FOUND);
      const ids = await orderEvidenceIds(db, o.id);
      const rows = await deps.evidence.byIds(ids.map((i) => i.evidenceId));
      const office = await deps.offices.byId(o.officeId);
      const matter = String((o.interview as { matter?: string } | null)?.matter ?? '保全证据公证');
      return { no: o.certNo!, title: matter, notarial: matter, notaryOffice: office?.name ?? '', issueTime: secs(o.issuedAt), orderNo: o.orderNo, baoquanList: rows.map((r) => r.baoquan), valid: o.status === 2 };
    },
  };
}

export type NotaryQueries = ReturnType<typeof notaryQueries>;
