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
import path from 'node:path';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig } from 'vitest/config';
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { RouteModules } from './src/lazyPage.tsx';
import { ROUTE_MAP_FILE, routeHtmlFiles, type ChunkInfo } from './src/shell/routePreloads.ts';

const api = process.env.VITE_PROXY_TARGET ?? 'http://localhost:8080';

/** Path of `file` from the web app's root, with `/` (the form of manifest keys and `src` marks). */
const fromRoot = (file: string) => path.relative(import.meta.dirname, file).split(path.sep).join('/');

/**
 * Issue 16 (per-route preloads), for the shell's SSR only: marks every `() => import('./…')` of the app's
 * sources with `src` (the imported module's path from the web app's root), so lazyPage.tsx's
 * `routeModules` can tell the build which modules each route loads (not `() => import('./…').then(…)`: a
 * loader of a part, not a route module). The browser build is not touched.
 */
function markLazyImports(): Plugin {
  const srcDir = path.join(import.meta.dirname, 'src') + path.sep;
  return {
    name: 'cz-mark-lazy-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.[jt]sx?$/.test(id)) return null;
      return code.replace(/\(\)\s*=>\s*import\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)(?!\s*\.)/g, (all, _q: string, spec: string) =>
        `Object.assign(${all}, { src: ${JSON.stringify(fromRoot(path.resolve(path.dirname(id), spec)))} })`,
      );
    },
  };
}

/** Route → source modules, read by htmlShell from the route table, used by routePreloads. */
let routeTable: RouteModules[] | null = null;
/** The shell markup of index.html and the prerendered first screens (route pattern → markup), by htmlShell. */
let prerendered: { shell: string; markup: Map<string, string> } | null = null;

/**
 * Issue 16 (first paint before JavaScript): at build time, renders the logged-out site header from the
 * real components and route table (src/shell/renderShell.tsx, through a throw-away Vite SSR server with
 * the build's mode and env) into index.html's `<div id="root">`, followed by the small inline script that
 * fits it to the URL. Also renders the first screen of every `prerender: true` route (renderShell.tsx
 * `prerenderRoute`, issue 16), which routePreloads writes into that route's HTML. Builds only; the dev
 * server serves index.html as written.
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
        plugins: [markLazyImports(), react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const m = (await server.ssrLoadModule('/src/shell/renderShell.tsx')) as typeof import('./src/shell/renderShell');
        const lazy = (await server.ssrLoadModule('/src/lazyPage.tsx')) as typeof import('./src/lazyPage');
        const table = (await server.ssrLoadModule('/src/routes.tsx')) as typeof import('./src/routes');
        routeTable = lazy.routeModules(table.routes);
        const shell = m.shellMarkup();
        // Issue 16 (first screen prerendered): the routes whose handle says `prerender: true`, one by one
        // (they share the route table's lazy modules).
        const markup = new Map<string, string>();
        for (const r of routeTable) {
          const url = r.prerender ? m.prerenderUrl(r.path) : null;
          if (url) markup.set(r.path, await m.prerenderRoute(url));
        }
        prerendered = { shell, markup };
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html: ${root} not found`);
        return html.replace(root, `<div id="root">${shell}</div>\n    <script>${m.shellScript()}</script>`);
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

/**
 * Issue 16 (per-route preloads): writes index.html once per distinct set of a route's chunk and stylesheet
 * links and `html/routes.json` (route pattern → file; src/shell/routePreloads.ts), from the route table
 * (htmlShell) and the bundle's chunk graph — what the manifest lists. Before the compression plugin, which
 * adds their .br/.gz; the server's history-mode fallback answers a URL with its route's file.
 */
function routePreloads(): Plugin {
  return {
    name: 'cz-route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post', // after index.html is emitted — which is after the compression plugin has run
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('routePreloads: index.html not in the bundle');
        if (!routeTable) throw new Error('routePreloads: the route table was not read (htmlShell)');
        const chunks: ChunkInfo[] = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk'
            ? [{ fileName: c.fileName, src: c.facadeModuleId ? fromRoot(c.facadeModuleId) : undefined, isEntry: c.isEntry, imports: c.imports, css: [...(c.viteMetadata?.importedCss ?? [])] }]
            : [],
        );
        const css = new Map(Object.values(bundle).flatMap((a) => (a.type === 'asset' && a.fileName.endsWith('.css') ? [[a.fileName, String(a.source)] as const] : [])));
        const { files, map } = routeHtmlFiles(String(index.source), routeTable, chunks, prerendered ? { ...prerendered, css } : undefined);
        for (const [fileName, source] of files) {
          // Pre-compressed like every other asset (the server sends the variant the browser accepts).
          this.emitFile({ type: 'asset', fileName, source });
          this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(source, { level: 9 }) });
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_MAP_FILE, source: JSON.stringify(map, null, 1) });
      },
    },
  };
}

export default defineConfig({
  // Issue 16: every text asset > 1 KiB is also written as .br and .gz; the server sends the one the
  // browser accepts (@fastify/static preCompressed) with Content-Encoding.
  plugins: [react(), htmlShell(), inlineEntryCss(), routePreloads(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
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
    onUnhandledError: isReactWorkAfterTeardown,
  },
});

/**
 * Vitest hook for unhandled errors: `false` (ignore) only for React work that ran on React's scheduler after
 * a test file's jsdom was torn down — `ReferenceError: window is not defined` thrown from a frame of the
 * `scheduler` package. test/setup.ts closes toasts and drains the scheduler after every test, but a promise
 * still pending when a file's last test ends (a lazy chunk, an antd toast created after it, a late API
 * answer) can queue a render or an effect flush once `window` is gone. It runs after every assertion of the
 * file and cannot change a result; in a browser `window` always exists. Every other error still fails the run.
 */
function isReactWorkAfterTeardown(error: { name?: string; message?: string; stack?: string }): boolean | void {
  const stack = error.stack ?? '';
  if (error.name === 'ReferenceError' && error.message === 'window is not defined' && /[\\/]node_modules[\\/]scheduler[\\/]/.test(stack)) return false;
}
