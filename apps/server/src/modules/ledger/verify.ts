/**
 * Full audit of the stored log for `npm run cli -- ledger:verify` (issue 2 §2, DESIGN.md Trust design §2):
 * re-reads every leaf in index order, recomputes its leaf hash and every complete-subtree hash, compares
 * them with ledger_entries / ledger_hashes, recomputes the root at each stored checkpoint size, checks
 * each checkpoint's text and Ed25519 signature, and verifies a consistency proof generated from storage
 * between consecutive checkpoints with the independent WebCrypto verifier of @cunzheng/contract.
 * Memory is bounded (one batch of leaves plus the O(log n) right edge of the tree).
 */
import { verifyConsistency } from '@cunzheng/contract/ledger/index';
import type { Db } from '../../db/client.ts';
import { decodeEntry } from './entry.ts';
import { EMPTY_ROOT, consistencyProof, hashChildren, hashLeaf } from './merkle.ts';
import { parseCheckpointText, splitNote, type NoteSigner } from './note.ts';
import * as repo from './repo.ts';

/** Result of the audit; `problems` are English lines for operators (at most 1000 kept). */
export interface LedgerAudit {
  ok: boolean;
  size: number;
  checkpoints: number;
  problems: string[];
}

const BATCH = 4096;
const MAX_PROBLEMS = 1000;

/** Audits the whole log; never throws for data problems (they are reported), only for database errors. */
export async function verifyLedger(db: Db, signer: NoteSigner): Promise<LedgerAudit> {
  const problems: string[] = [];
  const problem = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  const size = await repo.treeSize(db);
  const stack: Array<{ level: number; idx: number; hash: Buffer }> = [];
  const rootNow = () => {
    if (stack.length === 0) return EMPTY_ROOT;
    let h = stack[stack.length - 1]!.hash;
    for (let i = stack.length - 2; i >= 0; i--) h = hashChildren(stack[i]!.hash, h);
    return h;
  };

  // Checkpoints, consumed in ascending size while leaves stream by.
  let cpCount = 0;
  let cpQueue: repo.CheckpointRow[] = [];
  let cpAfter = -1;
  let prevCp: { size: number; root: Buffer } | null = null;
  const nextCheckpoint = async () => {
    if (cpQueue.length === 0) {
      cpQueue = await repo.checkpointsAfter(db, cpAfter, 1000);
      if (cpQueue.length) cpAfter = cpQueue[cpQueue.length - 1]!.size;
    }
    return cpQueue[0] ?? null;
  };
  const checkCheckpoint = async (cp: repo.CheckpointRow, root: Buffer) => {
    cpCount++;
    const split = splitNote(cp.note);
    const body = split ? parseCheckpointText(split.text) : null;
    if (!signer.verify(cp.note)) problem(`checkpoint ${cp.size}: signature does not verify with ${signer.verifierKey}`);
    if (!body || body.origin !== signer.name || body.size !== cp.size || !body.root.equals(cp.root)) problem(`checkpoint ${cp.size}: note text does not match its row`);
    if (!cp.root.equals(root)) problem(`checkpoint ${cp.size}: stored root ${cp.root.toString('hex')} != recomputed ${root.toString('hex')}`);
    if (prevCp && cp.size > 0) {
      try {
        const proof = await consistencyProof((ids) => repo.readNodes(db, ids), prevCp.size, cp.size);
        if (!(await verifyConsistency(prevCp.size, cp.size, proof, prevCp.root, cp.root))) problem(`checkpoints ${prevCp.size} → ${cp.size}: consistency proof does not verify`);
      } catch (e) {
        problem(`checkpoints ${prevCp.size} → ${cp.size}: ${(e as Error).message}`);
      }
    }
    if (cp.size > 0) prevCp = { size: cp.size, root: cp.root };
  };

  let cp = await nextCheckpoint();
  if (cp && cp.size === 0) {
    await checkCheckpoint(cp, EMPTY_ROOT);
    cpQueue.shift();
    cp = await nextCheckpoint();
  }

  let expected = 0;
  for (;;) {
    const rows = await repo.leavesFrom(db, expected, BATCH);
    if (rows.length === 0) break;
    const created = new Map<number, Array<{ idx: number; hash: Buffer }>>();
    const note = (level: number, idx: number, hash: Buffer) => {
      let l = created.get(level);
      if (!l) created.set(level, (l = []));
      l.push({ idx, hash });
    };
    for (const r of rows) {
      if (r.idx !== expected) {
        problem(`leaf ${expected} missing (next stored index ${r.idx})`);
        return { ok: false, size, checkpoints: cpCount, problems };
      }
      const lh = hashLeaf(r.leaf);
      if (!lh.equals(r.leafHash)) problem(`leaf ${r.idx}: stored leaf hash differs from SHA-256(0x00 ‖ leaf)`);
      try {
        decodeEntry(r.leaf);
      } catch (e) {
        problem(`leaf ${r.idx}: ${(e as Error).message}`);
      }
      let top = { level: 0, idx: r.idx, hash: lh };
      note(0, top.idx, top.hash);
      while (stack.length && stack[stack.length - 1]!.level === top.level) {
        const left = stack.pop()!;
        top = { level: top.level + 1, idx: left.idx / 2, hash: hashChildren(left.hash, top.hash) };
        note(top.level, top.idx, top.hash);
      }
      stack.push(top);
      expected++;
      while (cp && cp.size === expected) {
        await checkCheckpoint(cp, rootNow());
        cpQueue.shift();
        cp = await nextCheckpoint();
      }
    }
    for (const [level, list] of created) {
      const stored = await repo.nodesOfLevel(db, level, list[0]!.idx, list[list.length - 1]!.idx + 1);
      const byIdx = new Map(stored.map((s) => [Number(s.idx), s.hash]));
      for (const c of list) {
        const s = byIdx.get(c.idx);
        if (!s) problem(`subtree hash (${level}, ${c.idx}) missing`);
        else if (!s.equals(c.hash)) problem(`subtree hash (${level}, ${c.idx}) differs from the recomputed one`);
      }
    }
  }
  while (cp) {
    problem(`checkpoint ${cp.size} is beyond the tree size ${size}`);
    cpCount++;
    cpQueue.shift();
    cp = await nextCheckpoint();
  }
  for (const [level, count] of await repo.nodeCounts(db)) {
    const want = Math.floor(size / 2 ** level);
    if (count !== want) problem(`level ${level}: ${count} stored subtree hashes, expected ${want}`);
  }
  return { ok: problems.length === 0, size, checkpoints: cpCount, problems };
}
