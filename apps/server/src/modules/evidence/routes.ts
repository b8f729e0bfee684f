/**
 * Data-deposit routes (issue 2 §4; spec p1 §2–4, §7, §9). All require a session.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BATCH_DOWNLOAD_MAX, PAGE_SIZE } from '@cunzheng/contract/constants';
import type { Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { EvidenceService } from './service.ts';
import type { StagedBlob } from '../../platform/blobs.ts';

const zId = z.coerce.number({ error: '证据编号错误' }).int('证据编号错误').positive('证据编号错误').max(Number.MAX_SAFE_INTEGER, '证据编号错误');
const zLabel = z.string({ error: '请输入标签' }).trim().max(20, '标签不能超过20个字');
const zTitle = z.string().trim().max(100, '证据名称不能超过100个字');
const zIdList = z
  .string({ error: '请选择需要下载的证据' })
  .max(2000, '一次最多下载100个证据')
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,15}$/, '证据编号错误').transform(Number), { error: '证据编号错误' }).min(1, '请选择需要下载的证据').max(BATCH_DOWNLOAD_MAX, `一次最多下载${BATCH_DOWNLOAD_MAX}个证据`));
/** Unix seconds, as a string from the query. */
const zUnix = z.coerce.number({ error: '时间格式错误' }).int('时间格式错误').min(0, '时间格式错误').max(4102444800, '时间格式错误');

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.evidence),
  label: z.string().trim().max(20, '标签不能超过20个字').optional(),
  startTime: z.union([z.literal(''), zUnix]).optional(),
  endTime: z.union([z.literal(''), zUnix]).optional(),
  keyword: z.string().trim().max(100, '关键词不能超过100个字').optional(),
  /** p1 §9: 0 all, 1 documents, 2 images, 3 audio, 4 video, 5 other. */
  type: z.coerce.number().int().min(0, '类型错误').max(5, '类型错误').optional(),
  v: z.string().max(40).optional(),
});

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
    if (!req.isMultipart()) throw badRequest('请选择要上传的文件');
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
      if (!staged) throw badRequest('请选择要上传的文件');
      const title = zTitle.safeParse(fields.title ?? '');
      if (!title.success) throw badRequest(title.error.issues[0]?.message ?? '证据名称格式错误');
      const label = zLabel.safeParse(fields.label ?? '');
      if (!label.success) throw badRequest(label.error.issues[0]?.message ?? '标签格式错误');
      const item = await evidence.deposit({ owner: me.user, staged, fileName, title: title.data, label: label.data, ip: req.ip });
      staged = undefined;
      return ok(item, '上传成功');
    } finally {
      if (staged) await evidence.discard(staged);
    }
  });

  /** GET /api/data/getList (limit 20, label, startTime, endTime, keyword, page, type) → `{list, count}` (p1 §7). */
  app.get('/api/data/getList', { schema: { querystring: ZListQuery } }, async (req) => {
    const me = await sessions.required(req);
    const q = req.query;
    const r = await evidence.list({
      userId: me.user.id,
      kind: 'data',
      page: q.page,
      limit: q.limit,
      label: q.label || undefined,
      startTime: q.startTime === '' ? undefined : q.startTime,
      endTime: q.endTime === '' ? undefined : q.endTime,
      keyword: q.keyword || undefined,
      type: q.type || undefined,
    });
    return ok(r);
  });

  /** GET /api/data/getLabelList → `[{label}]`. */
  app.get('/api/data/getLabelList', async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.labels(me.user.id));
  });

  /** POST /api/data/saveLabel (dataId, label ≤20; empty clears it). */
  app.post('/api/data/saveLabel', { schema: { body: z.object({ dataId: zId, label: zLabel }) } }, async (req) => {
    const me = await sessions.required(req);
    await evidence.saveLabel(me.user.id, req.body.dataId, req.body.label);
    return ok(null, '操作成功');
  });

  /** GET /api/data/delData (dataId): removes from the owner's list; ledger entry and certificate stay. */
  app.get('/api/data/delData', { schema: { querystring: z.object({ dataId: zId }) } }, async (req) => {
    const me = await sessions.required(req);
    await evidence.remove(me.user.id, req.query.dataId);
    return ok(null, '删除成功');
  });

  /** POST /api/data/downBaoquan (dataId) → `{downUrl}` (owner only). */
  app.post('/api/data/downBaoquan', { schema: { body: z.object({ dataId: zId }) } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.downUrl(me.user.id, req.body.dataId));
  });

  /** POST /api/data/downloadBatch (dataIdStr: comma-separated ids, ≤100) → `[url, …]` (p1 §4, §7). */
  app.post('/api/data/downloadBatch', { schema: { body: z.object({ dataIdStr: zIdList }) } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.batchUrls(me.user.id, req.body.dataIdStr));
  });

  /** POST /api/data/downloadZip (dataIdStr) → `{downUrl}` of one zip of the selected files. */
  app.post('/api/data/downloadZip', { schema: { body: z.object({ dataIdStr: zIdList }) } }, async (req) => {
    const me = await sessions.required(req);
    return ok(await evidence.zipUrl(me.user.id, req.body.dataIdStr));
  });
};
