/**
 * GET /api/file/:token — the only way bytes leave the platform (DESIGN.md API conventions):
 * a signed, expiring ticket (platform/downloads.ts) naming one blob or several zipped.
 * Sets a UTF-8 Content-Disposition filename (RFC 6266 / RFC 5987). Forged or expired → code 403 envelope.
 */
import { ZipArchive } from 'archiver';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs.ts';
import type { DownloadItem, DownloadSigner } from '../../platform/downloads.ts';
import { forbidden } from '../../platform/errors.ts';
import { MSG } from '@cunzheng/contract/messages';

/** `attachment; filename="<ascii>"; filename*=UTF-8''<pct-encoded>` for any Unicode name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())}`;
}

/** Registers the download route. */
export const fileRoutes = (deps: {
  blobs: BlobStore;
  downloads: DownloadSigner;
  /** The owner's live evidence among `ids` as download items (for zip tickets). */
  zipItems: (ownerId: number, ids: number[]) => Promise<DownloadItem[]>;
}): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/file/:token', { schema: { params: z.object({ token: z.string().max(4000) }) } }, async (req, reply) => {
    const ticket = deps.downloads.verify(req.params.token);
    if (!ticket) throw forbidden('下载链接无效或已过期');
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (ticket.item) {
      reply.header('Content-Disposition', contentDisposition(ticket.item.name));
      reply.type(ticket.item.mime || 'application/octet-stream');
      return reply.send(deps.blobs.open(ticket.item.sha256));
    }
    const items = ticket.zip ? await deps.zipItems(ticket.zip.ownerId, ticket.zip.evidenceIds) : [];
    if (items.length === 0) throw forbidden(MSG.NO_DOWNLOAD_FILE);
    const zip = new ZipArchive({ zlib: { level: 1 } });
    const seen = new Map<string, number>();
    for (const it of items) {
      // Keep names unique inside the archive.
      const n = seen.get(it.name) ?? 0;
      seen.set(it.name, n + 1);
      const name = n === 0 ? it.name : it.name.replace(/(\.[^.]*)?$/, `(${n})$1`);
      zip.append(deps.blobs.open(it.sha256), { name });
    }
    void zip.finalize();
    reply.header('Content-Disposition', contentDisposition(ticket.zip?.zipName ?? 'download.zip'));
    reply.type('application/zip');
    return reply.send(zip);
  });
};
