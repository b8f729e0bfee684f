/**
 * POST /api/user/getAuthInfo (issue 14 §1–2; spec p1 §7, p2 §3 read-only info of /kyc-info and /person-info):
 * the caller's verification state and the verified data with the masked fields of p2 §3 (taxNumberEn,
 * accountNoEn, authorPhoneEn, authorIdcardEn …), preview URLs of the caller's own images (watermarked,
 * audited when served), and — only while the form is editable after a rejection — the rejected fields in
 * clear so the user can correct them.
 */
import { KYC_IMAGE_LABEL, type TAuthInfo } from '@cunzheng/contract/kyc';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../platform/auth.ts';
import * as repo from './repo.ts';
import type { KycService, StoredForm } from './service.ts';
import type { ImageVault } from './vault.ts';

/** Keeps the first `head` and last `tail` characters, stars in between (at least 4). */
export const mask = (v: string, head: number, tail: number): string => {
  if (!v) return '';
  if (v.length <= head + tail) return `${v.slice(0, 1)}${'*'.repeat(Math.max(1, v.length - 1))}`;
  return v.slice(0, head) + '*'.repeat(Math.max(4, v.length - head - tail)) + v.slice(v.length - tail);
};
export const maskMobile = (m: string) => mask(m, 3, 4);
export const maskIdCard = (id: string) => mask(id, 4, 4);
export const maskAccount = (n: string) => mask(n, 4, 4);

/** Display order of image fields (the forms' order). */
const FIELD_ORDER = ['license', 'legalPerson', 'legalFront', 'legalBack', 'file', 'authorFront', 'authorBack', 'authorHand'];

/** Builds getAuthInfo. */
export function authInfo(deps: { db: Db; kyc: KycService; vault: ImageVault }) {
  const { db, kyc, vault } = deps;
  return async (u: UserRow): Promise<TAuthInfo> => {
    const profile = await repo.profileOf(db, u.id);
    const last = await repo.latestApplication(db, u.id, u.type === 2 ? ['enterprise', 'amend', 'repair'] : ['personal', 'repair']);
    const main = await repo.latestApplication(db, u.id, [u.type === 2 ? 'enterprise' : 'personal']);
    // The data shown: the verified profile, else the application under review or last rejected.
    const form: StoredForm = profile ? kyc.openForm(profile.form) : main ? kyc.openForm(main.form) : {};
    const images = profile?.images ?? main?.images ?? {};
    const viewer = { userId: u.id, label: `用户${u.mobile.slice(-4)}`, operator: false };
    const s = (k: string) => String(form[k] ?? '');
    const editable = (u.userStatus === 1 || u.userStatus === 4) && !!main && main.status === 4;
    const base: TAuthInfo = {
      userStatus: u.userStatus,
      status: u.type,
      type: profile?.kycType ?? null,
      repairType: profile?.repairType ?? 0,
      reason: main?.status === 4 ? main.reason : '',
      pending: last ? { kind: last.kind, status: last.status, reason: last.reason } : null,
      images: Object.entries(images).sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b)).map(([field, id]) => ({ field, label: KYC_IMAGE_LABEL[field] ?? field, url: vault.previewUrl(id, viewer) })),
      form: editable && main ? kyc.openForm(main.form) : null,
    };
    if (u.type === 2) {
      return {
        ...base,
        company: s('name') || u.company,
        taxNumberEn: mask(s('code'), 4, 3),
        address: s('address'),
        accountName: s('account'),
        accountBank: s('bank'),
        accountNoEn: maskAccount(s('bankNo')),
        contactName: s('authorName'),
        contactPhone: maskMobile(u.mobile),
        idcard: maskIdCard(s('contactIdcard')),
        authorPhoneEn: maskMobile(s('authorPhone')),
        authorIdcardEn: maskIdCard(s('authorIdcard')),
        authorSex: form.authorSex === undefined ? undefined : Number(form.authorSex),
        authorBrith: s('authorBrith'),
        legalName: s('legalName'),
      };
    }
    return {
      ...base,
      userName: s('userName'),
      idCardEn: maskIdCard(s('idCard')),
      sex: form.sex === undefined ? undefined : Number(form.sex),
      address: s('address'),
    };
  };
}
