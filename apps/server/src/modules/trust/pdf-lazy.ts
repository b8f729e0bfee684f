/**
 * The PDF signing (pdf-signing.ts) and B-LTA (pdf-lta.ts) functions of the trust module with their code
 * imported on first use (issue 16): pdf-lib and @signpdf (≈ 20 MiB of RSS together) load with the first
 * certificate signed or extended, not at server start. Same results and errors as the eager functions.
 */
import type { LtaSource } from './pdf-lta.ts';
import type { PdfSigner, PdfSignerDeps } from './pdf-signing.ts';

/** `localPdfSigner(deps)` (pdf-signing.ts: PAdES B-T, or B-LTA with `deps.lta`), its module imported on the first signature. */
export function lazyPdfSigner(deps: PdfSignerDeps): PdfSigner {
  let signer: Promise<PdfSigner> | null = null;
  return async (pdf) => {
    signer ??= import('./pdf-signing.ts').then(
      (m) => m.localPdfSigner(deps),
      (e: unknown) => {
        signer = null;
        throw e;
      },
    );
    return (await signer)(pdf);
  };
}

/** `addDocTimestamp` (pdf-lta.ts: DSS + document time-stamp by incremental update), its module imported on the first call. */
export async function addDocTimestampLazy(pdf: Buffer, src: LtaSource): Promise<Buffer> {
  return (await import('./pdf-lta.ts')).addDocTimestamp(pdf, src);
}
