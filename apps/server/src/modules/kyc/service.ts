/**
 * Real-name verification (issue 14 §1, §2, §5; spec p2 §3–6, p1 §7): the identity other contexts ask for
 * (identityOf, notaryGate, isVerifiedIndividual — CONTRACTS §1), the userInfo fields this context owns
 * (type, repairType), and the user's submissions: personal photo verification, enterprise verification,
 * the authorised-person amendment and the supplementary ID upload. Each submission is one transaction:
 * images into the vault, the application row, userStatus through the auth service, and the audit row.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { KYC_IMAGE_MAX_COMPANY_BYTES, KYC_IMAGE_MAX_PERSONAL_BYTES } from '@cunzheng/contract/constants';
import {
  AMEND_IMAGE_FIELDS, ENTERPRISE_IMAGE_FIELDS, PERSONAL_IMAGE_FIELDS, REPAIR_COMPANY_IMAGE_FIELDS, REPAIR_PERSONAL_IMAGE_FIELDS,
  msgImageRequired, type TAmendAuthorFields, type TEnterpriseKycFields, type TPersonalKycFields,
} from '@cunzheng/contract/kyc';
import { parseIdCard } from '@cunzheng/contract/idcard';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import { checkKycImage } from './images.ts';
import * as repo from './repo.ts';
import type { ImageVault } from './vault.ts';

/** A file part of a multipart submission, read up to its limit (`bytes` null when larger). */
export interface UploadedImage {
  field: string;
  filename: string;
  bytes: Buffer | null;
}

/** What other contexts learn about an account's verification (CONTRACTS §1). */
export interface Identity {
  /** spec p2 §4: 1 not verified, 2 under review, 3 passed, 4 failed. */
  userStatus: number;
  /** 1 personal, 2 company. */
  type: 1 | 2;
  /** 1 photo upload, 2 face recognition; null before any verification. */
  kycType: 1 | 2 | null;
  /** 1 needed, 2 under review, 3 passed, 4 failed; null when no supplementary upload applies. */
  repairType: number | null;
  /** Verified person's name (the authorised person for companies); '' when none. */
  realName: string;
  /** Verified company name; '' for personal accounts. */
  companyName: string;
  /** Company accounts: authorisation letter and the authorised person's ID images are stored (verified or under review). */
  enterpriseImagesComplete: boolean;
}

export type NotaryGate = { ok: true } | { ok: false; message: string; redirect: string };

export interface KycDeps {
  db: Db;
  vault: ImageVault;
  /** Seals forms at rest. */
  box: SecretBox;
  auth: Pick<AuthService, 'findUser' | 'setVerification'>;
}

/** Personal forms as stored (sealed JSON). */
export type StoredForm = Record<string, string | number>;

