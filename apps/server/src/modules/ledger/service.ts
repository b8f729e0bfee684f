/**
 * The ledger service (DESIGN.md Trust design §2, issue 2 §5): an append-only RFC 6962 Merkle log in
 * PostgreSQL/PGlite with stored complete-subtree hashes, sequenced by a transaction-scoped advisory
 * lock, and C2SP signed checkpoints (Ed25519) within 1 s of a commit. Everything lives in the
 * database: after a restart, or in another process, the log simply continues.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { encodeEntry } from './entry.ts';
import { consistencyProof, hashLeaf, inclusionRanges, nodesFor, rangeHash, rootAt } from './merkle.ts';
import { checkpointText, loadSigningSeed, noteSigner, type NoteSigner } from './note.ts';
import * as repo from './repo.ts';
import { groupCommitter } from './batch.ts';
import { appendLeaves, nodeReader } from './tree.ts';
import type { AppendResult, InclusionProofData, LedgerEntryInput, LedgerService, SignedCheckpoint } from './types.ts';
import { verifyLedger, verifyLedgerStep } from './verify.ts';
import { parseWitnessConfig, withCosignatures, witnessCollector } from './witnesses.ts';
import { latestWitnessedAbove } from './witnessRepo.ts';

export interface LedgerDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'LEDGER_ORIGIN' | 'LEDGER_SIGNING_KEY'> & Partial<Pick<Config, 'LEDGER_WITNESSES' | 'LEDGER_WITNESS_QUORUM'>>;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Delay between `committed()` and signing, ms (default 200): commits within it share one checkpoint. */
  checkpointDelayMs?: number;
  /** Period of the safety timer that signs whenever the tree grew (e.g. appends by another process), ms (default 1000). 0: no timers (CLI). */
  checkpointIntervalMs?: number;
}

/** One item of a batch append. */
export interface AppendItem {
  entry: LedgerEntryInput;
  evidenceId: number | null;
}

/** The ledger service with the batch path used by bulk imports and the benchmark. */
export interface LedgerServiceImpl extends LedgerService {
  /** Appends several entries in order inside `tx` (one lock, one frontier read, batched inserts). */
  appendMany(tx: DbOrTx, items: readonly AppendItem[]): Promise<AppendResult[]>;
  /** Root hash of the first `size` leaves from stored subtree hashes (0 ≤ size ≤ current size). */
  rootAt(size: number): Promise<Buffer>;
  /** Size and signing time (Unix seconds) of the newest stored checkpoint, or null; never signs (issue 17 §3 readiness). */
  lastSigned(): Promise<{ size: number; time: number } | null>;
  /** Asks the witnesses to cosign the latest checkpoint now and waits for their answers (issue 10 §2). */
  collectWitnesses(): Promise<void>;
  stop(): Promise<void>;
}

/** How long inclusion proofs may reuse the last checkpoint seen instead of reading the latest, ms. */
const PROOF_CHECKPOINT_TTL_MS = 500;

const toSigned = (r: repo.CheckpointRow): SignedCheckpoint => ({ size: r.size, root: r.root, note: r.note, time: Math.floor(r.createdAt.getTime() / 1000) });

/**
 * Builds the ledger service. Loads (or creates, 0600) the Ed25519 seed; throws Error when
 * LEDGER_ORIGIN or LEDGER_SIGNING_KEY is malformed.
 */
