/**
 * Starts a browser download from a signed, expiring `downUrl` (DESIGN.md API conventions): the
 * server answers it with Content-Disposition: attachment, so the page stays where it is.
 */
export function startDownload(downUrl: string): void {
  window.location.assign(downUrl);
}
