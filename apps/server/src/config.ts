/**
 * Runtime configuration, parsed once from the environment with zod (DESIGN.md "What a user runs").
 * Fails fast with a readable message naming the bad variable; never echoes secret values.
 */
import path from 'node:path';
import { z } from 'zod';
import { copyrightLine } from '@cunzheng/contract/constants';

/**
 * THE list of settings. Every variable carries a `.describe()` (what it does, units, what unset
 * means): `npm run docs:env` turns them into README's environment-variable table, and a test fails
 * when README and this schema differ (issue 8 §2). Adding a variable: add it here with `.describe()`,
 * then run `npm run docs:env`.
 */
export const ZConfig = z.object({
  INIT_CWD: z.string().max(4096).optional().describe('Set by npm: the directory `npm` was invoked from (relative `DATA_DIR` resolves against it). Not set by hand.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('TCP port where the API and the web app listen.'),
  HOST: z.string().max(255).default('0.0.0.0').describe('Address the server binds to (`0.0.0.0`: every interface; `127.0.0.1`: this machine only).'),
  DATA_DIR: z.string().max(4096).default('./data').describe('PGlite files, blobs, keys (0600) and the operator CLI\'s admin socket. A relative path resolves against the directory npm was invoked from.'),
  DATABASE_URL: z.string().max(4096).optional().describe('Unset: embedded PGlite under `DATA_DIR/pgdata`. Set (`postgres://user@host:5432/db`): PostgreSQL 15+ via `pg`; migrations run at start.'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024 * 1024).describe('Largest accepted deposit, bytes (default 2 GiB).'),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600).describe('Login session lifetime, seconds (default 7 days).'),
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().positive().default(600).describe('Lifetime of a signed download URL, seconds.'),
  LEDGER_ORIGIN: z.string().max(255).default('').describe('Origin line of the ledger checkpoints (C2SP tlog-checkpoint) and name of the verifier key. Unset: the origin of the checkpoints already stored, else derived from PUBLIC_URL (`<host>/ledger`; a loopback URL adds a suffix of the ledger key) so every installation has its own.'),
  LEDGER_SIGNING_KEY: z.string().max(200).optional().describe('Ed25519 private key of the ledger, base64 of the 32-byte seed. Unset: generated into `DATA_DIR/keys/ledger-ed25519.seed`.'),
  LEDGER_WITNESSES: z.string().max(20_000).optional().describe('Witnesses that cosign the ledger checkpoints (C2SP tlog-witness, cosignature/v1): entries separated by `;`, each `<witness verifier key> <base URL>` (the key `npm run witness` prints). Unset: no witnesses.'),
  LEDGER_WITNESS_QUORUM: z.coerce.number().int().min(1).max(100).default(1).describe('Cosignatures a checkpoint needs to be served as witnessed (packages prefer the newest such checkpoint).'),
  EXTRACT_CODE_KEY: z.string().max(200).optional().describe('AES-256-GCM key of the extraction codes at rest, base64 of 32 bytes. Unset: generated into `DATA_DIR/keys`.'),
  PUBLIC_URL: z.string().max(1000).default('http://localhost:8080').describe('Public base URL of the site: links and QR codes in certificates and shared links. Set it to the address users open (e.g. `https://cz.example.com`).'),
  CHROMIUM_PATH: z.string().max(4096).default('/usr/bin/chromium').describe('Chromium used for certificate PDFs and web captures.'),
  VERIFY_BUNDLE: z.string().max(4096).default('').describe('The single-file verifier put into every evidence package as `verify.mjs` (`npm run build` makes it). Unset: `packages/verify/dist/cunzheng-verify.mjs`; when the file is absent packages go without it.'),
  WEB_DIST: z.string().max(4096).optional().describe('Directory of the built web app (`npm run build`). Unset: `apps/web/dist`.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Server log level (pino): fatal, error, warn, info, debug, trace or silent.'),
  RATE_LIMIT_OFF: z.enum(['0', '1']).default('0').describe('Relaxes rate limits for automated test runs (`1`). Never set in production.'),
  TRUST_PROXY: z
    .string()
    .max(2000)
    .default('')
    .refine((v) => v.split(',').every((p) => p.trim() === '' || /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/.test(p.trim())), 'must be comma-separated IP addresses or CIDRs')
    .describe('Reverse proxies whose `X-Forwarded-For` is believed (issue 9 §3): comma-separated IP addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`), or `loopback`, `linklocal`, `uniquelocal`. Empty (default): no proxy is trusted and the client address is the TCP peer, so a client cannot choose its own IP with that header.'),
  SMS_PER_MOBILE_HOUR: z.coerce.number().int().min(1).max(1000).default(10).describe('SMS sends allowed per mobile per hour (issue 9 §3).'),
  SMS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(100_000).default(30).describe('SMS sends allowed per client address per hour.'),
  SMS_GLOBAL_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000).describe('SMS sends allowed for the whole platform per hour; tripping it alerts the operators.'),
  CAPTCHA_PER_CLIENT_10MIN: z.coerce.number().int().min(1).max(100_000).default(60).describe('Image captchas issued per client address per 10 minutes.'),
  POW_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000).describe('Proof-of-work before an SMS send (altcha PBKDF2/SHA-256): iterations per attempt.'),
  POW_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).default(2000).describe('Proof-of-work: the secret counter is drawn from [max/2, max); work ≈ 0.75 × max × POW_COST (~0.2 s on one core by default).'),
  ICP_FILING: z.string().max(100).default('').describe('ICP filing number (备案号) shown in the footer (`GET /api/home/index`); empty: not shown.'),
  COPYRIGHT_TEXT: z.string().max(200).default(copyrightLine()).describe('Copyright line of the footer (`GET /api/home/index`). The default is the line the web build prerenders, so the footer does not change when the page\'s script takes over; a different value replaces it once the page has loaded.'),
  PRIVACY_UPDATED_AT: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).max(10).default('2026-11-21').describe('Date (YYYY-MM-DD) shown as the privacy policy\'s last update.'),
  CAPTURE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(60).describe('Web capture (issue 4): time bound of one capture\'s network phase, seconds.'),
  CAPTURE_MAX_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024).describe('Web capture: most bytes of recorded response bodies per capture. Default 100 MiB.'),
  CAPTURE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2).describe('Web capture: captures run at once by this process.'),
  CAPTURE_PER_USER: z.coerce.number().int().min(1).max(32).default(1).describe('Web capture (issue 9 §6): captures of one user running at once; the others wait their turn.'),
  CAPTURE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(7200).optional().describe('Web capture: hard bound of one capture job (capture, packaging, deposit), seconds. Unset: CAPTURE_TIMEOUT_SECONDS + 120.'),
  CAPTURE_ALLOW_HOSTS: z.string().max(2000).default('').describe('Web capture refuses pages on local and intranet addresses (loopback, private, link-local) so users cannot probe the server\'s network. To capture such pages on purpose, list their host names here, comma-separated (e.g. `intranet.corp,localhost`); the hosts are then captured even when they resolve to private addresses.'),
  CAPTURE_PUBLIC_ADDRESS: z.string().max(200).default('').describe('Web capture: the capture server\'s public address, named in the provenance summary of each capture.'),
  PROCESS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2).describe('Process evidence (过程取证, issue 11 §2): live cloud-browser sessions run at once by this process; later ones wait in the queue. `0`: this process runs none. A `ROLE=worker` process runs none whatever this says (its HTTP port serves no viewer).'),
  PROCESS_INTERNAL_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).max(300).optional()).describe('Process evidence with several API processes (issue 17): base URL at which the other API processes reach THIS process directly, not through the load balancer (e.g. `http://10.0.0.5:8081`); a viewer whose WebSocket lands on another process is relayed here. Unset: the address this process listens on (`0.0.0.0` → `127.0.0.1`, so set it when the API processes are on different machines).'),
  PROCESS_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(50).describe('Process evidence: most sessions waiting in the queue; more → 排队人数过多，请稍后再试.'),
  PROCESS_MAX_SECONDS: z.coerce.number().int().min(10).max(4 * 3600).default(1800).describe('Process evidence: longest session, seconds (default 30 min); it is then saved and ended.'),
  PROCESS_IDLE_SECONDS: z.coerce.number().int().min(5).max(3600).default(300).describe('Process evidence: a session with no input for this long is saved and ended, seconds.'),
  PROCESS_RECONNECT_SECONDS: z.coerce.number().int().min(1).max(600).default(30).describe('Process evidence: how long a running session waits for its viewer to come back after the WebSocket closed before it is saved as 中断, seconds.'),
  PROCESS_MAX_BYTES: z.coerce.number().int().positive().default(500 * 1024 * 1024).describe('Process evidence: most bytes of recorded response bodies per session (WARC). Default 500 MiB.'),
  PROCESS_VIDEO_FPS: z.coerce.number().int().min(1).max(30).default(10).describe('Process evidence: frame rate of the session video (MP4, H.264).'),
  FFMPEG_PATH: z.string().max(4096).default('ffmpeg').describe('ffmpeg binary that encodes process-evidence videos (Debian package `ffmpeg`). When it fails, the session is saved without video and says so.'),
  FFPROBE_PATH: z.string().max(4096).default('ffprobe').describe('ffprobe binary (Debian package `ffmpeg`) that reads the duration and codec of a music work\'s audio (issue 12 §2); a file it does not recognise as audio is refused.'),
  TSA_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).max(2000).optional()).describe('RFC 3161 time-stamping authority for every deposit and for the certificate PDFs\' signature time-stamps. Unset: the built-in TSA, called in-process (the same code that serves `POST /tsa`). Set: HTTP POST `application/timestamp-query` (`https://user:pass@…` sends Basic auth). If it fails, the deposit fails with 可信时间戳服务暂不可用，请稍后重试 and nothing is stored.'),
  TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000).describe('Timeout of one request to `TSA_URL`, ms.'),
  TSA_CHAIN: z.string().max(100_000).optional().describe('PEM (text or file path) of the external TSA\'s certificate then its CAs up to the root: tokens are then verified to that root, and it is the chain handed out for verification.'),
  TSA_KEY: z.string().max(100_000).optional().describe('Built-in TSA: PKCS#8 private key, PEM text (`\\n` allowed) or a file path. Unset (with `TSA_CERT`, `TSA_CA_CERT`): generated into `DATA_DIR/keys/tsa.pem` (0600), issued by `DATA_DIR/keys/trust-root.pem`.'),
  TSA_CERT: z.string().max(100_000).optional().describe('Built-in TSA: its certificate (critical extendedKeyUsage timeStamping), PEM text or a file path; set together with `TSA_KEY`.'),
  TSA_CA_CERT: z.string().max(100_000).optional().describe('Built-in TSA: its CA chain up to the root, PEM text or a file path; set together with `TSA_KEY`.'),
  TSA_POLICY: z.string().regex(/^[0-2](\.\d+)+$/, 'must be a dotted OID').max(200).optional().describe('Policy OID the built-in TSA writes into its tokens. Unset: `2.25.184198436521694539221644176863975528983.1`.'),
  PDF_SIGN_KEY: z.string().max(100_000).optional().describe('Key that signs the certificate PDFs (PAdES), PKCS#8 PEM text or a file path. Unset (with `PDF_SIGN_CERT`, `PDF_SIGN_CA_CERT`): generated into `DATA_DIR/keys/pdf-sign.pem` (0600), issued by the same root as the TSA.'),
  PDF_SIGN_CERT: z.string().max(100_000).optional().describe('Certificate of the PDF signing key, PEM text or a file path; set together with `PDF_SIGN_KEY`.'),
  PDF_SIGN_CA_CERT: z.string().max(100_000).optional().describe('CA chain of the PDF signing certificate, PEM text or a file path; set together with `PDF_SIGN_KEY`.'),
  CERT_RETIMESTAMP_WINDOW_DAYS: z.coerce.number().int().min(1).max(36_500).default(365).describe('Certificate PDFs (PAdES B-LTA, issue 10 §3) are re-timestamped (fresh DSS data + a new document time-stamp) when the TSA certificate of their last document time-stamp expires within this many days; checked daily by the worker.'),
  ANCHOR_RPC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^(https?|wss?)$/ }).max(2000).optional()).describe('External anchoring: EVM JSON-RPC URL (http(s)/ws(s); Ethereum, Besu, FISCO BCOS EVM, …); set together with `ANCHOR_PRIVATE_KEY`. Unset: anchoring off, certificates say 外部锚定：未配置.'),
  ANCHOR_PRIVATE_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits').optional()).describe('External anchoring: `0x` + 64 hex digits, key of the account that writes each checkpoint as a 0-value transaction to itself (it pays the gas).'),
  ANCHOR_EXPLORER_TX_URL: z.string().max(1000).optional().describe('Block-explorer link of a transaction, `{tx}` replaced by its hash (e.g. `https://etherscan.io/tx/{tx}`); shown on certificates and the explorer page.'),
  ANCHOR_CHAIN_NAME: z.string().max(100).optional().describe('Chain name shown on certificates. Unset: `EVM chain <chainId>`.'),
  ANCHOR_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(31 * 24 * 3600).default(3600).describe('Least time between two anchors, seconds (the job checks once a minute).'),
  ANCHOR_MIN_NEW_ENTRIES: z.coerce.number().int().min(1).max(1_000_000_000).default(1).describe('Least number of new ledger entries since the last anchor before anchoring again.'),
  FACE_PROVIDER: z.enum(['simulator', 'h5']).default('simulator').describe('Face verification provider (issue 14 §1): `simulator` (default: the local H5 simulator at `/face-sim`, liveness only) or `h5` (an H5 face-verification service over HTTP at `FACE_H5_BASE_URL`, same protocol).'),
  FACE_H5_BASE_URL: z.string().url().max(1000).optional().describe('With `FACE_PROVIDER=h5`: base URL of the H5 face-verification service (order registration `POST <base>/api/facesim/order`, user page `<base>/face-sim`).'),
  FACE_APP_ID: z.string().max(64).default('cunzheng').describe('With `FACE_PROVIDER=h5`: the app id this platform has at the face-verification service.'),
  FACE_APP_SECRET: z.string().max(200).optional().describe('HMAC key (base64) shared with the face-verification service: signs orders and results. Unset: `DATA_DIR/keys/face-sim.key` (the local simulator\'s key).'),
  KYC_VAULT_KEY: z.string().max(200).optional().describe('AES-256-GCM key sealing real-name verification data at rest (ID / licence image keys, forms; issue 14 §5), base64 of 32 bytes. Unset: generated into `DATA_DIR/keys/kyc-vault.key`.'),
  KYC_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(1095).describe('Days an ID / licence image is kept after its owner asks for deletion (legal retention period, issue 14 §5); then the daily job deletes it (key wiped, bytes released). Default 1095 (3 years).'),
  KYC_PREVIEW_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300).describe('Lifetime of a signed, watermarked KYC image preview URL, seconds (issue 14 §5).'),
  BLOB_GC_GRACE_SECONDS: z.coerce.number().int().min(0).max(365 * 24 * 3600).default(24 * 3600).describe('Blob garbage collection (issue 9 §1): an unreferenced blob file (failed deposit, cached certificate PDF, orphan) or upload temp file is deleted by the hourly GC job only once it is older than this many seconds. Keep it well above DOWNLOAD_URL_TTL_SECONDS and the longest upload. Default 24 h.'),
  BLOB_STORE: z
    .string()
    .max(1100)
    .regex(/^(local|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/, 'must be `local` or `s3://bucket/prefix`')
    .default('local')
    .describe('Where evidence files are stored (issue 17 §1): `local` (default: `DATA_DIR/blobs`) or `s3://bucket/prefix` for any S3-compatible object storage (AWS S3, Aliyun OSS S3 endpoint, Tencent COS, MinIO). Uploads are still staged and hashed under `DATA_DIR/blobs/tmp`; the bucket must exist.'),
  S3_ENDPOINT: z.string().max(2000).optional().describe('S3 endpoint URL with `BLOB_STORE=s3://…` (e.g. `https://oss-cn-hangzhou.aliyuncs.com`, `http://127.0.0.1:9000` for MinIO). Unset: AWS S3 of `S3_REGION`.'),
  S3_REGION: z.string().max(100).default('us-east-1').describe('S3 region name (Aliyun OSS: e.g. `oss-cn-hangzhou`; MinIO: any).'),
  S3_ACCESS_KEY_ID: z.string().max(500).optional().describe('S3 access key id. Unset: the AWS SDK default chain (`AWS_ACCESS_KEY_ID`, instance role…).'),
  S3_SECRET_ACCESS_KEY: z.string().max(500).optional().describe('S3 secret access key (never logged).'),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0').describe('`1`: path-style URLs (`endpoint/bucket/key`), needed by MinIO and most self-hosted S3 servers; `0`: virtual-hosted style (AWS, OSS, COS).'),
  S3_PART_SIZE_MB: z.coerce.number().int().min(5).max(5000).default(16).describe('Multipart upload part size, MiB (files up to this size go in one PutObject with a SHA-256 checksum of the whole object).'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all').describe('Process role (issue 17 §2): `all` (default) serves HTTP and runs background jobs; `api` serves HTTP only; `worker` runs jobs only (captures, recordings, checkpoints, anchoring, audits, purges) and serves just the health and metrics endpoints. Any number of each may share one PostgreSQL and one S3 blob store; singletons are elected through the database.'),
  METRICS_TOKEN: z.string().max(500).optional().describe('Bearer token for Prometheus `GET /metrics` (`Authorization: Bearer <token>`). Unset: `/metrics` answers 404.'),
  CERT_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000).describe('Certificate view cache (getView, bqview): a cached answer older than this is reloaded in the background, ms; a deletion in another API process shows within this time (0 = no cache). Default 1000 (a reload re-reads only the state: evidence row, latest checkpoint, anchoring; a render only when something shown changed).'),
  CERT_VIEW_CACHE_MAX: z.coerce.number().int().min(1).max(100_000).default(500).describe('Certificate view cache: at most this many certificate numbers kept in memory (≈ 50 KB each).'),
  READY_CHECKPOINT_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(30 * 24 * 3600).default(3600).describe('`GET /api/health/ready` reports not ready when entries wait in the ledger and the last checkpoint is older than this, seconds.'),
  AUDIT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(31 * 24 * 3600).default(300).describe('Continuous audit: least time between two bounded runs, seconds; 0 turns the job off.'),
  AUDIT_BLOBS_PER_RUN: z.coerce.number().int().min(1).max(1_000_000).default(200).describe('Continuous audit: evidence files re-hashed per run at most.'),
  AUDIT_BYTES_PER_RUN: z.coerce.number().int().min(1).default(1024 * 1024 * 1024).describe('Continuous audit: bytes re-hashed per run at most (default 1 GiB; at least one file is always checked).'),
  AUDIT_LEAVES_PER_RUN: z.coerce.number().int().min(1).max(100_000_000).default(100_000).describe('Continuous audit: ledger leaves re-verified per run at most.'),
  WELCOME_POINTS: z.coerce.number().int().min(0).max(100_000_000).default(10_000).describe('Points (in hundredths: 10000 = 100.00 points) gifted to every new account (issue 13 §1; pay_type 1, never invoiceable). The default covers 100 data deposits at the default price. 0: no welcome grant.'),
  ORDER_EXPIRE_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30).describe('Unpaid recharge orders are cancelled after this many minutes (issue 13 §2).'),
  ALIPAY_APP_ID: z.string().max(40).optional().describe('Alipay app id. Unset (with the other ALIPAY_* keys): the local Alipay sandbox gateway is used (keys generated into `DATA_DIR/keys/alipay-sandbox.json`, pages under `/pay-sandbox`, or `npm run pay-sandbox`).'),
  ALIPAY_PRIVATE_KEY: z.string().max(10_000).optional().describe('Alipay: the app\'s RSA2 private key, PEM text (`\\n` allowed), a file path or bare base64 (PKCS#1 or PKCS#8).'),
  ALIPAY_PUBLIC_KEY: z.string().max(10_000).optional().describe('Alipay: Alipay\'s RSA2 public key (verifies notifications), PEM text, a file path or bare base64.'),
  ALIPAY_GATEWAY: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).max(1000).optional()).describe('Alipay gateway URL (default with ALIPAY_APP_ID: `https://openapi.alipay.com/gateway.do`; without: the in-process sandbox at `PUBLIC_URL/pay-sandbox/gateway.do`, or a standalone `npm run pay-sandbox`).'),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^smtps?$/ }).max(2000).optional()).describe('Outgoing mail (e-invoices, issue 13 §4): SMTP server URL, e.g. `smtps://user:pass@smtp.example.com:465`. Unset: the local SMTP sandbox is started in-process on 127.0.0.1 and keeps every message as an .eml file under `DATA_DIR/mail-sandbox` (or run it alone with `npm run mail-sandbox` and set `SMTP_URL=smtp://127.0.0.1:2525`).'),
  MAIL_FROM: z.string().max(200).default('存证平台 <noreply@cunzheng.local>').describe('Sender of outgoing mail (RFC 5322 address, optionally with a display name).'),
});

/** README table: the default shown where the schema's own default would mislead (computed, or generated at start). */
export const ENV_DOC_DEFAULTS: Readonly<Record<string, string>> = {
  COPYRIGHT_TEXT: '`Copyright © 2026 存证电子数据保全平台 版权所有` (`2026-<current year>` from 2027)',
  LEDGER_SIGNING_KEY: 'generated',
  EXTRACT_CODE_KEY: 'generated',
  TSA_KEY: 'generated',
  TSA_CERT: 'generated',
  TSA_CA_CERT: 'generated',
  PDF_SIGN_KEY: 'generated',
  PDF_SIGN_CERT: 'generated',
  PDF_SIGN_CA_CERT: 'generated',
};

/** README table: variables set by tooling, not by users. */
export const ENV_DOC_HIDDEN: ReadonlySet<string> = new Set(['INIT_CWD']);

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
