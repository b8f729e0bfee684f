/**
 * Data-deposit routes (issue 2 §4; spec p1 §2–4, §7, §9). All require a session.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDataListQuery, ZDataUploadFields, ZDelDataQuery, ZDownBaoquanReq, ZDownloadBatchReq, ZDownloadZipReq, ZSaveLabelReq } from '@cunzheng/contract/evidence';
import { MSG } from '@cunzheng/contract/messages';
import { actingMemberId, type Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { EvidenceService } from './service.ts';
import type { StagedBlob } from '../../platform/blobs.ts';

/** Cleans a client file name (no path parts, bounded). */
const cleanName = (n: string | undefined): string => {
  const base = (n ?? '').split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return (base || '未命名文件').slice(0, 200);
};

/** Registers the data-deposit routes. */
export const evidenceRoutes = (deps: { evidence: EvidenceService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { evidence, sessions } = deps;

  /**
   * POST /api/data/upload (multipart: `file`; optional `title` ≤100, `label` ≤20, before or after the file)
   * → `{id, baoquan, title, fileType, size, sha256, label, saveTime, chainhash}` (spec p1 §7; size in bytes,
   * saveTime Unix seconds). 400 请选择要上传的文件 / 文件不能为空 / 文件大小超过限制; nothing stored on failure.
   */
  app.post('/api/data/upload', async (req) => {
    const me = await sessions.required(req);
    if (!req.isMultipart()) throw badRequest(MSG.FILE_REQUIRED);
    const fields: Record<string, string> = {};
    let staged: StagedBlob | undefined;
    let fileName = '';
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const f = part as MultipartFile;
          if (f.fieldname !== 'file' || staged) {
            f.file.resume();
            continue;
          }
          fileName = cleanName(f.filename);
          staged = await evidence.stage(f.file, () => f.file.truncated);
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (!staged) throw badRequest(MSG.FILE_REQUIRED);
      const meta = ZDataUploadFields.safeParse(fields);
      if (!meta.success) throw badRequest(meta.error.issues[0]?.message ?? MSG.BAD_PARAM);
      const item = await evidence.deposit({ owner: me.user, memberId: actingMemberId(me), staged, fileName, title: meta.data.title, label: meta.data.label, ip: req.ip });
      staged = undefined;
      return ok(item, MSG.UPLOAD_SUCCESS);
    } finally {
      if (staged) await evidence.discard(staged);
    }
  });

  /** GET /api/data/getList (limit 20, label, startTime, endTime, keyword, page, type) → `{list, count}` (p1 §7). */
  app.get('/api/data/getList', { schema: { querystring: ZDataListQuery } }, async (req) => {
    const me = await sessions.required(req);
    const q = req.query;
    const r = await evidence.list({ userId: me.user.id, kind: 'data', page: q.page, limit: q.limit, label: q.label, startTime: q.startTime, endTime: q.endTime, keyword: q.keyword, type: q.type || undefined });
    return ok(r);
  });

  /** GET /api/data/getLabelList → `[{label}]`. */
  app.get('/api/data/getLabelList', async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.labels(me.user.id));
  });

  /** POST /api/data/saveLabel (dataId, label ≤20; empty clears it). */
  app.post('/api/data/saveLabel', { schema: { body: ZSaveLabelReq } }, async (req) => {
    const me = await sessions.required(req);
    await evidence.saveLabel(me.user.id, req.body.dataId, req.body.label);
    return ok(null, MSG.OPERATION_SUCCESS);
  });

  /** GET /api/data/delData (dataId): removes from the owner's list; ledger entry and certificate stay. */
  app.get('/api/data/delData', { schema: { querystring: ZDelDataQuery } }, async (req) => {
    const me = await sessions.required(req);
    await evidence.remove(me.user.id, req.query.dataId);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/data/downBaoquan (dataId) → `{downUrl}` (owner only). */
  app.post('/api/data/downBaoquan', { schema: { body: ZDownBaoquanReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.downUrl(me.user.id, req.body.dataId));
  });

  /** POST /api/data/downloadBatch (dataIdStr: comma-separated ids, ≤100) → `[url, …]` (p1 §4, §7). */
  app.post('/api/data/downloadBatch', { schema: { body: ZDownloadBatchReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.batchUrls(me.user.id, req.body.dataIdStr));
  });

  /** POST /api/data/downloadZip (dataIdStr) → `{downUrl}` of one zip of the selected files. */
  app.post('/api/data/downloadZip', { schema: { body: ZDownloadZipReq } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.zipUrl(me.user.id, req.body.dataIdStr));
  });
};
