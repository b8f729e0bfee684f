/**
 * `npm run cli -- ledger:monitor <url>` (issue 10 §2): follows a remote log served in C2SP tlog-tiles
 * layout (`<url>/checkpoint`, `<url>/tile/entries/…`, `<url>/tile/0/…`), like a Certificate Transparency
 * monitor. For every new checkpoint it:
 *   1. verifies the checkpoint's signature with the pinned log key (and, given a witness policy, the
 *      witnesses' cosignatures);
 *   2. downloads every new entry bundle, checks each entry is a canonical v1 ledger entry, compares the
 *      entries' RFC 6962 leaf hashes with the level-0 hash tiles, and extends its own compact range of the
 *      tree with them;
 *   3. recomputes the tree root and requires it to equal the checkpoint's root — which proves the new
 *      checkpoint consistent with every earlier one the monitor verified (its tree only ever grows).
 * A smaller size, another root at a known size, or a root its own tree does not reproduce is reported as
 * a SPLIT VIEW (the log shows different histories). State (size, root, compact range) is kept in a JSON
 * file so the monitor resumes where it stopped.
 */
import fs from 'node:fs';
import { checkWitnessPolicy, parseCheckpoint, verifyCheckpoint, type WitnessPolicy } from '@cunzheng/contract/ledger/index';
import { decodeEntry } from './entry.ts';
import { hashChildren, hashLeaf } from './merkle.ts';
import { tilePath } from './tiles.ts';

/** Persistent monitor state. */
export interface MonitorState {
  origin: string;
  size: number;
  /** base64 root of `size`. */
  root: string;
  /** Compact range: hashes (base64) of the complete subtrees tiling [0, size), largest first, with their levels. */
  range: Array<{ level: number; hash: string }>;
}

export interface MonitorEvent {
  kind: 'checkpoint' | 'split-view' | 'error';
  size?: number;
  message: string;
}

export interface MonitorDeps {
  /** Base URL of the tiles (e.g. https://cz.example.com/log). */
  url: string;
  /** The log's verifier key (pinned). */
  key: string;
  witnesses?: WitnessPolicy;
  fetch?: typeof fetch;
}

const WIDTH = 256;

/** Root of a compact range (fold from the right). */
function rootOf(range: Array<{ level: number; hash: Buffer }>): Buffer {
  let r = range[range.length - 1]!.hash;
  for (let i = range.length - 2; i >= 0; i--) r = hashChildren(range[i]!.hash, r);
  return r;
}

/** Builds a monitor; `step(state)` checks the remote log once and returns the new state and what it saw. */
export function ledgerMonitor(deps: MonitorDeps) {
  const base = deps.url.replace(/\/+$/, '');
  const get = async (path: string): Promise<Buffer> => {
    const r = await (deps.fetch ?? fetch)(`${base}/${path}`, { signal: AbortSignal.timeout(30_000) });
    if (!r.ok) throw new Error(`GET ${path}: HTTP ${r.status}`);
    return Buffer.from(await r.arrayBuffer());
  };

  /** Entries [from, to) from the entry bundles, checked against the level-0 hash tiles. */
  async function entries(from: number, to: number, size: number): Promise<Buffer[]> {
    const out: Buffer[] = [];
    for (let n = Math.floor(from / WIDTH); n * WIDTH < to; n++) {
      const full = (n + 1) * WIDTH <= size;
      const width = full ? WIDTH : size - n * WIDTH;
      const p = tilePath(n, width);
      const [bundle, hashes] = await Promise.all([get(`tile/entries/${p}`), get(`tile/0/${p}`)]);
      if (hashes.length !== width * 32) throw new Error(`tile 0/${p}: ${hashes.length} bytes, want ${width * 32}`);
      let at = 0;
      for (let i = 0; i < width; i++) {
        if (at + 2 > bundle.length) throw new Error(`entry bundle ${p}: truncated`);
        const len = bundle.readUInt16BE(at);
        const leaf = bundle.subarray(at + 2, at + 2 + len);
        at += 2 + len;
        if (leaf.length !== len) throw new Error(`entry bundle ${p}: truncated`);
        if (!hashLeaf(leaf).equals(hashes.subarray(i * 32, i * 32 + 32))) throw new Error(`entry ${n * WIDTH + i}: leaf hash differs from hash tile 0/${p}`);
        decodeEntry(leaf); // throws unless a canonical v1 entry
        const idx = n * WIDTH + i;
        if (idx >= from && idx < to) out.push(leaf);
      }
      if (at !== bundle.length) throw new Error(`entry bundle ${p}: ${bundle.length - at} bytes after the last entry`);
    }
    return out;
  }

  return {
    /**
     * One round: reads the checkpoint; verifies it and the new entries; returns the state to keep and the
     * events (a new checkpoint, a split view, or an error). Never throws.
     */
    async step(state: MonitorState | null): Promise<{ state: MonitorState | null; events: MonitorEvent[] }> {
      let note: string;
      try {
        note = (await get('checkpoint')).toString('utf8');
      } catch (e) {
        return { state, events: [{ kind: 'error', message: (e as Error).message }] };
      }
      let cp;
      try {
        cp = await verifyCheckpoint(note, deps.key);
      } catch (e) {
        return { state, events: [{ kind: 'error', message: `checkpoint: ${(e as Error).message}` }] };
      }
      if (deps.witnesses) {
        const w = await checkWitnessPolicy(note, deps.witnesses);
        if (!w.ok) return { state, events: [{ kind: 'error', size: cp.size, message: `checkpoint ${cp.size}: witness policy not met (cosigned by ${w.cosigned.map((c) => c.name).join(', ') || 'none'})` }] };
      }
      const rootB64 = Buffer.from(cp.root).toString('base64');
      if (state && (cp.size < state.size || (cp.size === state.size && rootB64 !== state.root))) {
        return { state, events: [{ kind: 'split-view', size: cp.size, message: `SPLIT VIEW: the log now shows size ${cp.size} root ${rootB64}, after size ${state.size} root ${state.root}` }] };
      }
      if (state && cp.size === state.size) return { state, events: [] };
      const range: Array<{ level: number; hash: Buffer }> = (state?.range ?? []).map((r) => ({ level: r.level, hash: Buffer.from(r.hash, 'base64') }));
      let leaves: Buffer[];
      try {
        leaves = await entries(state?.size ?? 0, cp.size, cp.size);
      } catch (e) {
        return { state, events: [{ kind: 'error', size: cp.size, message: (e as Error).message }] };
      }
      for (const leaf of leaves) {
        let top = { level: 0, hash: hashLeaf(leaf) };
        while (range.length && range[range.length - 1]!.level === top.level) {
          const left = range.pop()!;
          top = { level: top.level + 1, hash: hashChildren(left.hash, top.hash) };
        }
        range.push(top);
      }
      if (range.length === 0) return { state, events: [{ kind: 'error', size: cp.size, message: 'empty log' }] };
      if (!rootOf(range).equals(Buffer.from(cp.root))) {
        return { state, events: [{ kind: 'split-view', size: cp.size, message: `SPLIT VIEW: the entries up to ${cp.size} do not give the signed root (the checkpoint is not consistent with size ${state?.size ?? 0} verified before)` }] };
      }
      const next: MonitorState = { origin: parseCheckpoint(note).origin, size: cp.size, root: rootB64, range: range.map((r) => ({ level: r.level, hash: r.hash.toString('base64') })) };
      return { state: next, events: [{ kind: 'checkpoint', size: cp.size, message: `checkpoint ${cp.size} verified: ${leaves.length} new entries, consistent with ${state?.size ?? 0}` }] };
    },
  };
}

