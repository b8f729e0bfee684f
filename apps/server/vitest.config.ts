import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // TEST_BLOB_STORE=s3: one S3-compatible server (s3rver) for the run; every harness stores blobs there (issue 17 §1).
    globalSetup: process.env.TEST_BLOB_STORE === 's3' ? ['test/s3Setup.ts'] : [],
  },
});
