/**
 * Database client: embedded PGlite (files under DATA_DIR/pgdata) or PostgreSQL via `pg`,
 * one Drizzle schema and one set of drizzle-kit migrations for both (DESIGN.md Layout).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { PGLITE_START_PARAMS } from './pgliteParams.ts';
import { SERVER_V8_FLAGS } from '../platform/v8Flags.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repos accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL with positional parameters, returning rows (used by the job queue and admin tools). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Runs PGlite's initdb for an on-disk cluster that does not exist yet in a child process (pgliteInit.ts),
 * so its second WebAssembly instance never inflates this process (issue 16: 1.1 GiB high-water mark).
 */
async function initPgliteInChild(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pgliteInit.ts');
  await promisify(execFile)(process.execPath, [...SERVER_V8_FLAGS, script, dir], { maxBuffer: 1 << 20 });
}

/**
 * Opens the database and applies every committed migration.
 * `url` set → PostgreSQL; otherwise PGlite in `pgliteDir` (created if missing; `memory://` for a throw-away one).
 */
export async function openDatabase(opts: { url?: string; pgliteDir: string; /** Run initdb of a new on-disk PGlite cluster in a child process (the server: bounded memory). */ initInChild?: boolean }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client whose backend goes away (server restart, `drop database … with (force)` right after
    // close) emits 'error' on the pool; without a listener that crashes the process. The pool drops it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      query: async (text, values) => (await pool.query(text, values as unknown[])).rows,
      close: () => pool.end(),
    };
  }
  if (!opts.pgliteDir.startsWith('memory://')) {
    fs.mkdirSync(opts.pgliteDir, { recursive: true });
    if (opts.initInChild) await initPgliteInChild(opts.pgliteDir);
  }
  const client = await PGlite.create(opts.pgliteDir, { startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    query: async (text, values) =>
      values && values.length ? ((await client.query(text, values)).rows as never) : ((await client.exec(text)).at(-1)?.rows as never) ?? [],
    close: () => client.close(),
  };
}
