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
  /** AES-256-GCM key of the extraction codes at rest, base64 of 32 bytes. Unset: generated into DATA_DIR/keys. */
  EXTRACT_CODE_KEY: z.string().max(200).optional(),
  /** Public base URL used in certificates' QR codes and links. */
  PUBLIC_URL: z.string().max(1000).default('http://localhost:8080'),
  /** Path of the Chromium used for PDFs and captures. */
  CHROMIUM_PATH: z.string().max(4096).default('/usr/bin/chromium'),
  /** Directory of the built web app served by @fastify/static. */
  WEB_DIST: z.string().max(4096).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Relaxes rate limits for automated test runs ("1"). Never set in production. */
  RATE_LIMIT_OFF: z.enum(['0', '1']).default('0'),
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed (issue 9 §3): comma-separated IP addresses or CIDRs
   * (e.g. `127.0.0.1,10.0.0.0/8`), or `loopback`, `linklocal`, `uniquelocal`. Empty (default): no proxy is
   * trusted and the client address is the TCP peer, so a client cannot choose its own IP with that header.
   */
  TRUST_PROXY: z
    .string()
    .max(2000)
    .default('')
    .refine((v) => v.split(',').every((p) => p.trim() === '' || /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(p.trim())), 'must be comma-separated IP addresses or CIDRs'),
  /** SMS sends allowed per mobile per hour (issue 9 §3). */
  SMS_PER_MOBILE_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** SMS sends allowed per client address per hour. */
  SMS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** SMS sends allowed for the whole platform per hour; tripping it alerts the operators. */
  SMS_GLOBAL_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Image captchas issued per client address per 10 minutes. */
  CAPTCHA_PER_CLIENT_10MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Proof-of-work before an SMS send (altcha PBKDF2/SHA-256): iterations per attempt. */
  POW_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Proof-of-work: the secret counter is drawn from [max/2, max); work ≈ 0.75 × max × POW_COST (~0.2 s on one core by default). */
  POW_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(2000),
  /** Public pages (issue 5 §6): ICP filing number shown in the footer ('' = not shown). */
  ICP_FILING: z.string().max(100).default(''),
  /** Public pages: copyright line of the footer. */
  COPYRIGHT_TEXT: z.string().max(200).default(`© ${new Date().getFullYear()} 存证 版权所有`),
  /** Public pages: date the privacy policy was last updated, YYYY-MM-DD. */
  PRIVACY_UPDATED_AT: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).max(10).default('2026-11-21'),
  /** Web capture (issue 4): time bound of one capture's network phase, seconds. */
  CAPTURE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /** Web capture: most bytes of recorded response bodies per capture. Default 100 MiB. */
  CAPTURE_MAX_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  /** Web capture: captures run at once by this process. */
  CAPTURE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Web capture: comma-separated host names allowed even when they resolve to private addresses (tests). */
  CAPTURE_ALLOW_HOSTS: z.string().max(2000).default(''),
  /** Web capture: the capture server's public address, named in the provenance summary. */
  CAPTURE_PUBLIC_ADDRESS: z.string().max(200).default(''),
  /** Trusted time (issue 3 §1): RFC 3161 TSA used for every deposit. Unset: the built-in TSA, called in-process. */
  TSA_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).max(2000).optional()),
  /** Timeout of one request to TSA_URL, ms. */
  TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PEM chain of the external TSA (its certificate, then CA certificates up to the root): verification and packages. */
  TSA_CHAIN: z.string().max(100_000).optional(),
  /** Built-in TSA identity instead of generated files: PKCS#8 key, certificate (critical EKU timeStamping), CA chain — PEM text or file path. */
  TSA_KEY: z.string().max(100_000).optional(),
  TSA_CERT: z.string().max(100_000).optional(),
  TSA_CA_CERT: z.string().max(100_000).optional(),
  /** Policy OID of the built-in TSA. */
  TSA_POLICY: z.string().regex(/^[0-2](\.\d+)+$/, 'must be a dotted OID').max(200).optional(),
  /** Certificate PDF signer (issue 3 §2) instead of generated files: PKCS#8 key, certificate, CA chain — PEM text or file path. */
  PDF_SIGN_KEY: z.string().max(100_000).optional(),
  PDF_SIGN_CERT: z.string().max(100_000).optional(),
  PDF_SIGN_CA_CERT: z.string().max(100_000).optional(),
  /** External anchoring (issue 3 §3): EVM JSON-RPC URL. Unset: anchoring is off. */
  ANCHOR_RPC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^(https?|wss?)$/ }).max(2000).optional()),
  /** Private key of the anchoring account, 0x + 64 hex (it pays the gas of a 0-value tx to itself). */
  ANCHOR_PRIVATE_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits').optional()),
  /** Explorer link template of a transaction, with `{tx}` replaced by its hash, e.g. https://etherscan.io/tx/{tx}. */
  ANCHOR_EXPLORER_TX_URL: z.string().max(1000).optional(),
  /** Name of the chain shown on certificates (default `EVM chain <chainId>`). */
  ANCHOR_CHAIN_NAME: z.string().max(100).optional(),
  /** Least time between two anchors, seconds (checked once a minute). */
  ANCHOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(31 * 24 * 3600).default(3600),
  /** Least number of new ledger entries since the last anchor before anchoring again. */
  ANCHOR_MIN_NEW_ENTRIES: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
  /**
   * Blob garbage collection (issue 9 §1): an unreferenced blob file (failed deposit, cached certificate
   * PDF, orphan) or upload temp file is deleted by the hourly GC job only once it is older than this many
   * seconds. Keep it well above DOWNLOAD_URL_TTL_SECONDS and the longest upload. Default 24 h.
   */
  BLOB_GC_GRACE_SECONDS: z.coerce.number().int().min(0).max(365 * 24 * 3600).default(24 * 3600),
  /** Continuous audit (issue 3 §5): least time between two bounded runs, seconds; 0 turns the job off. */
  AUDIT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(31 * 24 * 3600).default(300),
  /** Evidence blobs re-hashed per run at most. */
  AUDIT_BLOBS_PER_RUN: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Bytes re-hashed per run at most (at least one blob is always checked). Default 1 GiB. */
  AUDIT_BYTES_PER_RUN: z.coerce.number().int().min(1).default(1024 * 1024 * 1024),
  /** Ledger leaves re-verified per run at most. */
  AUDIT_LEAVES_PER_RUN: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
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
