/**
 * Operator review of KYC applications (issue 14 §5; spec p2 §4): the queues of personal photos, enterprises,
 * amendments and supplementary uploads; the detail with the form in clear and watermarked image previews
 * (opening it is audited); approve or reject with a reason. A decision is one transaction (application,
 * profile, userStatus through the auth service, in-app notification, audit row); the SMS goes after commit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { KYC_IMAGE_LABEL, KYC_REVIEW_KIND_LABEL, type TKycDetail, type TKycQueueRow, type TKycReviewKind } from '@cunzheng/contract/kyc';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { AuthService } from '../auth/service.ts';
import { notify } from '../notifications/notify.ts';
import * as repo from './repo.ts';
import { lockUser, type KycService, type StoredForm } from './service.ts';
import type { ImageVault } from './vault.ts';

/** Labels of stored form fields on the review page. */
const FORM_LABEL: Readonly<Record<string, string>> = {
  userName: '姓名', idCard: '身份证号码', sex: '性别', address: '地址', type: '认证方式',
  name: '企业名称', code: '统一社会信用代码', legalName: '法人姓名', account: '账户名称', bank: '开户银行', bankNo: '银行账号',
  mobileReserve: '预留手机号', contactIdcard: '联系人身份证号码', authorName: '被授权人姓名', authorSex: '被授权人性别',
  authorBrith: '被授权人出生日期', authorPhone: '被授权人手机号', authorIdcard: '被授权人身份证号码',
};
const showValue = (k: string, v: string | number): string => {
  if (k === 'sex' || k === 'authorSex') return Number(v) === 1 ? '女' : '男';
  if (k === 'type') return Number(v) === 2 ? '人脸识别' : '上传照片';
  return String(v);
};

/** Display order of image fields (the forms' order). */
const IMAGE_ORDER = ['license', 'legalPerson', 'legalFront', 'legalBack', 'file', 'authorFront', 'authorBack', 'authorHand'];

/** SMS and notification texts of a decision (wording ours; spec p2 §4 "SMS notice"). */
export const reviewText = (kind: TKycReviewKind, pass: boolean, reason: string): string => {
  const what = KYC_REVIEW_KIND_LABEL[kind];
  return pass ? `【存证】您提交的${what}资料已审核通过。` : `【存证】您提交的${what}资料未通过审核，原因：${reason}。请登录后修改并重新提交。`;
};

export interface ReviewDeps {
  db: Db;
  kyc: KycService;
  vault: ImageVault;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  auth: Pick<AuthService, 'findUser' | 'setVerification' | 'mobilesOf'>;
}

