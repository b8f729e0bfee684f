/**
 * Who sees which certificate button (spec p1 §2 "Preservation certificate page", p1 §4 "Evidence
 * download", p1 §6). Pure functions so the rules are tested without rendering.
 */

import { MSG } from '@cunzheng/contract/messages';

/** Messages of the owner's download (spec p1 §8, fixed messages). */
export const MSG_UPLOADING = MSG.EVIDENCE_UPLOADING;
export const MSG_MISSING = MSG.EVIDENCE_MISSING;

/** The viewer of a certificate: its owner, another logged-in user, or a logged-out visitor. */
export type Viewer = 'owner' | 'other' | 'anonymous';

/** The fields of a certificate view these rules read. */
export interface ViewFlags {
  isSelf: number;
  isDownload: number;
  isApp: number;
  deleted: number;
}

/**
 * Classifies the viewer (spec p1 §6): the owner is a logged-in viewer for whom the server answered
 * isSelf 1 (it checks ownership and an active userStatus); a session token is required too so a
 * stale answer after logout never shows the owner's buttons.
 */
export function viewerOf(flags: Pick<ViewFlags, 'isSelf'>, loggedIn: boolean): Viewer {
  if (!loggedIn) return 'anonymous';
  return flags.isSelf === 1 ? 'owner' : 'other';
}

/** Which buttons and blocks the certificate page shows. */
export interface Visibility {
  /** 手机信息: only for mobile-app evidence (isApp 1). */
  phoneInfo: boolean;
  /** 下载证据: the owner only, and not once the file was deleted. */
  download: boolean;
  /** 提取证据: other users and logged-out visitors, not once the file was deleted. */
  extract: boolean;
  /** QR code for online viewing: the owner only (spec p1 §6 "use the QR view"). */
  qr: boolean;
  /** 打印证书 and 下载证书PDF: everyone. */
  print: boolean;
  /** The notice that the owner deleted the file. */
  deletedNotice: boolean;
}

/** Applies spec p1 §2 and §6 to one view and viewer. */
export function visibility(flags: ViewFlags, viewer: Viewer): Visibility {
  const deleted = flags.deleted === 1;
  return {
    phoneInfo: flags.isApp === 1,
    download: viewer === 'owner' && !deleted,
    extract: viewer !== 'owner' && !deleted,
    qr: viewer === 'owner',
    print: true,
    deletedNotice: deleted,
  };
}

/** Outcome of the owner's 下载证据 click. */
export type DownloadDecision = { ok: true } | { ok: false; msg: string };

/**
 * spec p1 §4: isDownload 1 allows the download; 2 (uploading) answers 证据上传中请稍后下载;
 * 0 or anything else means the evidence is missing: 证据缺失不可下载.
 */
export function downloadDecision(isDownload: number): DownloadDecision {
  if (isDownload === 1) return { ok: true };
  if (isDownload === 2) return { ok: false, msg: MSG_UPLOADING };
  return { ok: false, msg: MSG_MISSING };
}
