/**
 * `npm run bench`: runs every benchmark in turn; each prints its numbers with a ratio against a
 * baseline measured in the same run. Select some with `BENCH=upload,http npm run bench`.
 */
const all: Record<string, () => Promise<unknown>> = {
  upload: async () => (await import('./upload.bench.ts')).run(),
  digest: async () => (await import('./digest.bench.ts')).run(),
  http: async () => (await import('./http.bench.ts')).run(),
  ledger: async () => (await import('./ledger.bench.ts')).run(),
  bundle: async () => (await import('./bundle.bench.ts')).run(),
  anchor: async () => (await import('./anchor.bench.ts')).run(),
  trust: async () => (await import('./trust.bench.ts')).run(),
  capture: async () => (await import('./capture.bench.ts')).run(),
  process: async () => (await import('./process.bench.ts')).run(),
  appUpload: async () => (await import('./app-upload.bench.ts')).run(),
  cluster: async () => (await import('./cluster.bench.ts')).run(),
};
const chosen = (process.env.BENCH ?? Object.keys(all).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
const results: Record<string, unknown> = {};
for (const name of chosen) {
  const f = all[name];
  if (!f) throw new Error(`unknown benchmark ${name}; choose from ${Object.keys(all).join(', ')}`);
  console.log(`\n== ${name}`);
  results[name] = await f();
}
console.log('\n' + JSON.stringify(results, null, 2));
