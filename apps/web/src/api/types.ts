/**
 * Shapes of the account and data-deposit calls as the server sends them (issue 2 §3–4,
 * spec p1 §3 and p2 §3). When `@cunzheng/contract` publishes zod schemas for these calls, these
 * types become `z.infer` re-exports of them.
 */

/** The response envelope of every call (spec p1 §7, p2 §7). */
export interface Envelope<T> {
  code: number | string;
  msg: string;
  data: T;
}

/**
 * The logged-in user's info, stored locally (spec p1 §3 and p2 §3 "User info (stored locally)").
 * `points` are integer hundredths of a point; `status` 1 personal, 2 company;
 * `userStatus` 1 not verified, 2 under review, 3 passed, 4 failed (spec p2 §4).
 */
export interface UserInfo {
  userId: number | string;
  userStatus: number;
  status: number;
  type?: number;
  company?: string;
  contactName?: string;
  contactPhone?: string;
  extractCode?: string;
  points?: number;
  newsNum?: number;
  mobile?: string;
  role?: number | string;
  companyStatus?: number;
  repairType?: number;
  bindTime?: string | number;
  bindStatus?: number;
  memberId?: number | string;
  /** Staff of a notary office (the notary role; sees 公证工作台). */
  notary?: boolean;
}

/** `{ token, userInfo }` answered by register and both logins. */
export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

/** An image captcha: `img` is an SVG document as a string. */
export interface ImgCaptcha {
  captchaId: string;
  img: string;
}

/** A deposited data evidence as listed by GET /api/data/getList (spec p1 §3, §7). */
export interface DataEvidence {
  id: number;
  baoquan: string;
  title: string;
  fileName: string;
  fileType: number | string;
  size: number;
  sha256: string;
  label: string;
  saveTime: number | string;
  chainhash: string;
  /** 1 downloadable; 0 not (with query 2 "uploading", with query 0 "missing"), spec p1 §4. */
  isDownload: number;
}

/** Answer of POST /api/data/upload. */
export type UploadResult = Omit<DataEvidence, 'fileName' | 'isDownload'>;

/** A paged list answer `{ list, count }` (DESIGN.md API conventions). */
export interface Paged<T> {
  list: T[];
  count: number;
}
