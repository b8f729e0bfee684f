/**
 * Resumable upload endpoint of app captures (issue 12 §1): the tus 1.0.0 core protocol with the
 * `creation` and `termination` extensions (https://tus.io/protocols/resumable-upload), spoken by
 * tus-js-client in the web capture page and by any tus client of a native app. Token-authenticated like
 * every call (`Authorization: Bearer <token>`). Answers are tus HTTP statuses, not the `{code,msg,data}`
 * envelope (tus clients read statuses and headers); an error carries a JSON `{code,msg}` body.
 *
 *   OPTIONS /api/app/uploads        → 204 Tus-Version, Tus-Extension, Tus-Max-Size
 *   POST    /api/app/uploads        Upload-Length (bytes), Upload-Metadata (filename, filetype; base64)
 *                                   → 201 Location: /api/app/uploads/{id}
 *   HEAD    /api/app/uploads/{id}   → 200 Upload-Offset, Upload-Length (bytes)
 *   PATCH   /api/app/uploads/{id}   Content-Type application/offset+octet-stream, Upload-Offset
 *                                   → 204 Upload-Offset (the bytes that arrived, also when the
 *                                     connection dropped); 409 offset mismatch, 413 too large, 415 type
 *   DELETE  /api/app/uploads/{id}   → 204
 * 401/408 without a valid session, 404 for an unknown, foreign or expired upload, 412 for another
 * Tus-Resumable version. Once the offset equals the length, deposit it with POST /api/app/capture (uploadId).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_VERSION } from '@cunzheng/contract/app';
import { MSG } from '@cunzheng/contract/messages';
import type { Principal, Sessions } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { cleanName, tolerantBody, TusError, type UploadStore } from './uploads.ts';

const BASE = '/api/app/uploads';
const ID_RE = /^[A-Za-z0-9_-]{1,40}$/;

/** Parses a tus Upload-Metadata header (`key base64,key base64`) into strings (bounded). */
export function parseMetadata(h: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  for (const pair of h.slice(0, 4000).split(',')) {
    const [k, v] = pair.trim().split(' ');
    if (!k || !/^[A-Za-z0-9_.-]{1,50}$/.test(k)) continue;
    out[k] = v ? Buffer.from(v, 'base64').toString('utf8').slice(0, 255) : '';
  }
  return out;
}

/** Registers the tus endpoint. */
export const tusRoutes = (deps: { uploads: UploadStore; sessions: Sessions }): FastifyPluginAsync => async (app) => {
  const { uploads, sessions } = deps;
  // The PATCH body is streamed by the handler (never buffered, no body limit applies to it).
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const send = (reply: FastifyReply, status: number, headers: Record<string, string> = {}, body?: { code: number; msg: string }) => {
    reply.code(status).header('Tus-Resumable', TUS_VERSION).header('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return body ? reply.type('application/json; charset=utf-8').send(body) : reply.send();
  };

  /** Runs a tus handler: session and version checks, errors as statuses. */
  const handle = (fn: (req: FastifyRequest, reply: FastifyReply, me: Principal) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const v = req.headers['tus-resumable'];
      if (v !== undefined && v !== TUS_VERSION) return send(reply, 412, { 'Tus-Version': TUS_VERSION }, { code: 400, msg: MSG.BAD_PARAM });
      const me = await sessions.required(req);
      return await fn(req, reply, me);
    } catch (e) {
      if (e instanceof TusError) return send(reply, e.status, {}, { code: e.status === 404 ? 400 : e.status, msg: e.message });
      if (e instanceof AppError) return send(reply, e.code === 400 ? 400 : e.code, {}, { code: e.code, msg: e.message });
      throw e;
    }
  };

  const idOf = (req: FastifyRequest): string => {
    const id = (req.params as { id?: string }).id ?? '';
    if (!ID_RE.test(id)) throw new TusError(404, '上传任务不存在或已过期，请重新上传');
    return id;
  };

  app.options(BASE, { schema: { tags: ['app'], summary: '断点续传：协议能力（tus 1.0.0）', description: '204 with Tus-Version, Tus-Extension (creation,termination), Tus-Max-Size (bytes).' } }, async (_req, reply) => send(reply, 204, { 'Tus-Version': TUS_VERSION, 'Tus-Extension': 'creation,termination', 'Tus-Max-Size': String(uploads.maxBytes) }));

  app.post(BASE, { schema: { tags: ['app'], summary: '断点续传：创建上传（tus creation）', description: 'Bearer token. Headers Tus-Resumable: 1.0.0, Upload-Length (bytes), Upload-Metadata (filename, filetype; base64). 201 with Location /api/app/uploads/{id}; 413 over the size limit.' } }, handle(async (req, reply, me) => {
    const raw = req.headers['upload-length'];
    const length = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(length)) throw new TusError(400, '请选择要上传的文件');
    const meta = parseMetadata(req.headers['upload-metadata'] as string | undefined);
    const id = await uploads.create(me.user.id, length, cleanName(meta.filename ?? meta.name), (meta.filetype ?? meta.type ?? '').slice(0, 120));
    return send(reply, 201, { Location: `${BASE}/${id}`, 'Upload-Offset': '0' });
  }));

  app.head(`${BASE}/:id`, { schema: { tags: ['app'], summary: '断点续传：查询已上传字节（tus HEAD）', description: '200 with Upload-Offset and Upload-Length (bytes); 404 unknown, foreign or expired.' } }, handle(async (req, reply, me) => {
    const up = await uploads.head(me.user.id, idOf(req));
    return send(reply, 200, { 'Upload-Offset': String(up.offset), 'Upload-Length': String(up.length) });
  }));

  app.patch(`${BASE}/:id`, { schema: { tags: ['app'], summary: '断点续传：追加数据（tus PATCH）', description: 'Content-Type application/offset+octet-stream, Upload-Offset = the current offset. 204 with the new Upload-Offset (what arrived is kept when the connection drops); 409 offset mismatch; 413 past the length; 415 wrong type. When the offset equals the length, deposit with POST /api/app/capture (uploadId).' } }, handle(async (req, reply, me) => {
    const body = tolerantBody(req.raw);
    const drain = () => body.resume();
    if (req.headers['content-type'] !== 'application/offset+octet-stream') {
      drain();
      return send(reply, 415, {}, { code: 400, msg: MSG.BAD_PARAM });
    }
    const raw = req.headers['upload-offset'];
    const offset = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(offset)) {
      drain();
      return send(reply, 400, {}, { code: 400, msg: MSG.BAD_PARAM });
    }
    try {
      const next = await uploads.append(me.user.id, idOf(req), offset, body);
      return send(reply, 204, { 'Upload-Offset': String(next) });
    } catch (e) {
      drain();
      throw e;
    }
  }));

  app.delete(`${BASE}/:id`, { schema: { tags: ['app'], summary: '断点续传：放弃上传（tus termination）' } }, handle(async (req, reply, me) => {
    await uploads.remove(me.user.id, idOf(req));
    return send(reply, 204);
  }));
};
