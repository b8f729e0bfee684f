/**
 * Progress of web captures (issue 4 §2–3): polls GET /api/Webforensics/webstatus for each capture id
 * until it is done (2) or failed (3), every `intervalMs` (default WEB_STATUS_POLL_MS, 2 s). A round
 * asks for every unfinished id with at most `concurrency` calls in flight, then waits the interval,
 * so a 100-URL batch never floods the server.
 *
 * Errors: a failed connection (ApiError code 0) is reported and retried next round; a business error
 * for one id (e.g. 400 取证记录不存在) ends that id; a session error (401, 403, 408 — the request
 * wrapper already redirects) ends the whole poll.
 */
import { useEffect, useRef, useState } from 'react';
import { WEB_STATUS_POLL_MS } from '@cunzheng/contract/forensics';
import { getWebStatus, type WebStatus } from '../../api/forensics';
import { ApiError } from '../../api/request';

export interface PollOptions {
  /** Pause between rounds, ms. */
  intervalMs?: number;
  /** Calls in flight at once. */
  concurrency?: number;
  /** Stops the poll (no more calls, no more callbacks). */
  signal: AbortSignal;
  /** Every status answered, with the id it was asked for. */
  onStatus: (s: WebStatus, id: number) => void;
  /** A failed call for `id`; `final` true when that id is no longer polled. */
  onError?: (id: number, err: ApiError, final: boolean) => void;
}

/** Session codes handled by the request wrapper (it navigates away): stop everything. */
const SESSION_CODES = new Set([401, 403, 408]);

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Polls `ids` until each is finished, a session error occurs or `signal` aborts. */
export async function pollStatuses(ids: readonly number[], opts: PollOptions): Promise<void> {
  const { signal, onStatus, onError } = opts;
  const intervalMs = opts.intervalMs ?? WEB_STATUS_POLL_MS;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const pending = new Set(ids);
  let stopped = false;

  const ask = async (id: number) => {
    try {
      const s = await getWebStatus(id, signal);
      if (signal.aborted) return;
      onStatus(s, id);
      if (s.status === 2 || s.status === 3) pending.delete(id);
    } catch (e) {
      if (signal.aborted) return;
      const err = e instanceof ApiError ? e : new ApiError(0, String(e));
      const final = err.code !== 0;
      if (final) pending.delete(id);
      if (SESSION_CODES.has(err.code)) stopped = true;
      onError?.(id, err, final);
    }
  };

  while (pending.size > 0 && !signal.aborted && !stopped) {
    const round = [...pending];
    let next = 0;
    const worker = async () => {
      while (next < round.length && !signal.aborted && !stopped) {
        const id = round[next++] as number;
        await ask(id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, round.length) }, worker));
    if (pending.size === 0 || signal.aborted || stopped) break;
    await sleep(intervalMs, signal);
  }
}

/** What a page knows of one capture's progress. */
export interface CaptureProgressState {
  /** Last status answered (undefined before the first answer). */
  status?: WebStatus;
  /** Last error message ('' none); `final` errors ended the polling of this id. */
  error: string;
  final: boolean;
}

/**
 * React hook: polls `ids` (restarting when the list changes) and returns each id's state. The
 * first round starts at once. `intervalMs` is for tests; pages use the default 2 s.
 */
export function useCaptureStatuses(ids: readonly number[], intervalMs?: number): ReadonlyMap<number, CaptureProgressState> {
  const [states, setStates] = useState<ReadonlyMap<number, CaptureProgressState>>(new Map());
  const key = ids.join(',');
  const idsRef = useRef(ids);
  idsRef.current = ids;

  useEffect(() => {
    const list = idsRef.current;
    setStates(new Map());
    if (list.length === 0) return;
    const ctrl = new AbortController();
    const patch = (id: number, p: Partial<CaptureProgressState>) =>
      setStates((m) => {
        const next = new Map(m);
        next.set(id, { error: '', final: false, ...m.get(id), ...p });
        return next;
      });
    void pollStatuses(list, {
      signal: ctrl.signal,
      intervalMs,
      onStatus: (s, id) => patch(id, { status: s, error: '', final: false }),
      onError: (id, err, final) => patch(id, { error: err.msg, final }),
    });
    return () => ctrl.abort();
  }, [key, intervalMs]);

  return states;
}
