/**
 * Composition root of the platform services shared by every module. Module services are built from
 * this in `modules/index.ts` and receive only what they need (DESIGN.md: narrowed dependencies).
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { localBlobStore, type BlobStore } from './blobs.ts';
import { s3BlobStore } from './blobsS3.ts';
import { downloadSigner, type DownloadSigner } from './downloads.ts';
import { rateLimiter, type RateLimiter } from './rateLimit.ts';
import { loadOrCreateSecret, secretBox, type SecretBox } from './secrets.ts';
import { sessionService, type Sessions } from './auth.ts';
import { embeddedSms, type SmsProvider } from './sms.ts';
import type { Jobs } from './jobs.ts';
import { createMetrics, type Metrics } from './metrics.ts';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  blobs: BlobStore;
  downloads: DownloadSigner;
  sessions: Sessions;
  limiter: RateLimiter;
  sms: SmsProvider;
  /** Encrypts extraction codes at rest (key DATA_DIR/keys/extract-code.key or EXTRACT_CODE_KEY; issue 9 §4). */
  codes: SecretBox;
  /** Prometheus metrics of this process (issue 17 §3). */
  metrics: Metrics;
  /** Background jobs; null when this process runs none (CLI, tests that need none). */
  jobs: Jobs | null;
  /** Callbacks run when the app closes (timers, browser pools). */
  onStop: Array<() => void | Promise<void>>;
  stop(): Promise<void>;
}

/** The blob store `BLOB_STORE` selects (issue 17 §1): local files under DATA_DIR/blobs, or S3 (staging under DATA_DIR/blobs/tmp). */
export function blobStoreFor(config: Config): BlobStore {
  if (config.BLOB_STORE === 'local') return localBlobStore(path.join(config.dataDir, 'blobs'));
  return s3BlobStore({
    url: config.BLOB_STORE,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
    partSize: config.S3_PART_SIZE_MB * 1024 * 1024,
    tmpDir: path.join(config.dataDir, 'blobs', 'tmp'),
  });
}

/** Builds the platform services for one app instance. */
export function buildContext(config: Config, database: Database, log: FastifyBaseLogger): AppContext {
  const onStop: AppContext['onStop'] = [];
  return {
    config,
    database,
    db: database.db,
    log,
    blobs: blobStoreFor(config),
    downloads: downloadSigner(loadOrCreateSecret(config.dataDir, 'download-url.key', 32), config.DOWNLOAD_URL_TTL_SECONDS),
    sessions: sessionService({ db: database.db, ttlSeconds: config.SESSION_TTL_SECONDS }),
    limiter: rateLimiter({ db: database.db, disabled: config.RATE_LIMIT_OFF === '1' }),
    sms: embeddedSms(database.db, log),
    codes: secretBox(loadOrCreateSecret(config.dataDir, 'extract-code.key', 32, config.EXTRACT_CODE_KEY)),
    metrics: createMetrics(),
    jobs: null,
    onStop,
    async stop() {
      for (const f of onStop.splice(0)) await f();
    },
  };
}
