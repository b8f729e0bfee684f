/**
 * Test harness: the real app on a real database. PGlite in memory by default; with
 * TEST_DATABASE_URL set (CI), a fresh PostgreSQL database is created per harness and dropped after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { loggerOptions } from '../src/platform/logging.ts';

export interface Harness extends BuiltApp {
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL set, creates a fresh PostgreSQL database `<prefix>_<random>` under that server and
 * returns its URL and a function that drops it; without it, `{}` (the caller uses PGlite).
 */
export async function createTestDatabase(prefix: string): Promise<{ url?: string; dropDb?: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return {};
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    dropDb: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * In the S3 run (`TEST_BLOB_STORE=s3`, server started by test/s3Setup.ts): settings putting this harness's
 * blobs under a fresh prefix of the test bucket; otherwise `{}` (local blobs under DATA_DIR).
 */
export function testBlobEnv(): Record<string, string> {
  const endpoint = process.env.CZ_TEST_S3_ENDPOINT;
  if (!endpoint) return {};
  return {
    BLOB_STORE: `s3://cz-test/h-${crypto.randomBytes(6).toString('hex')}`,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PART_SIZE_MB: '5',
  };
}

/** Builds the app on a fresh database and temp DATA_DIR. `env` overrides configuration variables. */
export async function makeHarness(env: Record<string, string> = {}, opts: { jobs?: boolean; logStream?: Writable; logLevel?: string } = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-test-'));
  const { url, dropDb } = await createTestDatabase('cz_t');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_OFF: '0', ...testBlobEnv(), ...env });
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  // With `logStream` the app logs through the production logger options (redaction, serializers) into it.
  const logger = opts.logStream ? loggerOptions(opts.logLevel ?? 'debug', opts.logStream) : false;
  const built = await buildApp(config, database, { logger, jobs: opts.jobs });
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    dataDir,
    async close() {
      // Issue 13: `points:verify` is clean after every test file; a harness whose points ledger and cached
      // balances disagree fails its file here (the balance-tamper test restores the cache before it ends).
      const points = await built.services.commerce.verify().catch(() => null);
      await built.app.close();
      await database.close();
      if (dropDb) await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (points && points.problems.length > 0) throw new Error(`points:verify found ${points.problems.length} problem(s): ${JSON.stringify(points.problems.slice(0, 3))}`);
    },
  };
}
