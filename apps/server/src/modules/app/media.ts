/**
 * Ranged media for the preview pages (issue 12 §1: /mobile/preview plays video and audio with HTTP range
 * requests, RFC 9110 §14). GET /api/app/media/{token} answers the whole file (200) or one byte range
 * (206 with Content-Range); `Accept-Ranges: bytes`; an unsatisfiable range → 416 with
 * `Content-Range: bytes *\/size`; several ranges are answered with the first. Every answer is hashed
 * against the evidence's SHA-256 before a byte is sent (platform/blobIntegrity.ts); only harmless types
 * are served inline (`inlineType`), under a sandboxing Content-Security-Policy.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_MSG } from '@cunzheng/contract/app';
import { ok } from '../../platform/errors.ts';
import type { AppService } from './service.ts';

/** A parsed Range header against `size`: the inclusive byte span, 'none' (no/ignored header) or 'bad' (unsatisfiable). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'none' | 'bad' {
  if (!header) return 'none';
  const m = /^bytes=(\d*)-(\d*)/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'none';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end) return 'bad';
  return { start, end };
}

/** `inline; filename*=UTF-8''…` (shown) or `attachment; …` (downloaded) for a media answer. */
const disposition = (how: 'inline' | 'attachment', name: string) => `${how}; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Media types shown inline (images but not SVG, video, audio, plain text); anything else (HTML, SVG, XML,
 * PDF …) is sent as an attachment of type application/octet-stream, so deposited content never runs in the
 * platform's origin. Every answer also carries a sandboxing `Content-Security-Policy`.
 */
export const inlineType = (mime: string): string | null => {
  const m = mime.toLowerCase().split(';')[0]!.trim();
  if (m === 'image/svg+xml') return null;
  return /^(image|video|audio)\/[a-z0-9.+-]+$/.test(m) || m === 'text/plain' ? m : null;
};

const ZToken = z.object({ token: z.string().min(10, APP_MSG.PREVIEW_INVALID).max(4000, APP_MSG.PREVIEW_INVALID) });

/** Registers the media routes. */
export const mediaRoutes = (deps: { app: AppService }): FastifyPluginAsyncZod => async (app) => {
  /** GET /api/app/mediaStatus/{token} → ZAppMediaStatus once the file checked against its hash (public: the token is the permission). */
  app.get('/api/app/mediaStatus/:token', { schema: { params: ZToken, tags: ['app'], summary: '预览文件校验（/mobile/previewProgress）' } }, async (req) => ok(await deps.app.mediaStatus(req.params.token)));

  /** GET /api/app/media/{token}: the file, whole or one range (see the file comment). 400 预览链接无效或已过期 / 证据缺失不可下载. */
  app.get('/api/app/media/:token', { schema: { params: ZToken, tags: ['app'], summary: '预览媒体（支持 Range 分段）' } }, async (req, reply) => {
    const { item, blob } = await deps.app.openMedia(req.params.token);
    const range = parseRange(req.headers.range, blob.size);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const type = inlineType(item.mime || '');
    reply.header('Content-Disposition', disposition(type ? 'inline' : 'attachment', item.name));
    reply.type(type ?? 'application/octet-stream');
    if (range === 'bad') {
      await blob.close();
      reply.code(416).header('Content-Range', `bytes */${blob.size}`);
      return reply.send();
    }
    if (range === 'none') {
      reply.header('Content-Length', String(blob.size));
      return reply.send(blob.stream());
    }
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
    return reply.send(blob.stream(range));
  });
};
