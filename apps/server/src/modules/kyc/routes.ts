/**
 * Real-name verification routes (issue 14 §1, §2, §5; spec p1 §7 "POST /api/peruser/perAuthorize, geth5faceid,
 * faceLogin, faceSync", "POST /api/user/getAuthInfo; … companyAuthorize; api/user/updateAuthor; informationRepair",
 * "POST /api/user/download and POST /api/home/templateDown return data.url"; spec p2 §4–5). Login required
 * (401 / 408) except the provider's return (faceLogin) and the signed image previews; role 2 (a member acting for
 * its company) gets 403 on every submission (spec p2 §6: members see read-only info). Submissions are
 * multipart: text fields plus image files; an image already stored is sent empty (p2 §5).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KYC_IMAGE_MAX_COMPANY_BYTES, KYC_IMAGE_MAX_PERSONAL_BYTES } from '@cunzheng/contract/constants';
import {
  AMEND_IMAGE_FIELDS, ENTERPRISE_IMAGE_FIELDS, PERSONAL_IMAGE_FIELDS, REPAIR_COMPANY_IMAGE_FIELDS,
  ZAmendAuthorFields, ZBizSeqNoReq, ZEnterpriseKycFields, ZFaceStartReq, ZPersonalKycFields, ZRepairFields, ZTemplateReq,
} from '@cunzheng/contract/kyc';
import { MSG } from '@cunzheng/contract/messages';
import type { z } from 'zod';
import type { Sessions } from '../../platform/auth.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { AppError, badRequest, ok } from '../../platform/errors.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { FaceVerification } from './face.ts';
import type { authInfo } from './info.ts';
import { readSubmission } from './multipart.ts';
import type { KycService } from './service.ts';
import { DOCX_MIME, templateDocx } from './templates.ts';
import type { ImageVault } from './vault.ts';

export interface KycRouteDeps {
  kyc: KycService;
  face: FaceVerification;
  vault: ImageVault;
  info: ReturnType<typeof authInfo>;
  sessions: Sessions;
  blobs: BlobStore;
  downloads: DownloadSigner;
}

/** Parses `fields` with `schema`; 400 with the first field's Chinese message. */
const parse = <S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> => {
  const r = schema.safeParse(fields);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? MSG.BAD_PARAM);
  return r.data;
};

