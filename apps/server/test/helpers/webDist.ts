/**
 * A web build directory for tests of the history-mode fallback (platform/spaRoutes.ts, pageData.ts):
 * `index.html`, the route files under `html/` and the route map `html/routes.json`, as `vite build` writes
 * them (issue 16), optionally with a brotli copy of each route file. Remove it with `fs.rmSync(dir, …)`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { makeHarness, type Harness } from '../harness.ts';

/** What goes into the directory: `map` is written as is when a string (a broken map), as JSON otherwise. */
export interface WebDistFiles {
  index: string;
  /** Path under the directory (e.g. `html/aaaa0001.html`) → content. */
  files: Record<string, string>;
  map: unknown;
  /** Also write `<file>.br` for every route file. */
  brotli?: boolean;
}

/** Writes a web build directory in the system temp dir; returns its path. */
export function writeWebDist(d: WebDistFiles): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-web-'));
  fs.mkdirSync(path.join(dir, 'html'));
  fs.writeFileSync(path.join(dir, 'index.html'), d.index);
  for (const [f, body] of Object.entries(d.files)) {
    fs.writeFileSync(path.join(dir, f), body);
    if (d.brotli) fs.writeFileSync(path.join(dir, `${f}.br`), brotliCompressSync(body));
  }
  fs.writeFileSync(path.join(dir, 'html/routes.json'), typeof d.map === 'string' ? d.map : JSON.stringify(d.map));
  return dir;
}

/** A harness (real app, test database) serving the web build `d`; `get` is a GET through app.inject; `close` removes both. */
export async function webDistHarness(d: WebDistFiles) {
  const dir = writeWebDist(d);
  const h: Harness = await makeHarness({ WEB_DIST: dir });
  return {
    h,
    get: (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers }),
    close: async () => {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
