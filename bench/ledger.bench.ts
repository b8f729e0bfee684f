/**
 * Ledger at 1,000,000 entries (issue 2 §8, issue 16): appends/s through the real `append()` and inclusion-proof
 * latency p50/p95, each with a ratio against a baseline measured in the same run on the same database:
 *   - appends: a bare one-row insert transaction into a plain table of the same shape (one caller, and 16
 *     concurrent callers);
 *   - proofs:  a bare primary-key select of one leaf row.
 * The log is first filled in bulk (`ledger-fill.ts`: leaves and stored subtree hashes computed in Node with the
 * ledger's own hashing, multi-row INSERTs into the real tables); the filled tree's root is then checked against
 * the service's own computation (`rootAt`, a signed checkpoint, inclusion proofs verified by the contract
 * verifier; the full `verifyAll` audit too when ≤ 50,000 entries). Then appends at that size: one caller (one
 * transaction each, as a lone deposit), and 16 and 64 concurrent callers through the group commit (`inBatch`,
 * as concurrent deposits) — the figures with the goal ≥ 2,000/s; returns `{ figures: [...], … }`.
 * Databases: BENCH_DB (pglite | postgres | both, default both; PostgreSQL is a fresh database on BENCH_PG_URL,
 * or BENCH_DATABASE_URL as is). `node bench/ledger.bench.ts`.
 * Env: BENCH_LEDGER_ENTRIES (default 1000000), BENCH_LEDGER_SAMPLES (default 2000 per phase).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { verifyInclusion } from '../packages/contract/src/ledger/merkle.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ledgerEntries } from '../apps/server/src/db/schema/index.ts';
import { ledgerService, type AppendItem } from '../apps/server/src/modules/ledger/service.ts';
import { bulkFill } from './ledger-fill.ts';
import { benchDbEnv, benchDbs, f2, loadAvg, pct, type BenchDb } from './lib.ts';

/** Goal of issue 16: ledger appends/s at 1 M entries. */
export const LEDGER_GOAL_PER_S = 2000;

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const item = (i: number): AppendItem => ({
  entry: { baoquan: `BQ${String(i).padStart(10, '0')}`, sha256: hex(`f${i}`), size: 1000 + i, kind: 'data', time: 1_700_000_000 + i, owner: hex(`o${i % 1000}`), sm3: hex(`s${i}`) },
  evidenceId: i + 1,
});
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** CPU time of this process per operation of the last `concurrently` run, ms (user + system). */
let lastCpuMsPerOp = 0;

/**
 * `callers` concurrent loops over [from, to); resolves the rate per second (wall clock) and leaves the CPU
 * time of this process per operation in `lastCpuMsPerOp` — on PGlite the whole database runs in this
 * process, so `1000 / lastCpuMsPerOp` is the rate one uncontended core would reach whatever the load.
 */
async function concurrently(from: number, to: number, callers: number, one: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let next = from;
  await Promise.all(Array.from({ length: callers }, async () => {
    for (let i = next++; i < to; i = next++) await one(i);
  }));
  const cpu = process.cpuUsage(cpu0);
  lastCpuMsPerOp = (cpu.user + cpu.system) / 1000 / (to - from);
  return (to - from) / (ms(t0) / 1000);
}

