/**
 * Invoice routes (issue 13 §4; spec p2 §7 "Invoices and addresses", p1 §4) and the operator's invoice
 * queue. Role 2 (company member) has no invoice menu (spec p2 §2, §6): every call answers 403 for it.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAddressReq, ZAdminInvoiceQuery, ZIdReq, ZInvoiceAskReq, ZInvoiceHeaderReq, ZInvoiceListReq, ZInvoiceRejectReq } from '@cunzheng/contract/invoice';
import { MSG } from '@cunzheng/contract/messages';
import type { Principal, Sessions } from '../../platform/auth.ts';
import type { BlobStore, StagedBlob } from '../../platform/blobs.ts';
import { storeStagedInTx } from '../../platform/blobRefs.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, ok } from '../../platform/errors.ts';
import type { FastifyRequest } from 'fastify';
import { REGIONS, type InvoiceProfileService } from './invoiceProfile.ts';
import type { InvoiceService } from './invoices.ts';

/** Registers the invoice routes. */
export const invoiceRoutes = (deps: { invoices: InvoiceService; profile: InvoiceProfileService; sessions: Sessions; db: Db; blobs: BlobStore }): FastifyPluginAsyncZod => async (app) => {
  const { invoices, profile, sessions } = deps;
  /** The caller, refused (403) when acting as a company member. */
  const owner = async (req: FastifyRequest): Promise<Principal> => {
    const me = await sessions.mainRole(req);
    if (me.role === 2) throw forbidden();
    return me;
  };

  /** GET /api/User/riseList → the caller's invoice headers. */
  app.get('/api/User/riseList', async (req) => ok(await profile.headers((await owner(req)).user.id)));
  /** POST /api/User/addInvoice (header fields) → `{id}`, 新增成功. */
  app.post('/api/User/addInvoice', { schema: { body: ZInvoiceHeaderReq } }, async (req) => {
    const me = await owner(req);
    return ok(await profile.saveHeader(me.user, { ...req.body, id: undefined }, req.ip), MSG.CREATE_SUCCESS);
  });
  /** POST /api/User/editInvoice (header fields + id) → `{id}`, 修改成功. */
  app.post('/api/User/editInvoice', { schema: { body: ZInvoiceHeaderReq } }, async (req) => {
    const me = await owner(req);
    if (!req.body.id) throw badRequest(MSG.INVOICE_HEADER_NOT_FOUND);
    return ok(await profile.saveHeader(me.user, req.body, req.ip), MSG.UPDATE_SUCCESS);
  });
  /** POST /api/User/delInvoice (id) → null, 已删除该条发票抬头. */
  app.post('/api/User/delInvoice', { schema: { body: ZIdReq } }, async (req) => {
    await profile.deleteHeader((await owner(req)).user.id, req.body.id);
    return ok(null, MSG.INVOICE_HEADER_DELETED);
  });

  /** GET /api/User/addressList → the caller's addresses. */
  app.get('/api/User/addressList', async (req) => ok(await profile.addresses((await owner(req)).user.id)));
  /** GET /api/User/district → the GB/T 2260 region tree `[{name, child}]` (mainland). */
  app.get('/api/User/district', async (req) => {
    await sessions.mainRole(req);
    return ok(REGIONS);
  });
  /** POST /api/User/addAddress (name, province, city, area, address, phoneNumber, status) → `{id}`, 添加成功. */
  app.post('/api/User/addAddress', { schema: { body: ZAddressReq } }, async (req) => ok(await profile.saveAddress((await owner(req)).user.id, { ...req.body, id: undefined }), MSG.ADD_SUCCESS));
  /** POST /api/User/editAddress (same + id; the region stays) → `{id}`, 修改成功. */
  app.post('/api/User/editAddress', { schema: { body: ZAddressReq } }, async (req) => {
    const me = await owner(req);
    if (!req.body.id) throw badRequest(MSG.ADDRESS_NOT_FOUND);
    return ok(await profile.saveAddress(me.user.id, req.body), MSG.UPDATE_SUCCESS);
  });
  /** POST /api/User/delAddress (id) → null, 删除成功. */
  app.post('/api/User/delAddress', { schema: { body: ZIdReq } }, async (req) => {
    await profile.deleteAddress((await owner(req)).user.id, req.body.id);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/User/invoiceAsk (ids, userInvoiceId, userAddressId, invoiceType, remark, type) → `{id}`, 提交成功. */
  app.post('/api/User/invoiceAsk', { schema: { body: ZInvoiceAskReq } }, async (req) => ok(await invoices.ask((await owner(req)).user, req.body, req.ip), MSG.SUBMIT_SUCCESS));
  /** POST /api/user/invoiceList (page, startTime, endTime, status) → `{list, count}`. */
  app.post('/api/user/invoiceList', { schema: { body: ZInvoiceListReq } }, async (req) => ok(await invoices.list((await owner(req)).user.id, req.body)));
  /** POST /api/User/invoiceDetail (id) → `{detail, orderList}`. */
  app.post('/api/User/invoiceDetail', { schema: { body: ZIdReq } }, async (req) => ok(await invoices.detail((await owner(req)).user.id, req.body.id)));
  /** POST /api/user/checkFail (id) → `{checkRemark}`. */
  app.post('/api/user/checkFail', { schema: { body: ZIdReq } }, async (req) => ok(await invoices.checkFail((await owner(req)).user.id, req.body.id)));

  /** GET /api/admin/invoices (status: default 1 pending, 0 all; page) → the operator's queue. */
  app.get('/api/admin/invoices', { schema: { querystring: ZAdminInvoiceQuery } }, async (req) => {
    await sessions.operator(req);
    return ok(await invoices.queue(req.query));
  });
  /**
   * POST /api/admin/invoices/issue (multipart: id, courierNumber; file = the e-invoice PDF for an
   * electronic invoice) → `{emailed}` (1 when the e-invoice was e-mailed to the header's address with the
   * PDF attached, else 0), 操作成功. The PDF is stored as a blob and offered in the user's detail.
   */
  app.post('/api/admin/invoices/issue', async (req) => {
    const me = await sessions.operator(req);
    if (!req.isMultipart()) throw badRequest(MSG.BAD_PARAM);
    const fields: Record<string, string> = {};
    let staged: StagedBlob | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const f = part as MultipartFile;
          if (staged || f.fieldname !== 'file') {
            f.file.resume();
            continue;
          }
          staged = await deps.blobs.stage(f.file, () => f.file.truncated);
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 100);
      }
      const id = Number(fields.id);
      if (!Number.isSafeInteger(id) || id < 1) throw badRequest(MSG.INVOICE_NOT_FOUND);
      let pdfSha256: string | undefined;
      if (staged) {
        if (!staged.head.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw badRequest(MSG.INVOICE_PDF_REQUIRED);
        const s = staged;
        await deps.db.transaction((tx) => storeStagedInTx(tx, deps.blobs, s, 'application/pdf'));
        pdfSha256 = s.sha256;
      }
      return ok(await invoices.issue(me.user.id, id, { courierNumber: fields.courierNumber?.trim() || undefined, pdfSha256 }, req.ip));
    } finally {
      if (staged) await deps.blobs.discard(staged);
    }
  });
  /** POST /api/admin/invoices/resendEmail (id) → `{emailed}`: e-mails an issued e-invoice again. 400 发票申请不存在. */
  app.post('/api/admin/invoices/resendEmail', { schema: { body: ZIdReq } }, async (req) => {
    const me = await sessions.operator(req);
    return ok({ emailed: (await invoices.emailInvoice(me.user.id, req.body.id, req.ip)) ? 1 : 0 });
  });
  /** POST /api/admin/invoices/reject (id, reason) → null, 操作成功; the orders can be invoiced again. */
  app.post('/api/admin/invoices/reject', { schema: { body: ZInvoiceRejectReq } }, async (req) => {
    const me = await sessions.operator(req);
    await invoices.reject(me.user.id, req.body.id, req.body.reason, req.ip);
    return ok(null);
  });
};
