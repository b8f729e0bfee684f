/**
 * Signature routes (issue 5 §4; spec p1 §7 "POST /api/signature/listing; /del (id); /setDefault (id)",
 * p1 §8 "the server msg for … set default and delete"). Login required (401 / 408 otherwise).
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNATURE_LIMITS, ZSignatureAddFields, ZSignatureGenerateReq, ZSignatureIdReq } from '@cunzheng/contract/account';
import { MSG } from '@cunzheng/contract/messages';
import type { Sessions } from '../../platform/auth.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { SignatureService } from './service.ts';

/** Reads a multipart file into memory up to `max` bytes; null when it is larger (the rest is drained). */
async function readLimited(f: MultipartFile, max: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of f.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) over = true;
    else parts.push(chunk);
  }
  return over || f.file.truncated ? null : Buffer.concat(parts);
}

/**
 * Per-request multipart options: files above 2 MB end truncated instead of throwing, so the answer is the
 * stamp's own message (签章图片不能超过2M). `throwFileSizeLimit` is read at runtime but missing from the type.
 */
const partsOptions = { limits: { fileSize: SIGNATURE_LIMITS.maxBytes }, throwFileSizeLimit: false } as { limits: { fileSize: number } };

/** Registers the signature routes. */
export const signatureRoutes = (deps: { signatures: SignatureService; sessions: Sessions }): FastifyPluginAsyncZod => async (app) => {
  const { signatures, sessions } = deps;

  /** POST /api/signature/listing → `[{id, name, pic_url, add_time, is_default}]` of the caller's stamps. */
  app.post('/api/signature/listing', async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await signatures.list(me.user.id));
  });

  /** POST /api/signature/del (id) → null, msg 删除成功; 400 签章不存在 (also for another user's id). */
  app.post('/api/signature/del', { schema: { body: ZSignatureIdReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    await signatures.remove(me.user.id, req.body.id, req.ip);
    return ok(null, MSG.DELETE_SUCCESS);
  });

  /** POST /api/signature/setDefault (id) → null, msg 设置成功; 400 签章不存在. */
  app.post('/api/signature/setDefault', { schema: { body: ZSignatureIdReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    await signatures.setDefault(me.user.id, req.body.id, req.ip);
    return ok(null, MSG.SET_DEFAULT_SUCCESS);
  });

  /**
   * POST /api/signature/add (multipart `file` PNG ≤ 2 MB, `name` ≤ 20) → `{id, pic_url}`, msg 添加成功.
   * 400 请选择要上传的文件 / 签章图片不能超过2M / 签章图片只能是PNG格式 / 签章图片宽高需在50至2000像素之间 /
   * 请输入签章名称 / 签章名称不能超过20个字符 / 最多保存20个签章.
   */
  app.post('/api/signature/add', async (req) => {
    const me = await sessions.mainRole(req);
    if (!req.isMultipart()) throw badRequest(MSG.FILE_REQUIRED);
    const fields: Record<string, string> = {};
    let png: Buffer | null | undefined;
    for await (const part of req.parts(partsOptions)) {
      if (part.type === 'file') {
        const f = part as MultipartFile;
        if (f.fieldname !== 'file' || png !== undefined) {
          f.file.resume();
          continue;
        }
        png = await readLimited(f, SIGNATURE_LIMITS.maxBytes);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (png === undefined) throw badRequest(MSG.FILE_REQUIRED);
    if (png === null) throw badRequest(MSG.SIGNATURE_TOO_LARGE);
    if (png.length === 0) throw badRequest(MSG.FILE_EMPTY);
    const meta = ZSignatureAddFields.safeParse(fields);
    if (!meta.success) throw badRequest(meta.error.issues[0]?.message ?? MSG.BAD_PARAM);
    return ok(await signatures.upload(me.user.id, meta.data.name, png, req.ip), MSG.ADD_SUCCESS);
  });

  /**
   * POST /api/signature/generate (type company | personal, name, subText?) → `{id, pic_url}`, msg 添加成功.
   * 400 请选择印章类型 / 请输入印章文字 / 个人印章请输入2-4个汉字 / 企业名称至少2个字符 / 最多保存20个签章.
   */
  app.post('/api/signature/generate', { schema: { body: ZSignatureGenerateReq } }, async (req) => {
    const me = await sessions.mainRole(req);
    return ok(await signatures.generate(me.user.id, req.body, req.ip), MSG.ADD_SUCCESS);
  });
};
