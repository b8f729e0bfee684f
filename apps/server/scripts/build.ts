/**
 * Production build of the server (issue 16, docs/performance.md "Server memory", round 4): bundles our own
 * source — apps/server/src from main.ts and the workspace packages it imports (@cunzheng/*) — into one
 * ES module graph, `apps/server/dist/main.js` and its chunks, which `npm start` runs. Every npm package stays external (imported
 * from node_modules at run time: PGlite finds its wasm and data files next to itself, lazy `import()`s of
 * heavy libraries stay lazy).
 *
 * Why: running the .ts sources makes Node load its TypeScript stripper (amaro, a wasm build of swc) and
 * keep ≈ 1,000 separate module records; the bundle needs neither (idle RSS − ≈ 12–15 MiB, measured there).
 *
 * `import.meta.url` / `import.meta.dirname` in a bundled file are rewritten to that file's source location
 * (relative to the bundle, so the tree can move), so paths such as `db/migrations`, `../../package.json` or
 * `db/pgliteInit.ts` (run as a child process from source) resolve as they do from source.
 *
 * `npm run build -w @cunzheng/server` (part of the root `npm run build`); `buildServer()` for the benches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** The built entry point (what `npm start` runs). */
export const SERVER_BUNDLE = path.join(SERVER_DIR, 'dist', 'main.js');

/** Rewrites `import.meta.url`/`.dirname` of our source files to their source location, relative to `outDir`. */
const sourceLocation = (outDir: string): esbuild.Plugin => ({
  name: 'source-location',
  setup(build) {
    // Bare specifiers: npm packages stay external, our workspace packages are bundled.
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cunzheng/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }));
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = fs.readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      const relFile = path.relative(outDir, args.path).split(path.sep).join('/');
      const relDir = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
      const contents = text
        .replaceAll('import.meta.url', `new URL(${JSON.stringify(relFile)}, import.meta.url).href`)
        .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + relDir)})`);
      return { contents, loader: 'ts' };
    });
  },
});

/**
 * Builds `dist/main.js` (or `<outDir>/main.js`: a directory inside the repository, so that the npm packages
 * resolve from it); returns the entry's path. Only files whose content changed are (atomically) replaced
 * and files of older builds removed afterwards, so a server already running from the directory (a bench of
 * another session) still finds its lazily loaded chunks.
 */
export async function buildServer(outDir = path.dirname(SERVER_BUNDLE)): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(SERVER_DIR, 'src', 'main.ts')],
    outdir: outDir,
    bundle: true,
    // Code splitting keeps our lazy `import()`s lazy: in one file esbuild would hoist the static imports of
    // npm packages made by lazily loaded modules (pdf-lib, @signpdf…) to the top, loading them at start.
    splitting: true,
    chunkNames: '[name]-[hash]', // beside main.js: the rewritten import.meta paths are relative to outDir
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [sourceLocation(outDir)],
    logLevel: 'warning',
    legalComments: 'none',
    write: false,
  });
  fs.mkdirSync(outDir, { recursive: true });
  const wanted = new Set<string>();
  for (const f of result.outputFiles) {
    wanted.add(path.basename(f.path));
    let same = false;
    try {
      same = Buffer.compare(fs.readFileSync(f.path), f.contents) === 0;
    } catch {
      /* new file */
    }
    if (same) continue;
    const tmp = `${f.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, f.contents);
    fs.renameSync(tmp, f.path);
  }
  for (const name of fs.readdirSync(outDir)) if (!wanted.has(name)) fs.rmSync(path.join(outDir, name), { force: true });
  return path.join(outDir, 'main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await buildServer();
  console.log(`built ${path.relative(process.cwd(), out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
}
