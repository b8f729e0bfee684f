/**
 * Audit of the stored log (issue 2 §2 `ledger:verify`, issue 3 §5 continuous audit; DESIGN.md Trust
 * design §2): re-reads leaves in index order, recomputes each leaf hash and every complete-subtree hash,
 * compares them with ledger_entries / ledger_hashes, recomputes the root at each stored checkpoint size,
 * checks each checkpoint's text and Ed25519 signature, and verifies a consistency proof generated from
 * storage between consecutive checkpoints with the independent WebCrypto verifier of @cunzheng/contract.
 *
 * One implementation, two uses: `verifyLedgerStep` does a bounded slice and returns a resumable state
 * (the O(log n) right edge of the tree recomputed so far, as JSON) that the continuous audit stores
 * between runs; `verifyLedger` runs steps to the end and adds the whole-table checks. Memory is bounded
 * (one batch of leaves plus the right edge).
 */
import { verifyConsistency } from '@cunzheng/contract/ledger/index';
import type { Db } from '../../db/client.ts';
import { decodeEntry } from './entry.ts';
import { EMPTY_ROOT, consistencyProof, hashChildren, hashLeaf } from './merkle.ts';
import { parseCheckpointText, splitNote, type NoteSigner } from './note.ts';
import * as repo from './repo.ts';

/** Result of the full audit; `problems` are English lines for operators (at most 1000 kept). */
export interface LedgerAudit {
  ok: boolean;
  size: number;
  checkpoints: number;
  problems: string[];
}

/** A problem found by a step: `target` names the row (`ledger_entries:9`, `ledger_hashes:2:1`, `checkpoint:12`), `detail` the English line. */
export interface LedgerProblem {
  target: string;
  detail: string;
}

/** Resumable position of a pass over the log (JSON-serialisable; hashes hex). */
export interface LedgerAuditState {
  /** Next leaf index to read. */
  next: number;
  /** Right edge of the tree recomputed over [0, next): complete subtrees, largest first. */
  stack: Array<{ level: number; idx: number; hash: string }>;
  /** Size of the last checkpoint checked, -1 before any. */
  cpAfter: number;
  /** Last non-empty checkpoint checked (size, hex root), for the consistency check to the next one. */
  prev: { size: number; root: string } | null;
}

/** Outcome of one bounded step. */
export interface LedgerStepResult {
  /** State to resume from; `done` → the pass reached the tree size seen at the start of the step. */
  state: LedgerAuditState;
  done: boolean;
  /** Tree size when the step started. */
  size: number;
  leaves: number;
  checkpoints: number;
  problems: LedgerProblem[];
}

const BATCH = 4096;
const MAX_PROBLEMS = 1000;

/** A fresh pass from leaf 0. */
export const initialLedgerAuditState = (): LedgerAuditState => ({ next: 0, stack: [], cpAfter: -1, prev: null });

/**
 * Verifies at most `maxLeaves` leaves from `state` (null: a new pass from leaf 0), and every checkpoint
 * whose size is reached on the way (a size-0 checkpoint at the start of a pass). A checkpoint committed
 * after the pass went past its size is left to the next pass. Never throws for data problems (they are
 * returned), only for database errors.
 */
