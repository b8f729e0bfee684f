/**
 * Durable work deferred to just before a group commit (issue 16): a group-commit body (ledger/batch.ts)
 * may hand slow durability steps (linking and fsyncing a blob file) to its batch, which runs them all
 * CONCURRENTLY after the last body and BEFORE the commit — so the commit still follows every fsync
 * (issue 9), but a batch of N deposits waits for about one fsync instead of N in a row. A failing step
 * fails the whole batch (nothing is acknowledged).
 */

/** Pending steps by key (the same key runs once: two deposits of identical bytes link one file). */
export type BeforeCommitSteps = Map<string, () => Promise<unknown>>;

const sinks = new WeakMap<object, BeforeCommitSteps>();

/** Lets `tx` (a batch body's transaction) defer steps into `steps`. */
export function acceptBeforeCommit(tx: object, steps: BeforeCommitSteps): void {
  sinks.set(tx, steps);
}

/**
 * Defers `step` to before the commit of `tx` when `tx` accepts deferred steps; returns false (and does
 * nothing) otherwise — the caller then runs the step itself.
 */
export function deferBeforeCommit(tx: object, key: string, step: () => Promise<unknown>): boolean {
  const steps = sinks.get(tx);
  if (!steps) return false;
  if (!steps.has(key)) steps.set(key, step);
  return true;
}

/** Runs every deferred step concurrently; rejects if one fails (after all settled). */
export async function runBeforeCommit(steps: BeforeCommitSteps): Promise<void> {
  const res = await Promise.allSettled([...steps.values()].map((s) => s()));
  const bad = res.find((r) => r.status === 'rejected');
  if (bad) throw (bad as PromiseRejectedResult).reason;
}
