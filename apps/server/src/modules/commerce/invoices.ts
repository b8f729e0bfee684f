/**
 * Invoice applications (issue 13 §4; spec p1 §4, p2 §3–5, §8–9): eligibility of orders, POST
 * /api/User/invoiceAsk with the checks in the order of p2 §5, the applications list and detail,
 * checkFail, and the operator's queue (issue with an e-invoice PDF or a courier number, or reject with a
 * reason) — every state change audited in its transaction and notified to the user.
 */
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { INVOICING_CUTOFF_S } from '@cunzheng/contract/constants';
import { INVOICE_CONTENT, INVOICE_TYPE, type TInvoiceAskReq, type TInvoiceDetailRes, type TInvoiceItem, type TInvoiceListReq } from '@cunzheng/contract/invoice';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addresses, invoiceHeaders, invoiceOrders, invoices, orders } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../platform/mail.ts';
import { notify } from '../notifications/notify.ts';
import { newOrderNo, type OrderRow } from './ordersRepo.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** p1 §4: created on or after 2021-11-18, paid, not gifted (pay_type ≠ 1), invoiceStatus 0 or 3 — and money paid. */
export function invoiceable(o: Pick<OrderRow, 'createdAt' | 'payStatus' | 'payType' | 'invoiceStatus' | 'money'>): boolean {
  return o.createdAt.getTime() >= INVOICING_CUTOFF_S * 1000 && o.payStatus === 2 && o.payType !== 1 && (o.invoiceStatus === 0 || o.invoiceStatus === 3) && o.money > 0;
}

const secs = (d: Date) => Math.floor(d.getTime() / 1000);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** "张**@example.com": the e-mail address as an audit row records it. */
export const maskEmail = (e: string): string => e.replace(/^(.)[^@]*(@.*)$/, (_m, a: string, d: string) => `${a}***${d}`);

