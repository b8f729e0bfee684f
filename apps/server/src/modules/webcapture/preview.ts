/**
 * POST /api/webforensics/preview (issue 4 §2): a quick look at a URL before preserving it — the same
 * isolated browser and address guard as a capture, but only a 1366×768 viewport screenshot, the title
 * and the final URL; nothing is preserved. Previews are cached per user and URL for 5 minutes and kept
 * 1 hour (the PNG lives in the preview row and goes with it). The screenshot is served through a signed,
 * expiring URL: /api/webforensics/previewShot?id=&exp=&sig= (HMAC-SHA256 with a key in DATA_DIR).
 */
import crypto from 'node:crypto';
import type { TWebPreviewRes } from '@cunzheng/contract/forensics';
import type { Db } from '../../db/client.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { CaptureFailure, capturePage, captureUserAgent } from '../../platform/capture/engine.ts';
import * as repo from './repo.ts';
import type { CaptureSettings } from './runner.ts';

/** A preview is answered again from the cache within this time. */
export const PREVIEW_REUSE_MS = 5 * 60_000;
/** Previews are deleted after this time. */
export const PREVIEW_KEEP_MS = 60 * 60_000;
/** Previews per user per 10 minutes (each costs a browser page load). */
export const PREVIEW_LIMIT = { max: 30, windowSeconds: 600 } as const;
/** Longest preview, ms (at most the capture timeout). */
const PREVIEW_TIMEOUT_MS = 30_000;

export interface PreviewDeps {
  db: Db;
  pool: BrowserPool;
  settings: CaptureSettings;
  limiter: RateLimiter;
  /** HMAC key of screenshot URLs. */
  urlKey: Buffer;
  /** Lifetime of a screenshot URL, seconds. */
  urlTtlSeconds: number;
}

/** Builds the preview service. */
export function previewService(deps: PreviewDeps) {
  const mac = (id: string, exp: number) => crypto.createHmac('sha256', deps.urlKey).update(`${id}.${exp}`).digest('base64url');
  const shotUrl = (id: string) => {
    const exp = Math.floor(Date.now() / 1000) + deps.urlTtlSeconds;
    return `/api/webforensics/previewShot?id=${id}&exp=${exp}&sig=${mac(id, exp)}`;
  };
  let lastPurge = 0;

  return {
    /**
     * A preview of `url` (validated) for user `userId`. 400 with the reason the page could not be shown
     * (目标地址不允许访问, DNS 解析失败, 访问超时, HTTP 状态码 404 …); 400 操作过于频繁 above the limit.
     */
    async preview(userId: number, url: string): Promise<TWebPreviewRes> {
      if (Date.now() - lastPurge > 10 * 60_000) {
        lastPurge = Date.now();
        await repo.purgePreviews(deps.db, new Date(Date.now() - PREVIEW_KEEP_MS));
      }
      const cached = await repo.findPreview(deps.db, userId, url, new Date(Date.now() - PREVIEW_REUSE_MS));
      if (cached) return { previewId: cached.id, title: cached.title, finalUrl: cached.finalUrl, screenshotUrl: shotUrl(cached.id) };
      await deps.limiter.hit([{ key: `webpreview:user:${userId}`, ...PREVIEW_LIMIT }]);
      const s = deps.settings;
      let r;
      try {
        r = await capturePage(deps.pool, {
          url,
          mode: 'preview',
          timeoutMs: Math.min(s.timeoutMs, PREVIEW_TIMEOUT_MS),
          maxBytes: s.maxBytes,
          allowHosts: s.allowHosts,
          userAgent: captureUserAgent(s.chromiumPath),
        });
      } catch (e) {
        if (e instanceof CaptureFailure) throw badRequest(e.message);
        throw e;
      }
      const id = crypto.randomUUID();
      await repo.insertPreview(deps.db, { id, userId, url, finalUrl: r.finalUrl, title: r.title, screenshot: r.screenshot });
      return { previewId: id, title: r.title, finalUrl: r.finalUrl, screenshotUrl: shotUrl(id) };
    },

    /** The PNG of a signed preview-screenshot URL, or null when forged, expired or purged. */
    async screenshot(q: { id: string; exp: number; sig: string }): Promise<Buffer | null> {
      if (q.exp < Date.now() / 1000) return null;
      const want = Buffer.from(mac(q.id, q.exp));
      const got = Buffer.from(q.sig);
      if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) return null;
      return (await repo.findPreviewById(deps.db, q.id))?.screenshot ?? null;
    },
  };
}

export type PreviewService = ReturnType<typeof previewService>;
