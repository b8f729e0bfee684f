/**
 * Runs one capture to its end (issue 4 §1 Jobs): marks it capturing, drives the engine with a WARC
 * writer, packages the WACZ, keeps a copy of the screenshot for signed URLs, and deposits the WACZ as
 * evidence of kind 'web' through the evidence service (ledger entry, timestamp, audit) — the capture row
 * becomes `done` in the SAME transaction as the deposit, so a retried job never deposits twice.
 *
 * Failures: a CaptureFailure (DNS, refused address, timeout, HTTP status, size, download) ends the capture
 * as failed with its Chinese reason at once; anything else (browser crash, disk, TSA …) is retried once
 * (`attempts` counts starts) and then fails with its business message or 网页取证失败，请稍后重试.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@cunzheng/contract/messages';
import { ORDER_TYPE } from '@cunzheng/contract/constants';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { storeBufferInTx } from '../../platform/blobRefs.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import { AppError } from '../../platform/errors.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { CaptureFailure, capturePage, captureUserAgent, prepareCapture } from '../../platform/capture/engine.ts';
import { requestSummary, type RequestSummary } from '../../platform/capture/provenance.ts';
import type { WaczSigner } from '../../platform/capture/signer.ts';
import { buildWacz, type PackageStamper } from '../../platform/capture/wacz.ts';
import { warcWriter } from '../../platform/capture/warc.ts';
import * as repo from './repo.ts';

export interface CaptureSettings {
  timeoutMs: number;
  maxBytes: number;
  allowHosts: Set<string>;
  publicAddress: string;
  chromiumPath: string;
  /** Parent of per-capture work directories. */
  workRoot: string;
  software: string;
}

