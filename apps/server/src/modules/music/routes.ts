/**
 * Routes of music evidence (音乐作品存证; issue 12 §2). The spec names no music calls (spec p2 §2 gives
 * only the pages /evidences-all/music, its download page, /evidencesMusic/{id} and
 * /queryAuthentication/musickeeping), so these paths are ours, named like the data and process calls
 * (contract registry `EVIDENCE_KIND.music.api`; shapes in @cunzheng/contract/music). Owner routes require
 * a session; the share routes are public.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@cunzheng/contract/messages';
import { MUSIC_MAX_BYTES, ZMusicUploadFields } from '@cunzheng/contract/music';
import { ZDataListQuery, ZDelDataQuery, ZDownBaoquanReq, ZDownloadZipReq, ZSaveLabelReq } from '@cunzheng/contract/evidence';
import { ZGetViewQuery, ZShareDownReq } from '@cunzheng/contract/certificate';
import { actingMemberId, type Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { MusicFile, MusicService } from './service.ts';
import type { MusicShareService } from './share.ts';

/** Cleans a client file name (no path parts, bounded). */
const cleanName = (n: string | undefined, fallback: string): string => {
  const base = (n ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || fallback).slice(0, 200);
};

const FILE_FIELDS = ['audio', 'lyrics', 'score'] as const;
type FileField = (typeof FILE_FIELDS)[number];

/** Registers the music routes. `uploadMaxBytes`: the platform's UPLOAD_MAX_BYTES (each file is also bounded by MUSIC_MAX_BYTES). */
export const musicRoutes = (deps: { music: MusicService; share: MusicShareService; sessions: Sessions; uploadMaxBytes: number; evidence: Pick<EvidenceService, 'stage' | 'discard'> }): FastifyPluginAsyncZod => async (app) => {
  const { music, share, sessions } = deps;

  /**
   * POST /api/music/upload (multipart): files `audio` (required; MP3, WAV, FLAC, AAC, M4A, OGG… ≤ 200 MiB),
   * `lyrics` (optional; TXT, LRC, PDF, DOCX ≤ 5 MiB), `score` (optional; PDF, PNG, JPG, MusicXML, MIDI
   * ≤ 50 MiB); fields workTitle (required ≤ 100), lyricist, composer, performer (≤ 50), album (≤ 100), isrc
   * (ISO 3901, hyphens optional), label (≤ 20) → the list item (ZMusicItem: evidence fields + the work;
   * duration in seconds read from the audio). One evidence, charged at order type 6. 400 请上传音频文件 /
   * 文件不能为空 / 文件大小超过限制 / 请输入作品名称 / ISRC格式错误… / 无法识别的音频文件… / 歌词文件只能是… /
   * 曲谱文件只能是… / 可用积分不足，请先充值; nothing stored on failure.
   */
  app.post('/api/music/upload', async (req) => {
    const me = await sessions.required(req);
    if (!req.isMultipart()) throw badRequest(MSG.MUSIC_AUDIO_REQUIRED);
    const fields: Record<string, string> = {};
    const files: Partial<Record<FileField, MusicFile>> = {};
    let handed = false;
    try {
      const fileSize = Math.min(deps.uploadMaxBytes, MUSIC_MAX_BYTES.audio);
      for await (const part of req.parts({ limits: { files: 3, fileSize, fields: 12, fieldSize: 4096 } })) {
        if (part.type === 'file') {
          const f = part as MultipartFile;
          const field = f.fieldname as FileField;
          if (!FILE_FIELDS.includes(field) || files[field]) {
            f.file.resume();
            continue;
          }
          const staged = await deps.evidence.stage(f.file, () => f.file.truncated);
          files[field] = { staged, name: cleanName(f.filename, field === 'audio' ? '音频文件' : field === 'lyrics' ? '歌词.txt' : '曲谱') };
          if (staged.size > MUSIC_MAX_BYTES[field]) throw badRequest(MSG.FILE_TOO_LARGE);
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!files.audio) throw badRequest(MSG.MUSIC_AUDIO_REQUIRED);
      const meta = ZMusicUploadFields.safeParse(fields);
      if (!meta.success) throw badRequest(meta.error.issues[0]?.message ?? MSG.BAD_PARAM);
      handed = true;
      const item = await music.upload({ owner: me.user, memberId: actingMemberId(me), audio: files.audio, lyrics: files.lyrics, score: files.score, fields: meta.data, ip: req.ip });
      return ok(item, MSG.UPLOAD_SUCCESS);
    } finally {
      if (!handed) for (const f of Object.values(files)) if (f) await deps.evidence.discard(f.staged);
    }
  });

  /** GET /api/music/getList (page, limit ≤ 100 default 20, label, startTime, endTime, keyword, type) → `{list, count}` of ZMusicItem. */
  app.get('/api/music/getList', { schema: { querystring: ZDataListQuery } }, async (req) => {
    const me = await sessions.required(req);
    const q = req.query;
    return ok(await music.list({ userId: me.user.id, kind: 'music', page: q.page, limit: q.limit, label: q.label, startTime: q.startTime, endTime: q.endTime, keyword: q.keyword, type: q.type || undefined }));
  });

  /** GET /api/music/getLabelList → `[{label}]`. */
  app.get('/api/music/getLabelList', async (req) => {
    const me = await sessions.required(req);
    return ok(await music.labels(me.user.id));
  });

  /** POST /api/music/saveLabel (dataId, label ≤ 20; '' clears). 400 证据不存在. */
  app.post('/api/music/saveLabel', { schema: { body: ZSaveLabelReq } }, async (req) => {
    const me = await sessions.required(req);
    await music.saveLabel(me.user.id, req.body.dataId, req.body.label);
    return ok(null, MSG.OPERATION_SUCCESS);
  });

  /** GET /api/music/delData (dataId): removes from the owner's list; ledger entry and certificate stay. */
  app.get('/api/music/delData', { schema: { querystring: ZDelDataQuery } }, async (req) => {
    const me = await sessions.required(req);
    await music.remove(me.user.id, req.query.dataId);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/music/downBaoquan (dataId) → `{downUrl}` of the audio (owner only; lyrics and score are on the certificate). */
  app.post('/api/music/downBaoquan', { schema: { body: ZDownBaoquanReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await music.downUrl(me.user.id, req.body.dataId));
  });

  /** POST /api/music/downloadBatch (dataIdStr, ≤ 100 ids) → `{downUrl}` of one zip of the selected works' audio. 400 请选择需要下载的证据 / 无下载文件. */
  app.post('/api/music/downloadBatch', { schema: { body: ZDownloadZipReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await music.zipUrl(me.user.id, req.body.dataIdStr));
  });

  /** GET /api/share/getMusicView (baoquan) → ZMusicView (public; URLs for the owner only). 400 请输入保全号 / 保全号不存在. */
  app.get('/api/share/getMusicView', { schema: { querystring: ZGetViewQuery } }, async (req) => ok(await share.getView(req.query.baoquan, await sessions.optional(req))));

  /** POST /api/share/downMusicBaoquan (baoquan, code[, captchaId, imgCode]) → `{downUrl}` of the audio. Errors as POST /api/share/downBaoquan. */
  app.post('/api/share/downMusicBaoquan', { schema: { body: ZShareDownReq } }, async (req) =>
    ok(await share.extract(req.body.baoquan, req.body.code, req.ip, { captchaId: req.body.captchaId, imgCode: req.body.imgCode })),
  );
};
