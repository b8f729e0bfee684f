/**
 * Anchoring round trip (issue 3 §3) on a local EVM node (Hardhat 3 `hardhat node`, automine), against a
 * baseline measured in the same run on the same node:
 *   - anchor: AnchorService.runOnce({force}) for a fresh signed checkpoint — sign the calldata transaction,
 *     store it pending, broadcast, wait for the receipt, read the block time, mark it confirmed;
 *   - bare:   viem walletClient.sendTransaction of the same calldata to self + waitForTransactionReceipt
 *     (another funded account, same polling interval).
 * Each sample appends one ledger entry and signs a checkpoint first (not timed). PGlite under a temp dir
 * (or PostgreSQL with BENCH_DATABASE_URL). `node bench/anchor.bench.ts`. Env: BENCH_ANCHOR_SAMPLES (default 30).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import pino from 'pino';
import { encodeAnchorCalldata } from '../packages/contract/src/anchor.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { evmAnchorChain } from '../apps/server/src/modules/anchor/chain.ts';
import { anchorService } from '../apps/server/src/modules/anchor/service.ts';
import { ledgerService } from '../apps/server/src/modules/ledger/service.ts';
import { startDevChain } from '../apps/server/test/devChain.ts';
import { f2, pct } from './lib.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
/** Receipt polling interval of both paths, ms (the adapter's default is 1000 for real chains). */
const POLL_MS = 100;

/** Runs the benchmark; returns the numbers (ms). */
export async function run(opts: { samples?: number } = {}) {
  const samples = opts.samples ?? Number(process.env.BENCH_ANCHOR_SAMPLES ?? 30);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bench-anchor-'));
  const chain = await startDevChain();
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, pgliteDir: path.join(dir, 'pgdata') });
  const db = database.db;
  const origin = 'bench.local/ledger';
  const ledger = ledgerService({ db, config: { dataDir: dir, LEDGER_ORIGIN: origin, LEDGER_SIGNING_KEY: undefined }, checkpointIntervalMs: 0 });
  const anchor = anchorService({
    db,
    ledger,
    chain: evmAnchorChain({ rpcUrl: chain.url, privateKey: chain.keys[1]!, pollingMs: POLL_MS }),
    config: { origin, intervalSeconds: 1, minNewEntries: 1 },
    log: pino({ level: 'warn' }),
  });
  const account = privateKeyToAccount(chain.keys[2]!);
  const wallet = createWalletClient({ account, transport: http(chain.url), pollingInterval: POLL_MS });
  const pub = createPublicClient({ transport: http(chain.url), pollingInterval: POLL_MS });
  try {
    const anchorMs: number[] = [];
    const bareMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      await db.transaction((tx) => ledger.append(tx, { baoquan: `BQ${String(i).padStart(8, '0')}`, sha256: hex(`f${i}`), size: 1000 + i, kind: 'data', time: 1_700_000_000 + i, owner: hex('o') }, null));
      const cp = (await ledger.checkpointNow())!;
      // Alternate which path goes first so neither always meets a warmer node.
      const bare = async () => {
        const data = encodeAnchorCalldata({ origin, size: cp.size, root: cp.root, noteSha256: crypto.createHash('sha256').update(cp.note).digest() });
        const t0 = process.hrtime.bigint();
        const hash = await wallet.sendTransaction({ account, to: account.address, value: 0n, data, chain: null });
        const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: POLL_MS });
        if (receipt.status !== 'success') throw new Error('bare transaction reverted');
        bareMs.push(ms(t0));
      };
      const ours = async () => {
        const t0 = process.hrtime.bigint();
        const r = await anchor.runOnce({ force: true });
        if (r.status !== 'anchored' || r.size !== cp.size) throw new Error(`anchor run: ${JSON.stringify(r)}`);
        anchorMs.push(ms(t0));
      };
      if (i % 2) { await bare(); await ours(); } else { await ours(); await bare(); }
    }
    for (const a of [anchorMs, bareMs]) a.sort((x, y) => x - y);
    const res = {
      database: database.kind,
      samples,
      anchorP50ms: pct(anchorMs, 50),
      anchorP95ms: pct(anchorMs, 95),
      bareSendP50ms: pct(bareMs, 50),
      bareSendP95ms: pct(bareMs, 95),
      ratioP50: pct(anchorMs, 50) / pct(bareMs, 50),
    };
    console.log(`anchoring round trip on a local Hardhat node (${res.database}, ${samples} samples, receipt polling ${POLL_MS} ms)`);
    console.log(`  anchor runOnce: p50 ${f2(res.anchorP50ms)} ms, p95 ${f2(res.anchorP95ms)} ms vs bare viem sendTransaction + receipt p50 ${f2(res.bareSendP50ms)} ms, p95 ${f2(res.bareSendP95ms)} ms → ratio ${f2(res.ratioP50)} (p50)`);
    return res;
  } finally {
    await ledger.stop();
    await database.close();
    await chain.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await run();
