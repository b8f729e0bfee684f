/**
 * The live sessions of this process (issue 11 §2): takes queued sessions from the database (oldest first,
 * `for update skip locked`, so several API processes share one queue) while fewer than
 * PROCESS_CONCURRENCY run here, starts each in its own browser context (live.ts), connects viewers, and
 * saves each recording when it ends (save.ts). Viewers of a queued session are told their position every
 * 2 seconds and attached as soon as it starts.
 *
 * A live session is bound to the process running its browser. Several API processes (issue 17): the row
 * names its owner (`owner_url`, this process's internal address) and carries its deadline and heartbeat; a
 * viewer that reaches another process is relayed to the owner (stream.ts, `relay`), and 结束取证 / cancel
 * through another process are stop requests in the row, polled here every 500 ms (docs/architecture.md
 * "Process recordings across API processes"). A claim is one statement; a claimed session that cannot be
 * set up here within START_TIMEOUT_MS (work directory, recorder) goes back to the queue at once, so it never
 * sits "running" without a browser until the heartbeat check fails it (its viewers would see only the queue).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@cunzheng/contract/messages';
import type { TProcessServerMsg, TProcessType } from '@cunzheng/contract/process';
import type { Db } from '../../db/client.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import { startLive, type EndReason, type LiveSession, type Viewer } from './live.ts';
import * as repo from './repo.ts';
import { saveSession, type SaveDeps } from './save.ts';

export interface ManagerSettings {
  concurrency: number;
  allowHosts: Set<string>;
  maxBytes: number;
  ffmpegPath: string;
  fps: number;
  maxMs: number;
  idleMs: number;
  reconnectMs: number;
  userAgent: string;
  software: string;
  workRoot: string;
}

export interface ManagerDeps extends SaveDeps {
  db: Db;
  /** Internal base URL of this process (where other API processes relay viewers of its sessions). */
  selfUrl: () => string;
  pool: BrowserPool;
  settings: ManagerSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** A viewer socket; `relay` hands it over to the process at `ownerUrl` that runs its session. */
export type StreamViewer = Viewer & { relay?: (ownerUrl: string) => void };

/** Longest time, ms, a claimed session may take to be set up in this process before its claim is given back. */
export const START_TIMEOUT_MS = 20_000;

/** Seconds without a heartbeat after which a running session's owner is taken for dead (→ failed). */
export const HEARTBEAT_STALE_SECONDS = 60;

