/**
 * Signed, expiring download URLs (DESIGN.md API conventions: files leave only through `downUrl`).
 * A URL is `/api/file/<payload>.<hmac>`; the payload names blobs and the download file name.
 */
import crypto from 'node:crypto';

export interface DownloadItem {
  /** Blob address. */
  sha256: string;
  /** File name offered to the browser (UTF-8). */
  name: string;
  mime: string;
}

export interface DownloadTicket {
  /** One file, or several zipped under `zipName`. */
  items: DownloadItem[];
  zipName?: string;
  /** Expiry, Unix seconds. */
  exp: number;
}

export interface DownloadSigner {
  /** Returns the relative URL of a ticket valid for the configured lifetime. */
  url(items: DownloadItem[], zipName?: string): string;
  /** Verifies a token from the URL; returns null when forged, malformed or expired. */
  verify(token: string): DownloadTicket | null;
}

/** Builds a signer keyed by `secret`, issuing URLs valid `ttlSeconds`. */
export function downloadSigner(secret: Buffer, ttlSeconds: number): DownloadSigner {
  const mac = (p: string) => crypto.createHmac('sha256', secret).update(p).digest('base64url');
  return {
    url(items, zipName) {
      const ticket: DownloadTicket = { items, exp: Math.floor(Date.now() / 1000) + ttlSeconds, ...(zipName ? { zipName } : {}) };
      const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
      return `/api/file/${payload}.${mac(payload)}`;
    },
    verify(token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const sig = Buffer.from(token.slice(dot + 1));
      const want = Buffer.from(mac(payload));
      if (sig.length !== want.length || !crypto.timingSafeEqual(sig, want)) return null;
      try {
        const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadTicket;
        if (typeof t.exp !== 'number' || t.exp < Date.now() / 1000 || !Array.isArray(t.items) || t.items.length === 0) return null;
        return t;
      } catch {
        return null;
      }
    },
  };
}
