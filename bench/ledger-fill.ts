/**
 * Bulk fill of an EMPTY ledger for the 1 M-entry bench (issue 16): computes in Node, with the ledger's own
 * RFC 6962 hashing (`hashLeaf`, `hashChildren`) and entry encoding, every leaf row and every complete-subtree
 * hash the ledger service stores for those leaves (tables `ledger_entries` and `ledger_hashes`, the shape
 * `appendLeaves` writes: level 0 repeats the leaf hashes, level L idx i covers leaves [i·2^L, (i+1)·2^L)),
 * and writes them with multi-row `INSERT … SELECT FROM unnest(…)` statements of `chunk` leaves. Returns the
 * RFC 6962 root computed here; the bench then checks it against the service's own computation
 * (`rootAt`, a signed checkpoint, inclusion proofs verified by the contract verifier) before measuring.
 * Bench-only: the service never writes outside its sequencer lock.
 */
import type { Database } from '../apps/server/src/db/client.ts';
import { encodeEntry } from '../apps/server/src/modules/ledger/entry.ts';
import { hashChildren, hashLeaf } from '../apps/server/src/modules/ledger/merkle.ts';
import type { AppendItem } from '../apps/server/src/modules/ledger/service.ts';

/** RFC 6962 root from the right edge (complete subtrees tiling [0, n), largest first): its right fold. */
export function rootOfEdge(edge: ReadonlyArray<{ hash: Buffer }>): Buffer {
  let r = edge[edge.length - 1]!.hash;
  for (let j = edge.length - 2; j >= 0; j--) r = hashChildren(edge[j]!.hash, r);
  return r;
}

/**
 * Writes leaves 0 … n−1 (`itemOf(i)`) and their subtree hashes into an empty ledger; `onProgress(done)` after
 * each chunk. Resolves the root of the n-leaf tree. Throws when the ledger is not empty (primary keys).
 */
export async function bulkFill(database: Database, n: number, itemOf: (i: number) => AppendItem, opts: { chunk?: number; onProgress?: (done: number) => void } = {}): Promise<Buffer> {
  const chunk = opts.chunk ?? 16_384;
  const edge: Array<{ level: number; idx: number; hash: Buffer }> = [];
  for (let start = 0; start < n; start += chunk) {
    const end = Math.min(n, start + chunk);
    const lIdx: number[] = [];
    const lLeaf: string[] = [];
    const lHash: string[] = [];
    const lEv: Array<number | null> = [];
    const nLevel: number[] = [];
    const nIdx: number[] = [];
    const nHash: string[] = [];
    for (let i = start; i < end; i++) {
      const it = itemOf(i);
      const leaf = encodeEntry(it.entry);
      const lh = hashLeaf(leaf);
      lIdx.push(i);
      lLeaf.push(leaf.toString('hex'));
      lHash.push(lh.toString('hex'));
      lEv.push(it.evidenceId);
      // Same folding as appendLeaves: each leaf completes the subtrees whose left sibling is on the edge.
      let top = { level: 0, idx: i, hash: lh };
      nLevel.push(0);
      nIdx.push(i);
      nHash.push(lh.toString('hex'));
      while (edge.length && edge[edge.length - 1]!.level === top.level) {
        const left = edge.pop()!;
        top = { level: top.level + 1, idx: left.idx / 2, hash: hashChildren(left.hash, top.hash) };
        nLevel.push(top.level);
        nIdx.push(top.idx);
        nHash.push(top.hash.toString('hex'));
      }
      edge.push(top);
    }
    // Arrays travel as PostgreSQL array literals (both drivers); bytea as hex text decoded by the server.
    await database.query(
      `insert into ledger_entries (idx, leaf, leaf_hash, evidence_id)
       select i, decode(l, 'hex'), decode(h, 'hex'), e from unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[]) as t(i, l, h, e)`,
      [lIdx, lLeaf, lHash, lEv],
    );
    await database.query(
      `insert into ledger_hashes (level, idx, hash) select lv, i, decode(h, 'hex') from unnest($1::int[], $2::bigint[], $3::text[]) as t(lv, i, h)`,
      [nLevel, nIdx, nHash],
    );
    opts.onProgress?.(end);
  }
  return rootOfEdge(edge);
}
