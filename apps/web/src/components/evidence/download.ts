/**
 * Browser-side download helpers (spec p1 §4, §9): download URLs are opened in hidden iframes that
 * are removed after 300 000 ms, so several files can download in the background without leaving
 * the page. Download URLs are signed and answer with `Content-Disposition: attachment`.
 */
import { HIDDEN_FRAME_TTL_MS } from '@cunzheng/contract/constants';

/**
 * Opens each URL in its own hidden iframe appended to `doc.body`; each frame is removed after
 * `ttlMs`. Returns the frames (for tests) — callers normally ignore them.
 */
export function openHiddenFrames(urls: readonly string[], ttlMs: number = HIDDEN_FRAME_TTL_MS, doc: Document = document): HTMLIFrameElement[] {
  return urls.map((url) => {
    const frame = doc.createElement('iframe');
    frame.style.display = 'none';
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-download-frame', '');
    frame.src = url;
    doc.body.appendChild(frame);
    setTimeout(() => frame.remove(), ttlMs);
    return frame;
  });
}

/** Starts one download (a signed `downUrl`) without leaving the page. */
export function startDownload(url: string): void {
  openHiddenFrames([url]);
}
