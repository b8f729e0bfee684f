/**
 * Start parameters of the embedded PostgreSQL (PGlite; issue 16, docs/performance.md "Server memory"): its
 * defaults plus a 4 MiB `shared_buffers` (PGlite's default 128 MiB grows the WebAssembly memory, which
 * never shrinks, to ≈ 190 MiB on the first big scan; 16 MiB kept it at the 128 MiB initial size, and every
 * buffer a page has once used stays resident: a fresh database after its migrations and a login had touched
 * 32.7 MiB of the wasm memory with 16 MiB, 20.7 with 4 MiB (round 4). The rest of the working set is served
 * by the OS page cache through PGlite's Node file system; server CPU per deposit was the same, 9.2–10.0 ms).
 */
import { PGlite } from '@electric-sql/pglite';

/** `postgres` arguments PGlite starts with (its defaults + the memory bounds above). */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB', '-c', 'temp_buffers=2MB'];
