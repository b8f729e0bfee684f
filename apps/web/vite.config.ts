/// <reference types="node" />
/**
 * Vite build and dev server of the web app, plus its Vitest settings (DESIGN.md Web app conventions).
 * - Dev server proxies `/api`, `/tsa` and `/down` to the API on http://localhost:8080.
 * - `vite build` writes `dist/`, which the server serves with history-mode fallback.
 * - Chunks: React, ReactDOM, the router and the scheduler form one long-cached `react-vendor`
 *   chunk; everything else (antd included) is split per route by Rolldown's automatic code
 *   splitting, so a first visit to a public certificate page does not load the account area
 *   (issue 2 §8 aim: < 200 KB gzip of JavaScript for `/attestation/{baoquan}`).
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = process.env.VITE_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  // Issue 16: every text asset > 1 KiB is also written as .br and .gz; the server sends the one the
  // browser accepts (@fastify/static preCompressed) with Content-Encoding.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/tsa': { target: api, changeOrigin: false },
      // Web-evidence batch zip (GET /down/downloadBatch, issue 4) lives outside /api.
      '/down': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
