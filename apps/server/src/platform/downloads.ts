/**
 * Signed, expiring download URLs (DESIGN.md API conventions: files leave only through `downUrl`).
 * A URL is `/api/file/<payload>.<hmac>`; the payload names one blob and its download name, or a zip
 * of an owner's evidence ids resolved at download time.
 */
import crypto from 'node:crypto';

export interface DownloadItem {
  /** Blob address. */
  sha256: string;
  /** File name offered to the browser (UTF-8). */
  name: string;
  mime: string;
  /** The evidence these bytes belong to: the ticket stops working when it is deleted (issue 9 §2). */
  evidenceId?: number;
}

/** A zip of an owner's evidence, resolved when downloaded (keeps URLs short for 100 files). */
export interface ZipRequest {
  ownerId: number;
  evidenceIds: number[];
  zipName: string;
}

export interface DownloadTicket {
  /** One file… */
  item?: DownloadItem;
  /** …or a zip. */
  zip?: ZipRequest;
  /** Expiry, Unix seconds. */
  exp: number;
}

export interface DownloadSigner {
  /** Relative URL of a one-file ticket valid for the configured lifetime. */
  url(item: DownloadItem): string;
  /** Relative URL of a zip ticket valid for the configured lifetime. */
  zipUrl(zip: ZipRequest): string;
  /** Verifies a token from the URL; returns null when forged, malformed or expired. */
  verify(token: string): DownloadTicket | null;
}

/** Builds a signer keyed by `secret`, issuing URLs valid `ttlSeconds`. */
export function downloadSigner(secret: Buffer, ttlSeconds: number): DownloadSigner {
  const mac = (p: string) => crypto.createHmac('sha256', secret).update(p).digest('base64url');
  const sign = (t: Omit<DownloadTicket, 'exp'>) => {
    const payload = Buffer.from(JSON.stringify({ ...t, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString('base64url');
    return `/api/file/${payload}.${mac(payload)}`;
  };
  return {
    url: (item) => sign({ item }),
    zipUrl: (zip) => sign({ zip }),
    verify(token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const sig = Buffer.from(token.slice(dot + 1));
      const want = Buffer.from(mac(payload));
      if (sig.length !== want.length || !crypto.timingSafeEqual(sig, want)) return null;
      try {
        const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadTicket;
        if (typeof t.exp !== 'number' || t.exp < Date.now() / 1000 || (!t.item && !t.zip)) return null;
        return t;
      } catch {
        return null;
      }
    },
  };
}
