/**
 * Face-recognition verification (issue 14 §1; spec p2 §4, p1 §7 POST /api/peruser/perAuthorize, geth5faceid,
 * faceLogin, faceSync). start (name, idCard, type 2, address) → bizSeqNo; h5 (bizSeqNo) → url of the
 * provider's H5 page; the provider returns the browser to faceLogin with a signed result, which is recorded;
 * faceSync (bizSeqNo) polled every 3 s → 'pass' | 'pending' | 'fail'. A pass makes the account verified
 * (userStatus 3, kycType 2) with repairType 1: the ID images are still needed before notarisation (p2 §6).
 */
import crypto from 'node:crypto';
import { MSG } from '@cunzheng/contract/messages';
import { parseIdCard } from '@cunzheng/contract/idcard';
import type { TFaceStartReq } from '@cunzheng/contract/kyc';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { notify } from '../notifications/notify.ts';
import type { FaceProvider, FaceResult } from './faceProvider.ts';
import * as repo from './repo.ts';
import { lockUser, type KycService } from './service.ts';

/** Lifetime of a face session, seconds. */
export const FACE_SESSION_TTL_SECONDS = 30 * 60;

export interface FaceDeps {
  db: Db;
  kyc: KycService;
  provider: FaceProvider;
  /** Where the provider sends the browser back (…/api/peruser/faceLogin). */
  returnUrl: string;
  auth: Pick<AuthService, 'findUser' | 'setVerification'>;
}

