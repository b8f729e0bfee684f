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
import { bodyEtag, embedPageData, type PageDatum } from './pageData.ts';

/** Answers the file (relative to the web build) to send for a URL path. */
export type SpaHtml = (pathname: string) => string;

interface Compiled {
  re: RegExp;
  score: number;
  html: string;
}

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
    const map = JSON.parse(fs.readFileSync(path.join(webDist, MAP_FILE), 'utf8')) as { routes?: Array<{ path?: unknown; html?: unknown }> };
    list = (map.routes ?? [])
      .filter((r): r is { path: string; html: string } => typeof r.path === 'string' && typeof r.html === 'string' && HTML_FILE.test(r.html) && fs.existsSync(path.join(webDist, r.html)))
      .map((r) => ({ re: compile(r.path), score: routeScore(r.path), html: r.html }))
      .sort((a, b) => b.score - a.score); // stable: equal scores keep the route table's order
  } catch {
    list = [];
  }
  return (pathname) => list.find((c) => c.re.test(pathname))?.html ?? 'index.html';
}

/** The build's HTML files by name, read on first use (the build does not change while the server runs). */
const htmlText = new Map<string, string>();

/** True when If-None-Match names `etag` (or `*`). */
const etagMatches = (header: string | undefined, etag: string) => !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * Sends the route's HTML `file` (from {@link SpaHtml}). Without `data`: the file itself through
 * @fastify/static (pre-compressed variant, its ETag/304, `Cache-Control: no-cache`). With data: the file
 * with the data embedded (pageData.ts), `Cache-Control: private, no-cache`, `Vary: Authorization`, an ETag
 * of these exact bytes (so a 304 never revives the plain shell or another viewer's data), compressed by
 * the app's compression hook.
 */
export function sendSpaHtml(req: FastifyRequest, reply: FastifyReply, webDist: string, file: string, data: PageDatum[]): FastifyReply {
  reply.type('text/html; charset=utf-8');
  if (data.length === 0) return reply.sendFile(file);
  let text = htmlText.get(file);
  if (text === undefined) {
    text = fs.readFileSync(path.join(webDist, file), 'utf8');
    htmlText.set(file, text);
  }
  const html = embedPageData(text, data);
  const etag = bodyEtag(html);
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization, Accept-Encoding').header('etag', etag);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(html);
}
