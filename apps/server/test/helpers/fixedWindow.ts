/**
 * Tests that count up to a limit of a fixed-window counter (platform/rateLimit.ts: windows of
 * `windowSeconds` aligned to the Unix epoch, `floor(now / w) * w`) and expect the call after the limit to be
 * refused fail when their calls straddle a window boundary: the counter starts again at 0 in the new window
 * and the refused call is answered (CI's slow S3 pass, issue 16, commit db83f73). Such a test first waits
 * here, so that its counting runs early in a window. Used by the server tests and the e2e specs (the e2e
 * server runs on the same clock); no imports, so Playwright's process can load it too.
 */

/**
 * Seconds given to the counting part of a test: ≈ 10× the slowest such part measured on the 2-core machine
 * (≈ 3 s: ten SMS sends with proof of work, or five wrong logins through the login page).
 */
export const COUNTING_SECONDS = 30;

/** The longest wait of `startEarlyInWindow` with the default need, ms: what a waiting test adds to its timeout. */
export const LONGEST_WAIT_MS = (COUNTING_SECONDS + 1) * 1000;

/** Seconds left in the current window of `windowSeconds` at `nowMs` (Unix ms); in (0, windowSeconds]. */
export function windowLeftSeconds(windowSeconds: number, nowMs = Date.now()): number {
  return windowSeconds - ((nowMs / 1000) % windowSeconds);
}

/**
 * Waits until at least `needSeconds` are left in the current window of each of `windows` (seconds) and
 * returns at once when they are; when too little is left it sleeps to the start of the next window (+ 0.1 s,
 * so that the server's reading of the clock lands in it too). `needSeconds` must be shorter than the shortest
 * window. The wait is at most `needSeconds` + 0.1 s: a test calling this needs that much more time than its
 * own. Returns the milliseconds waited.
 */
export async function startEarlyInWindow(windows: number | readonly number[], needSeconds = COUNTING_SECONDS): Promise<number> {
  const list = typeof windows === 'number' ? [windows] : windows;
  const shortest = Math.min(...list);
  if (!(list.length > 0 && needSeconds > 0 && needSeconds < shortest)) throw new Error(`startEarlyInWindow: ${needSeconds} s do not fit in windows of ${list.join(', ')} s`);
  const started = Date.now();
  for (;;) {
    const left = Math.min(...list.map((w) => windowLeftSeconds(w)));
    if (left >= needSeconds) return Date.now() - started;
    await new Promise((r) => setTimeout(r, Math.ceil(left * 1000) + 100));
  }
}