/** Builds the face use cases. */
export function faceVerification(deps: FaceDeps) {
  const { db, kyc, provider, auth } = deps;

  /** The caller's live session `bizSeqNo`, else 400 人脸识别会话无效或已过期，请重新认证. */
  const sessionOf = async (userId: number, bizSeqNo: string) => {
    const s = await repo.faceById(db, bizSeqNo);
    if (!s || s.userId !== userId || (s.state === '0000' && s.expiresAt.getTime() < Date.now())) throw badRequest(MSG.FACE_SESSION_INVALID);
    return s;
  };

  /** Records a provider result once (idempotent); a pass verifies the account in the same transaction. */
  const record = async (r: FaceResult, ip: string | null): Promise<'pass' | 'fail' | 'stale'> => {
    const pre = await repo.faceById(db, r.bizSeqNo);
    if (!pre) return 'stale';
    // Read before the transaction (the auth service reads through the pool, not through `tx`).
    const u = await auth.findUser(pre.userId);
    return db.transaction(async (tx) => {
      await lockUser(tx, pre.userId);
      const s = (await repo.faceById(tx, r.bizSeqNo, true))!;
      if (s.state !== '0000') return s.state === 'pass' ? 'pass' : 'fail';
      if (!r.pass) {
        await repo.finishFace(tx, s.bizSeqNo, 'fail', r.note.slice(0, 100));
        await writeAudit(tx, { actorId: s.userId, action: 'kyc.face.fail', target: `kyc_face:${s.bizSeqNo}`, after: { note: r.note }, ip });
        return 'fail';
      }
      const pendingPhoto = await repo.latestApplication(tx, s.userId, ['personal']);
      if (!u || u.userStatus === 3 || u.userStatus === 2 || pendingPhoto?.status === 2 || (await repo.profileOf(tx, s.userId))) {
        await repo.finishFace(tx, s.bizSeqNo, 'fail', 'state changed');
        return 'fail';
      }
      const who = kyc.openForm(s.identity) as { name: string; idCard: string; address: string; sex: number };
      await repo.finishFace(tx, s.bizSeqNo, 'pass', '');
      const form = { userName: who.name, idCard: who.idCard, sex: who.sex, address: who.address, type: 2 };
      await repo.upsertProfile(tx, { userId: s.userId, kycType: 2, repairType: 1, form: kyc.sealForm(form), images: {} });
      await auth.setVerification(tx, s.userId, { userStatus: 3, name: who.name.slice(0, 60) }, s.userId, ip);
      await notify(tx, s.userId, '您已通过人脸识别实名认证。办理在线公证前请补传身份证照片。', 'system');
      await writeAudit(tx, { actorId: s.userId, action: 'kyc.face.pass', target: `kyc_face:${s.bizSeqNo}`, ip });
      return 'pass';
    });
  };

  return {
    /**
     * POST /api/peruser/perAuthorize with type 2 (spec p2 §4 face start): personal accounts with userStatus
     * 1 or 4 → `{bizSeqNo}` (session valid 30 min). 400 当前认证状态不可修改 / 认证资料审核中，请耐心等待.
     */
    async start(userId: number, f: TFaceStartReq, ip: string | null): Promise<{ bizSeqNo: string }> {
      const u = await auth.findUser(userId);
      if (!u) throw badRequest(MSG.USER_NOT_FOUND);
      if (u.type !== 1) throw badRequest(MSG.KYC_WRONG_ACCOUNT_TYPE);
      if (u.userStatus === 2) throw badRequest(MSG.KYC_UNDER_REVIEW);
      if (u.userStatus !== 1 && u.userStatus !== 4) throw badRequest(MSG.KYC_NOT_EDITABLE);
      const sex = parseIdCard(f.idCard)!.sex;
      const bizSeqNo = `F${Date.now().toString(36)}${crypto.randomBytes(9).toString('hex')}`.slice(0, 32);
      await db.transaction(async (tx) => {
        await repo.insertFace(tx, {
          bizSeqNo,
          userId,
          identity: kyc.sealForm({ name: f.name, idCard: f.idCard, address: f.address, sex }),
          expiresAt: new Date(Date.now() + FACE_SESSION_TTL_SECONDS * 1000),
        });
        await writeAudit(tx, { actorId: userId, action: 'kyc.face.start', target: `kyc_face:${bizSeqNo}`, ip });
      });
      return { bizSeqNo };
    },

    /** POST /api/peruser/geth5faceid (bizSeqNo) → `{url, bizSeqNo}` of the provider's H5 page. */
    async h5(userId: number, bizSeqNo: string): Promise<{ url: string; bizSeqNo: string }> {
      const s = await sessionOf(userId, bizSeqNo);
      if (s.state !== '0000') throw badRequest(MSG.FACE_SESSION_INVALID);
      const who = kyc.openForm(s.identity) as { name: string; idCard: string };
      return { url: await provider.h5Url({ bizSeqNo, name: who.name, idCard: who.idCard, returnUrl: deps.returnUrl }), bizSeqNo };
    },

    /**
     * GET|POST /api/peruser/faceLogin (orderNo, code, nonce, sign): the provider's signed return. Records the
     * result (a forged or stale signature changes nothing) and tells where to send the browser.
     */
    async providerReturn(q: Record<string, string | undefined>, ip: string | null): Promise<{ state: 'pass' | 'fail' | 'stale'; bizSeqNo: string | null }> {
      const r = provider.verifyResult(q);
      if (!r) return { state: 'stale', bizSeqNo: null };
      return { state: await record(r, ip), bizSeqNo: r.bizSeqNo };
    },

    /** POST /api/peruser/faceSync (bizSeqNo): the session's state; asks the provider while pending. */
    async sync(userId: number, bizSeqNo: string, ip: string | null): Promise<'pass' | 'pending' | 'fail'> {
      const s = await sessionOf(userId, bizSeqNo);
      if (s.state === 'pass') return 'pass';
      if (s.state === 'fail') return 'fail';
      const q = await provider.query(bizSeqNo);
      if (q === 'pending') return 'pending';
      const r = await record({ bizSeqNo, pass: q === 'pass', note: q === 'pass' ? '' : 'provider' }, ip);
      return r === 'pass' ? 'pass' : 'fail';
    },
  };
}

export type FaceVerification = ReturnType<typeof faceVerification>;
