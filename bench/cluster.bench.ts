/**
 * Cluster throughput (issue 17 §2): deposits/s through ONE API process vs through TWO behind the
 * round-robin proxy, in the same run, on PostgreSQL + S3 (s3rver) with a worker (apps/server/test/clusterKit.ts).
 * Same load for both: `BENCH_CLUSTER_N` deposits (default 120) of 1–10 KiB, 40 in flight, in
 * `BENCH_CLUSTER_ROUNDS` (default 3) alternating rounds so a busy moment of the machine hits both alike.
 * Prints the median rates and their ratio (two/one). On one machine both processes share its cores, so the ratio shows the cost or
 * gain of the extra process there, not the scaling across machines. Needs PostgreSQL (TEST_DATABASE_URL or
 * the local server).
 */
import { f2 } from './lib.ts';
import { depositRun, startCluster } from '../apps/server/test/clusterKit.ts';

/** Runs the benchmark; returns deposits/s for one and two API processes and their ratio. */
export async function run(): Promise<{ oneApi: number; twoApis: number; ratio: number; n: number }> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const n = Number(process.env.BENCH_CLUSTER_N ?? 120);
  const rounds = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
  const c = await startCluster({ apis: 2 });
  try {
    const token = await c.user('13600000199');
    for (const p of c.apiPorts) await depositRun(`http://127.0.0.1:${p}`, token, 10, 5, 'warm');
    const ones: number[] = [];
    const twos: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const one = await depositRun(`http://127.0.0.1:${c.apiPorts[0]}`, token, n, 40, 'one');
      const two = await depositRun(c.lb, token, n, 40, 'two');
      if (one.acks.length !== n || two.acks.length !== n) throw new Error(`deposits failed: ${one.acks.length}/${n}, ${two.acks.length}/${n}`);
      ones.push(one.perSecond);
      twos.push(two.perSecond);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [oneApi, twoApis] = [median(ones), median(twos)];
    const ratio = twoApis / oneApi;
    console.log(`deposits/s (median of ${rounds} alternating rounds): 1 API process ${f2(oneApi)}, 2 API processes ${f2(twoApis)} (ratio ${f2(ratio)}), ${n} deposits per round, 40 in flight`);
    return { oneApi: Number(f2(oneApi)), twoApis: Number(f2(twoApis)), ratio: Number(f2(ratio)), n };
  } finally {
    await c.stop();
  }
}
