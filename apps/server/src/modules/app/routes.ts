/**
 * App evidence routes (issue 12 §1; spec p1 §2–3, §7, §9). The capture call is the app API of a future
 * native app as well as of the mobile web capture page: token-authenticated (`Authorization: Bearer`),
 * documented in the OpenAPI document (/api/openapi.json, tag `app`). Resumable uploads: tus.ts.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_MSG, ZAppCaptureFields, type TAppCaptureFields } from '@cunzheng/contract/app';
import { ZAppInfoQuery } from '@cunzheng/contract/certificate';
import { ZDataListQuery } from '@cunzheng/contract/evidence';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import type { StagedBlob } from '../../platform/blobs.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { AppService } from './service.ts';
import { cleanName } from './uploads.ts';

/** Parses the capture fields; 400 with the first field's message. */
const fieldsOf = (raw: unknown): TAppCaptureFields => {
  const r = ZAppCaptureFields.safeParse(raw);
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? MSG.BAD_PARAM);
  return r.data;
};

/** Registers the app evidence routes. */
export const appRoutes = (deps: { app: AppService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { sessions } = deps;
  const svc = deps.app;

  /**
   * POST /api/app/capture — deposits one capture (ZAppCaptureFields: captureType 10 photo / 12 video /
   * 11 audio / 13 screen / 6 audio-video, phone info name, model_name, version, processor, core,
   * appAddress, startTime, endTime Unix seconds, optional title, label, userAgent) with EITHER `uploadId`
   * (a completed tus upload, form or JSON body) OR a multipart `file`. Header `X-Capture-Source: app`
   * marks a native app (default: the web capture page). → ZAppItem, msg 上传成功. Errors 400: the field's
   * message, 请选择要上传的文件, 上传任务不存在或已过期，请重新上传, 文件尚未上传完成, 可用积分不足，请先充值.
   */
  app.post('/api/app/capture', { schema: { tags: ['app'], summary: 'App取证：保全一次拍照/录像/录音/录屏（含手机信息）', description: 'Bearer token. Body: uploadId (after a tus upload to /api/app/uploads) or multipart file, plus captureType, startTime, endTime, name, model_name, version, processor, core, appAddress, title, label, userAgent.' } }, async (req) => {
    const me = await sessions.required(req);
    const source = String(req.headers['x-capture-source'] ?? '').toLowerCase() === 'app' ? 'app' : 'web';
    const ua = String(req.headers['user-agent'] ?? '').slice(0, 500);
    if (!req.isMultipart()) {
      const f = fieldsOf({ userAgent: ua, ...(req.body as Record<string, unknown> | undefined) });
      if (!f.uploadId) throw badRequest(APP_MSG.UPLOAD_OR_FILE);
      return ok(await svc.capture(me, f, { uploadId: f.uploadId }, req.ip, source), MSG.UPLOAD_SUCCESS);
    }
    const fields: Record<string, string> = { userAgent: ua };
    let staged: StagedBlob | undefined;
    let fileName = '';
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          const file = part as MultipartFile;
          if (file.fieldname !== 'file' || staged) {
            file.file.resume();
            continue;
          }
          fileName = cleanName(file.filename, '未命名文件');
          staged = await svc.stage(file.file, () => file.file.truncated);
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const f = fieldsOf(fields);
      if (f.uploadId) {
        if (staged) await svc.discard(staged);
        staged = undefined;
        return ok(await svc.capture(me, f, { uploadId: f.uploadId }, req.ip, source), MSG.UPLOAD_SUCCESS);
      }
      if (!staged) throw badRequest(APP_MSG.UPLOAD_OR_FILE);
      const s = staged;
      staged = undefined; // capture discards it
      return ok(await svc.capture(me, f, { staged: s, fileName }, req.ip, source), MSG.UPLOAD_SUCCESS);
    } finally {
      if (staged) await svc.discard(staged);
    }
  });

  /** GET /api/data/getAppDataList — the getList filters (spec p1 §7: limit 20, label, startTime, endTime, keyword, page, type) → `{list, count}` of ZAppItem. */
  app.get('/api/data/getAppDataList', { schema: { querystring: ZDataListQuery, tags: ['app'], summary: 'App取证列表' } }, async (req) => {
    const me = await sessions.required(req);
    const q = req.query;
    return ok(await svc.list({ userId: me.user.id, page: q.page, limit: q.limit, label: q.label, startTime: q.startTime, endTime: q.endTime, keyword: q.keyword, type: q.type || undefined }));
  });

  /** GET /api/share/getAppInfo (baoquan) → phone info {name, model_name, version, processor, core, appAddress} (spec p1 §3, §7; public). */
  app.get('/api/share/getAppInfo', { schema: { querystring: ZAppInfoQuery, tags: ['app'], summary: '证书的手机信息' } }, async (req) => ok(await svc.appInfo(req.query.baoquan)));

  /** GET /api/app/previewUrl (baoquan) → ZAppPreviewRes: the owner's /mobile/preview path parts. 400 保全号不存在. */
  app.get('/api/app/previewUrl', { schema: { querystring: z.object({ baoquan: z.string().trim().min(1, MSG.BAOQUAN_NOT_FOUND).max(32, MSG.BAOQUAN_NOT_FOUND) }), tags: ['app'], summary: '预览链接（本人）' } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await svc.previewUrl(me.user.id, req.query.baoquan));
  });
};
