/**
 * A page's initial data sent with its HTML (issue 16, LCP of the certificate and ledger pages): when the
 * history-mode fallback answers the HTML of a route whose first screen is drawn from an API answer
 * (/attestation/{baoquan} → GET /api/share/getView, /ledger/{chainhash} → GET /api/ledger/entry …), it asks
 * the owning module's service for that answer — the same call the API route makes, with the request's
 * session — and puts the answer's exact text into the HTML as
 * `<script type="application/json" id="page-data-<key>" data-arg="…" data-viewer="…">` before `</body>`.
 * The web app (apps/web/src/shell/pageData.ts) uses it once as the query's initial data and removes it.
 *
 * - Not executed: a JSON script block is data, so the CSP (script hashes of index.html) is unchanged.
 * - Cannot break out: `<`, `>`, `&`, U+2028 and U+2029 are written as `\uXXXX` (JSON escapes: the parsed
 *   value is the API's, byte for byte; they occur only inside JSON strings).
 * - Viewer: `data-viewer` says whether the answer was made for a request without a session (`anonymous`),
 *   with one (`session`, e.g. the owner's view), or is the same for everyone (`any`). A browser's navigation
 *   carries no `Authorization` header (sessions are bearer tokens), so a browser always gets the anonymous
 *   answer; the web app uses it only when it has no stored session (its query keys include the token).
 * - Caching: HTML with embedded data goes out `Cache-Control: private, no-cache`, `Vary: Authorization`,
 *   with an ETag of the whole answer (a 304 only for exactly these bytes, never the plain shell's).
 * - An unknown number, a malformed hash, or any failure of the call: nothing is embedded (the page asks the
 *   API as before and shows its own messages) and the route's plain file is sent as before.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** What a page's query would fetch: the API answer's text for one query. */
export interface PageDatum {
  /** The query's name, as the web app's query key (`share/getView`, `ledger/entry`, `ledger/key`). */
  key: string;
  /** The query's argument (the baoquan, the chainhash), checked by the page against its own. */
  arg: string;
  /** Whose answer it is (see the module comment). */
  viewer: 'anonymous' | 'session' | 'any';
  /** The API's answer body, exactly (JSON text). */
  body: string;
  /**
   * Round 4b: the route's prerendered first screen can be drawn from this answer — the values of the
   * template's slots ({@link fillTemplate}): `text` HTML-escaped, `html` as is (server-made HTML that the
   * page inserts as HTML). Absent: the plain route HTML.
   */
  fill?: { text: Record<string, string>; html: Record<string, string> };
}

/** A route (React Router pattern, `:name` segments) whose HTML carries data, and how to get it. */
export interface PageDataSource {
  pattern: string;
  /**
   * The data for the route's `params` (decoded path segments) as seen by `req`'s session; [] to embed
   * nothing. May throw (then nothing is embedded).
   */
  load(params: Record<string, string>, req: FastifyRequest): Promise<PageDatum[]>;
}

/** Answers the data to embed for a URL path (first matching source; [] for none). */
export type PageData = (pathname: string, req: FastifyRequest) => Promise<PageDatum[]>;

interface Compiled {
  re: RegExp;
  names: string[];
  source: PageDataSource;
}

/** `pattern` as a case-insensitive regular expression with one group per `:param` (trailing slash ignored). */
function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const body = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((s) => {
      const m = /^:([\w-]+)$/.exec(s);
      if (!m) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { re: new RegExp(`^${body}/*$`, 'i'), names };
}

/** The lookup over `sources` (patterns with only static and `:param` segments). */
export function pageDataLookup(sources: PageDataSource[]): PageData {
  const list: Compiled[] = sources.map((source) => ({ ...compile(source.pattern), source }));
  return async (pathname, req) => {
    for (const c of list) {
      const m = c.re.exec(pathname);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
        return await c.source.load(params, req);
      } catch {
        return [];
      }
    }
    return [];
  };
}

const UNSAFE = /[<>&\u2028\u2029]/g;

/** JSON text made safe inside a `<script>` element: `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX` escapes. */
export function escapeScriptJson(json: string): string {
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An attribute value in double quotes. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The id of the element carrying the data of query `key` (`share/getView` → `page-data-share-getView`). */
export const pageDataId = (key: string) => `page-data-${key.replace(/[^\w-]/g, '-')}`;

/** `html` with one JSON script element per datum inserted before `</body>` (or at the end). */
export function embedPageData(html: string, data: PageDatum[]): string {
  const tags = data
    .map((d) => `<script type="application/json" id="${pageDataId(d.key)}" data-arg="${attr(d.arg)}" data-viewer="${d.viewer}">${escapeScriptJson(d.body)}</script>`)
    .join('');
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + tags : html.slice(0, at) + tags + html.slice(at);
}

/** Strong ETag of an answer's bytes. */
export const bodyEtag = (body: string) => `"pd-${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Text as React writes it in element content and attribute values (`&`, `<`, `>`, `"`, `'`). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

const SLOT = /__czslot_(\w+?)__/g;

/**
 * Round 4b (issue 16, the certificate's LCP): a build-time template (apps/web/src/pages/certificate/shared/
 * template.ts: the route's first screen rendered with slot markers `__czslot_<name>__`) with every slot
 * filled from `fill`; null when a slot has no value (the caller then sends the plain route HTML).
 */
export function fillTemplate(template: string, fill: NonNullable<PageDatum['fill']>): string | null {
  let missing = false;
  const out = template.replace(SLOT, (m, name: string) => {
    if (Object.hasOwn(fill.html, name)) return fill.html[name]!;
    if (Object.hasOwn(fill.text, name)) return escapeHtml(fill.text[name]!);
    missing = true;
    return m;
  });
  return missing ? null : out;
}
