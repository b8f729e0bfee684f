/**
 * The ledger as a C2SP tlog-tiles log (c2sp.org/tlog-tiles; issue 10 §2), served from the stored subtree
 * hashes under the prefix `/log`, so anyone can mirror and monitor it with generic tools:
 *   GET /log/checkpoint                  the latest signed checkpoint with witness cosignatures (no-store)
 *   GET /log/tile/<L>/<N>[.p/<W>]        hash tile: the hashes of the tree nodes at level 8·L with indices
 *                                        256·N … 256·N+W−1 (W = 256 for a full tile), 32 bytes each
 *   GET /log/tile/entries/<N>[.p/<W>]    entry bundle: leaves 256·N … 256·N+W−1, each a big-endian
 *                                        uint16 length followed by the entry bytes
 * <N> is written in groups of three digits, all but the last prefixed with `x` (e.g. 1234067 →
 * x001/x234/067). Only tiles within the latest signed checkpoint are served (404 otherwise); a tile's
 * bytes never change, so tiles are `Cache-Control: public, max-age=31536000, immutable`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repo.ts';
import type { SignedCheckpoint } from './types.ts';

/** Tile height (hashes per tile = 2^8). */
export const TILE_HEIGHT = 8;
const WIDTH = 1 << TILE_HEIGHT;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Parses the tile index path `x001/x234/067` (and an optional `.p/<W>` suffix); null when malformed. */
export function parseTilePath(p: string): { n: number; width: number } | null {
  const m = /^((?:x\d{3}\/)*)(\d{3})(?:\.p\/(\d{1,3}))?$/.exec(p);
  if (!m) return null;
  const digits = `${(m[1] ?? '').replace(/[x/]/g, '')}${m[2]}`;
  if (digits.length > 15) return null;
  const n = Number(digits);
  const width = m[3] === undefined ? WIDTH : Number(m[3]);
  if (!Number.isSafeInteger(n) || width < 1 || width > WIDTH || (m[3] !== undefined && width === WIDTH)) return null;
  if ((m[1] ?? '') !== '' && digits.startsWith('000')) return null; // no leading zero groups
  return { n, width };
}

/** The path of tile index `n` (see parseTilePath). */
export function tilePath(n: number, width = WIDTH): string {
  const s = String(n).padStart(3, '0');
  const groups: string[] = [];
  for (let end = s.length; end > 0; end -= 3) groups.unshift(s.slice(Math.max(0, end - 3), end).padStart(3, '0'));
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/') + (width < WIDTH ? `.p/${width}` : '');
}

export interface TileDeps {
  db: DbOrTx;
  /** The latest signed checkpoint (signing one if the tree grew), or null when the log is empty. */
  latest(): Promise<SignedCheckpoint | null>;
  /** The latest checkpoint's note with its cosignatures. */
  cosigned(): Promise<SignedCheckpoint | null>;
}

/** Registers the tile routes (register under no prefix: the paths carry `/log`). */
export const tileRoutes = (deps: TileDeps): FastifyPluginAsync => async (app) => {
  /** Number of complete nodes at tree level `level` within the latest checkpoint. */
  const nodesAt = async (level: number): Promise<number> => {
    const cp = await deps.latest();
    return cp ? Math.floor(cp.size / 2 ** level) : 0;
  };
  const notFound = (reply: { code(n: number): { type(t: string): { send(b: string): unknown } } }) => reply.code(404).type('text/plain; charset=utf-8').send('not found\n');

  /** GET /log/checkpoint → the latest checkpoint note with witness cosignatures; 404 while the log is empty. */
  app.get('/log/checkpoint', async (_req, reply) => {
    const cp = await deps.cosigned();
    if (!cp) return notFound(reply);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(cp.note);
  });

  /** GET /log/tile/entries/<N>[.p/<W>] → entry bundle (uint16-length-prefixed entries); 404 beyond the checkpoint. */
  app.get('/log/tile/entries/*', async (req, reply) => {
    const t = parseTilePath((req.params as { '*': string })['*']);
    if (!t) return notFound(reply);
    const from = t.n * WIDTH;
    if (from + t.width > (await nodesAt(0))) return notFound(reply);
    const rows = await repo.leavesFrom(deps.db, from, t.width);
    if (rows.length !== t.width) return notFound(reply);
    const parts: Buffer[] = [];
    for (const r of rows) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(r.leaf.length);
      parts.push(len, r.leaf);
    }
    return reply.type('application/octet-stream').header('cache-control', IMMUTABLE).send(Buffer.concat(parts));
  });

  /** GET /log/tile/<L>/<N>[.p/<W>] → hash tile of level L (W hashes of 32 bytes); 404 beyond the checkpoint. */
  app.get('/log/tile/:level/*', async (req, reply) => {
    const { level: l } = req.params as { level: string };
    const t = parseTilePath((req.params as { '*': string })['*']);
    if (!/^(0|[1-9]\d?)$/.test(l) || !t || Number(l) * TILE_HEIGHT > 62) return notFound(reply);
    const level = Number(l) * TILE_HEIGHT;
    const from = t.n * WIDTH;
    if (from + t.width > (await nodesAt(level))) return notFound(reply);
    const rows = await repo.nodesOfLevel(deps.db, level, from, from + t.width);
    if (rows.length !== t.width) return notFound(reply);
    return reply.type('application/octet-stream').header('cache-control', IMMUTABLE).send(Buffer.concat(rows.map((r) => r.hash)));
  });
};
