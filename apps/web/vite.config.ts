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
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = process.env.VITE_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * Issue 16 (first paint before JavaScript): at build time, renders the logged-out site header from the
 * real components and route table (src/shell/renderShell.tsx, through a throw-away Vite SSR server with
 * the build's mode and env) into index.html's `<div id="root">`, followed by the small inline script that
 * fits it to the URL. Builds only; the dev server serves index.html as written.
 */
function htmlShell(): Plugin {
  let mode = 'production';
  let envDir: string | false | undefined;
  return {
    name: 'cz-html-shell',
    apply: 'build',
    configResolved(c) {
      mode = c.mode;
      envDir = c.envDir;
    },
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        mode,
        envDir,
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const m = (await server.ssrLoadModule('/src/shell/renderShell.tsx')) as typeof import('./src/shell/renderShell');
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html: ${root} not found`);
        return html.replace(root, `<div id="root">${m.shellMarkup()}</div>\n    <script>${m.shellScript()}</script>`);
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Issue 16: the entry's stylesheet (global.css: shells, header, footer — ≈ 8 KiB, 2 KiB compressed) goes
 * into index.html as a `<style>`, so the HTML shell paints without waiting for another request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'cz-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  // Issue 16: every text asset > 1 KiB is also written as .br and .gz; the server sends the one the
  // browser accepts (@fastify/static preCompressed) with Content-Encoding.
  plugins: [react(), htmlShell(), inlineEntryCss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
