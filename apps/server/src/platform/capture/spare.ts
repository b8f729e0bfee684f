/**
 * The spare recorder of a capture pool (issue 16, web capture latency): after a full capture, the next
 * capture's recording proxy, address guard and browser context + page are made in the background, so the
 * next capture does not wait for a new renderer process (100–400 ms on 2 cores). One spare per pool.
 *
 * Isolation is unchanged: a spare is a fresh context that no capture used, with its own proxy, credentials
 * and guard (no host pinned yet); it is used by exactly one capture and closed by it. Exchanges reach the
 * capture's callback only once it has bound the spare (`sink`); before that the spare's page is about:blank.
 * A spare made for other settings (allowed hosts, budget, user agent) is discarded, not used.
 */
import type { BrowserContextOptions } from 'playwright-core';
import type { BrowserPool, PreparedPage } from '../browser.ts';
import { addressGuard, type AddressGuard } from './guard.ts';
import { startCaptureProxy, type CaptureProxy, type Exchange } from './proxy.ts';

/** What a capture needs before its page loads. */
export interface Recorder {
  guard: AddressGuard;
  proxy: CaptureProxy;
  /** The capture sets `onExchange` before navigating; exchanges are passed to it from then on. */
  sink: { onExchange: ((ex: Exchange) => void) | null };
  /** The page made ahead (spare), or undefined: the pool makes one in the capture's slot. */
  prepared?: Promise<PreparedPage | null>;
}

export interface RecorderSettings {
  allowHosts: Set<string>;
  maxBytes: number;
  requestTimeoutMs: number;
  /** Context options of a capture using `proxy` (engine.ts: viewport, locale, user agent, proxy …). */
  contextOptions(proxy: CaptureProxy): BrowserContextOptions;
  /** Equal keys ⇔ interchangeable settings. */
  key: string;
}

interface Spare {
  key: string;
  recorder: Promise<Recorder | null>;
}

const spares = new WeakMap<BrowserPool, Spare>();
const hooked = new WeakSet<BrowserPool>();

/** A new recorder (proxy and guard), without a page. */
export async function newRecorder(s: Omit<RecorderSettings, 'contextOptions' | 'key'>): Promise<Recorder> {
  const guard = addressGuard(s.allowHosts);
  const sink: Recorder['sink'] = { onExchange: null };
  const proxy = await startCaptureProxy({ guard, maxBytes: s.maxBytes, requestTimeoutMs: s.requestTimeoutMs, onExchange: (ex) => sink.onExchange?.(ex) });
  return { guard, proxy, sink };
}

/** Closes a recorder that will not be used (its prepared page and its proxy). */
export async function discardRecorder(r: Recorder | null): Promise<void> {
  if (!r) return;
  const p = await r.prepared?.catch(() => null);
  await p?.context.close().catch(() => undefined);
  await r.proxy.close().catch(() => undefined);
}

/** The pool's spare for `s` (removed from the pool), or a new recorder when there is none that fits. */
export async function takeRecorder(pool: BrowserPool, s: RecorderSettings): Promise<Recorder> {
  const spare = spares.get(pool);
  spares.delete(pool);
  const r = spare ? await spare.recorder.catch(() => null) : null;
  if (r && spare!.key === s.key) return r;
  void discardRecorder(r);
  return newRecorder(s);
}

/** Starts making the pool's next spare for `s` (no-op when one exists). Never throws. */
export function prepareSpare(pool: BrowserPool, s: RecorderSettings): void {
  if (spares.has(pool)) return;
  if (!hooked.has(pool)) {
    hooked.add(pool);
    pool.onClose(async () => {
      const left = spares.get(pool);
      spares.delete(pool);
      if (left) await discardRecorder(await left.recorder.catch(() => null));
    });
  }
  const recorder = (async (): Promise<Recorder | null> => {
    const r = await newRecorder(s);
    r.prepared = pool.prepare(s.contextOptions(r.proxy));
    if (!(await r.prepared)) {
      await r.proxy.close();
      return null;
    }
    return r;
  })().catch(() => null);
  spares.set(pool, { key: s.key, recorder });
}
