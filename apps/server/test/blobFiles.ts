/**
 * TESTS ONLY: where a stored blob's bytes lie on this machine, in the local store (DATA_DIR/blobs/…) or,
 * in the S3 run (`TEST_BLOB_STORE=s3`), in s3rver's directory — so integrity and GC tests can alter,
 * delete or age the stored bytes behind the application's back with either store.
 */
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import type { BlobStore } from '../src/platform/blobs.ts';
import { localBlobPath } from '../src/platform/blobs.ts';
import { s3ObjectOf } from '../src/platform/blobsS3.ts';
import { blobStoreFor } from '../src/platform/context.ts';

/** The file holding blob `sha256`'s bytes (it may not exist). */
export function blobFile(store: BlobStore, sha256: string): string {
  const dir = process.env.CZ_TEST_S3_DIR;
  if (!dir) return localBlobPath(store, sha256);
  const { bucket, key } = s3ObjectOf(store, sha256);
  return path.join(dir, bucket, `${key}._S3rver_object`);
}

/**
 * The file holding blob `sha256` of a server or CLI run as a child process with `DATA_DIR=dataDir` and the
 * blob settings `env` (`testBlobEnv()`: S3 in the S3 run, else `{}` for DATA_DIR/blobs).
 */
export function blobFileOf(dataDir: string, env: Record<string, string>, sha256: string): string {
  return blobFile(blobStoreFor(loadConfig({ DATA_DIR: dataDir, ...env })), sha256);
}
