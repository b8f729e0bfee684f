/**
 * Collecting witness cosignatures (C2SP tlog-witness client; issue 10 §2). Each configured witness
 * (LEDGER_WITNESSES: its cosignature/v1 verifier key and base URL) is asked to cosign every new signed
 * checkpoint: POST <url>/add-checkpoint with `old <size it last cosigned>`, the RFC 6962 consistency
 * proof from that size and the signed note. A 409 answer (text/x.tlog.size) tells the witness's size;
 * the request is retried once from it. A 422 (the proof does not verify against what the witness saw:
 * a split view) or any other refusal is logged and shown by `status()`; nothing is stored. A returned
 * cosignature is verified with the witness's key before it is stored. The cosigned checkpoint is the
 * log's signed note followed by the stored cosignature lines.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parseWitnessKey, verifyCosignature, type WitnessKey } from '@cunzheng/contract/ledger/index';
import type { DbOrTx } from '../../db/client.ts';
import type { SignedCheckpoint } from './types.ts';
import * as repo from './witnessRepo.ts';

/** How long one witness request may take, ms. */
const WITNESS_TIMEOUT_MS = 5000;
/** Minimum time between two attempts at the same witness for the same checkpoint, ms. */
const RETRY_MS = 10_000;

/** One configured witness. */
export interface WitnessEndpoint {
  /** cosignature/v1 verifier key `name+hex8(keyid)+base64(0x04‖pubkey)`. */
  key: string;
  /** Base URL; the request goes to `<url>/add-checkpoint`. */
  url: string;
}

/** The state of one witness as last seen. */
export interface WitnessStatus {
  name: string;
  key: string;
  /** Largest checkpoint size it cosigned (0: none). */
  lastSize: number;
  /** The last refusal or failure ('' after a success). */
  error: string;
}

/**
 * Parses LEDGER_WITNESSES: entries separated by ';' or newlines, each `<verifier key> <base URL>`.
 * Throws Error with a readable message for a malformed entry.
 */
