/**
 * One-shot child process (issue 16; docs/performance.md "Memory"): runs PGlite's initdb in `argv[2]` and
 * exits. initdb starts a second PGlite instance beside the main one (two WebAssembly memories plus the
 * initdb module): done inside the server it left a 1.1 GiB high-water mark and ≈ 600 MiB resident for
 * the server's whole life; in a child that memory goes back to the system when the child exits.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pgliteParams.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pgliteInit.ts <pgdata dir>');
const db = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
await db.close();
