/**
 * Runtime configuration, parsed once from the environment with zod (DESIGN.md "What a user runs").
 * Fails fast with a readable message naming the bad variable; never echoes secret values.
 */
import path from 'node:path';
import { z } from 'zod';

const ZConfig = z.object({
  INIT_CWD: z.string().max(4096).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().max(255).default('0.0.0.0'),
  /** Relative paths resolve against the directory npm was invoked from. */
  DATA_DIR: z.string().max(4096).default('./data'),
  /** Unset: embedded PGlite under DATA_DIR/pgdata. Set: PostgreSQL via `pg`. */
  DATABASE_URL: z.string().max(4096).optional(),
  /** Maximum accepted upload, bytes. Default 2 GiB. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024 * 1024),
  /** Session lifetime, seconds. Default 7 days. */
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  /** Lifetime of a signed download URL, seconds. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** Origin line of the ledger checkpoints (C2SP tlog-checkpoint). */
  LEDGER_ORIGIN: z.string().max(255).default('cunzheng.local/ledger'),
  /** Ed25519 private key of the ledger, base64 of the 32-byte seed. Unset: generated into DATA_DIR. */
  LEDGER_SIGNING_KEY: z.string().max(200).optional(),
  /** Public base URL used in certificates' QR codes and links. */
  PUBLIC_URL: z.string().max(1000).default('http://localhost:8080'),
  /** Path of the Chromium used for PDFs and captures. */
  CHROMIUM_PATH: z.string().max(4096).default('/usr/bin/chromium'),
  /** Directory of the built web app served by @fastify/static. */
  WEB_DIST: z.string().max(4096).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Relaxes rate limits for automated test runs ("1"). Never set in production. */
  RATE_LIMIT_OFF: z.enum(['0', '1']).default('0'),
});

export type Config = z.infer<typeof ZConfig> & { dataDir: string };

/** Parses `env` (default `process.env`) into a Config; throws Error listing each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置错误 / invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = { ...parsed.data, ...overrides };
  // npm runs workspace scripts inside the workspace folder; resolve relative paths against the folder
  // where the user typed the command (INIT_CWD), so `npm start` and `npm run cli` share one ./data.
  return { ...cfg, dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), cfg.DATA_DIR) };
}
