/**
 * V8 flags the server process runs with (issue 16; docs/performance.md "Memory"), applied by
 * re-executing the process in place (`process.execve`: same pid, same stdio) at the very start of
 * main.ts, so `npm start`, the benches, the E2E server and containers all get them without a wrapper:
 * - `--expose-gc`, to compact the heap once after start-up (`takeStartupCompaction`) and for the young-generation
 *   collections staging asks for while receiving a large upload (platform/stageSink.ts `scavenger`).
 * - `--liftoff-only`: PGlite's 9 MiB WebAssembly module is compiled by V8's baseline compiler only.
 *   With TurboFan tier-up, optimising postgres's largest functions took ≈ 560 MiB of compiler memory
 *   (server high-water mark 977 MiB, ≈ 500 MiB resident afterwards); Liftoff-only: 431 MiB high-water,
 *   and the same query loop ran as fast on this machine (docs/performance.md has the numbers).
 * - `--heap-growing-percent=60`: after each full GC the old generation may grow 60 % before the next one.
 *   V8's own factor follows the JS allocation rate; a large upload allocates almost nothing on the JS heap,
 *   so V8 drops to its minimum (1.1: ≈ 10 MiB of room on the ≈ 100 MiB heap of before), and below ≈ 20 MiB
 *   of room it restarts incremental marking right after every mark-compact: 30–57 marks of the whole heap
 *   per 1 GiB upload, 2–3 s of CPU on the core the request needs (docs/performance.md "Upload of a large
 *   file"). 30 % was enough for the ≈ 100 MiB heap, not for the ≈ 48 MiB one after lazy imports (46–57
 *   mark-compacts in the server's whole run); 60 % (and 100 %): 12–14, start-up included (server CPU per GiB
 *   7.3–7.6 → 4.1 s), same peak RSS.
 * - `--max-semi-space-size=4` (MiB): on this machine V8 sized the young generation at up to 3 × 16 MiB
 *   semi-spaces, and loading the app's modules filled it before the first scavenge: the server's
 *   high-water mark was reached while importing (PostgreSQL 327 MiB; 164–180 MiB with 4 MiB, 155 with
 *   `--optimize-for-size`). Scavenges get more frequent but each stays small; measured on bench/http and
 *   bench/deposits in the same run it cost nothing measurable, whereas `--optimize-for-size` cost ≈ 10–13 %
 *   server CPU per deposit and most of getView's req/s (docs/performance.md "Server memory").
 * - `--initial-old-space-size=32` (MiB): the old generation's limit before its first mark-compact. V8 starts
 *   with a large one, and the production build (apps/server/scripts/build.ts) loads the app's modules in one
 *   synchronous burst, promoting the loading garbage without a mark-compact: the heap reached 144 MiB and
 *   the process 248 MiB before main.ts's compaction (round 4, PGlite). With 32: marks during loading, ≈ 130 MiB.
 *   Later limits follow the live heap and `--heap-growing-percent` as before.
 * V8 freezes its flags at start-up, so `v8.setFlagsFromString` cannot do this, and NODE_OPTIONS refuses
 * these flags.
 */

/** Flags added to the server's node command line. */
export const SERVER_V8_FLAGS: readonly string[] = ['--liftoff-only', '--expose-gc', '--heap-growing-percent=60', '--max-semi-space-size=4', '--initial-old-space-size=32'];

/**
 * The `gc` function `--expose-gc` puts on the global object (V8 makes it non-configurable: it stays there;
 * no code of the app calls it) as a one-shot "compact and give memory back" for after start-up (issue 16): loading the app's
 * ≈ 3,700 modules grows V8's heap to ≈ 250 MiB of which ≈ 100 MiB stay live, and V8 keeps the pages; a
 * last-resort major GC returns them (idle RSS on PostgreSQL 363 → 211 MiB). No-op without the flag.
 */
export function takeStartupCompaction(): () => void {
  const g = globalThis as { gc?: (o?: { type: string; execution: string; flavor: string }) => void };
  const gc = g.gc;
  return () => gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Set in the re-executed server's environment when `MALLOC_ARENA_MAX` was added by `ensureServerV8Flags`. */
const ARENA_MARK = 'CZ_SERVER_MALLOC_ARENA_MAX';

/**
 * Replaces this process by `node <SERVER_V8_FLAGS> <its own flags and arguments>` when a flag is missing;
 * returns when they are all present or on platforms without `process.execve` (the server then runs with Node's defaults).
 * The same `execve` limits glibc's malloc to 2 arenas (`MALLOC_ARENA_MAX=2`, unless the environment sets it):
 * each thread that allocates (libuv's pool, V8's GC helpers, the SM3 worker) otherwise gets an arena of its own,
 * and the free memory kept in them counts in RSS (idle PGlite RSS − 4 MiB, round 4; server CPU per deposit
 * unchanged within the noise). glibc reads it once at start, so after the re-exec it is removed again from
 * `process.env`: the processes the server starts (Chromium, ffmpeg, PGlite's initdb) get the usual allocator.
 */
export function ensureServerV8Flags(): void {
  if (process.env[ARENA_MARK] === '1') {
    delete process.env[ARENA_MARK];
    delete process.env.MALLOC_ARENA_MAX;
  }
  const missing = SERVER_V8_FLAGS.filter((f) => !process.execArgv.includes(f));
  if (missing.length === 0 || typeof process.execve !== 'function') return;
  const env = process.env.MALLOC_ARENA_MAX ? process.env : { ...process.env, MALLOC_ARENA_MAX: '2', [ARENA_MARK]: '1' };
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)], env);
}