/** Builds the review use cases. */
export function kycReview(deps: ReviewDeps) {
  const { db, kyc, vault, auth } = deps;
  const titleOf = (kind: string, form: StoredForm): string => String(kind === 'enterprise' ? form.name ?? '' : form.userName ?? form.authorName ?? '');

  return {
    /** GET /api/admin/kyc/list: one page of a queue (pending oldest first). */
    async list(q: { kind?: TKycReviewKind; status: number; page: number; limit: number }): Promise<{ list: TKycQueueRow[]; count: number }> {
      const r = await repo.listApplications(db, q);
      const mobiles = await auth.mobilesOf([...new Set(r.list.map((a) => a.userId))]);
      return {
        count: r.count,
        list: r.list.map((a) => ({
          id: a.id, kind: a.kind, status: a.status, userId: a.userId, mobile: mobiles.get(a.userId) ?? '',
          title: titleOf(a.kind, kyc.openForm(a.form)).slice(0, 100),
          createdAt: Math.floor(a.createdAt.getTime() / 1000), reviewedAt: a.reviewedAt ? Math.floor(a.reviewedAt.getTime() / 1000) : null, reason: a.reason,
        })),
      };
    },

    /**
     * GET /api/admin/kyc/detail: the application's form in clear and preview URLs of its images issued to
     * this operator (watermarked with the operator's account, every served preview audited). Opening the
     * detail writes `kyc.application.view`. 400 认证申请不存在.
     */
    async detail(op: Principal, id: number, ip: string | null): Promise<TKycDetail> {
      const a = await repo.applicationById(db, id);
      if (!a) throw badRequest(MSG.KYC_APPLICATION_NOT_FOUND);
      const form = kyc.openForm(a.form);
      const mobile = (await auth.mobilesOf([a.userId])).get(a.userId) ?? '';
      await writeAudit(db, { actorId: op.user.id, action: 'kyc.application.view', target: `kyc_application:${a.id}`, ip });
      // Amendments and repairs are shown with the profile in force, for comparison.
      const profile = a.kind === 'amend' || a.kind === 'repair' ? await repo.profileOf(db, a.userId) : null;
      const current = profile ? kyc.openForm(profile.form) : {};
      const rows = Object.entries(form).map(([k, v]) => ({ label: FORM_LABEL[k] ?? k, value: showValue(k, v).slice(0, 300) }));
      for (const [k, v] of Object.entries(current)) if (!(k in form)) rows.push({ label: `${FORM_LABEL[k] ?? k}（现）`, value: showValue(k, v).slice(0, 300) });
      const viewer = { userId: op.user.id, label: `审核员${op.user.mobile.slice(-4)}`, operator: true };
      return {
        id: a.id, kind: a.kind, status: a.status, userId: a.userId, mobile, title: titleOf(a.kind, form).slice(0, 100),
        createdAt: Math.floor(a.createdAt.getTime() / 1000), reviewedAt: a.reviewedAt ? Math.floor(a.reviewedAt.getTime() / 1000) : null, reason: a.reason,
        form: rows,
        images: Object.entries(a.images).sort(([x], [y]) => IMAGE_ORDER.indexOf(x) - IMAGE_ORDER.indexOf(y)).map(([field, imageId]) => ({ field, label: KYC_IMAGE_LABEL[field] ?? field, url: vault.previewUrl(imageId, viewer) })),
      };
    },

    /**
     * POST /api/admin/kyc/review (id, pass, reason): approves (pass 1) or rejects (pass 0, reason required)
     * an application under review. 400 认证申请不存在 / 该申请已审核 (also when two operators race: the second
     * finds it decided). Effects per kind (spec p2 §4): personal/enterprise → userStatus 3 or 4 (profile
     * written on approval; face-free photo users need no repair); amend → the authorised person and images
     * replaced; repair → repairType 3 or 4 and the images added. The user gets an in-app notification (same
     * transaction) and an SMS (after commit; a failed SMS is logged, the decision stands).
     */
    async decide(op: Principal, p: { id: number; pass: 0 | 1; reason?: string }, ip: string | null): Promise<void> {
      const reason = p.pass ? '' : (p.reason ?? '').trim();
      const decided = await db.transaction(async (tx) => {
        const first = await repo.applicationById(tx, p.id);
        if (!first) throw badRequest(MSG.KYC_APPLICATION_NOT_FOUND);
        await lockUser(tx, first.userId);
        const a = (await repo.applicationById(tx, p.id, true))!;
        if (a.status !== 2) throw badRequest(MSG.KYC_ALREADY_REVIEWED);
        const kind = a.kind as TKycReviewKind;
        const form = kyc.openForm(a.form);
        const status = p.pass ? 3 : 4;
        await repo.decideApplication(tx, a.id, { status, reason, reviewerId: op.user.id });
        if (kind === 'personal' || kind === 'enterprise') {
          if (p.pass) {
            await repo.upsertProfile(tx, { userId: a.userId, kycType: kind === 'personal' ? 1 : null, repairType: 0, form: a.form, images: a.images });
            await auth.setVerification(tx, a.userId, kind === 'personal' ? { userStatus: 3, name: String(form.userName).slice(0, 60) } : { userStatus: 3, company: String(form.name).slice(0, 100), name: String(form.authorName).slice(0, 60) }, op.user.id, ip);
          } else {
            await auth.setVerification(tx, a.userId, { userStatus: 4 }, op.user.id, ip);
          }
        } else {
          const profile = await repo.profileOf(tx, a.userId, true);
          if (!profile) throw badRequest(MSG.NOT_VERIFIED);
          if (kind === 'amend' && p.pass) {
            await repo.updateProfile(tx, a.userId, { form: kyc.sealForm({ ...kyc.openForm(profile.form), ...form }), images: { ...profile.images, ...a.images } });
          } else if (kind === 'repair') {
            const merged = { ...kyc.openForm(profile.form), ...(form.address ? { address: form.address } : {}) };
            await repo.updateProfile(tx, a.userId, p.pass ? { repairType: 3, form: kyc.sealForm(merged), images: { ...profile.images, ...a.images } } : { repairType: 4 });
          }
        }
        const text = reviewText(kind, !!p.pass, reason);
        await notify(tx, a.userId, text.replace('【存证】', ''), 'system');
        await writeAudit(tx, { actorId: op.user.id, action: p.pass ? 'kyc.approve' : 'kyc.reject', target: `kyc_application:${a.id}`, before: { status: 2 }, after: { status, kind, reason }, ip });
        return { userId: a.userId, text };
      });
      const user = await auth.findUser(decided.userId);
      if (user) {
        try {
          await deps.sms.send(user.mobile, decided.text);
        } catch (e) {
          deps.log.warn({ err: (e as Error).message, application: p.id }, 'kyc: review SMS not sent');
        }
      }
    },
  };
}

export type KycReview = ReturnType<typeof kycReview>;
