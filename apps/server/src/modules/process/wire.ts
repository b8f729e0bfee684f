/**
 * Composition of the process-evidence module (issue 11 §2) from the platform context: its own browser
 * pool (network on, WebRTC confined like web capture; PROCESS_CONCURRENCY contexts = sessions at once),
 * the session manager, the owner and share services, the certificate rows for kinds 'process' and
 * 'mobile', and shutdown (running sessions are saved as 中断, then the browser closes).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { browserPool } from '../../platform/browser.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadOrCreateSecret } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/service.ts';
import type { CertificateService } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { CAPTURE_CHROMIUM_ARGS, captureUserAgent } from '../../platform/capture/engine.ts';
import { parseAllowHosts } from '../../platform/capture/guard.ts';
import { waczSigner } from '../../platform/capture/signer.ts';
import type { PackageStamper } from '../../platform/capture/wacz.ts';
import { processManager } from './manager.ts';
import { processRoutes } from './routes.ts';
import { processService } from './service.ts';
import { processShareService } from './share.ts';
import { processStreamRoutes } from './stream.ts';

const VERSION: string = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
/** Software named in WARC, WACZ and provenance. */
export const PROCESS_SOFTWARE = `Cunzheng process evidence ${VERSION} (playwright-core + Chromium CDP screencast, recording proxy, warcio, ffmpeg)`;

/** Work directories of sessions: DATA_DIR/process-work (left-overs of a crashed process are removed at start). */
function workRoot(dataDir: string): string {
  const d = path.join(dataDir, 'process-work');
  fs.rmSync(d, { recursive: true, force: true });
  fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  return d;
}

/**
 * Builds the module. `stamper`: RFC 3161 stamping of the WACZ datapackage hash (trust module); `canPay`:
 * the commerce points check made before a session starts (the charge itself is in the deposit).
 */
export function buildProcess(ctx: AppContext, deps: { evidence: EvidenceService; certificate: CertificateService; auth: Pick<AuthService, 'findUser'>; stamper?: PackageStamper | null; certify?: (spkiB64: string) => Promise<string | null>; canPay?: (userId: number, orderType: number, count: number) => Promise<void> }) {
  const c = ctx.config;
  // Issue 17: sessions run in API processes (a worker's HTTP answers only health, no viewer reaches it).
  const concurrency = c.ROLE === 'worker' ? 0 : c.PROCESS_CONCURRENCY;
  const self = { url: c.PROCESS_INTERNAL_URL ?? '' };
  const pool = browserPool({ executablePath: c.CHROMIUM_PATH, concurrency: Math.max(1, concurrency), extraArgs: CAPTURE_CHROMIUM_ARGS, log: ctx.log });
  const allowHosts = parseAllowHosts(c.CAPTURE_ALLOW_HOSTS);
  const signer = waczSigner(c.dataDir, 'Cunzheng process evidence', VERSION, undefined, deps.certify);
  const manager = processManager({
    db: ctx.db,
    pool,
    evidence: deps.evidence,
    findUser: (id) => deps.auth.findUser(id),
    signer,
    stamper: deps.stamper ?? null,
    software: PROCESS_SOFTWARE,
    publicAddress: c.CAPTURE_PUBLIC_ADDRESS,
    log: ctx.log,
    selfUrl: () => self.url || `http://127.0.0.1:${c.PORT}`,
    settings: {
      concurrency,
      allowHosts,
      maxBytes: c.PROCESS_MAX_BYTES,
      ffmpegPath: c.FFMPEG_PATH,
      fps: c.PROCESS_VIDEO_FPS,
      maxMs: c.PROCESS_MAX_SECONDS * 1000,
      idleMs: c.PROCESS_IDLE_SECONDS * 1000,
      reconnectMs: c.PROCESS_RECONNECT_SECONDS * 1000,
      userAgent: captureUserAgent(c.CHROMIUM_PATH),
      software: PROCESS_SOFTWARE,
      workRoot: workRoot(c.dataDir),
    },
  });
  const service = processService({
    db: ctx.db,
    manager,
    evidence: deps.evidence,
    downloads: ctx.downloads,
    streamKey: loadOrCreateSecret(c.dataDir, 'process-stream.key', 32),
    allowHosts,
    queueMax: c.PROCESS_QUEUE_MAX,
    maxSeconds: c.PROCESS_MAX_SECONDS,
    idleSeconds: c.PROCESS_IDLE_SECONDS,
    ...(deps.canPay ? { canPay: deps.canPay } : {}),
  });
  const share = processShareService({ db: ctx.db, certificate: deps.certificate, downloads: ctx.downloads });
  for (const kind of ['process', 'mobile'] as const) deps.certificate.registerKind(kind, { describe: (row) => share.describe(row), view: (row, base) => share.view(row, base) });
  // Embedded mode (one process): sessions left running by a previous run cannot be resumed.
  if (ctx.database.kind === 'pglite') void manager.recoverOrphans().catch(() => undefined);
  ctx.onStop.push(async () => {
    await manager.stop();
    await pool.close();
  });
  return { service, share, manager, pool, self };
}

export type ProcessModule = ReturnType<typeof buildProcess>;

/** Registers the module's routes (owner, share, stream). */
export async function registerProcessRoutes(app: FastifyInstance, ctx: AppContext, p: ProcessModule): Promise<void> {
  await app.register(processRoutes({ process: p.service, share: p.share, sessions: ctx.sessions }));
  await app.register(processStreamRoutes({ process: p.service, manager: p.manager }));
  // Without PROCESS_INTERNAL_URL, other processes reach this one at the address it listens on.
  if (!p.self.url) {
    app.addHook('onListen', async () => {
      const a = app.server.address();
      if (a && typeof a === 'object') p.self.url = `http://${a.family === 'IPv6' ? `[${a.address === '::' ? '::1' : a.address}]` : a.address === '0.0.0.0' ? '127.0.0.1' : a.address}:${a.port}`;
    });
  }
}