/** Takes the per-user KYC lock inside `tx` (submissions and decisions of one user serialise). */
export const lockUser = (tx: DbOrTx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(8814, ${userId}::int)`);

/** Builds the kyc service. */
export function kycService(deps: KycDeps) {
  const { db, vault, box, auth } = deps;
  const openForm = (s: string): StoredForm => JSON.parse(box.open(s)) as StoredForm;
  const sealForm = (f: StoredForm): string => box.seal(JSON.stringify(f));

  const userOf = async (userId: number): Promise<UserRow> => {
    const u = await auth.findUser(userId);
    if (!u) throw badRequest(MSG.USER_NOT_FOUND);
    return u;
  };

  /**
   * Inside `tx`: stores the uploaded images of `fields` in the vault; a field sent empty keeps the image of
   * `previous` (spec p2 §5 "images already stored are sent empty"); a field with neither → 400 请上传….
   */
  const collectImages = async (tx: DbOrTx, ownerId: number, fields: readonly string[], files: UploadedImage[], previous: Record<string, string>, maxBytes: number): Promise<Record<string, string>> => {
    const tooLarge = maxBytes <= KYC_IMAGE_MAX_COMPANY_BYTES ? MSG.IMAGE_TOO_LARGE_10M : MSG.IMAGE_TOO_LARGE_20M;
    const out: Record<string, string> = {};
    for (const field of fields) {
      const f = files.find((x) => x.field === field && (x.bytes === null || x.bytes.length > 0));
      if (f) {
        const mime = checkKycImage(f, maxBytes, tooLarge);
        out[field] = await vault.store(tx, ownerId, field, f.bytes!, mime);
      } else if (previous[field]) {
        out[field] = previous[field]!;
      } else {
        throw badRequest(msgImageRequired(field));
      }
    }
    return out;
  };
  /** Checks every file before anything is stored (bad type or size answers 400 without writing). */
  const precheck = (files: UploadedImage[], fields: readonly string[], maxBytes: number) => {
    const tooLarge = maxBytes <= KYC_IMAGE_MAX_COMPANY_BYTES ? MSG.IMAGE_TOO_LARGE_10M : MSG.IMAGE_TOO_LARGE_20M;
    for (const f of files) if (fields.includes(f.field) && (f.bytes === null || f.bytes.length > 0)) checkKycImage(f, maxBytes, tooLarge);
  };

  /** Identity of a user (see Identity). */
  const identityOf = async (userId: number): Promise<Identity> => {
    const u = await userOf(userId);
    const profile = await repo.profileOf(db, userId);
    // Under review (userStatus 2) the images are those of the application being reviewed.
    const pending = profile ? null : await repo.latestApplication(db, userId, [u.type === 2 ? 'enterprise' : 'personal']);
    const images = profile?.images ?? (pending?.status === 2 ? pending.images : {});
    const form = profile ? openForm(profile.form) : null;
    let realName = '';
    if (form) realName = String(u.type === 2 ? form.authorName ?? '' : form.userName ?? '');
    return {
      userStatus: u.userStatus,
      type: u.type === 2 ? 2 : 1,
      kycType: profile?.kycType === 1 || profile?.kycType === 2 ? profile.kycType : null,
      repairType: profile && profile.repairType > 0 ? profile.repairType : null,
      realName,
      companyName: u.type === 2 ? String(form?.name ?? u.company) : '',
      enterpriseImagesComplete: u.type === 2 && ['file', 'authorFront', 'authorBack'].every((k) => !!images[k]),
    };
  };

  return {
    identityOf,
    openForm,
    sealForm,

    /**
     * spec p2 §6 "New notarisation": unverified (userStatus 1 or 4) → 您未实名不可使用该功能 (to the KYC page of
     * the account type). Personal photo-verified users need their ID images (else to /personage-kyc); face
     * users need repairType 3 (1/4 → 请先补传身份证照片 to /personage-kyc; 2 → 实名补传还未通过，请耐心等待).
     * Companies need the authorisation letter and the authorised person's ID images without a failed repair
     * (else to /kyc-info); a repair under review → 实名补传还未通过，请耐心等待.
     */
    async notaryGate(userId: number): Promise<NotaryGate> {
      const id = await identityOf(userId);
      const kycPage = id.type === 2 ? '/organization-kyc' : '/personage-kyc';
      if (id.userStatus !== 3 && id.userStatus !== 2) return { ok: false, message: MSG.NOT_VERIFIED, redirect: kycPage };
      if (id.repairType === 2) return { ok: false, message: MSG.REPAIR_PENDING, redirect: id.type === 2 ? '/kyc-info' : '/person-info' };
      if (id.type === 2) {
        if (!id.enterpriseImagesComplete || id.repairType === 4) return { ok: false, message: MSG.ENTERPRISE_IMAGES_REQUIRED, redirect: '/kyc-info' };
        return { ok: true };
      }
      if (id.kycType === 2) {
        if (id.repairType === 3) return { ok: true };
        return { ok: false, message: MSG.REPAIR_REQUIRED, redirect: '/personage-kyc' };
      }
      const profile = await repo.profileOf(db, userId);
      const pending = profile ? null : await repo.latestApplication(db, userId, ['personal']);
      const images = profile?.images ?? (pending?.status === 2 ? pending.images : {});
      if (PERSONAL_IMAGE_FIELDS.every((k) => !!images[k])) return { ok: true };
      return { ok: false, message: MSG.NOT_VERIFIED, redirect: '/personage-kyc' };
    },

    /** True when `userId` is a registered personal account with userStatus 3 (members: queryMember). */
    async isVerifiedIndividual(userId: number): Promise<boolean> {
      const u = await auth.findUser(userId);
      return !!u && u.type === 1 && u.userStatus === 3 && u.role !== 'operator';
    },

    /** userInfo fields owned by this context (spec p2 §3): type (kycType, 0 none) and repairType (0 none). */
    async userInfoFields(userId: number): Promise<{ type: number; repairType: number }> {
      const p = await repo.profileOf(db, userId);
      return { type: p?.kycType ?? 0, repairType: p?.repairType ?? 0 };
    },

    /**
     * Personal photo verification (spec p2 §3–5; /personage-kyc type 1): personal accounts with userStatus 1
     * or 4 only (else 400 当前认证状态不可修改 / 认证资料审核中，请耐心等待). Images ≤ 20 MB jpg/png/jpeg; an
     * image sent empty re-uses the one of the previous (rejected) application. → userStatus 2 and an
     * application in the personal review queue.
     */
    async submitPersonal(userId: number, f: TPersonalKycFields, files: UploadedImage[], ip: string | null): Promise<void> {
      const u = await userOf(userId);
      if (u.type !== 1) throw badRequest(MSG.KYC_WRONG_ACCOUNT_TYPE);
      precheck(files, PERSONAL_IMAGE_FIELDS, KYC_IMAGE_MAX_PERSONAL_BYTES);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const last = await repo.latestApplication(tx, userId, ['personal']);
        if (last?.status === 2) throw badRequest(MSG.KYC_UNDER_REVIEW);
        if (u.userStatus !== 1 && u.userStatus !== 4) throw badRequest(MSG.KYC_NOT_EDITABLE);
        if (last?.status === 3 || (await repo.profileOf(tx, userId))) throw badRequest(MSG.KYC_NOT_EDITABLE);
        const images = await collectImages(tx, userId, PERSONAL_IMAGE_FIELDS, files, last?.images ?? {}, KYC_IMAGE_MAX_PERSONAL_BYTES);
        const form: StoredForm = { userName: f.userName, idCard: f.idCard, sex: f.sex, type: 1, address: f.address };
        const app = await repo.insertApplication(tx, { userId, kind: 'personal', form: sealForm(form), images });
        await auth.setVerification(tx, userId, { userStatus: 2 }, userId, ip);
        await writeAudit(tx, { actorId: userId, action: 'kyc.submit', target: `kyc_application:${app.id}`, after: { kind: 'personal', images: Object.keys(images) }, ip });
      });
    },

    /**
     * Enterprise verification (spec p2 §3–5; POST /api/user/companyAuthorize): company accounts with userStatus
     * 1 or 4. Birth date and sex of the authorised person come from the ID number (p2 §5). Images ≤ 10 MB.
     * → userStatus 2, application in the enterprise review queue.
     */
    async submitEnterprise(userId: number, f: TEnterpriseKycFields, files: UploadedImage[], ip: string | null): Promise<void> {
      const u = await userOf(userId);
      if (u.type !== 2) throw badRequest(MSG.KYC_WRONG_ACCOUNT_TYPE);
      precheck(files, ENTERPRISE_IMAGE_FIELDS, KYC_IMAGE_MAX_COMPANY_BYTES);
      const { authorSex, authorBrith } = authorFromId(f.authorIdcard);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const last = await repo.latestApplication(tx, userId, ['enterprise']);
        if (last?.status === 2) throw badRequest(MSG.KYC_UNDER_REVIEW);
        if ((u.userStatus !== 1 && u.userStatus !== 4) || last?.status === 3) throw badRequest(MSG.KYC_NOT_EDITABLE);
        const images = await collectImages(tx, userId, ENTERPRISE_IMAGE_FIELDS, files, last?.images ?? {}, KYC_IMAGE_MAX_COMPANY_BYTES);
        const { agree: _agree, ...rest } = f;
        const form: StoredForm = { ...rest, authorSex, authorBrith };
        const app = await repo.insertApplication(tx, { userId, kind: 'enterprise', form: sealForm(form), images });
        await auth.setVerification(tx, userId, { userStatus: 2 }, userId, ip);
        await writeAudit(tx, { actorId: userId, action: 'kyc.submit', target: `kyc_application:${app.id}`, after: { kind: 'enterprise', images: Object.keys(images) }, ip });
      });
    },

    /**
     * Authorised-person amendment (POST api/user/updateAuthor; p2 §5 same rules, images ≤ 20 MB): verified
     * company accounts (userStatus 3) only; one amendment under review at a time. The verified profile stays
     * in force until an operator approves the amendment.
     */
    async submitAmend(userId: number, f: TAmendAuthorFields, files: UploadedImage[], ip: string | null): Promise<void> {
      const u = await userOf(userId);
      if (u.type !== 2) throw badRequest(MSG.KYC_WRONG_ACCOUNT_TYPE);
      if (u.userStatus !== 3) throw badRequest(MSG.NOT_VERIFIED);
      precheck(files, AMEND_IMAGE_FIELDS, KYC_IMAGE_MAX_PERSONAL_BYTES);
      const { authorSex, authorBrith } = authorFromId(f.authorIdcard);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const last = await repo.latestApplication(tx, userId, ['amend', 'repair']);
        if (last?.status === 2) throw badRequest(MSG.KYC_UNDER_REVIEW);
        const profile = await repo.profileOf(tx, userId);
        const images = await collectImages(tx, userId, AMEND_IMAGE_FIELDS, files, profile?.images ?? {}, KYC_IMAGE_MAX_PERSONAL_BYTES);
        const form: StoredForm = { authorName: f.authorName, authorPhone: f.authorPhone, authorIdcard: f.authorIdcard, authorSex, authorBrith };
        const app = await repo.insertApplication(tx, { userId, kind: 'amend', form: sealForm(form), images });
        await writeAudit(tx, { actorId: userId, action: 'kyc.submit', target: `kyc_application:${app.id}`, after: { kind: 'amend', images: Object.keys(images) }, ip });
      });
    },

    /**
     * Supplementary ID upload (POST /api/user/informationRepair; spec p2 §4–6): verified personal accounts send
     * address and authorFront, authorBack, authorHand; verified company accounts file, authorFront,
     * authorBack; images ≤ 20 MB. Allowed while repairType is 0, 1 or 4; → repairType 2 and an application in
     * the repair review queue. 400 实名补传还未通过，请耐心等待 while one is under review.
     */
    async submitRepair(userId: number, f: { address?: string }, files: UploadedImage[], ip: string | null): Promise<void> {
      const u = await userOf(userId);
      if (u.userStatus !== 3) throw badRequest(MSG.NOT_VERIFIED);
      const fields = u.type === 2 ? REPAIR_COMPANY_IMAGE_FIELDS : REPAIR_PERSONAL_IMAGE_FIELDS;
      if (u.type === 1 && !f.address) throw badRequest(MSG.ID_ADDRESS_REQUIRED);
      precheck(files, fields, KYC_IMAGE_MAX_PERSONAL_BYTES);
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const profile = await repo.profileOf(tx, userId, true);
        if (!profile) throw badRequest(MSG.NOT_VERIFIED);
        if (profile.repairType === 2) throw badRequest(MSG.REPAIR_PENDING);
        if (profile.repairType === 3) throw badRequest(MSG.KYC_NOT_EDITABLE);
        const images = await collectImages(tx, userId, fields, files, {}, KYC_IMAGE_MAX_PERSONAL_BYTES);
        const form: StoredForm = u.type === 1 ? { address: f.address ?? '', type: profile.kycType ?? 1 } : {};
        const app = await repo.insertApplication(tx, { userId, kind: 'repair', form: sealForm(form), images });
        await repo.updateProfile(tx, userId, { repairType: 2 });
        await writeAudit(tx, { actorId: userId, action: 'kyc.submit', target: `kyc_application:${app.id}`, after: { kind: 'repair', images: Object.keys(images) }, ip });
      });
    },
  };
}

/** Birth date and sex of the authorised person from a valid ID number (spec p2 §5). */
function authorFromId(idCard: string): { authorSex: number; authorBrith: string } {
  const info = parseIdCardStrict(idCard);
  return { authorSex: info.sex, authorBrith: info.birth };
}

const parseIdCardStrict = (id: string) => {
  const info = parseIdCard(id);
  if (!info) throw badRequest(MSG.ID_CARD_FORMAT);
  return info;
};

export type KycService = ReturnType<typeof kycService>;