/** Reads a state file (null when absent). */
export function readMonitorState(file: string): MonitorState | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as MonitorState) : null;
}

/** Writes a state file atomically. */
export function writeMonitorState(file: string, s: MonitorState): void {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(s));
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * The `ledger:monitor` command: `<url> [--key <vkey>] [--state <file>] [--once] [--interval <s>]
 * [--witness <key>]… [--quorum <n>]`. Without --key the key is fetched once from the site's
 * /api/ledger/key (trust on first use, said so). Prints one line per event; exits 3 on a split view,
 * 1 on an error with --once, 0 otherwise. `out` receives the lines.
 */
export async function monitorCommand(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  let url = '';
  let key = '';
  let stateFile = '';
  let once = false;
  let interval = 60;
  const witnesses: string[] = [];
  let quorum = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--key') key = argv[++i] ?? '';
    else if (a === '--state') stateFile = argv[++i] ?? '';
    else if (a === '--once') once = true;
    else if (a === '--interval') interval = Math.max(1, Number(argv[++i]) || 60);
    else if (a === '--witness') witnesses.push(argv[++i] ?? '');
    else if (a === '--quorum') quorum = Number(argv[++i]) || 0;
    else if (!a.startsWith('--') && !url) url = a;
  }
  if (!/^https?:\/\//.test(url)) {
    out('usage: npm run cli -- ledger:monitor <https://site/log> [--key <vkey>] [--state <file>] [--once] [--interval <s>] [--witness <key>]... [--quorum <n>]');
    return 2;
  }
  const site = new URL(url);
  if (!key) {
    const r = await fetch(new URL('/api/ledger/key', site), { signal: AbortSignal.timeout(30_000) });
    key = (await r.text()).trim();
    out(`log key (trust on first use, from ${site.origin}/api/ledger/key): ${key}`);
  }
  stateFile ||= `ledger-monitor-${site.host.replace(/[^A-Za-z0-9.-]/g, '_')}.json`;
  const m = ledgerMonitor({ url, key, ...(witnesses.length ? { witnesses: { keys: witnesses, quorum: quorum || witnesses.length } } : {}) });
  let state = readMonitorState(stateFile);
  for (;;) {
    const r = await m.step(state);
    for (const e of r.events) out(`${new Date().toISOString()} ${e.kind === 'split-view' ? 'ALERT' : e.kind === 'error' ? 'ERROR' : 'OK'} ${e.message}`);
    if (r.events.some((e) => e.kind === 'split-view')) return 3;
    if (r.state && r.state !== state) writeMonitorState(stateFile, r.state);
    state = r.state;
    if (once) return r.events.some((e) => e.kind === 'error') ? 1 : 0;
    await new Promise((res) => setTimeout(res, interval * 1000));
  }
}
