/**
 * Fair in-process work queue (issue 9 §6): tasks are grouped by key (the user), at most `concurrency`
 * run at once, at most `perKey` of one key, and keys take turns (the key with fewest running, then the one served longest ago, goes first), so one user's backlog
 * never stands in front of another user's first task. Every task has a hard deadline: when it passes,
 * the task's `onTimeout` runs and the slot is given to the next task (the late task is left to finish in the
 * background; `stop()` still waits for it).
 */

/** Resolves to `'timeout'` after `ms` unless `p` settles first (then to its value); never rejects for the timer. */
export function withDeadline<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref?.();
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

export interface FairQueueOptions {
  /** Tasks running at once, all keys together (≥ 1). */
  concurrency: number;
  /** Tasks of one key running at once (≥ 1). */
  perKey: number;
  /** Hard deadline of one task, ms. */
  hardTimeoutMs: number;
}

interface Entry {
  task: () => Promise<void>;
  onTimeout?: () => Promise<void> | void;
}

export interface FairQueue<K> {
  /** Queues `task` under `key`; `onTimeout` runs if it passes the hard deadline (errors ignored). */
  push(key: K, task: () => Promise<void>, onTimeout?: () => Promise<void> | void): void;
  /** Tasks running now (per key when `key` is given). */
  running(key?: K): number;
  /** Tasks waiting. */
  waiting(): number;
  /** Drops waiting tasks and resolves when every started task (also late ones) has settled. */
  stop(): Promise<void>;
}

/** Builds a fair queue. */
export function fairQueue<K>(opts: FairQueueOptions): FairQueue<K> {
  const pending = new Map<K, Entry[]>();
  /** Keys with waiting tasks, in turn order. */
  const turn: K[] = [];
  const runningBy = new Map<K, number>();
  /** When each key last started a task (a counter): the key served longest ago goes first. */
  const lastStart = new Map<K, number>();
  let seq = 0;
  const started = new Set<Promise<unknown>>();
  let active = 0;
  let stopping = false;

  const pump = () => {
    while (!stopping && active < opts.concurrency && turn.length) {
      // Among keys under their cap: fewest running first, then the one served longest ago (never = first).
      let i = -1;
      for (let j = 0; j < turn.length; j++) {
        const k = turn[j] as K;
        const r = runningBy.get(k) ?? 0;
        if (r >= opts.perKey) continue;
        if (i < 0) {
          i = j;
          continue;
        }
        const best = turn[i] as K;
        const rb = runningBy.get(best) ?? 0;
        if (r < rb || (r === rb && (lastStart.get(k) ?? -1) < (lastStart.get(best) ?? -1))) i = j;
      }
      if (i < 0) return; // every waiting key is at its cap
      const key = turn.splice(i, 1)[0] as K;
      const list = pending.get(key) ?? [];
      const entry = list.shift();
      if (list.length) turn.push(key); // back of the line: the other keys go first
      else pending.delete(key);
      if (!entry) continue;
      active++;
      runningBy.set(key, (runningBy.get(key) ?? 0) + 1);
      lastStart.set(key, seq++);
      const run = entry.task().catch(() => undefined);
      started.add(run);
      void run.finally(() => started.delete(run));
      void withDeadline(run, opts.hardTimeoutMs).then(async (r) => {
        if (r === 'timeout') await Promise.resolve(entry.onTimeout?.()).catch(() => undefined);
        active--;
        const n = (runningBy.get(key) ?? 1) - 1;
        if (n > 0) runningBy.set(key, n);
        else {
          runningBy.delete(key);
          if (!pending.has(key)) lastStart.delete(key); // idle again: forget it (the map stays small)
        }
        pump();
      });
    }
  };

  return {
    push(key, task, onTimeout) {
      if (stopping) return;
      const entry: Entry = onTimeout ? { task, onTimeout } : { task };
      const list = pending.get(key);
      if (list) list.push(entry);
      else {
        pending.set(key, [entry]);
        turn.push(key);
      }
      pump();
    },
    running: (key) => (key === undefined ? active : (runningBy.get(key) ?? 0)),
    waiting: () => [...pending.values()].reduce((n, l) => n + l.length, 0),
    async stop() {
      stopping = true;
      pending.clear();
      turn.length = 0;
      await Promise.allSettled(started);
    },
  };
}
