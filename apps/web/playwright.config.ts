import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8090);

/** End-to-end flows on the built web app served by the real server, in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  timeout: 120_000,
  workers: 1,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    acceptDownloads: true,
  },
  webServer: {
    command: 'node e2e/server.ts',
    url: `http://localhost:${PORT}/api/health`,
    env: { E2E_PORT: String(PORT), E2E_PEEK_PORT: String(PORT + 1), CAPTURE_ALLOW_HOSTS: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
