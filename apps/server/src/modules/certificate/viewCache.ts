/**
 * Certificate view cache (issue 16): the answer of GET /api/share/getView (and POST /api/check/bqview)
 * kept in memory per certificate number, serialised once with its ETag.
 *
 * - Key: the normalised number (baoquan). Each entry holds the two bodies the three viewer classes see:
 *   `owner` (the logged-in active owner: id, label, isSelf 1) and `public` (anyone else, logged in or not:
 *   id 0, label '', isSelf 0). The class is decided per request from the live session, never cached, so an
 *   owner-only field cannot reach another viewer.
 * - Freshness: the facts of an issued certificate never change; what does (deletion, the owner's label, the
 *   latest checkpoint, anchoring, whether the file can still be extracted) is refreshed after `ttlMs`
 *   (stale-while-revalidate: the request that finds the entry old gets it and starts one reload, which is
 *   given the answer it replaces: a reload that finds nothing changed returns it as it is — view.ts). A
 *   deletion or relabel in this process drops the entry at once (`forget`); another process of a cluster
 *   sees it within `ttlMs` plus one reload.
 * - Size: at most `max` numbers (least recently used dropped first). Loads of one number are shared.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * One serialised answer: the JSON body as UTF-8 bytes (encoded once: writing a 23 KB string to the socket
 * would encode it again for every request) and its strong ETag.
 */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** The body compressed, made at the first request that accepts it (then kept with the body). */
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The encoding to answer with for an Accept-Encoding header (br before gzip; `q=0` refuses), or null for
 * the plain body.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const ok = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    ok.add(name!.trim());
  }
  return ok.has('br') ? 'br' : ok.has('gzip') || ok.has('*') ? 'gzip' : null;
}

/** The body of `c` in `encoding` (compressed once, then memoised on `c`). */
export function encodedBody(c: CachedBody, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') return (c.br ??= zlib.brotliCompressSync(c.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }));
  return (c.gzip ??= zlib.gzipSync(c.body, { level: 6 }));
}

/** What a load produces for a number: the owner's id (to decide the class) and both bodies. */
export interface ViewPair {
  ownerId: number;
  owner: CachedBody;
  public: CachedBody;
  /** What the bodies were made from, as the loader chooses to tell it (view.ts: the render key). */
  memo?: string;
}

interface Entry {
  at: number;
  value: Promise<ViewPair>;
  /** The value once loaded (handed to the reload that replaces it). */
  settled?: ViewPair;
  reloading: boolean;
}

/** A JSON body and its ETag (SHA-256 of the body, 16 bytes base64url, quoted). */
export function cachedBody(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Whether an If-None-Match header value names `etag` (a list, weak validators and `*` accepted). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Builds the cache; `load(baoquan, prev)` computes an entry (its errors are not cached); `prev` is the answer a
 * reload replaces (undefined for a first load), which the loader may return as it is when nothing changed.
 */
export function viewCache(opts: { max: number; ttlMs: number; load: (baoquan: string, prev?: ViewPair) => Promise<ViewPair>; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  const map = new Map<string, Entry>();
  // Bumped by `forget`: a load begun before a deletion must not store what it read.
  let generation = 0;

  const start = (bq: string, prev?: ViewPair): Entry => {
    const gen = generation;
    const entry: Entry = { at: now(), value: opts.load(bq, prev), reloading: false };
    entry.value.then(
      (v) => {
        entry.settled = v;
        if (gen !== generation && map.get(bq) === entry) map.delete(bq);
      },
      () => {
        if (map.get(bq) === entry) map.delete(bq);
      },
    );
    return entry;
  };

  return {
    /** The cached pair of `baoquan` (loaded when missing; reloaded in the background when older than ttlMs). */
    async get(bq: string): Promise<ViewPair> {
      let e = map.get(bq);
      if (e) {
        map.delete(bq); // LRU order: re-insert as most recent
        map.set(bq, e);
        if (opts.ttlMs <= 0) {
          e = undefined;
        } else if (!e.reloading && now() - e.at > opts.ttlMs) {
          const old = e;
          old.reloading = true;
          const next = start(bq, old.settled);
          // Keep serving the old answer until the new one is ready; a failed reload is retried by the next request.
          next.value.then(
            () => {
              if (map.get(bq) === old) map.set(bq, next);
            },
            () => {
              old.reloading = false;
              old.at = now();
            },
          );
        }
      }
      if (!e) {
        e = start(bq);
        if (opts.ttlMs > 0) map.set(bq, e);
        if (map.size > opts.max) map.delete(map.keys().next().value as string);
      }
      return e.value;
    },

    /** Drops `baoquan` at once (deleted or relabelled in this process). */
    forget(bq: string): void {
      generation++;
      map.delete(bq);
    },

    /** Numbers cached now (tests, metrics). */
    size: () => map.size,
  };
}
