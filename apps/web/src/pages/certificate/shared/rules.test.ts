/**
 * Button-visibility and download rules of the certificate page (spec p1 §2, §4, §6).
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { downloadDecision, viewerOf, visibility, type ViewFlags } from './rules';
import { checkExtractCode } from './extractCode';

const base: ViewFlags = { isSelf: 0, isDownload: 1, isApp: 0, deleted: 0 };

describe('viewerOf', () => {
  it('is the owner only when logged in and the server says isSelf 1', () => {
    expect(viewerOf({ isSelf: 1 }, true)).toBe('owner');
    expect(viewerOf({ isSelf: 0 }, true)).toBe('other');
    expect(viewerOf({ isSelf: 0 }, false)).toBe('anonymous');
    // A stale isSelf after logout never makes an owner.
    expect(viewerOf({ isSelf: 1 }, false)).toBe('anonymous');
  });
});

describe('visibility', () => {
  it('owner: download evidence and QR, no extraction', () => {
    expect(visibility({ ...base, isSelf: 1 }, 'owner')).toEqual({ phoneInfo: false, download: true, extract: false, qr: true, print: true, deletedNotice: false });
  });
  it('another user and a logged-out visitor: extraction, no download, no QR', () => {
    for (const viewer of ['other', 'anonymous'] as const) {
      expect(visibility(base, viewer)).toEqual({ phoneInfo: false, download: false, extract: true, qr: false, print: true, deletedNotice: false });
    }
  });
  it('phone info only for mobile-app evidence (isApp 1), for every viewer', () => {
    for (const viewer of ['owner', 'other', 'anonymous'] as const) {
      expect(visibility({ ...base, isApp: 1 }, viewer).phoneInfo).toBe(true);
      expect(visibility({ ...base, isApp: 0 }, viewer).phoneInfo).toBe(false);
    }
  });
  it('a deleted file: notice shown, neither download nor extraction, printing stays', () => {
    for (const viewer of ['owner', 'other', 'anonymous'] as const) {
      const v = visibility({ ...base, deleted: 1 }, viewer);
      expect(v).toMatchObject({ deletedNotice: true, download: false, extract: false, print: true });
    }
  });
});

describe('downloadDecision (spec p1 §4)', () => {
  it('isDownload 1 downloads', () => {
    expect(downloadDecision(1)).toEqual({ ok: true });
  });
  it('isDownload 2 (uploading) answers 证据上传中请稍后下载', () => {
    expect(downloadDecision(2)).toEqual({ ok: false, msg: '证据上传中请稍后下载' });
    expect(MSG.EVIDENCE_UPLOADING).toBe('证据上传中请稍后下载');
  });
  it('isDownload 0 (missing) answers 证据缺失不可下载', () => {
    expect(downloadDecision(0)).toEqual({ ok: false, msg: '证据缺失不可下载' });
    expect(downloadDecision(Number.NaN)).toEqual({ ok: false, msg: '证据缺失不可下载' });
  });
});

describe('checkExtractCode (spec p2 §5: 6-digit number)', () => {
  const msgs = { required: 'R', format: 'F' };
  it('accepts exactly six digits', () => {
    expect(checkExtractCode('012345', msgs)).toBeNull();
  });
  it('rejects empty, short, long and non-digit codes', () => {
    expect(checkExtractCode('', msgs)).toBe('R');
    for (const bad of ['12345', '1234567', '12345a', '１２３４５６', '123 456']) expect(checkExtractCode(bad, msgs), bad).toBe('F');
  });
});
