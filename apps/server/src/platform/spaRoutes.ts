/**
 * Per-route HTML of the web app (issue 16, per-route preloads): the web build writes, besides index.html,
 * copies of it carrying `<link rel="modulepreload">` for one route's page chunks and `html/routes.json`
 * (the route table's path patterns → file; apps/web/src/shell/routePreloads.ts). The history-mode
 * fallback answers a URL with the file of the pattern React Router would match — ranked as React Router
 * ranks routes (static segment 10, `:param` 3, splat −2), case-insensitive, trailing slash ignored — and
 * index.html for anything else or without a map. The files differ from index.html only in those links.
 * A route whose first screen is drawn from an API answer gets that answer embedded (./pageData.ts,
 * {@link sendSpaHtml}).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyEtag, embedPageData, fillTemplate, type PageDatum } from './pageData.ts';

/** Answers the file (relative to the web build) to send for a URL path. */
export type SpaHtml = (pathname: string) => string;

interface Compiled {
  re: RegExp;
  score: number;
  html: string;
  /** Round 4b: the route's first screen with slots (./pageData.ts fillTemplate), when the build wrote one. */
  template?: string;
}

/** The templates of each loaded web build, by its directory (read by {@link sendSpaHtml}). */
const templates = new Map<string, Compiled[]>();

const MAP_FILE = 'html/routes.json';
/** What a map may name: a file directly under html/ (never a path out of the build). */
const HTML_FILE = /^html\/[\w-]+\.html$/;

/** React Router's route ranking (`computeScore`): more static segments first, splats last. */
export function routeScore(pattern: string): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0);
  for (const s of segments) {
    if (s === '*') continue;
    score += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10;
  }
  return score;
}

/** `pattern` (`/ledger/:chainhash`, `/*`) as a case-insensitive regular expression over a path. */
function compile(pattern: string): RegExp {
  const body = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((s) => (s === '*' ? '.*' : /^:[\w-]+$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body.endsWith('.*') ? body.slice(0, -3) + '(?:/.*)?' : body}/*$`, 'i');
}

/**
 * Reads `<webDist>/html/routes.json` once (at start, like index.html's CSP hashes) and returns the
 * lookup. Without a map, or with a malformed one, every URL gets index.html; entries naming a file that
 * is not a build file under html/ are skipped.
 */
export function loadSpaHtml(webDist: string): SpaHtml {
  let list: Compiled[] = [];
  try {
    const map = JSON.parse(fs.readFileSync(path.join(webDist, MAP_FILE), 'utf8')) as { routes?: Array<{ path?: unknown; html?: unknown; template?: unknown }> };
    const isFile = (f: unknown): f is string => typeof f === 'string' && HTML_FILE.test(f) && fs.existsSync(path.join(webDist, f));
    list = (map.routes ?? [])
      .filter((r): r is { path: string; html: string; template?: unknown } => typeof r.path === 'string' && isFile(r.html))
      .map((r) => ({ re: compile(r.path), score: routeScore(r.path), html: r.html, ...(isFile(r.template) ? { template: r.template } : {}) }))
      .sort((a, b) => b.score - a.score); // stable: equal scores keep the route table's order
  } catch {
    list = [];
  }
  templates.set(webDist, list);
  return (pathname) => list.find((c) => c.re.test(pathname))?.html ?? 'index.html';
}

/** The build's HTML files by path, read on first use (the build does not change while the server runs). */
const htmlText = new Map<string, string>();

/** True when If-None-Match names `etag` (or `*`). */
const etagMatches = (header: string | undefined, etag: string) => !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * Sends the route's HTML `file` (from {@link SpaHtml}). Without `data`: the file itself through
 * @fastify/static (pre-compressed variant, its ETag/304, `Cache-Control: no-cache`). With data: the file
 * with the data embedded (pageData.ts) — or, when a datum carries slot values and the build wrote a
 * template for the URL's route (round 4b), that template filled (fillTemplate), with the data embedded —
 * `Cache-Control: private, no-cache`, `Vary: Authorization`, an ETag of these exact bytes (so a 304 never
 * revives the plain shell or another viewer's data), compressed by the app's compression hook.
 */
export function sendSpaHtml(req: FastifyRequest, reply: FastifyReply, webDist: string, file: string, data: PageDatum[]): FastifyReply {
  reply.type('text/html; charset=utf-8');
  if (data.length === 0) return reply.sendFile(file);
  const read = (f: string) => {
    const at = path.join(webDist, f);
    let text = htmlText.get(at);
    if (text === undefined) {
      text = fs.readFileSync(at, 'utf8');
      htmlText.set(at, text);
    }
    return text;
  };
  // Round 4b: the route's prerendered first screen filled from the data (certificate, normal state).
  const fill = data.find((d) => d.fill)?.fill;
  const pathname = (req.url.split('?')[0] ?? '').split('#')[0]!;
  const template = fill ? templates.get(webDist)?.find((c) => c.re.test(pathname))?.template : undefined;
  const page = (template && fill && fillTemplate(read(template), fill)) || read(file);
  const html = embedPageData(page, data);
  const etag = bodyEtag(html);
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, Accept-Encoding').header('etag', etag);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(html);
}
