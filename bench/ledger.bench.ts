/**
 * Ledger at 1,000,000 entries (issue 2 §8): appends/s through the real `append()` (one transaction per
 * deposit, as the evidence module calls it) and inclusion-proof latency p50/p95, each with a ratio
 * against a baseline measured in the same run on the same database:
 *   - appends: a bare one-row insert transaction into a plain table of the same shape;
 *   - proofs:  a bare primary-key select of one leaf row.
 * The log is filled quickly through the batch path (`appendMany`, 10,000 entries per transaction).
 * Runs on PGlite under a temp dir (or on PostgreSQL with BENCH_DATABASE_URL). `node bench/ledger.bench.ts`.
 * Issue 16: also appends through the group commit (`inBatch`) from 16 concurrent callers, the figure
 * with the goal ≥ 2,000/s; returns `{ figures: [{ name, value, unit, goal, ratio, db }], … }`.
 * Env: BENCH_LEDGER_ENTRIES (default 1000000), BENCH_LEDGER_SAMPLES (default 2000).
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
import { f2, pct } from './lib.ts';

/** Goal of issue 16: ledger appends/s at 1 M entries. */
export const LEDGER_GOAL_PER_S = 2000;

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const item = (i: number): AppendItem => ({
  entry: { baoquan: `BQ${String(i).padStart(10, '0')}`, sha256: hex(`f${i}`), size: 1000 + i, kind: 'data', time: 1_700_000_000 + i, owner: hex(`o${i % 1000}`) },
  evidenceId: i + 1,
});
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Runs the benchmark; returns the numbers (rates per second, latencies in ms). */
export async function run(opts: { entries?: number; samples?: number } = {}) {
  const target = opts.entries ?? Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
  const samples = opts.samples ?? Number(process.env.BENCH_LEDGER_SAMPLES ?? 2000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-ledger-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase({ url, pgliteDir: path.join(dir, 'pgdata') });
  const db = database.db;
  const ledger = ledgerService({ db, config: { dataDir: dir, LEDGER_ORIGIN: 'bench.local/ledger', LEDGER_SIGNING_KEY: undefined }, checkpointIntervalMs: 0 });
  try {
    if ((await ledger.size()) !== 0) throw new Error('bench needs an empty ledger database');
    // 1. Fill through the batch path.
    const fillStart = process.hrtime.bigint();
    const fillTo = target - 2 * samples;
    for (let n = 0; n < fillTo; ) {
      const k = Math.min(10_000, fillTo - n);
      const batch = Array.from({ length: k }, (_, j) => item(n + j));
      await db.transaction((tx) => ledger.appendMany(tx, batch));
      n += k;
      if (n % 100_000 === 0 || n === fillTo) console.log(`  filled ${n} entries (${f2(n / (ms(fillStart) / 1000))} entries/s)`);
    }
    const fillMs = ms(fillStart);
    await database.query('analyze');

    // 2. Baseline for appends: one-row insert transactions into a plain table of the same shape.
    await db.execute(sql`create table if not exists bench_plain (idx bigint primary key, leaf bytea not null, leaf_hash bytea not null, evidence_id bigint)`);
    let t0 = process.hrtime.bigint();
    for (let i = 0; i < samples; i++) {
      const leaf = Buffer.from(JSON.stringify(item(i).entry));
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bench_plain values (${i}, ${leaf}, ${crypto.createHash('sha256').update(leaf).digest()}, ${i})`);
      });
    }
    const plainPerSec = samples / (ms(t0) / 1000);

    // 3. Real appends, one transaction each (one caller), then 16 concurrent callers through the group
    // commit (issue 16: each append its own savepoint in a shared sequencer transaction, as deposits do).
    t0 = process.hrtime.bigint();
    for (let i = fillTo; i < fillTo + samples; i++) await db.transaction((tx) => ledger.append(tx, item(i).entry, i + 1));
    const appendsPerSec = samples / (ms(t0) / 1000);
    t0 = process.hrtime.bigint();
    let next = fillTo + samples;
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = next++; i < target; i = next++) await ledger.inBatch((tx) => ledger.append(tx, item(i).entry, i + 1));
    }));
    const groupAppendsPerSec = samples / (ms(t0) / 1000);
    ledger.committed();
    t0 = process.hrtime.bigint();
    const cp = (await ledger.checkpointNow())!;
    const signMs = ms(t0);
    if (cp.size !== target) throw new Error(`checkpoint size ${cp.size} != ${target}`);

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
      const s = process.hrtime.bigint();
      await ledger.consistencyProof(crypto.randomInt(1, second), second);
      cons.push(ms(s));
    }
    for (const a of [base, lat, cons]) a.sort((x, y) => x - y);
    const res = {
      database: database.kind,
      entries: target,
      fillEntriesPerSec: fillTo / (fillMs / 1000),
      appendsPerSec,
      groupAppendsPerSec,
      groupVsGoal: groupAppendsPerSec / LEDGER_GOAL_PER_S,
      plainInsertTxPerSec: plainPerSec,
      appendRatio: appendsPerSec / plainPerSec,
      proofP50ms: pct(lat, 50),
      proofP95ms: pct(lat, 95),
      pkSelectP50ms: pct(base, 50),
      pkSelectP95ms: pct(base, 95),
      proofRatioP50: pct(lat, 50) / pct(base, 50),
      proofRatioP95: pct(lat, 95) / pct(base, 95),
      consistencyP50ms: pct(cons, 50),
      consistencyP95ms: pct(cons, 95),
      checkpointSignMs: signMs,
    };
    console.log(`ledger (${res.database}, ${target} entries; filled at ${f2(res.fillEntriesPerSec)} entries/s in batches of 10,000)`);
    console.log(`  appends: ${f2(appendsPerSec)}/s (one transaction each) vs bare one-row insert transaction ${f2(plainPerSec)}/s → ratio ${f2(res.appendRatio)}`);
    console.log(`  appends, 16 concurrent callers, group commit: ${f2(groupAppendsPerSec)}/s → ${f2(res.groupVsGoal)} of the goal ${LEDGER_GOAL_PER_S}/s (issue 16); ratio to the bare insert ${f2(groupAppendsPerSec / plainPerSec)}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log(`  inclusion proof: p50 ${f2(res.proofP50ms)} ms, p95 ${f2(res.proofP95ms)} ms vs primary-key select p50 ${f2(res.pkSelectP50ms)} ms, p95 ${f2(res.pkSelectP95ms)} ms → ratio ${f2(res.proofRatioP50)} (p50), ${f2(res.proofRatioP95)} (p95)`);
    console.log(`  consistency proof: p50 ${f2(res.consistencyP50ms)} ms, p95 ${f2(res.consistencyP95ms)} ms; checkpoint signing at ${target}: ${f2(signMs)} ms`);
    return {
      ...res,
      figures: [
        { name: 'ledger appends/s at 1 M entries, 16 callers, group commit', value: groupAppendsPerSec, unit: 'appends/s', goal: LEDGER_GOAL_PER_S, ratio: groupAppendsPerSec / LEDGER_GOAL_PER_S, db: database.kind, entries: target, baseline: { name: 'bare one-row insert transaction/s', value: plainPerSec } },
        { name: 'ledger appends/s at 1 M entries, one caller, one transaction each', value: appendsPerSec, unit: 'appends/s', goal: LEDGER_GOAL_PER_S, ratio: appendsPerSec / LEDGER_GOAL_PER_S, db: database.kind, entries: target, baseline: { name: 'bare one-row insert transaction/s', value: plainPerSec } },
      ],
      loadavg: os.loadavg(),
    };
  } finally {
    await ledger.stop();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