export interface RunnerDeps {
  db: Db;
  pool: BrowserPool;
  settings: CaptureSettings;
  blobs: Pick<BlobStore, 'putBuffer'>;
  evidence: Pick<EvidenceService, 'stage' | 'deposit' | 'discard'>;
  findUser(id: number): Promise<UserRow | null>;
  signer: WaczSigner;
  stamper?: PackageStamper | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Attempts after which a crashing capture fails for good (1 retry). */
export const MAX_ATTEMPTS = 2;

/** `网页取证-<host>-<yyyyMMddHHmmss>.wacz` in China Standard Time. */
const waczName = (url: string, at: Date) => {
  const host = new URL(url).hostname.replace(/[^a-zA-Z0-9.-]/g, '_').slice(0, 100);
  const t = new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `网页取证-${host}-${t}.wacz`;
};

/** The engine settings of every capture of this runner. */
const recorderOf = (s: CaptureSettings) => ({ timeoutMs: s.timeoutMs, maxBytes: s.maxBytes, allowHosts: s.allowHosts, userAgent: captureUserAgent(s.chromiumPath) });

/** Builds the runner. */
export function captureRunner(deps: RunnerDeps) {
  const { db, settings } = deps;

  const fail = async (id: number, userId: number, reason: string) => {
    await db.transaction(async (tx) => {
      await repo.updateCapture(tx, id, { status: 3, reason: reason.slice(0, 200), finishedAt: new Date() });
      await writeAudit(tx, { actorId: userId, action: 'web.fail', target: `web_capture:${id}`, after: { reason } });
    });
  };

  /** The capture and deposit of one row (status already 1). */
  const captureAndDeposit = async (row: repo.CaptureRow) => {
    // Milliseconds per phase (issue 16 profile; logged with 'web capture done', never part of the evidence).
    const phases: Record<string, number> = { queue: Math.max(0, Date.now() - row.createdAt.getTime()) };
    let last = performance.now();
    const mark = (name: string) => {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    };
    const dir = await fsp.mkdtemp(path.join(settings.workRoot, `cap-${row.id}-`));
    try {
      const warcPath = path.join(dir, 'data.warc.gz');
      const warc = warcWriter(warcPath, {
        software: settings.software,
        format: 'WARC File Format 1.1',
        'conformsTo': 'https://iso.org/standard/68004.html',
        description: '网页取证：浏览器经平台记录代理发出的全部请求与响应（正文保留内容编码，传输分块已还原）',
        isPartOf: `web_capture:${row.id}`,
      });
      const requests: RequestSummary[] = [];
      const capture = await capturePage(deps.pool, {
        url: row.url,
        mode: 'full',
        ...recorderOf(settings),
        onExchange: (ex) => {
          requests.push(requestSummary(ex));
          warc.add(ex);
        },
        onPhase: mark,
      }).finally(() => warc.finish().catch(() => undefined));
      await warc.finish();
      mark('warc');
      const pkg = await buildWacz({ dir, warcPath, capture, requests, signer: deps.signer, stamper: deps.stamper, software: settings.software, publicAddress: settings.publicAddress });
      const owner = await deps.findUser(row.userId);
      if (!owner) throw new CaptureFailure(MSG.WEB_CAPTURE_FAILED);
      mark('wacz');
      const staged = await deps.evidence.stage(fs.createReadStream(pkg.path), () => false);
      mark('stage');
      const title = (row.title || capture.title.trim() || new URL(capture.finalUrl).hostname).slice(0, 100);
      const current = await repo.findCapture(db, row.id);
      // Deleted meanwhile, or failed by the hard deadline (issue 9 §6): a late result is not deposited.
      if (!current || current.deletedAt || current.status !== 1) {
        await deps.evidence.discard(staged);
        return;
      }
      await deps.evidence.deposit({
        owner,
        memberId: row.memberId,
        staged,
        fileName: waczName(row.url, capture.startedAt),
        title,
        kind: 'web',
        // Issue 13: a capture of a batch is charged as a batch web page (order type 8), a single one as 2.
        orderType: row.batchId ? ORDER_TYPE.batchWebPage : ORDER_TYPE.webPage,
        inTx: async (tx, ev) => {
          // The screenshot is referenced in the deposit's transaction (issue 9 §1, platform/blobRefs.ts).
          const screenshotSha = await storeBufferInTx(tx, deps.blobs, capture.screenshot, 'image/png');
          await repo.updateCapture(tx, row.id, {
            status: 2,
            reason: '',
            evidenceId: ev.id,
            finalUrl: capture.finalUrl,
            title,
            artefacts: pkg.artefacts,
            provenance: pkg.summary,
            screenshotSha,
            finishedAt: new Date(),
          });
          await writeAudit(tx, { actorId: row.userId, action: 'web.done', target: `web_capture:${row.id}`, after: { evidenceId: ev.id, sha256: pkg.sha256, finalUrl: capture.finalUrl } });
        },
      });
      mark('deposit');
      deps.log.info({ captureId: row.id, ms: Date.now() - capture.startedAt.getTime(), bytes: pkg.size, phases }, 'web capture done');
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  };

  return {
    /**
     * Runs capture `id` to its end. Returns when it is done or failed (or was deleted / already finished);
     * throws only when the attempt crashed and a retry remains (the job queue retries it).
     */
    async run(id: number): Promise<void> {
      const row = await repo.markStarted(db, id);
      if (!row) return;
      try {
        await captureAndDeposit(row);
        // The next capture's browser page and proxy are made now, off its critical path (issue 16).
        prepareCapture(deps.pool, recorderOf(settings));
      } catch (e) {
        if (e instanceof CaptureFailure && !e.retryable) return fail(row.id, row.userId, e.message);
        deps.log.warn({ err: e, captureId: id, attempt: row.attempts }, 'web capture attempt failed');
        if (row.attempts >= MAX_ATTEMPTS) return fail(row.id, row.userId, e instanceof AppError && e.code === 400 ? e.message : MSG.WEB_CAPTURE_FAILED);
        await repo.updateCapture(db, id, { status: 0 });
        throw e;
      }
    },
  };
}

export type CaptureRunner = ReturnType<typeof captureRunner>;

/**
 * Work root of captures: DATA_DIR/capture-work (created; same file system as the blob store). Work
 * directories older than 6 hours (left by a crashed process) are removed.
 */
export function workRootIn(dataDir: string): string {
  const d = path.join(dataDir, 'capture-work');
  fs.mkdirSync(d, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(d)) {
    const p = path.join(d, name);
    try {
      if (name.startsWith('cap-') && Date.now() - fs.statSync(p).mtimeMs > 6 * 3600_000) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      /* raced with another process */
    }
  }
  return d;
}
