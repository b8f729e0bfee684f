/**
 * App evidence use cases (App取证, issue 12 §1; spec p1 §2–3, §7, §9): deposit a capture (photo, video,
 * audio, screen recording, audio-video) with the phone information of spec p1 §3, from a completed
 * resumable upload or a one-shot multipart file; the owner's list (getAppDataList); the public phone
 * info of a certificate (getAppInfo); preview tickets and ranged media for /mobile/preview.
 *
 * One evidence model: the deposit is `evidenceService.depositArtefacts` (kind 'app': the capture is the
 * `original` artefact, the phone info a `phoneInfo` JSON artefact) and the side row `app_evidence` is
 * written in the same transaction, as is the charge (order type = capture type, units by duration:
 * commerce `unitsFor`).
 */
import { Readable } from 'node:stream';
import { APP_MSG, APP_TYPE_WORD, previewTypeOf, type AppCaptureType, type TAppCaptureFields, type TAppItem, type TAppMediaStatus, type TAppPreviewRes, type TAppDeviceFields } from '@cunzheng/contract/app';
import { ORDER_TYPE_LABEL } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { actingMemberId, type Principal } from '../../platform/auth.ts';
import type { BlobStore, StagedBlob, VerifiedBlob } from '../../platform/blobs.ts';
import { openForDownload, type IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { DownloadItem, DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EvidenceService, KindListFilter } from '../evidence/service.ts';
import * as repo from './repo.ts';
import type { UploadStore } from './uploads.ts';

/** What the app service needs. `unitsFor`: commerce's price units of an order type for a duration in seconds. */
export interface AppDeps {
  db: Db;
  blobs: BlobStore;
  evidence: EvidenceService;
  uploads: UploadStore;
  downloads: DownloadSigner;
  report: IntegrityReporter;
  unitsFor: (orderType: number, seconds: number) => Promise<number>;
}

/** The capture file of a deposit: a completed resumable upload, or a file already staged (multipart). */
export type CaptureSource = { uploadId: string } | { staged: StagedBlob; fileName: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-24 10:05:07 in China time (UTC+8) of Unix seconds `s`. */
const chinaTime = (s: number) => {
  const d = new Date((s + 8 * 3600) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

/** Default extension of a capture's media type (names a file the client did not name). */
const extOf = (mime: string): string => (/jpeg/.test(mime) ? '.jpg' : /png/.test(mime) ? '.png' : /webm/.test(mime) ? '.webm' : /mp4/.test(mime) ? '.mp4' : /ogg/.test(mime) ? '.ogg' : /wav/.test(mime) ? '.wav' : '');

/** The phone info of spec p1 §3 from a side row. */
const phoneOf = (r: repo.AppEvidenceRow): TAppDeviceFields => ({ name: r.name, model_name: r.modelName, version: r.version, processor: r.processor, core: r.core, appAddress: r.appAddress });

/** Builds the app evidence service. */
export function appService(deps: AppDeps) {
  const { db, evidence, uploads } = deps;

  /** An evidence item with its side row → the list shape (ZAppItem). */
  const itemOf = (it: Awaited<ReturnType<EvidenceService['list']>>['list'][number], side: repo.AppEvidenceRow | undefined): TAppItem => {
    const captureType = (side?.captureType ?? 10) as AppCaptureType;
    return { ...it, isApp: 1, appType: captureType, type: side ? APP_TYPE_WORD[captureType] ?? previewTypeOf(it.fileType) : previewTypeOf(it.fileType), duration: side?.duration ?? 0, units: side?.units ?? 1 };
  };

  /** A one-file ticket (relative `/api/file/<token>` URL) → its token. */
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  /** Verifies a media token and opens its blob verified; 403 for a bad ticket, 400 证据缺失不可下载 for a deleted evidence. */
  const openMedia = async (token: string): Promise<{ item: DownloadItem; blob: VerifiedBlob }> => {
    const t = deps.downloads.verify(token);
    if (!t?.item) throw badRequest(APP_MSG.PREVIEW_INVALID);
    if (t.item.evidenceId !== undefined && !(await evidence.isLive(t.item.evidenceId))) throw badRequest(MSG.EVIDENCE_MISSING);
    return { item: t.item, blob: await openForDownload(deps.blobs, t.item.sha256, deps.report) };
  };

  /** The owner's app evidence `id` as a list item (among the latest 100), or null. */
  const itemById = async (userId: number, id: number): Promise<TAppItem | null> => {
    const side = await repo.find(db, id);
    if (!side || side.userId !== userId) return null;
    const hit = (await evidence.list({ userId, page: 1, limit: 100, kind: 'app' })).list.find((x) => x.id === id);
    return hit ? itemOf(hit, side) : null;
  };

  return {
    /** Streams a multipart capture file to a temp file while hashing (evidence `stage`); 400 文件不能为空 / 文件大小超过限制. */
    stage: evidence.stage,
    /** Drops a staged file that will not be deposited. */
    discard: evidence.discard,

    /**
     * POST /api/app/capture: deposits one capture of `me`'s acting account (the company for role 2, the
     * member recorded) with its phone info and capture times, charging the capture type's price × units
     * (started minutes for video, audio, screen and audio-video: commerce `unitsFor`) in the deposit
     * transaction. From an upload: its bytes are re-read and hashed whole; depositing the same upload
     * twice answers the first evidence (idempotent). → ZAppItem. Errors (400): 上传任务不存在或已过期，请重新上传,
     * 文件尚未上传完成, 文件校验失败，请重新上传, 可用积分不足，请先充值 (nothing created), 文件不能为空.
     */
    async capture(me: Principal, f: TAppCaptureFields, src: CaptureSource, ip: string | null, source: 'web' | 'app'): Promise<TAppItem> {
      let staged: StagedBlob;
      let fileName: string;
      let uploadId: string | null = null;
      if ('uploadId' in src) {
        const a = await uploads.assemble(me.user.id, src.uploadId);
        if (!a.staged) {
          // Deposited already (a retry after a lost answer): the same evidence again.
          const done = await itemById(me.user.id, a.upload.evidenceId!);
          if (done) return done;
          throw badRequest(APP_MSG.UPLOAD_NOT_FOUND);
        }
        staged = a.staged;
        uploadId = src.uploadId;
        fileName = a.upload.fileName || `${ORDER_TYPE_LABEL[f.captureType]}-${f.startTime}${extOf(a.upload.mime)}`;
      } else {
        staged = src.staged;
        fileName = src.fileName;
      }
      let phoneStaged: StagedBlob | undefined;
      try {
        // The bytes must be what the capture type says: a photo an image, video/screen/audio-video a video,
        // audio an audio file (or a video container: browsers record audio as WebM).
        const ft = (await evidence.sniff(staged, fileName)).fileType;
        const fits = f.captureType === 10 ? ft === 2 : f.captureType === 11 ? ft === 3 || ft === 4 : ft === 4;
        if (!fits) throw badRequest(APP_MSG.TYPE_MISMATCH);
        const duration = f.captureType === 10 ? 0 : f.endTime - f.startTime;
        const units = await deps.unitsFor(f.captureType, duration);
        const phone: TAppDeviceFields = { name: f.name, model_name: f.model_name, version: f.version, processor: f.processor, core: f.core, appAddress: f.appAddress };
        const phoneJson = Buffer.from(JSON.stringify({ ...phone, captureType: f.captureType, startTime: f.startTime, endTime: f.endTime, duration, userAgent: f.userAgent, source }, null, 2));
        phoneStaged = await evidence.stage(Readable.from([phoneJson]), () => false);
        // A recorded audio capture in a WebM/Ogg container sniffs as video: it is filed as audio (p1 §9 type 3).
        const audio = f.captureType === 11;
        const title = f.title || `${ORDER_TYPE_LABEL[f.captureType]} ${chinaTime(f.startTime)}`;
        const r = await evidence.depositArtefacts({
          kind: 'app',
          owner: me.user,
          memberId: actingMemberId(me),
          title,
          label: f.label,
          ip,
          orderType: f.captureType,
          units,
          ...(audio ? { fileType: 3 } : {}),
          artefacts: [
            { role: 'original', name: fileName, staged },
            { role: 'phoneInfo', name: 'phone-info.json', staged: phoneStaged, mime: 'application/json' },
          ],
          inTx: async (tx, ev) => {
            await repo.insert(tx, { evidenceId: ev.id, userId: me.user.id, captureType: f.captureType, name: f.name, modelName: f.model_name, version: f.version, processor: f.processor, core: f.core, appAddress: f.appAddress, userAgent: f.userAgent, source, startedAt: f.startTime, endedAt: f.endTime, duration, units });
            if (uploadId) await uploads.markDeposited(tx, uploadId, ev.id);
          },
        });
        return itemOf(r.item, (await repo.find(db, r.item.id)) ?? undefined);
      } finally {
        await evidence.discard(staged);
        if (phoneStaged) await evidence.discard(phoneStaged);
      }
    },

    /**
     * GET /api/data/getAppDataList (spec p1 §7; the filters of getList: page, limit, label, startTime,
     * endTime, keyword, type) → `{list, count}` of ZAppItem, newest first.
     */
    async list(f: KindListFilter & { type?: number }): Promise<{ list: TAppItem[]; count: number }> {
      const r = await evidence.list({ ...f, kind: 'app' });
      const sides = await repo.findMany(db, r.list.map((x) => x.id));
      return { list: r.list.map((x) => itemOf(x, sides.get(x.id))), count: r.count };
    },

    /**
     * GET /api/share/getAppInfo (baoquan) → the phone info of spec p1 §3 {name, model_name, version,
     * processor, core, appAddress} (public, like the certificate). 400 保全号不存在 for an unknown number,
     * 该证据没有手机信息 for evidence that is not an app capture.
     */
    async appInfo(baoquan: string): Promise<TAppDeviceFields> {
      const row = await evidence.findByBaoquan(baoquan.trim().toUpperCase());
      if (!row) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      const side = row.kind === 'app' ? await repo.find(db, row.id) : null;
      if (!side) throw badRequest(APP_MSG.NO_APP_INFO);
      return phoneOf(side);
    },

    /** The certificate rows of an app evidence (取证类型, 取证设备, 取证时间, 时长), after 证据名称. */
    async describe(row: { id: number }): Promise<Array<{ zh: string; en: string; value: string }>> {
      const side = await repo.find(db, row.id);
      if (!side) return [];
      const device = [side.name, side.modelName, side.version].filter(Boolean).join(' / ') || '—';
      const out = [
        { zh: '取证类型', en: 'Capture type', value: ORDER_TYPE_LABEL[side.captureType] ?? '' },
        { zh: '取证设备', en: 'Device', value: device },
        { zh: '取证开始时间', en: 'Capture start', value: chinaTime(side.startedAt) },
        { zh: '取证结束时间', en: 'Capture end', value: chinaTime(side.endedAt) },
      ];
      if (side.duration > 0) out.push({ zh: '取证时长', en: 'Duration', value: `${side.duration} 秒` });
      if (side.appAddress) out.push({ zh: '取证地点', en: 'Location', value: side.appAddress });
      return out;
    },

    /**
     * GET /api/app/previewUrl (baoquan) → the parts of the owner's preview page
     * /mobile/preview/{fileUrl}/{key}/{type}/{baoquan}: `fileUrl` a signed, expiring media token, `key`
     * the file's SHA-256 (the page shows it), `type` 图片/视频/音频/文档. Owner only (any kind); another
     * user's number answers 400 保全号不存在.
     */
    async previewUrl(userId: number, baoquan: string): Promise<TAppPreviewRes> {
      const row = await evidence.findByBaoquan(baoquan.trim().toUpperCase());
      if (!row || row.userId !== userId || row.deletedAt) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      const side = row.kind === 'app' ? await repo.find(db, row.id) : null;
      const type = side ? APP_TYPE_WORD[side.captureType as AppCaptureType] ?? previewTypeOf(row.fileType) : previewTypeOf(row.fileType);
      const url = deps.downloads.url({ sha256: row.sha256, name: row.fileName, mime: row.mime, evidenceId: row.id });
      return { fileUrl: tokenOf(url), key: row.sha256, type, baoquan: row.baoquan, mime: row.mime, size: row.size };
    },

    /** GET /api/app/mediaStatus/{token}: checks the file against its hash (the /mobile/previewProgress step) → ZAppMediaStatus. */
    async mediaStatus(token: string): Promise<TAppMediaStatus> {
      const { item, blob } = await openMedia(token);
      await blob.close();
      return { ready: true, size: blob.size, sha256: item.sha256, mime: item.mime, name: item.name };
    },

    /** GET /api/app/media/{token}: the verified file of a media ticket, for a ranged response (media.ts). */
    openMedia,
  };
}

export type AppService = ReturnType<typeof appService>;