/** Runs the benchmark on one database; returns its numbers (rates per second, latencies in ms). */
async function runOn(kind: BenchDb, target: number, samples: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-ledger-'));
  const fresh = kind === 'postgres' && !process.env.BENCH_DATABASE_URL ? await benchDbEnv('postgres', 'cz_bench_ledger') : null;
  if (kind === 'postgres' && !fresh && !process.env.BENCH_DATABASE_URL) {
    console.log('  ledger: PostgreSQL not reachable, skipped');
    return null;
  }
  const url = kind === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? fresh!.env.DATABASE_URL) : undefined;
  const database = await openDatabase({ url, pgliteDir: path.join(dir, 'pgdata') });
  const db = database.db;
  const ledger = ledgerService({ db, config: { dataDir: dir, LEDGER_ORIGIN: 'bench.local/ledger', LEDGER_SIGNING_KEY: undefined }, checkpointIntervalMs: 0 });
  try {
    if ((await ledger.size()) !== 0) throw new Error('bench needs an empty ledger database');
    const load0 = loadAvg();
    // 1. Bulk fill (ledger-fill.ts), then check the tree against the service's own computation.
    const fillTo = target - 3 * samples;
    const fillStart = process.hrtime.bigint();
    const root = await bulkFill(database, fillTo, item, {
      onProgress: (n) => {
        if (n % 131_072 === 0 || n === fillTo) console.log(`  filled ${n} entries (${f2(n / (ms(fillStart) / 1000))} entries/s)`);
      },
    });
    const fillMs = ms(fillStart);
    await database.query('analyze');
    if (!(await ledger.rootAt(fillTo)).equals(root)) throw new Error('bulk fill: rootAt differs from the root computed in Node');
    const cp0 = (await ledger.checkpointNow())!;
    if (cp0.size !== fillTo || !cp0.root.equals(root)) throw new Error('bulk fill: signed checkpoint differs from the root computed in Node');
    for (let k = 0; k < 32; k++) {
      const i = k === 0 ? fillTo - 1 : crypto.randomInt(0, fillTo);
      const p = (await ledger.inclusionProof(i))!;
      if (p.treeSize !== fillTo || !(await verifyInclusion(p.leafHash, i, fillTo, p.proof, root))) throw new Error(`bulk fill: inclusion proof of ${i} does not verify`);
    }
    if (fillTo <= 50_000) {
      const audit = await ledger.verifyAll();
      if (!audit.ok) throw new Error(`bulk fill: audit failed: ${JSON.stringify(audit.problems.slice(0, 3))}`);
    }
    console.log(`  ledger (${database.kind}): bulk-filled ${fillTo} entries at ${f2(fillTo / (fillMs / 1000))} entries/s; root ${root.toString('hex').slice(0, 16)}… = rootAt = signed checkpoint; 32 inclusion proofs verified${fillTo <= 50_000 ? '; verifyAll clean' : ''}`);

    // 2. Baselines: one-row insert transactions into a plain table of the same shape, one caller and 16.
    await db.execute(sql`create table if not exists bench_plain (idx bigint primary key, leaf bytea not null, leaf_hash bytea not null, evidence_id bigint)`);
    const plain = (i: number) => {
      const leaf = Buffer.from(JSON.stringify(item(i).entry));
      return db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_plain values (${i}, ${leaf}, ${crypto.createHash('sha256').update(leaf).digest()}, ${i})`);
      });
    };
    const plainPerSec = await concurrently(0, samples, 1, plain);
    const plain16PerSec = await concurrently(samples, 2 * samples, 16, plain);

    // 3. Real appends at that size: one caller (one transaction each, as a lone deposit), then 16 and 64
    // concurrent callers through the group commit (each append its own body in a shared sequencer transaction).
    const appendsPerSec = await concurrently(fillTo, fillTo + samples, 1, (i) => db.transaction((tx) => ledger.append(tx, item(i).entry, i + 1)));
    const appendCpuMs = lastCpuMsPerOp;
    const group16PerSec = await concurrently(fillTo + samples, fillTo + 2 * samples, 16, (i) => ledger.inBatch((tx) => ledger.append(tx, item(i).entry, i + 1)));
    const group16CpuMs = lastCpuMsPerOp;
    const group64PerSec = await concurrently(fillTo + 2 * samples, target, 64, (i) => ledger.inBatch((tx) => ledger.append(tx, item(i).entry, i + 1)));
    const group64CpuMs = lastCpuMsPerOp;
    const load1 = loadAvg();
    ledger.committed();
    let t0 = process.hrtime.bigint();
    const cp = (await ledger.checkpointNow())!;
    const signMs = ms(t0);
    if (cp.size !== target) throw new Error(`checkpoint size ${cp.size} != ${target}`);
    const cons0 = await ledger.consistencyProof(fillTo, target);
    if (cons0.length === 0) throw new Error('no consistency proof from the filled tree to the final one');

    // 4. Proof latency vs a bare primary-key select; every proof is checked once by the contract verifier.
    const idx = Array.from({ length: samples }, () => crypto.randomInt(0, target));
    const base: number[] = [];
    for (const i of idx) {
      const s = process.hrtime.bigint();
      await db.select({ leaf: ledgerEntries.leaf }).from(ledgerEntries).where(eq(ledgerEntries.idx, i));
      base.push(ms(s));
    }
    const lat: number[] = [];
    let bad = 0;
    for (const i of idx) {
      const s = process.hrtime.bigint();
      const p = (await ledger.inclusionProof(i))!;
      lat.push(ms(s));
      if (!(await verifyInclusion(p.leafHash, i, p.treeSize, p.proof, p.checkpoint.root))) bad++;
    }
    if (bad) throw new Error(`${bad} inclusion proofs did not verify`);
    const cons: number[] = [];
    for (let k = 0; k < 200; k++) {
      const second = crypto.randomInt(2, target + 1);
      t0 = process.hrtime.bigint();
      await ledger.consistencyProof(crypto.randomInt(1, second), second);
      cons.push(ms(t0));
    }
    for (const a of [base, lat, cons]) a.sort((x, y) => x - y);
    const res = {
      database: database.kind,
      entries: target,
      fillEntriesPerSec: fillTo / (fillMs / 1000),
      appendsPerSec,
      groupAppendsPerSec: group16PerSec,
      group64AppendsPerSec: group64PerSec,
      groupVsGoal: group16PerSec / LEDGER_GOAL_PER_S,
      plainInsertTxPerSec: plainPerSec,
      plainInsertTx16PerSec: plain16PerSec,
      appendRatio: appendsPerSec / plainPerSec,
      // CPU of the bench process per append, ms (PGlite: database included; PostgreSQL: client side only).
      appendCpuMs,
      group16CpuMs,
      group64CpuMs,
      proofP50ms: pct(lat, 50),
      proofP95ms: pct(lat, 95),
      pkSelectP50ms: pct(base, 50),
      pkSelectP95ms: pct(base, 95),
      proofRatioP50: pct(lat, 50) / pct(base, 50),
      proofRatioP95: pct(lat, 95) / pct(base, 95),
      consistencyP50ms: pct(cons, 50),
      consistencyP95ms: pct(cons, 95),
      checkpointSignMs: signMs,
      loadavg: `${load0} → ${load1}`,
    };
    console.log(`  baseline: bare one-row insert transaction ${f2(plainPerSec)}/s (one caller), ${f2(plain16PerSec)}/s (16 callers)`);
    console.log(`  appends at ${fillTo}+: one caller ${f2(appendsPerSec)}/s (ratio ${f2(res.appendRatio)}); group commit 16 callers ${f2(group16PerSec)}/s (ratio ${f2(group16PerSec / plainPerSec)}, ${f2(group16PerSec / LEDGER_GOAL_PER_S)} of the goal), 64 callers ${f2(group64PerSec)}/s (ratio ${f2(group64PerSec / plainPerSec)}, ${f2(group64PerSec / LEDGER_GOAL_PER_S)} of the goal); load average ${res.loadavg}`);
    console.log(`  CPU of this process per append (${database.kind === 'pglite' ? 'database included' : 'client side only'}): one caller ${f2(appendCpuMs)} ms, 16 callers ${f2(group16CpuMs)} ms, 64 callers ${f2(group64CpuMs)} ms → ${f2(1000 / group64CpuMs)} appends per CPU-second (64 callers)`);
    console.log(`  inclusion proof: p50 ${f2(res.proofP50ms)} ms, p95 ${f2(res.proofP95ms)} ms vs primary-key select p50 ${f2(res.pkSelectP50ms)} ms, p95 ${f2(res.pkSelectP95ms)} ms → ratio ${f2(res.proofRatioP50)} (p50), ${f2(res.proofRatioP95)} (p95)`);
    console.log(`  consistency proof: p50 ${f2(res.consistencyP50ms)} ms, p95 ${f2(res.consistencyP95ms)} ms; checkpoint signing at ${target}: ${f2(signMs)} ms`);
    const baseline = { name: 'bare one-row insert transaction/s (one caller)', value: plainPerSec, concurrent16: plain16PerSec };
    const fig = (name: string, value: number) => ({ name, value, unit: 'appends/s', goal: LEDGER_GOAL_PER_S, ratio: value / LEDGER_GOAL_PER_S, db: database.kind, entries: target, baseline, loadavg: res.loadavg });
    return {
      ...res,
      figures: [
        fig('ledger appends/s at 1 M entries, 16 callers, group commit', group16PerSec),
        fig('ledger appends/s at 1 M entries, 64 callers, group commit', group64PerSec),
        fig('ledger appends/s at 1 M entries, one caller, one transaction each', appendsPerSec),
      ],
    };
  } finally {
    await ledger.stop();
    await database.close();
    await fresh?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the benchmark on every database of BENCH_DB; returns the figures of all. */
export async function run(opts: { entries?: number; samples?: number } = {}) {
  const target = opts.entries ?? Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
  const samples = opts.samples ?? Number(process.env.BENCH_LEDGER_SAMPLES ?? 2000);
  const runs = [];
  for (const kind of benchDbs()) {
    const r = await runOn(kind, target, samples);
    if (r) runs.push(r);
  }
  return { figures: runs.flatMap((r) => r.figures), runs: runs.map(({ figures: _f, ...r }) => r), loadavg: os.loadavg() };
}

if (import.meta.main) await run();
