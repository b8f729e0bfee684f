/**
 * Per-route preloads (issue 16, build time; vite.config.ts plugin `routePreloads`): for every path of the
 * route table, the chunks and stylesheets of its lazy layouts and pages (lazyPage.tsx `routeModules`) that
 * index.html does not already load, as `<link>` tags in a copy of index.html — one file per distinct set,
 * `html/<hash>.html` — and the map `html/routes.json` (path pattern → file) that the server's history-mode
 * fallback answers with (apps/server/src/platform/spaRoutes.ts). So a page's code downloads in parallel
 * with the entry instead of after it has run. Pure: takes the bundle's chunk graph, no file access.
 */
import type { RouteModules } from '../lazyPage';

/** What the build knows of one JavaScript chunk (Rolldown output chunk, the fields used here). */
export interface ChunkInfo {
  /** Output file name (`assets/Home-DyI91IB6.js`). */
  fileName: string;
  /** Source module the chunk is the facade of, path from the web app's root; undefined for shared chunks. */
  src?: string;
  isEntry: boolean;
  /** Output file names of the chunks it imports statically. */
  imports: string[];
  /** Output file names of its stylesheets. */
  css: string[];
}

/** `html/routes.json`: route path patterns of the route table and the HTML file to answer for each. */
export interface RouteHtmlMap {
  version: 1;
  /**
   * `template` (round 4b): for a prerendered route with `:params`, its first screen with slot markers
   * (pages/certificate/shared/template.ts), which the server fills from the data it embeds; `html` stays
   * the plain route HTML it sends otherwise.
   */
  routes: Array<{ path: string; html: string; template?: string }>;
}

/** The files to write: `files` (name → HTML) and `map` (goes to {@link ROUTE_MAP_FILE}). */
export interface RouteHtmlFiles {
  files: Map<string, string>;
  map: RouteHtmlMap;
}

/** Where the map is written, relative to the build's output directory (the server reads it from there). */
export const ROUTE_MAP_FILE = 'html/routes.json';

/** 32-bit FNV-1a of `s` as 8 hex digits (a stable file name for a set of links). */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** Every chunk reachable from `start` through static imports, `start` first. */
function closure(start: string[], byFile: Map<string, ChunkInfo>): ChunkInfo[] {
  const seen = new Set<string>();
  const out: ChunkInfo[] = [];
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const c = byFile.get(f);
    if (!c) throw new Error(`routePreloads: chunk ${f} not in the bundle`);
    out.push(c);
    c.imports.forEach(visit);
  };
  start.forEach(visit);
  return out;
}

/**
 * The link tags of one route: `<link rel="modulepreload">` for each chunk of its modules (and their
 * static imports) and `<link rel="preload" as="style">` for their stylesheets, minus what the entry
 * already loads. `crossorigin` as Vite's preload helper asks for them, so the browser reuses the answers.
 * Errors: a module the route table names that is not a chunk of the bundle (a drifted table).
 */
export function routeLinks(modules: string[], chunks: ChunkInfo[], inlineCss?: Map<string, string>): string {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const bySrc = new Map(chunks.filter((c) => c.src).map((c) => [c.src!, c]));
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName), byFile);
  const have = new Set(entry.flatMap((c) => [c.fileName, ...c.css]));
  const starts = modules.map((m) => {
    const c = bySrc.get(m);
    if (!c) throw new Error(`routePreloads: ${m} (route table) is not a chunk of the build`);
    return c.fileName;
  });
  const tags: string[] = [];
  for (const c of closure(starts, byFile)) {
    for (const css of c.css) {
      if (have.has(css)) continue;
      have.add(css);
      // A prerendered first screen must not paint before its styles (it would shift), nor wait for another
      // request: its stylesheets go into the HTML. The file is still linked, as a stylesheet for no media (not
      // render-blocking, rules not applied), so Vite's preload helper finds it and adds no second copy.
      const source = inlineCss?.get(css);
      if (inlineCss && source === undefined) throw new Error(`routePreloads: stylesheet ${css} not in the bundle`);
      tags.push(source !== undefined ? `<style>${source.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" media="not all" crossorigin href="/${css}">` : `<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    if (have.has(c.fileName)) continue;
    have.add(c.fileName);
    tags.push(`<link rel="modulepreload" crossorigin href="/${c.fileName}">`);
  }
  return tags.join('\n    ');
}

/**
 * index.html once per distinct set of route links (the links go before `</head>`, nothing else
 * changes: the shell, its inline script and so the CSP hash stay the same), and the route map.
 * Routes whose code the entry already has get no entry (the server answers index.html).
 * Issue 16 (first screen prerendered): for a route in `prerendered.markup` (pattern → markup), the HTML
 * shell (`prerendered.shell`, as index.html has it) is replaced by that markup and its stylesheets are
 * inlined (`prerendered.css`: file → source); the inline script is untouched, so the CSP hash still holds.
 * Errors: index.html without `</head>`, or without the shell markup when routes are prerendered.
 */
export function routeHtmlFiles(indexHtml: string, routes: RouteModules[], chunks: ChunkInfo[], prerendered?: { shell: string; markup: Map<string, string>; css: Map<string, string> }): RouteHtmlFiles {
  if (!indexHtml.includes('</head>')) throw new Error('routePreloads: index.html has no </head>');
  if (prerendered?.markup.size && !indexHtml.includes(prerendered.shell)) throw new Error('routePreloads: the shell markup is not in index.html');
  const files = new Map<string, string>();
  const map: RouteHtmlMap = { version: 1, routes: [] };
  /** The route's HTML file (with `markup` in place of the shell, its stylesheets inlined), written once. */
  const file = (r: RouteModules, markup: string | undefined, template = false): string | null => {
    const links = routeLinks(r.modules, chunks, markup === undefined ? undefined : prerendered!.css);
    if (!links && markup === undefined) return null;
    const name = `html/${hash(links + (markup ?? '') + (template ? 'template' : ''))}.html`;
    if (!files.has(name)) {
      // A template's first screen (round 4b) is painted only once it is parsed whole: a paint of part of it
      // (a large HTML arrives and is parsed in pieces) would move what follows (the certificate's buttons
      // come after its html in the markup but go above it at phone width). `rel=expect` blocks rendering until
      // the element with that id (the root of the markup) is parsed; a browser without it paints as before.
      const id = template && markup !== undefined ? /^<div id="([\w-]+)"/.exec(markup)?.[1] : undefined;
      const head = `${links ? `\n    ${links}` : ''}${id ? `\n    <link rel="expect" href="#${id}" blocking="render">` : ''}`;
      const html = indexHtml.replace(/\s*<\/head>/, () => `${head}\n  </head>`);
      files.set(name, markup === undefined ? html : html.replace(prerendered!.shell, () => markup));
    }
    return name;
  };
  for (const r of routes) {
    const markup = prerendered?.markup.get(r.path);
    const isTemplate = markup !== undefined && r.path.includes(':');
    const name = file(r, isTemplate ? undefined : markup);
    const template = isTemplate ? file(r, markup, true) : null;
    if (name === null) continue;
    map.routes.push({ path: r.path, html: name, ...(template ? { template } : {}) });
  }
  return { files, map };
}
