/**
 * Public surface of the ledger context (DESIGN.md Trust design §2). Other modules use only this.
 * Implemented in ./service.ts.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { LedgerAuditState, LedgerStepResult } from './verify.ts';

/** Fields every ledger entry names; serialised as RFC 8785 canonical JSON (the leaf bytes). */
export interface LedgerEntryInput {
  baoquan: string;
  /** Hex SHA-256 of the evidence bytes. */
  sha256: string;
  /** Bytes. */
  size: number;
  /** Evidence kind: 'data' | 'web' | … */
  kind: string;
  /** Deposit time, Unix seconds. */
  time: number;
  /** Hex SHA-256(ownerSalt ‖ userId) — a commitment to the owner, no personal data. */
  owner: string;
  /** Hex SM3 (GB/T 32905) of the evidence bytes (issue 10 §3); present → a v2 entry. */
  sm3?: string;
}

export interface AppendResult {
  /** 0-based leaf index. */
  index: number;
  /** Exact leaf bytes (canonical JSON). */
  leaf: Buffer;
  /** Hex RFC 6962 leaf hash = chainhash. */
  chainhash: string;
}

export interface SignedCheckpoint {
  size: number;
  /** 32-byte root hash. */
  root: Buffer;
  /** Full signed note text (checkpoint body, blank line, signature lines). */
  note: string;
  /** Unix seconds. */
  time: number;
}

export interface InclusionProofData {
  leafIndex: number;
  treeSize: number;
  leaf: Buffer;
  leafHash: Buffer;
  proof: Buffer[];
  checkpoint: SignedCheckpoint;
}

export interface LedgerService {
  /**
   * Appends one entry inside the caller's transaction `tx` (takes the sequencer lock until commit).
   * The entry becomes covered by a signed checkpoint within 1 s of `committed()`.
   */
  append(tx: DbOrTx, entry: LedgerEntryInput, evidenceId: number | null): Promise<AppendResult>;
  /**
   * Group commit (issue 16, batch.ts): runs `work(tx)` — a whole deposit transaction body, appending with
   * `append(tx, …)` — in a savepoint of a shared sequencer transaction with the other bodies queued at the
   * same time; resolves after that transaction committed. A body that throws rolls back alone.
   */
  inBatch<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T>;
  /** Tells the checkpointer that appends committed (side effect after commit). */
  committed(): void;
  /** Current number of leaves. */
  size(): Promise<number>;
  /** Latest signed checkpoint, signing one first if the tree grew past the latest. Null when empty. */
  latestCheckpoint(): Promise<SignedCheckpoint | null>;
  /** Signs and stores a checkpoint for the current size if none exists for it; returns the latest. */
  checkpointNow(): Promise<SignedCheckpoint | null>;
  /**
   * Inclusion proof of leaf `index` against the latest checkpoint; null for an unknown index. With
   * `witnessed` (issue 10 §2): against the newest checkpoint covering the leaf that the witness quorum
   * cosigned (the latest when none is), its note carrying the cosignature lines.
   */
  inclusionProof(index: number, opts?: { witnessed?: boolean }): Promise<InclusionProofData | null>;
  /** The latest checkpoint with the witnesses' cosignature lines appended to its note (issue 10 §2); null when empty. */
  cosignedCheckpoint(): Promise<SignedCheckpoint | null>;
  /** The configured witnesses as last seen: name, key, largest size cosigned, last refusal. */
  witnessStatus(): Promise<Array<{ name: string; key: string; lastSize: number; error: string }>>;
  /** Consistency proof between tree sizes first ≤ second ≤ latest checkpoint size (400 otherwise). */
  consistencyProof(first: number, second: number): Promise<Buffer[]>;
  /** Verifier key text `name+keyid+base64(0x01‖pubkey)`. */
  verifierKey(): string;
  /** Leaf row by chainhash (hex), for the explorer page. */
  findByChainhash(chainhash: string): Promise<{ index: number; leaf: Buffer } | null>;
  /** Leaf at `index` with its hex leaf hash; null beyond the tree. (Used by the CLI audit.) */
  entryAt(index: number): Promise<{ leaf: Buffer; chainhash: string } | null>;
  /**
   * Full audit for `ledger:verify`: recompute every leaf hash and stored subtree hash, each checkpoint's
   * root and signature, and consistency between consecutive checkpoints. `ok` false on any mismatch.
   */
  verifyAll(): Promise<{ ok: boolean; size: number; checkpoints: number; problems: string[] }>;
  /**
   * One bounded slice of the same audit (issue 3 §5 continuous audit): at most `maxLeaves` leaves from
   * `state` (null: a new pass from leaf 0) and the checkpoints reached; returns problems per row and the
   * state to resume from (`done` when the pass reached the tree size).
   */
  verifyStep(state: LedgerAuditState | null, maxLeaves: number): Promise<LedgerStepResult>;
  /** The first signed checkpoint covering leaf `index` (smallest size > index), or null (issue 3 §3 anchoring). */
  checkpointCovering(index: number): Promise<SignedCheckpoint | null>;
  /** The signed checkpoint of exactly `size` leaves, or null. */
  checkpointAt(size: number): Promise<SignedCheckpoint | null>;
  /** Stops timers. */
  stop(): void;
}
