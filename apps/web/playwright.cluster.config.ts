import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

const PORT = Number(process.env.E2E_PORT ?? 8090);

/**
 * The main end-to-end flows against a cluster (issue 17 §2): two API processes and a worker on PostgreSQL
 * and S3 behind a load balancer (e2e/cluster/server.ts). Needs a PostgreSQL server (TEST_DATABASE_URL or
 * the local one). `npx playwright test -c playwright.cluster.config.ts`.
 */
export default defineConfig({
  ...base,
  testMatch: ['root-to-certificate.spec.ts', 'deposit.spec.ts', 'capture.spec.ts'],
  webServer: {
    command: 'node e2e/cluster/server.ts',
    url: `http://localhost:${PORT}/api/health`,
    env: { E2E_PORT: String(PORT), E2E_PEEK_PORT: String(PORT + 1), CAPTURE_ALLOW_HOSTS: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
