/**
 * Start parameters of the embedded PostgreSQL (PGlite; issue 16, docs/performance.md "Memory"): its
 * defaults plus a 16 MiB `shared_buffers` (PGlite's default 128 MiB grows the WebAssembly memory, which
 * never shrinks, to ≈ 190 MiB on the first big scan; 16 MiB keeps it at the 128 MiB initial size — the
 * rest of the working set is served by the OS page cache through PGlite's Node file system).
 */
import { PGlite } from '@electric-sql/pglite';

/** `postgres` arguments PGlite starts with (its defaults + the memory bounds above). */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB'];