export function parseWitnessConfig(v: string | undefined): WitnessEndpoint[] {
  if (!v?.trim()) return [];
  return v.split(/[;\n]/).map((s) => s.trim()).filter(Boolean).map((entry) => {
    const [key, url, ...rest] = entry.split(/\s+/);
    if (!key || !url || rest.length || !/^https?:\/\//.test(url)) throw new Error('配置错误 / invalid configuration: LEDGER_WITNESSES entries are "<witness key> <http(s) URL>"');
    return { key, url: url.replace(/\/+$/, '') };
  });
}

export interface CollectorDeps {
  db: DbOrTx;
  witnesses: WitnessEndpoint[];
  consistencyProof(first: number, second: number): Promise<Buffer[]>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Builds the collector; `ready` rejects for a malformed witness key. */
export function witnessCollector(deps: CollectorDeps) {
  const parsed: Promise<Array<WitnessEndpoint & { k: WitnessKey }>> = Promise.all(deps.witnesses.map(async (w) => ({ ...w, k: await parseWitnessKey(w.key) })));
  parsed.catch(() => undefined);
  const state = new Map<string, { lastSize: number | null; error: string; triedSize: number; triedAt: number }>();
  const running = new Map<string, Promise<void>>();

  async function post(url: string, body: string): Promise<{ status: number; type: string; text: string }> {
    const res = await fetch(`${url}/add-checkpoint`, { method: 'POST', body, headers: { 'content-type': 'text/plain; charset=utf-8' }, signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS) });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: (await res.text()).slice(0, 10_000) };
  }

  async function askOne(w: WitnessEndpoint & { k: WitnessKey }, cp: SignedCheckpoint): Promise<void> {
    const st = state.get(w.k.name) ?? { lastSize: null, error: '', triedSize: -1, triedAt: 0 };
    state.set(w.k.name, st);
    st.lastSize ??= await repo.lastCosignedSize(deps.db, w.k.name);
    if (st.lastSize >= cp.size) return;
    st.triedSize = cp.size;
    st.triedAt = Date.now();
    let old = st.lastSize;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (old > cp.size) {
        st.error = `witness is at size ${old}, beyond checkpoint ${cp.size}`;
        return;
      }
      const proof = old > 0 && old < cp.size ? await deps.consistencyProof(old, cp.size) : [];
      const body = `old ${old}\n${proof.map((h) => `${h.toString('base64')}\n`).join('')}\n${cp.note}`;
      let r;
      try {
        r = await post(w.url, body);
      } catch (e) {
        st.error = `unreachable: ${(e as Error).message}`;
        deps.log?.warn({ witness: w.k.name, err: st.error }, 'witness: request failed');
        return;
      }
      if (r.status === 409 && r.type.startsWith('text/x.tlog.size') && /^\d{1,16}\n?$/.test(r.text) && attempt === 0) {
        old = Number(r.text.trim());
        continue;
      }
      if (r.status !== 200) {
        st.error = `${r.status} ${r.text.trim().slice(0, 200)}`;
        deps.log?.warn({ witness: w.k.name, size: cp.size, status: r.status, answer: r.text.trim().slice(0, 200) }, 'witness: refused to cosign');
        return;
      }
      const line = r.text.endsWith('\n') ? r.text : `${r.text}\n`;
      const lines = line.split('\n').filter(Boolean);
      const time = lines.length === 1 ? await verifyCosignature(`${cp.note}${line}`, w.k) : null;
      if (time === null) {
        st.error = 'invalid cosignature';
        deps.log?.warn({ witness: w.k.name, size: cp.size }, 'witness: answered an invalid cosignature');
        return;
      }
      await repo.insertCosignature(deps.db, { size: cp.size, witness: w.k.name, line: line.trimEnd(), cosignedAt: time });
      st.lastSize = cp.size;
      st.error = '';
      return;
    }
  }

  return {
    ready: () => parsed.then(() => undefined),
    /** Names of the configured witnesses. */
    async names(): Promise<string[]> {
      return (await parsed).map((w) => w.k.name);
    },
    /**
     * Asks every witness that has not cosigned `cp` (and was not asked about it in the last 10 s unless
     * `force`) to cosign it; resolves when all answered. Never throws (failures go to `status`).
     */
    async collect(cp: SignedCheckpoint, force = false): Promise<void> {
      const ws = await parsed;
      await Promise.all(ws.map((w) => {
        const st = state.get(w.k.name);
        if (!force && st && ((st.lastSize ?? 0) >= cp.size || (st.triedSize === cp.size && Date.now() - st.triedAt < RETRY_MS))) return Promise.resolve();
        const key = `${w.k.name}:${cp.size}`;
        let job = running.get(key);
        if (!job) {
          job = askOne(w, cp).catch((e: unknown) => deps.log?.error({ err: e, witness: w.k.name }, 'witness: collection error')).finally(() => running.delete(key));
          running.set(key, job);
        }
        return job;
      }));
    },
    /** The witnesses as last seen (size cosigned, last error). */
    async status(): Promise<WitnessStatus[]> {
      return Promise.all((await parsed).map(async (w) => {
        const st = state.get(w.k.name);
        return { name: w.k.name, key: w.key, lastSize: st?.lastSize ?? (await repo.lastCosignedSize(deps.db, w.k.name)), error: st?.error ?? '' };
      }));
    },
  };
}

export type WitnessCollector = ReturnType<typeof witnessCollector>;

/** `note` with the stored cosignature lines of its size appended (the cosigned checkpoint). */
export async function withCosignatures(db: DbOrTx, cp: SignedCheckpoint): Promise<string> {
  const lines = await repo.cosignaturesOf(db, cp.size);
  return lines.length ? `${cp.note}${lines.map((l) => `${l.line}\n`).join('')}` : cp.note;
}