export function ledgerService(deps: LedgerDeps): LedgerServiceImpl {
  const { db } = deps;
  const origin = deps.config.LEDGER_ORIGIN;
  const signer: NoteSigner = noteSigner(origin, loadSigningSeed(deps.config.dataDir, deps.config.LEDGER_SIGNING_KEY));
  const reader = nodeReader;
  const delay = deps.checkpointDelayMs ?? 200;
  const period = deps.checkpointIntervalMs ?? 1000;

  const witnesses = witnessCollector({ db, witnesses: parseWitnessConfig(deps.config.LEDGER_WITNESSES), consistencyProof: (a, b) => consistencyProof(reader(db), a, b), log: deps.log });
  const quorum = deps.config.LEDGER_WITNESS_QUORUM ?? 1;
  let witnessNames: string[] = [];
  void witnesses.names().then((n) => (witnessNames = n), () => undefined);

  let signing: Promise<SignedCheckpoint | null> | null = null;
  let pending: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Last checkpoint seen, reused by inclusion proofs for PROOF_CHECKPOINT_TTL_MS (any signed checkpoint covering the leaf is valid). */
  let recent: { cp: SignedCheckpoint; at: number } | null = null;

  /** Signs a checkpoint for the current size unless one exists; concurrent calls share one run. */
  function checkpointNow(): Promise<SignedCheckpoint | null> {
    signing ??= (async () => {
      const { size: n, latest } = await repo.sizeAndLatest(db);
      if (n === 0 || (latest && latest.size >= n)) return latest ? toSigned(latest) : null;
      const root = await rootAt(reader(db), n);
      await repo.insertCheckpoint(db, { size: n, root, note: signer.sign(checkpointText(origin, n, root)) });
      const now = await repo.latestCheckpoint(db);
      return now ? toSigned(now) : null;
    })()
      .then((cp) => {
        if (cp) {
          recent = { cp, at: Date.now() };
          if (!stopped && witnessNames.length) void witnesses.collect(cp);
        }
        return cp;
      })
      .finally(() => {
        signing = null;
      });
    return signing;
  }

  const run = () => {
    if (stopped) return;
    checkpointNow().catch((err: unknown) => deps.log?.error({ err }, 'ledger: checkpoint signing failed'));
  };

  function committed(): void {
    if (stopped || pending) return;
    pending = setTimeout(() => {
      pending = null;
      run();
    }, delay);
    pending.unref();
  }

  const batches = groupCommitter(db);

  const safety = period > 0 ? setInterval(run, period) : null;
  safety?.unref();
  if (period > 0) committed(); // sign at start if a previous process stopped between commit and signing

  async function appendMany(tx: DbOrTx, items: readonly AppendItem[]): Promise<AppendResult[]> {
    const leaves = items.map((it) => ({ leaf: encodeEntry(it.entry), evidenceId: it.evidenceId })); // validate before locking
    return (await appendLeaves(tx, leaves)).map((a) => ({ index: a.index, leaf: a.leaf, chainhash: a.leafHash.toString('hex') }));
  }

  return {
    /** issue 2 §5: one entry in the caller's transaction (lock held until its commit). */
    async append(tx, entry, evidenceId) {
      return (await appendMany(tx, [{ entry, evidenceId }]))[0]!;
    },
    appendMany,
    inBatch: (work) => batches.run(work),
    committed,
    size: () => repo.treeSize(db),
    latestCheckpoint: checkpointNow,
    async lastSigned() {
      const r = await repo.latestCheckpoint(db);
      return r ? { size: r.size, time: Math.floor(r.createdAt.getTime() / 1000) } : null;
    },
    checkpointNow,
    async rootAt(size) {
      if (!Number.isSafeInteger(size) || size < 0 || size > (await repo.treeSize(db))) throw badRequest('树大小无效');
      return rootAt(reader(db), size);
    },
    async inclusionProof(index, opts): Promise<InclusionProofData | null> {
      if (!Number.isSafeInteger(index) || index < 0) return null;
      let cp = recent && Date.now() - recent.at < PROOF_CHECKPOINT_TTL_MS && index < recent.cp.size ? recent.cp : await checkpointNow();
      if (cp && index >= cp.size) cp = await checkpointNow(); // a signing begun before this leaf committed
      if (!cp || index >= cp.size) return null;
      if (opts?.witnessed && witnessNames.length) {
        // The newest checkpoint covering the leaf that the witness quorum cosigned, with its cosignatures.
        const size = await latestWitnessedAbove(db, index, witnessNames, quorum);
        const row = size === null ? null : await repo.checkpointOfSize(db, size);
        if (row) cp = toSigned(row);
        cp = { ...cp, note: await withCosignatures(db, cp) };
      }
      const ranges = inclusionRanges(index, 0, cp.size);
      const { nodes, leaf } = await repo.readNodesAndLeaf(db, nodesFor(ranges), index);
      if (!leaf) return null;
      return { leafIndex: index, treeSize: cp.size, leaf, leafHash: hashLeaf(leaf), proof: ranges.map((r) => rangeHash(r, nodes)), checkpoint: cp };
    },
    async consistencyProof(first, second) {
      const cp = await checkpointNow();
      if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 1 || first > second || !cp || second > cp.size) {
        throw badRequest('树大小无效');
      }
      return consistencyProof(reader(db), first, second);
    },
    verifierKey: () => signer.verifierKey,
    async cosignedCheckpoint() {
      const cp = await checkpointNow();
      return cp ? { ...cp, note: await withCosignatures(db, cp) } : null;
    },
    witnessStatus: () => witnesses.status(),
    async collectWitnesses() {
      await witnesses.ready();
      witnessNames = await witnesses.names();
      const cp = await checkpointNow();
      if (cp) await witnesses.collect(cp, true);
    },
    async findByChainhash(chainhash) {
      if (!/^[0-9a-fA-F]{64}$/.test(chainhash)) return null;
      const r = await repo.leafByHash(db, Buffer.from(chainhash, 'hex'));
      return r ? { index: r.idx, leaf: r.leaf } : null;
    },
    async entryAt(index) {
      if (!Number.isSafeInteger(index) || index < 0) return null;
      const r = await repo.leafAt(db, index);
      return r ? { leaf: r.leaf, chainhash: r.leafHash.toString('hex') } : null;
    },
    verifyAll: () => verifyLedger(db, signer),
    verifyStep: (state, maxLeaves) => verifyLedgerStep(db, signer, state, maxLeaves),
    async checkpointCovering(index) {
      if (!Number.isSafeInteger(index) || index < 0) return null;
      const r = await repo.firstCheckpointAbove(db, index);
      return r ? toSigned(r) : null;
    },
    async checkpointAt(size) {
      if (!Number.isSafeInteger(size) || size < 0) return null;
      const r = await repo.checkpointOfSize(db, size);
      return r ? toSigned(r) : null;
    },
    async stop() {
      stopped = true;
      if (pending) clearTimeout(pending);
      if (safety) clearInterval(safety);
      pending = null;
      await signing?.catch(() => undefined);
    },
  };
}