export async function verifyLedgerStep(db: Db, signer: NoteSigner, state: LedgerAuditState | null, maxLeaves: number): Promise<LedgerStepResult> {
  const st = state ?? initialLedgerAuditState();
  const problems: LedgerProblem[] = [];
  const problem = (target: string, detail: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ target, detail });
  };
  const size = await repo.treeSize(db);
  const stack: Array<{ level: number; idx: number; hash: Buffer }> = st.stack.map((s) => ({ level: s.level, idx: s.idx, hash: Buffer.from(s.hash, 'hex') }));
  let prevCp: { size: number; root: Buffer } | null = st.prev ? { size: st.prev.size, root: Buffer.from(st.prev.root, 'hex') } : null;
  let cpAfter = st.cpAfter;
  let expected = st.next;
  let cpCount = 0;
  let leaves = 0;
  const rootNow = () => {
    if (stack.length === 0) return EMPTY_ROOT;
    let h = stack[stack.length - 1]!.hash;
    for (let i = stack.length - 2; i >= 0; i--) h = hashChildren(stack[i]!.hash, h);
    return h;
  };

  // Checkpoints, consumed in ascending size while leaves stream by.
  let cpQueue: repo.CheckpointRow[] = [];
  let fetchedAfter = cpAfter;
  const nextCheckpoint = async () => {
    for (;;) {
      if (cpQueue.length === 0) {
        cpQueue = await repo.checkpointsAfter(db, fetchedAfter, 1000);
        if (cpQueue.length) fetchedAfter = cpQueue[cpQueue.length - 1]!.size;
      }
      const cp = cpQueue[0] ?? null;
      // Signed after this pass went past its size (or the size-0 one mid-pass): the next pass checks it.
      if (cp && (cp.size < expected || (cp.size === 0 && expected > 0))) {
        cpQueue.shift();
        cpAfter = cp.size;
        continue;
      }
      return cp;
    }
  };
  const checkCheckpoint = async (cp: repo.CheckpointRow, root: Buffer) => {
    cpCount++;
    const t = `checkpoint:${cp.size}`;
    const split = splitNote(cp.note);
    const body = split ? parseCheckpointText(split.text) : null;
    if (!signer.verify(cp.note)) problem(t, `checkpoint ${cp.size}: signature does not verify with ${signer.verifierKey}`);
    if (!body || body.origin !== signer.name || body.size !== cp.size || !body.root.equals(cp.root)) problem(t, `checkpoint ${cp.size}: note text does not match its row`);
    if (!cp.root.equals(root)) problem(t, `checkpoint ${cp.size}: stored root ${cp.root.toString('hex')} != recomputed ${root.toString('hex')}`);
    if (prevCp && cp.size > 0) {
      try {
        const proof = await consistencyProof((ids) => repo.readNodes(db, ids), prevCp.size, cp.size);
        if (!(await verifyConsistency(prevCp.size, cp.size, proof, prevCp.root, cp.root))) problem(t, `checkpoints ${prevCp.size} → ${cp.size}: consistency proof does not verify`);
      } catch (e) {
        problem(t, `checkpoints ${prevCp.size} → ${cp.size}: ${(e as Error).message}`);
      }
    }
    if (cp.size > 0) prevCp = { size: cp.size, root: cp.root };
    cpAfter = cp.size;
  };

  let cp = await nextCheckpoint();
  if (cp && cp.size === 0 && expected === 0) {
    await checkCheckpoint(cp, EMPTY_ROOT);
    cpQueue.shift();
    cp = await nextCheckpoint();
  }

  const end = Math.min(size, expected + Math.max(1, maxLeaves));
  let broken = false;
  while (expected < end && !broken) {
    const rows = await repo.leavesFrom(db, expected, Math.min(BATCH, end - expected));
    if (rows.length === 0) break;
    const created = new Map<number, Array<{ idx: number; hash: Buffer }>>();
    const note = (level: number, idx: number, hash: Buffer) => {
      let l = created.get(level);
      if (!l) created.set(level, (l = []));
      l.push({ idx, hash });
    };
    for (const r of rows) {
      if (r.idx !== expected) {
        problem(`ledger_entries:${expected}`, `leaf ${expected} missing (next stored index ${r.idx})`);
        broken = true;
        break;
      }
      const lh = hashLeaf(r.leaf);
      if (!lh.equals(r.leafHash)) problem(`ledger_entries:${r.idx}`, `leaf ${r.idx}: stored leaf hash differs from SHA-256(0x00 ‖ leaf)`);
      try {
        decodeEntry(r.leaf);
      } catch (e) {
        problem(`ledger_entries:${r.idx}`, `leaf ${r.idx}: ${(e as Error).message}`);
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
      leaves++;
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
        if (!s) problem(`ledger_hashes:${level}:${c.idx}`, `subtree hash (${level}, ${c.idx}) missing`);
        else if (!s.equals(c.hash)) problem(`ledger_hashes:${level}:${c.idx}`, `subtree hash (${level}, ${c.idx}) differs from the recomputed one`);
      }
    }
  }
  const next: LedgerAuditState = {
    next: expected,
    stack: stack.map((s) => ({ level: s.level, idx: s.idx, hash: s.hash.toString('hex') })),
    cpAfter,
    prev: prevCp ? { size: prevCp.size, root: prevCp.root.toString('hex') } : null,
  };
  return { state: next, done: broken || expected >= size, size, leaves, checkpoints: cpCount, problems };
}

/** Audits the whole log (every step, then the whole-table checks); never throws for data problems, only for database errors. */
export async function verifyLedger(db: Db, signer: NoteSigner): Promise<LedgerAudit> {
  const problems: string[] = [];
  let state: LedgerAuditState | null = null;
  let checkpoints = 0;
  let size = 0;
  for (;;) {
    const r: LedgerStepResult = await verifyLedgerStep(db, signer, state, 1 << 20);
    for (const p of r.problems) if (problems.length < MAX_PROBLEMS) problems.push(p.detail);
    checkpoints += r.checkpoints;
    size = r.size;
    state = r.state;
    if (r.done) break;
  }
  if (state.next < size) return { ok: false, size, checkpoints, problems }; // a missing leaf stopped the pass
  for (const cp of await repo.checkpointsAfter(db, Math.max(state.cpAfter, size), MAX_PROBLEMS)) {
    problems.push(`checkpoint ${cp.size} is beyond the tree size ${size}`);
    checkpoints++;
  }
  for (const [level, count] of await repo.nodeCounts(db)) {
    const want = Math.floor(size / 2 ** level);
    if (count !== want) problems.push(`level ${level}: ${count} stored subtree hashes, expected ${want}`);
  }
  return { ok: problems.length === 0, size, checkpoints, problems: problems.slice(0, MAX_PROBLEMS) };
}
