/**
 * `npm run bench`: runs every benchmark in turn; each prints its numbers with a ratio against a baseline
 * (or its goal) measured in the same run. Select some with `BENCH=upload,http npm run bench`; choose the
 * databases of the figures that involve one with `BENCH_DB=pglite|postgres|both` (default both).
 *
 * A bench's `run()` may return `{ figures: Figure[], ... }` (issue 16): every figure of every bench is
 * collected into one summary table (name, db, value, ratio, goal, met) printed at the end and written with
 * the full results, the load averages and the machine to `bench/results/latest.json` (BENCH_OUT to change).
 * Benches without `figures` are reported as they are. See bench/README.md for each figure and its goal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAvg } from './lib.ts';

const all: Record<string, () => Promise<unknown>> = {
  upload: async () => (await import('./upload.bench.ts')).run(),
  digest: async () => (await import('./digest.bench.ts')).run(),
  http: async () => (await import('./http.bench.ts')).run(),
  ledger: async () => (await import('./ledger.bench.ts')).run(),
  deposits: async () => (await import('./deposits.bench.ts')).run(),
  bundle: async () => (await import('./bundle.bench.ts')).run(),
  anchor: async () => (await import('./anchor.bench.ts')).run(),
  trust: async () => (await import('./trust.bench.ts')).run(),
  capture: async () => (await import('./capture.bench.ts')).run(),
  process: async () => (await import('./process.bench.ts')).run(),
  appUpload: async () => (await import('./app-upload.bench.ts')).run(),
  cluster: async () => (await import('./cluster.bench.ts')).run(),
  lighthouse: async () => (await import('./lighthouse.bench.ts')).run(),
};

/** One figure of the table as a bench returns it. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** '≥ 0.5', '≤ 1.2', a number (≥ that value), or a word ('baseline', 'info') for figures without a goal. */
  goal: string | number;
  /** The figure against its baseline (or goal) of the same run. */
  ratio?: number;
  db?: string;
  /** Set by the bench when the rule below does not fit its goal. */
  met?: boolean;
  [k: string]: unknown;
}

/**
 * Whether `f` meets its goal: `f.met` when the bench says; otherwise the goal's number g is compared with
 * `value` when the ratio is just value ÷ g (or absent), else with `ratio`. Null when the goal has no number.
 */
export function goalMet(f: Figure): boolean | null {
  if (typeof f.met === 'boolean') return f.met;
  const m = typeof f.goal === 'number' ? ['', '≥', String(f.goal)] : /^\s*(≥|>=|≤|<=|>|<)?\s*([\d.]+)/.exec(String(f.goal));
  if (!m) return null;
  const g = Number(m[2]);
  const op = m[1] ?? '≥';
  const normalised = f.ratio === undefined || (g !== 0 && Math.abs(f.ratio - f.value / g) <= 0.01 * Math.max(1, Math.abs(f.ratio)));
  const x = normalised ? f.value : f.ratio!;
  if (op === '≥' || op === '>=') return x >= g;
  if (op === '>') return x > g;
  if (op === '<') return x < g;
  return x <= g;
}

/** Per-bench database variables of earlier benches follow BENCH_DB unless set. */
function spreadBenchDb(): void {
  const v = process.env.BENCH_DB;
  if (!v || v === 'both') return;
  process.env.BENCH_HTTP_DB ??= v;
  process.env.BENCH_DEPOSIT_DBS ??= v;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const num = (x: number | undefined) => (x === undefined ? '' : Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(2) : x.toFixed(3));

if (import.meta.main) {
  spreadBenchDb();
  const chosen = (process.env.BENCH ?? Object.keys(all).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  for (const name of chosen) if (!all[name]) throw new Error(`unknown benchmark ${name}; choose from ${Object.keys(all).join(', ')}`);
  const startedAt = new Date().toISOString();
  const results: Record<string, unknown> = {};
  const summary: Array<Figure & { bench: string; metGoal: boolean | null }> = [];
  const loads: Record<string, string> = { start: loadAvg() };
  for (const name of chosen) {
    console.log(`\n== ${name} (load ${loadAvg()})`);
    try {
      results[name] = await all[name]!();
    } catch (e) {
      // One broken bench does not lose the others' numbers; it is listed as failed.
      console.error(`bench ${name} failed:`, e);
      results[name] = { error: String((e as Error)?.stack ?? e) };
    }
    loads[name] = loadAvg();
    const figs = (results[name] as { figures?: unknown } | undefined)?.figures;
    if (Array.isArray(figs)) for (const f of figs as Figure[]) summary.push({ bench: name, ...f, metGoal: goalMet(f) });
  }
  console.log('\n' + JSON.stringify(results, null, 2));

  if (summary.length) {
    const rows = [['bench', 'figure', 'db', 'value', 'ratio', 'goal', 'met'], ...summary.map((f) => [f.bench, f.name, f.db ?? '', `${num(f.value)} ${f.unit}`, num(f.ratio), String(f.goal), f.metGoal === null ? '—' : f.metGoal ? 'yes' : 'NO'])];
    const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log(`\n== summary (load at end ${loadAvg()})`);
    for (const r of rows) console.log(r.map((c, i) => pad(c, w[i]!)).join('  '));
  }
  const out = process.env.BENCH_OUT ?? path.join(import.meta.dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const doc = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    benches: chosen,
    benchDb: process.env.BENCH_DB ?? 'both',
    loadavg: loads,
    summary: summary.map((f) => ({ bench: f.bench, name: f.name, db: f.db ?? null, value: f.value, unit: f.unit, ratio: f.ratio ?? null, goal: f.goal, met: f.metGoal })),
    results,
  };
  fs.writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
  console.log(`\nwritten: ${path.relative(process.cwd(), out)}`);
  if (Object.values(results).some((r) => (r as { error?: unknown } | undefined)?.error)) process.exitCode = 1;
}
