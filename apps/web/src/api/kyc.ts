/**
 * Real-name verification calls (issue 14 §1, §2, §5; spec p1 §7, p2 §4, §7): personal photo submit and face
 * verification, enterprise submit, amendment, supplementary upload, getAuthInfo, template downloads, and the
 * operator review queue. Types from `@cunzheng/contract/kyc` (types only). Submissions are multipart: fields
 * plus image files; an image already stored is left out (spec p2 §5 "sent empty").
 */
import type { TAuthInfo, TKycDetail, TKycQueueRow, TKycReviewKind } from '@cunzheng/contract/kyc';
import { request, requestEnvelope, requestWithMsg } from './request';

export const KYC_KEYS = { info: ['user/getAuthInfo'] as const, queue: ['admin/kyc/list'] as const, detail: ['admin/kyc/detail'] as const };

/** Builds the multipart body of a submission. */
const formOf = (fields: Record<string, string | number | undefined>, files: Record<string, File | undefined>): FormData => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) fd.append(k, String(v));
  for (const [k, f] of Object.entries(files)) if (f) fd.append(k, f, f.name);
  return fd;
};

export type Files = Record<string, File | undefined>;

/** POST /api/peruser/perAuthorize type 1 (photo upload) → msg 提交成功. */
export const submitPersonal = (fields: Record<string, string | number>, files: Files) =>
  requestWithMsg<null>({ method: 'POST', url: '/api/peruser/perAuthorize', form: formOf({ ...fields, type: 1 }, files) });
/** POST /api/peruser/perAuthorize type 2 (face start: name, idCard, address, agree) → bizSeqNo. */
export const faceStart = (d: { name: string; idCard: string; address: string; agree: number }) =>
  request<{ bizSeqNo: string }>({ method: 'POST', url: '/api/peruser/perAuthorize', data: { ...d, type: 2 } });
/** POST /api/peruser/geth5faceid (bizSeqNo) → url of the provider's H5 page. */
export const faceH5 = (bizSeqNo: string) => request<{ url: string; bizSeqNo: string }>({ method: 'POST', url: '/api/peruser/geth5faceid', data: { bizSeqNo } });
/** POST /api/peruser/faceSync (bizSeqNo): the raw code — 200 success, '0000' waiting, anything else failure (spec p2 §4). */
export const faceSync = (bizSeqNo: string) => requestEnvelope<null>({ method: 'POST', url: '/api/peruser/faceSync', data: { bizSeqNo }, silent: true });
/** POST /api/user/companyAuthorize → msg 提交成功. */
export const submitEnterprise = (fields: Record<string, string | number>, files: Files) =>
  requestWithMsg<null>({ method: 'POST', url: '/api/user/companyAuthorize', form: formOf(fields, files) });
/** POST api/user/updateAuthor (authorised-person amendment) → msg 提交成功. */
export const submitAmend = (fields: Record<string, string | number>, files: Files) =>
  requestWithMsg<null>({ method: 'POST', url: '/api/user/updateAuthor', form: formOf(fields, files) });
/** POST /api/user/informationRepair (supplementary ID upload) → msg 提交成功. */
export const submitRepair = (fields: Record<string, string | number>, files: Files) =>
  requestWithMsg<null>({ method: 'POST', url: '/api/user/informationRepair', form: formOf(fields, files) });
/** POST /api/user/getAuthInfo → the caller's verification info. */
export const getAuthInfo = () => request<TAuthInfo>({ method: 'POST', url: '/api/user/getAuthInfo' });
/** POST /api/user/download (authorisation letter) or /api/home/templateDown (legal-person proof) → data.url. */
export const templateUrl = (type: 1 | 2) => request<{ url: string }>({ method: 'POST', url: type === 1 ? '/api/user/download' : '/api/home/templateDown', data: { type } });
/** POST /api/kyc/deleteImages → count and the date after which they are deleted. */
export const requestImageDeletion = () => requestWithMsg<{ count: number; purgeAfter: number }>({ method: 'POST', url: '/api/kyc/deleteImages' });

/** Operator queue. */
export const kycQueue = (d: { kind?: TKycReviewKind; status: number; page: number }) => request<{ list: TKycQueueRow[]; count: number }>({ method: 'GET', url: '/api/admin/kyc/list', data: { ...d } });
export const kycDetail = (id: number) => request<TKycDetail>({ method: 'GET', url: '/api/admin/kyc/detail', data: { id } });
export const kycReview = (d: { id: number; pass: 0 | 1; reason?: string }) => requestWithMsg<null>({ method: 'POST', url: '/api/admin/kyc/review', data: { ...d } });

/** Face simulator (local provider's H5 page). */
export const faceSimSession = (faceId: string) => request<{ maskedName: string; action: string; seconds: number }>({ method: 'POST', url: '/api/facesim/session', data: { faceId }, silent: true });
export const faceSimResult = (d: { faceId: string; motion: number; frames: number; cancel?: number }) => request<{ redirect: string; pass: boolean }>({ method: 'POST', url: '/api/facesim/result', data: { ...d } });