/** Yuan with two decimals of fen. */
const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** What delivering e-invoices by e-mail needs: the mail adapter (platform/mail.ts) and the stored PDF's bytes. */
export interface InvoiceMailDeps {
  mailer: Pick<Mailer, 'send'>;
  readPdf: (sha256: string) => Promise<Buffer>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Builds the invoice application service. `pdfUrl` signs a download of an issued e-invoice PDF; `mail`
 * delivers issued e-invoices to the header's e-mail address (issue 13 §4).
 */
export function invoiceService(deps: { db: Db; pdfUrl: (sha256: string, name: string) => string; mail?: InvoiceMailDeps }) {
  const { db } = deps;

  const findOwned = async (tx: DbOrTx, userId: number, id: number): Promise<InvoiceRow> => {
    const r = await tx.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId))).limit(1);
    if (!r[0]) throw badRequest(MSG.INVOICE_NOT_FOUND);
    return r[0];
  };

  /** Settles a pending application (issue or reject) with its orders, audit row and notification. */
  const settle = async (actorId: number, id: number, ip: string | null, set: Partial<InvoiceRow>, orderStatus: 2 | 3, text: (no: string) => string) => {
    await db.transaction(async (tx) => {
      const r = await tx.select().from(invoices).where(eq(invoices.id, id)).limit(1).for('update');
      const inv = r[0];
      if (!inv) throw badRequest(MSG.INVOICE_NOT_FOUND);
      if (inv.status !== 1 && inv.status !== 2) throw badRequest(MSG.INVOICE_ALREADY_HANDLED);
      await tx.update(invoices).set({ ...set, handledBy: actorId, handledAt: new Date() }).where(eq(invoices.id, id));
      const ids = (await tx.select({ id: invoiceOrders.orderId }).from(invoiceOrders).where(eq(invoiceOrders.invoiceId, id))).map((x) => x.id);
      if (ids.length) await tx.update(orders).set({ invoiceStatus: orderStatus }).where(inArray(orders.id, ids));
      await writeAudit(tx, { actorId, action: orderStatus === 2 ? 'invoice.issue' : 'invoice.reject', target: `invoice:${inv.applyNo}`, before: { status: inv.status }, after: { status: set.status, courierNumber: set.courierNumber ?? null, checkRemark: set.checkRemark ?? null }, ip });
      await notify(tx, inv.userId, text(inv.applyNo), 'system');
    });
  };

  return {
    /**
     * POST /api/User/invoiceAsk → the application id. Checks in order: orders selected (请先勾选可供开票的订单记录),
     * header (请选择发票信息), address when the paper special invoice is chosen (请选择要送达的地址), invoice type
     * (请选择发票类型); a personal header allows only ENTERPRISE (个人抬头仅可开具电子普通发票); every order must be
     * the caller's and invoiceable (所选订单不可开票，请重新选择). Orders become invoiceStatus 1.
     */
    async ask(user: { id: number }, p: TInvoiceAskReq, ip: string | null): Promise<{ id: number }> {
      const ids = [...new Set(p.ids.split(',').map(Number))];
      if (ids.length === 0 || ids.length > 200) throw badRequest(MSG.SELECT_INVOICEABLE_ORDERS);
      if (!p.userInvoiceId) throw badRequest(MSG.SELECT_INVOICE_HEADER);
      if (p.invoiceType === INVOICE_TYPE.paperSpecial && !p.userAddressId) throw badRequest(MSG.SELECT_DELIVERY_ADDRESS);
      const invoiceType = p.invoiceType;
      if (invoiceType !== INVOICE_TYPE.electronic && invoiceType !== INVOICE_TYPE.paperSpecial) throw badRequest(MSG.SELECT_INVOICE_TYPE);
      return db.transaction(async (tx) => {
        const h = (await tx.select().from(invoiceHeaders).where(and(eq(invoiceHeaders.id, p.userInvoiceId!), eq(invoiceHeaders.userId, user.id), sql`${invoiceHeaders.deletedAt} is null`)).limit(1))[0];
        if (!h) throw badRequest(MSG.SELECT_INVOICE_HEADER);
        if (h.type === 1 && p.invoiceType !== INVOICE_TYPE.electronic) throw badRequest(MSG.INVOICE_PERSONAL_ELECTRONIC_ONLY);
        let addr: typeof addresses.$inferSelect | undefined;
        if (p.invoiceType === INVOICE_TYPE.paperSpecial) {
          addr = (await tx.select().from(addresses).where(and(eq(addresses.id, p.userAddressId!), eq(addresses.userId, user.id), sql`${addresses.deletedAt} is null`)).limit(1))[0];
          if (!addr) throw badRequest(MSG.SELECT_DELIVERY_ADDRESS);
        }
        const rows = await tx.select().from(orders).where(and(eq(orders.userId, user.id), inArray(orders.id, ids))).for('update');
        if (rows.length !== ids.length || !rows.every(invoiceable)) throw badRequest(MSG.INVOICE_ORDERS_INVALID);
        const money = rows.reduce((s, o) => s + o.money, 0);
        const inv = (await tx.insert(invoices).values({
          applyNo: newOrderNo(),
          userId: user.id,
          invoiceType,
          header: { head: h.head, type: h.type, taxNum: h.taxNum, email: h.email, bankName: h.bankName, account: h.account, street: h.street, phoneNumber: h.phoneNumber },
          address: addr ? { name: addr.name, phoneNumber: addr.phoneNumber, address: `${addr.province}${addr.city}${addr.area}${addr.address}` } : null,
          money,
          dataType: rows.every((o) => o.dataType === 0) ? 0 : 1,
          remark: p.remark,
        }).returning())[0]!;
        await tx.insert(invoiceOrders).values(rows.map((o) => ({ invoiceId: inv.id, orderId: o.id })));
        await tx.update(orders).set({ invoiceStatus: 1 }).where(inArray(orders.id, ids));
        await writeAudit(tx, { actorId: user.id, action: 'invoice.ask', target: `invoice:${inv.applyNo}`, after: { orders: ids, money, invoiceType: p.invoiceType }, ip });
        return { id: inv.id };
      });
    },

    /** POST /api/user/invoiceList → `{list, count}` of the caller's applications, newest first, 10 a page. */
    async list(userId: number, q: TInvoiceListReq): Promise<{ list: TInvoiceItem[]; count: number }> {
      const c: SQL[] = [eq(invoices.userId, userId)];
      if (q.status) c.push(eq(invoices.status, q.status));
      if (q.startTime !== undefined) c.push(gte(invoices.createdAt, new Date(q.startTime * 1000)));
      if (q.endTime !== undefined) c.push(lte(invoices.createdAt, new Date(q.endTime * 1000 + 999)));
      const w = and(...c);
      const rows = await db
        .select({ i: invoices, n: sql<number>`(select count(*) from ${invoiceOrders} where ${invoiceOrders.invoiceId} = ${invoices.id})` })
        .from(invoices).where(w).orderBy(desc(invoices.id)).limit(q.limit).offset((q.page - 1) * q.limit);
      const total = await db.select({ n: count() }).from(invoices).where(w);
      return {
        list: rows.map(({ i, n }) => ({ id: i.id, order_no: i.applyNo, create_time: secs(i.createdAt), money: i.money, data_type: i.dataType, orderCount: Number(n), type: i.invoiceType, status: i.status })),
        count: Number(total[0]?.n ?? 0),
      };
    },

    /** POST /api/User/invoiceDetail (id) → `{detail, orderList}` (spec p2 §3); 400 发票申请不存在 for another user's. */
    async detail(userId: number, id: number): Promise<TInvoiceDetailRes> {
      const i = await findOwned(db, userId, id);
      const h = (i.header ?? {}) as Record<string, unknown>;
      const a = (i.address ?? {}) as Record<string, unknown>;
      const ords = await db.select({ o: orders }).from(invoiceOrders).innerJoin(orders, eq(orders.id, invoiceOrders.orderId)).where(eq(invoiceOrders.invoiceId, id));
      return {
        detail: {
          status: i.status,
          check_remark: i.checkRemark ?? '',
          first_remark: '',
          data_type: i.dataType,
          head: str(h.head),
          invoice_type: i.invoiceType,
          tax_num: str(h.taxNum),
          type: Number(h.type ?? 2),
          email: str(h.email),
          bank_name: str(h.bankName),
          account: str(h.account),
          street: str(h.street),
          phone_number: str(h.phoneNumber),
          name: str(a.name),
          post_phone_number: str(a.phoneNumber),
          address: str(a.address),
          courier_number: i.courierNumber ?? '',
          remark: i.remark,
          content: INVOICE_CONTENT,
          downUrl: i.pdfSha256 ? deps.pdfUrl(i.pdfSha256, `发票-${i.applyNo}.pdf`) : '',
        },
        orderList: ords.map(({ o }) => ({ order_no: o.orderNo, create_time: secs(o.createdAt), order_desc: o.desc, money: o.money, pay_type: o.payType })),
      };
    },

    /** POST /api/user/checkFail (id) → `{checkRemark}`: why the application was rejected. */
    async checkFail(userId: number, id: number): Promise<{ checkRemark: string }> {
      return { checkRemark: (await findOwned(db, userId, id)).checkRemark ?? '' };
    },

    /** Operator queue: applications with `status` (0 all), oldest first, with the applicant's header and address. */
    async queue(q: { status: number; page: number; limit: number }) {
      const w = q.status ? eq(invoices.status, q.status) : undefined;
      const rows = await db.select().from(invoices).where(w).orderBy(invoices.id).limit(q.limit).offset((q.page - 1) * q.limit);
      const total = await db.select({ n: count() }).from(invoices).where(w);
      return {
        list: rows.map((i) => ({ id: i.id, order_no: i.applyNo, userId: i.userId, create_time: secs(i.createdAt), money: i.money, type: i.invoiceType, status: i.status, header: i.header, address: i.address, remark: i.remark, content: INVOICE_CONTENT })),
        count: Number(total[0]?.n ?? 0),
      };
    },

    /**
     * Operator: issues a paper invoice with its courier number (400 请填写快递单号) or an electronic one with its
     * stored PDF, which is then (after the commit) e-mailed to the header's address with the PDF attached.
     * Answers `{emailed}`: 1 sent, 0 not sent (paper, no address, or the mail server refused — logged and
     * audited; the user still downloads it from the detail page, and the operator may resend).
     */
    async issue(actorId: number, id: number, p: { courierNumber?: string; pdfSha256?: string }, ip: string | null): Promise<{ emailed: 0 | 1 }> {
      const r = (await db.select().from(invoices).where(eq(invoices.id, id)).limit(1))[0];
      if (!r) throw badRequest(MSG.INVOICE_NOT_FOUND);
      if (r.invoiceType === INVOICE_TYPE.paperSpecial && !p.courierNumber) throw badRequest(MSG.INVOICE_COURIER_REQUIRED);
      if (r.invoiceType === INVOICE_TYPE.electronic && !p.pdfSha256) throw badRequest(MSG.INVOICE_PDF_REQUIRED);
      await settle(actorId, id, ip, { status: 3, courierNumber: p.courierNumber ?? null, pdfSha256: p.pdfSha256 ?? null }, 2, (no) =>
        r.invoiceType === INVOICE_TYPE.paperSpecial ? `您的发票申请 ${no} 已开具，纸质发票已寄出，快递单号 ${p.courierNumber}。` : `您的发票申请 ${no} 已开具，可在发票详情中下载电子发票。`);
      if (r.invoiceType !== INVOICE_TYPE.electronic) return { emailed: 0 };
      return { emailed: (await this.emailInvoice(actorId, id, ip)) ? 1 : 0 };
    },

    /**
     * E-mails an issued electronic invoice (status 3, with its PDF) to the header's e-mail address: subject
     * 电子发票, the application number, amount and content in the text, the PDF attached as 发票-<no>.pdf; an
     * audit row `invoice.email` records the (masked) address and the outcome. Answers whether it was sent.
     * Also POST /api/admin/invoices/resendEmail. 400 发票申请不存在 for an application that is not an issued
     * e-invoice.
     */
    async emailInvoice(actorId: number, id: number, ip: string | null): Promise<boolean> {
      const r = (await db.select().from(invoices).where(eq(invoices.id, id)).limit(1))[0];
      if (!r || r.status !== 3 || r.invoiceType !== INVOICE_TYPE.electronic || !r.pdfSha256) throw badRequest(MSG.INVOICE_NOT_FOUND);
      const to = str((r.header as Record<string, unknown>).email);
      const head = str((r.header as Record<string, unknown>).head);
      if (!deps.mail || !to) return false;
      let sent = false;
      try {
        const pdf = await deps.mail.readPdf(r.pdfSha256);
        await deps.mail.mailer.send({
          to,
          subject: `【存证】电子发票已开具（申请编号 ${r.applyNo}）`,
          text: [`${head}，您好：`, '', `您申请的发票已开具，电子发票见附件。`, `申请编号：${r.applyNo}`, `发票抬头：${head}`, `开票金额：¥${yuanText(r.money)}`, `发票内容：${INVOICE_CONTENT}`, '', '您也可以登录平台，在“发票管理 → 发票详情”中下载。', '本邮件由系统自动发送，请勿回复。'].join('\n'),
          attachments: [{ filename: `发票-${r.applyNo}.pdf`, content: pdf, contentType: 'application/pdf' }],
        });
        sent = true;
        deps.mail.log.info({ applyNo: r.applyNo }, 'invoice: e-invoice e-mailed');
      } catch (e) {
        deps.mail.log.warn({ applyNo: r.applyNo, err: (e as Error).name }, 'invoice: e-invoice e-mail failed');
      }
      await writeAudit(db, { actorId, action: 'invoice.email', target: `invoice:${r.applyNo}`, after: { to: maskEmail(to), sent }, ip });
      return sent;
    },

    /** Operator: rejects with a reason; the orders become invoiceStatus 3 (re-apply via /orders). */
    async reject(actorId: number, id: number, reason: string, ip: string | null): Promise<void> {
      await settle(actorId, id, ip, { status: 4, checkRemark: reason }, 3, (no) => `您的发票申请 ${no} 已被驳回：${reason}`);
    },
  };
}

export type InvoiceService = ReturnType<typeof invoiceService>;
