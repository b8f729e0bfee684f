/**
 * Zip writer (archiver 8) loaded on first use: the evidence package, file downloads, KYC templates and
 * WACZ all build zips, but rarely, and archiver with its streams/zlib helpers costs ≈ 18 MiB RSS when
 * imported at server start (issue 16, docs/performance.md "Server memory"). Synchronous (Node's
 * `require` of an ES module), so callers that return a stream keep their signatures.
 */
import { createRequire } from 'node:module';
import type { ZipArchive } from 'archiver';

const requireLazy = createRequire(import.meta.url);

/** A new `ZipArchive` with `options` (archiver loads on the first call). */
export function newZip(options?: ConstructorParameters<typeof ZipArchive>[0]): ZipArchive {
  const { ZipArchive: Zip } = requireLazy('archiver') as typeof import('archiver');
  return new Zip(options);
}