/** Registers the KYC routes. */
export const kycRoutes = (deps: KycRouteDeps): FastifyPluginAsyncZod => async (app) => {
  const { kyc, face, vault, sessions } = deps;

  /**
   * POST /api/peruser/perAuthorize (spec p2 §3–5, §7). type 1 (photo upload, multipart): userName, idCard,
   * sex, type, address, agree + authorFront, authorBack, authorHand (jpg/png/jpeg ≤ 20 MB) → userStatus 2,
   * msg 提交成功. type 2 (face start): name, idCard, type, address, agree → `{bizSeqNo}`. 400 请输入姓名 /
   * 请输入身份证号码 / 请输入正确的身份证号码 / 请输入身份证地址 / 请先同意实名验证 / 上传图片不能超多20M /
   * 上传图片只能是png,jpg或JPEG格式! / 请上传… / 当前认证状态不可修改 / 认证资料审核中，请耐心等待.
   */
  app.post('/api/peruser/perAuthorize', async (req) => {
    const me = await sessions.mainRole(req);
    const { fields, files } = await readSubmission(req, PERSONAL_IMAGE_FIELDS, KYC_IMAGE_MAX_PERSONAL_BYTES);
    if (fields.type === '2') return ok(await face.start(me.user.id, parse(ZFaceStartReq, { ...fields, name: fields.name ?? fields.userName }), req.ip));
    await kyc.submitPersonal(me.user.id, parse(ZPersonalKycFields, fields), files, req.ip);
    return ok(null, MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/peruser/geth5faceid (bizSeqNo) → `{url, bizSeqNo}` of the face provider's H5 page. */
  app.post('/api/peruser/geth5faceid', { schema: { body: ZBizSeqNoReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await face.h5(me.user.id, req.body.bizSeqNo));
  });

  /**
   * POST /api/peruser/faceSync (bizSeqNo), polled every 3 s (spec p2 §4): code 200 msg 实名成功 (verified);
   * code '0000' msg 人脸识别进行中 (keep waiting); code 400 msg 实名失败.
   */
  app.post('/api/peruser/faceSync', { schema: { body: ZBizSeqNoReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    const s = await face.sync(me.user.id, req.body.bizSeqNo, req.ip);
    if (s === 'pass') return ok(null, MSG.KYC_SUCCESS);
    if (s === 'pending') return { code: '0000', msg: MSG.FACE_WAITING, data: null };
    throw new AppError(400, MSG.KYC_FAILED);
  });

  /**
   * GET|POST /api/peruser/faceLogin (orderNo, code, nonce, sign): where the face provider returns the
   * browser with its signed result. Records it and redirects to /personage-kyc?bizSeqNo=… (the page polls
   * faceSync and shows 实名成功 / 实名失败). A forged or stale result changes nothing.
   */
  const faceReturn = async (q: Record<string, string | undefined>, ip: string) => {
    const r = await face.providerReturn(q, ip);
    return r.bizSeqNo ? `/personage-kyc?bizSeqNo=${encodeURIComponent(r.bizSeqNo)}` : '/personage-kyc';
  };
  app.get('/api/peruser/faceLogin', async (req, reply) => reply.redirect(await faceReturn(strings(req.query), req.ip), 303));
  app.post('/api/peruser/faceLogin', async (req, reply) => reply.redirect(await faceReturn(strings(req.body), req.ip), 303));

  /**
   * POST /api/user/companyAuthorize (spec p2 §3, §5; multipart): every enterprise field + license,
   * legalPerson, legalFront, legalBack, file, authorFront, authorBack (jpg/png/jpeg ≤ 10 MB; 上传图片不能超多10M)
   * → userStatus 2, msg 提交成功. The client then re-reads the user info (p2 §4).
   */
  app.post('/api/user/companyAuthorize', async (req) => {
    const me = await sessions.mainRole(req);
    const { fields, files } = await readSubmission(req, ENTERPRISE_IMAGE_FIELDS, KYC_IMAGE_MAX_COMPANY_BYTES);
    await kyc.submitEnterprise(me.user.id, parse(ZEnterpriseKycFields, fields), files, req.ip);
    return ok(null, MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/user/updateAuthor (multipart): authorName, authorPhone, authorIdcard + file, authorFront, authorBack (≤ 20 MB) → amendment under review, msg 提交成功. */
  app.post('/api/user/updateAuthor', async (req) => {
    const me = await sessions.mainRole(req);
    const { fields, files } = await readSubmission(req, AMEND_IMAGE_FIELDS, KYC_IMAGE_MAX_PERSONAL_BYTES);
    await kyc.submitAmend(me.user.id, parse(ZAmendAuthorFields, fields), files, req.ip);
    return ok(null, MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/user/informationRepair (multipart; p2 §4–6): address, type + authorFront, authorBack, authorHand (personal) or file, authorFront, authorBack (company), ≤ 20 MB → repairType 2, msg 提交成功. */
  app.post('/api/user/informationRepair', async (req) => {
    const me = await sessions.mainRole(req);
    const { fields, files } = await readSubmission(req, [...PERSONAL_IMAGE_FIELDS, ...REPAIR_COMPANY_IMAGE_FIELDS], KYC_IMAGE_MAX_PERSONAL_BYTES);
    await kyc.submitRepair(me.user.id, parse(ZRepairFields, fields), files, req.ip);
    return ok(null, MSG.SUBMIT_SUCCESS);
  });

  /** POST /api/user/getAuthInfo → TAuthInfo of the caller (masked fields, own image previews). */
  app.post('/api/user/getAuthInfo', async (req) => {
    // Role 2 (enterprise member) sees the person's own verification, never the company's form.
    const me = await sessions.required(req);
    return ok(await deps.info(me.actor));
  });

  /**
   * POST /api/user/download and POST /api/home/templateDown (type 1 authorisation letter — default, 2 legal-person
   * proof) → `{url}`: a signed download URL of the .docx template (no login needed for the template itself).
   */
  const template = async (type: 1 | 2) => {
    const t = await templateDocx(type);
    const sha256 = await deps.blobs.putBuffer(t.bytes);
    return ok({ url: deps.downloads.url({ sha256, name: t.fileName, mime: DOCX_MIME }) });
  };
  app.post('/api/user/download', { schema: { body: ZTemplateReq.optional() } }, async (req) => template((req.body?.type ?? 1) as 1 | 2));
  app.post('/api/home/templateDown', { schema: { body: ZTemplateReq.optional() } }, async (req) => template((req.body?.type ?? 2) as 1 | 2));

  /**
   * GET /api/kyc/image/<token>: a watermarked PNG preview of a KYC image (token issued to one viewer by
   * getAuthInfo or the operator review, valid a few minutes). Each view is audited; never cached.
   * 404 (plain) for a forged, expired or deleted image.
   */
  app.get('/api/kyc/image/:token', async (req, reply) => {
    const token = String((req.params as { token: string }).token).slice(0, 1200);
    const png = await vault.preview(token, req.ip);
    reply.header('Cache-Control', 'no-store, private');
    if (!png) return reply.code(404).type('text/plain; charset=utf-8').send('图片不存在或链接已过期');
    return reply.type('image/png').send(png);
  });

  /**
   * POST /api/kyc/deleteImages: the owner asks for the deletion of their ID / licence images (issue 14 §5).
   * They are deleted once the legal retention period (KYC_IMAGE_RETENTION_DAYS) has passed → `{count, purgeAfter}` (Unix s).
   */
  app.post('/api/kyc/deleteImages', async (req) => {
    const me = await sessions.mainRole(req);
    const r = await vault.requestDeletion(me.user.id, req.ip);
    return ok({ count: r.count, purgeAfter: Math.floor(r.purgeAfter.getTime() / 1000) }, MSG.SUBMIT_SUCCESS);
  });
};

/** The string values of a query or body object (at most 20 keys, 2000 characters each). */
function strings(o: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (o && typeof o === 'object') {
    for (const [k, v] of Object.entries(o).slice(0, 20)) if (typeof v === 'string') out[k] = v.slice(0, 2000);
  }
  return out;
}
