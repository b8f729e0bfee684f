/**
 * GET /api/file/:token — the only way bytes leave the platform (DESIGN.md API conventions):
 * a signed, expiring ticket (platform/downloads.ts) naming one blob or several zipped.
 * Sets a UTF-8 Content-Disposition filename (RFC 6266 / RFC 5987). Forged or expired → code 403 envelope.
 * Issue 9 §2: a ticket naming an evidence stops working when the owner deletes it (checked here, at
 * redemption), and every blob is hashed against its recorded SHA-256 before a byte is sent
 * (platform/blobIntegrity.ts): missing → 400 证据缺失不可下载, altered → 400 证据文件校验失败，已通知平台处理,
 * an integrity alert raised in both cases.
 */
import { newZip } from '../../platform/zip.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs.ts';
import { openAllForDownload, openForDownload, type IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { DownloadItem, DownloadSigner } from '../../platform/downloads.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { MSG } from '@cunzheng/contract/messages';

/** `attachment; filename="<ascii>"; filename*=UTF-8''<pct-encoded>` for any Unicode name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())}`;
}

/** Registers the download route. */
export const fileRoutes = (deps: {
  blobs: Pick<BlobStore, 'openVerified'>;
  downloads: DownloadSigner;
  /** The owner's live evidence among `ids` as download items (for zip tickets). */
  zipItems: (ownerId: number, ids: number[]) => Promise<DownloadItem[]>;
  /** Whether evidence `id` still exists and was not deleted by its owner (evidence service `isLive`). */
  isLive: (evidenceId: number) => Promise<boolean>;
  /** Integrity alerts (audit service `integrityAlert`). */
  report: IntegrityReporter;
}): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/file/:token', { schema: { params: z.object({ token: z.string().max(4000) }) } }, async (req, reply) => {
    const ticket = deps.downloads.verify(req.params.token);
    if (!ticket) throw forbidden('下载链接无效或已过期');
    if (ticket.item) {
      if (ticket.item.evidenceId !== undefined && !(await deps.isLive(ticket.item.evidenceId))) throw badRequest(MSG.EVIDENCE_MISSING);
      const blob = await openForDownload(deps.blobs, ticket.item.sha256, deps.report);
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Disposition', contentDisposition(ticket.item.name));
      reply.header('Content-Length', String(blob.size));
      reply.type(ticket.item.mime || 'application/octet-stream');
      return reply.send(blob.stream());
    }
    const items = ticket.zip ? await deps.zipItems(ticket.zip.ownerId, ticket.zip.evidenceIds) : [];
    if (items.length === 0) throw forbidden(MSG.NO_DOWNLOAD_FILE);
    // Every member verified before the first byte of the zip is sent.
    const opened = await openAllForDownload(deps.blobs, items.map((it) => it.sha256), deps.report);
    const streams = opened.map((o) => o.stream());
    // A client that goes away mid-zip: release every descriptor still open.
    reply.raw.on('close', () => streams.forEach((st) => st.destroy()));
    const zip = newZip({ zlib: { level: 1 } });
    const seen = new Map<string, number>();
    items.forEach((it, i) => {
      // Keep names unique inside the archive.
      const n = seen.get(it.name) ?? 0;
      seen.set(it.name, n + 1);
      const name = n === 0 ? it.name : it.name.replace(/(\.[^.]*)?$/, `(${n})$1`);
      zip.append(streams[i]!, { name });
    });
    void zip.finalize().catch(() => undefined);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Disposition', contentDisposition(ticket.zip?.zipName ?? 'download.zip'));
    reply.type('application/zip');
    return reply.send(zip);
  });
};
