/**
 * Vitest global setup of the S3 run (issue 17 §1): with `TEST_BLOB_STORE=s3`, starts one S3-compatible
 * server (s3rver, real HTTP on 127.0.0.1, files in a temp dir) for the whole run; every harness then stores
 * its blobs under its own prefix of bucket `cz-test` (test/harness.ts). Stopped and removed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'cz-test';

/** Starts s3rver; returns its endpoint, directory and a stop function. */
export async function startS3rver(): Promise<{ endpoint: string; dir: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-s3-'));
  const srv = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  const { port } = await srv.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      await srv.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  const s = await startS3rver();
  process.env.CZ_TEST_S3_ENDPOINT = s.endpoint;
  process.env.CZ_TEST_S3_DIR = s.dir;
  return s.stop;
}