/** Builds the manager. */
export function processManager(deps: ManagerDeps) {
  const { db, settings: s } = deps;
  const live = new Map<number, LiveSession>();
  const deadlines = new Map<number, number>();
  const waiting = new Map<number, Set<StreamViewer>>();
  const finishing = new Set<Promise<void>>();
  /** Sessions claimed by this process and being set up (not yet in `live`). */
  const starting = new Set<number>();
  let kicking: Promise<void> | null = null;
  let stopped = false;

  const send = (v: Viewer, m: TProcessServerMsg) => v.send(JSON.stringify(m));

  /**
   * Sets session `row` (claimed by this process) up here: work directory, browser job, viewers waiting here.
   * Returns false (and leaves nothing behind) when `attempt` was abandoned meanwhile (kick's time-box).
   */
  const start = async (row: repo.SessionRow, attempt: { abandoned: boolean }): Promise<boolean> => {
    const dir = await fsp.mkdtemp(path.join(s.workRoot, `proc-${row.id}-`));
    if (attempt.abandoned || stopped) {
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
      return false;
    }
    let session: LiveSession;
    try {
      session = startLive(deps.pool, {
        id: row.id,
        type: row.type as TProcessType,
        url: row.url,
        workDir: dir,
        allowHosts: s.allowHosts,
        maxBytes: s.maxBytes,
        ffmpegPath: s.ffmpegPath,
        fps: s.fps,
        maxMs: s.maxMs,
        idleMs: s.idleMs,
        reconnectMs: s.reconnectMs,
        userAgent: s.userAgent,
        software: s.software,
      });
    } catch (e) {
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
      throw e;
    }
    live.set(row.id, session);
    const viewers = waiting.get(row.id);
    waiting.delete(row.id);
    const last = viewers ? [...viewers].at(-1) : undefined;
    if (last) session.attach(last);
    void session.ready.then(async ({ deadline }) => {
      deadlines.set(row.id, deadline);
      await repo.update(db, row.id, { deadlineAt: new Date(deadline) });
    }).catch(() => undefined);
    const fin = session.done
      .then(async (rec) => {
        if (rec.reason === 'cancel') {
          await repo.update(db, row.id, { status: 6, endedAt: rec.endedAt, durationMs: rec.endedAt.getTime() - rec.startedAt.getTime() });
          return;
        }
        await saveSession(deps, row, rec, dir);
      })
      .then(async () => {
        const v = session.viewer();
        if (!v) return;
        const after = await repo.findById(db, row.id);
        const status = (after?.status ?? 5) as 3 | 4 | 5 | 6;
        send(v, { t: 'ended', status, note: after?.note ?? '' });
        v.close();
      })
      .catch((e: unknown) => deps.log.error({ err: e, sessionId: row.id }, 'process: session failed'))
      .finally(async () => {
        live.delete(row.id);
        deadlines.delete(row.id);
        await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
        finishing.delete(fin);
        void kick();
      });
    finishing.add(fin);
    return true;
  };

  /**
   * Starts claimed session `row` within START_TIMEOUT_MS; when that fails or takes longer, the claim is given
   * back to the queue (another process, or this one at its next kick, takes it) and false is returned.
   */
  const startOrRelease = async (row: repo.SessionRow): Promise<boolean> => {
    const attempt = { abandoned: false };
    starting.add(row.id);
    let timer: NodeJS.Timeout | undefined;
    let ok = false;
    try {
      const work = start(row, attempt);
      work.catch(() => undefined);
      const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), START_TIMEOUT_MS)));
      const r = await Promise.race([work, timeout]);
      ok = r === true;
      if (r === 'timeout') deps.log.error({ sessionId: row.id, timeoutMs: START_TIMEOUT_MS }, 'process: a session took too long to start here; its claim is released');
    } catch (e) {
      deps.log.error({ err: e, sessionId: row.id }, 'process: could not start a session here; its claim is released');
    } finally {
      clearTimeout(timer);
      attempt.abandoned = !ok;
      starting.delete(row.id);
    }
    if (!ok && !live.has(row.id)) await repo.releaseClaim(db, row.id, row.ownerUrl).catch((e: unknown) => deps.log.error({ err: e, sessionId: row.id }, 'process: could not release a claim (failed in 60 s without heartbeat)'));
    return ok;
  };

  /** Starts queued sessions while slots are free (one kick at a time in this process). */
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    kicking ??= (async () => {
      // Yield first: with no await before it, the `finally` below would run before `kicking` is assigned
      // (a full house ends the loop at once) and leave a settled promise there for ever — no more starts.
      await Promise.resolve();
      try {
        while (!stopped && live.size < s.concurrency) {
          const row = await repo.claimNext(db, deps.selfUrl());
          if (!row) break;
          // A session that cannot start here goes back to the queue; this kick ends (the next tick retries).
          if (!(await startOrRelease(row))) break;
        }
      } catch (e) {
        deps.log.error({ err: e }, 'process: could not start a session');
      } finally {
        kicking = null;
      }
    })();
    return kicking;
  };

  /** Tells every waiting viewer its place in the queue. */
  const tellPositions = async () => {
    for (const [id, vs] of waiting) {
      let row: repo.SessionRow | null;
      try {
        row = await repo.findById(db, id);
      } catch {
        continue; // the database did not answer: tell them at the next tick (not "ended")
      }
      const here = live.get(id);
      if (here) {
        // Started here after the viewer was queued (a race with `start`): attach the newest viewer.
        const last = [...vs].at(-1);
        if (last) here.attach(last);
        waiting.delete(id);
        continue;
      }
      if (row && row.status === 1 && row.ownerUrl && row.ownerUrl !== deps.selfUrl()) {
        // Started by another process: its viewers here are relayed there.
        for (const v of vs) v.relay?.(row.ownerUrl);
        waiting.delete(id);
        continue;
      }
      if (row && row.status === 1 && row.ownerUrl === deps.selfUrl()) {
        // Claimed here: being set up (its viewers are attached by `start`), or — claimed longer ago than a
        // start may take and neither running nor starting here — a claim lost by a failed start: back to the queue.
        const lost = !starting.has(id) && (row.startedAt?.getTime() ?? 0) < Date.now() - START_TIMEOUT_MS - 10_000;
        if (lost && (await repo.releaseClaim(db, id, row.ownerUrl).catch(() => false))) void kick();
        for (const v of vs) send(v, { t: 'queue', position: 1 });
        continue;
      }
      if (!row || row.status !== 0) {
        // Cancelled (or gone) while waiting: tell the viewers and close their sockets.
        if (!row || row.status >= 3) {
          for (const v of vs) {
            send(v, { t: 'ended', status: (row?.status ?? 6) as 3, note: row?.note ?? '' });
            v.close();
          }
          waiting.delete(id);
        }
        continue;
      }
      const position = await repo.position(db, id).catch(() => 1);
      for (const v of vs) send(v, { t: 'queue', position: Math.max(1, position) });
    }
  };
  let ticks = 0;
  const ticker = setInterval(() => {
    void tellPositions();
    // Another process may have freed a slot of the shared queue: poll it too.
    if (live.size < s.concurrency) void kick();
    // The database is the source of truth for the cluster: this process is alive for its sessions, and
    // sessions of a process that died (no heartbeat) are failed so their users can start again.
    void repo.heartbeat(db, [...live.keys()]).catch(() => undefined);
    if (ticks++ % 5 === 0) void repo.failStale(db, HEARTBEAT_STALE_SECONDS, MSG.PROCESS_NOTE_CRASHED).catch(() => undefined);
  }, 2000);
  ticker.unref();
  /** 结束取证 / cancel asked through another API process (a row flag) end the session here. */
  const stopPoll = setInterval(() => {
    if (live.size === 0) return;
    void repo.stopRequests(db, [...live.keys()]).then((reqs) => {
      for (const r of reqs) live.get(r.id)?.end(r.kind === 2 ? 'cancel' : 'stop');
    }, () => undefined);
  }, 500);
  stopPoll.unref();

  return {
    kick,
    /** Whether session `id` runs in this process. */
    isLive: (id: number) => live.has(id),
    /** Unix ms when running session `id` ends by itself, 0 when unknown. */
    deadline: (id: number) => deadlines.get(id) ?? 0,

    /**
     * Connects a viewer to session `id` (running here: attached; running in another process: relayed
     * there; queued: told its position until it starts, here or elsewhere).
     */
    async connect(id: number, v: StreamViewer): Promise<void> {
      const session = live.get(id);
      if (session) {
        session.attach(v);
        return;
      }
      const row = await repo.findById(db, id);
      if (row?.status === 1 && row.ownerUrl && row.ownerUrl !== deps.selfUrl() && v.relay) {
        v.relay(row.ownerUrl);
        return;
      }
      let set = waiting.get(id);
      if (!set) waiting.set(id, (set = new Set()));
      set.add(v);
      const position = await repo.position(db, id);
      send(v, { t: 'queue', position: Math.max(1, position) });
      void kick();
    },
    /** The viewer's socket closed. */
    disconnect(id: number, v: Viewer): void {
      live.get(id)?.detach(v);
      const set = waiting.get(id);
      set?.delete(v);
      if (set && set.size === 0) waiting.delete(id);
    },
    /** Forwards viewer input to running session `id`. */
    input: (id: number, m: Parameters<LiveSession['input']>[0]) => live.get(id)?.input(m) ?? Promise.resolve(),
    /** Ends running session `id` here (stop → saved; cancel → discarded). False when it does not run here. */
    end(id: number, reason: EndReason): boolean {
      const session = live.get(id);
      if (!session) return false;
      session.end(reason);
      return true;
    },
    /** Waits until session `id` (if it runs here) is saved or discarded. */
    async settled(id: number): Promise<void> {
      const session = live.get(id);
      if (session) await session.done.catch(() => undefined);
      while (live.has(id)) await new Promise((r) => setTimeout(r, 50));
    },
    /** App shutdown: running sessions are saved as 中断 (up to `timeoutMs`), queued ones stay queued. */
    async stop(timeoutMs = 60_000): Promise<void> {
      stopped = true;
      clearInterval(ticker);
      clearInterval(stopPoll);
      for (const session of live.values()) session.end('disconnected');
      await Promise.race([Promise.allSettled(finishing), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
    /** Marks sessions left running or saving by a stopped process as failed (embedded mode start-up). */
    async recoverOrphans(): Promise<number> {
      let n = 0;
      for (const row of await repo.orphaned(db)) {
        if (live.has(row.id)) continue;
        if (await repo.transition(db, row.id, [1, 2], { status: 5, note: MSG.PROCESS_NOTE_CRASHED, endedAt: new Date() })) n++;
      }
      return n;
    },
  };
}

export type ProcessManager = ReturnType<typeof processManager>;
