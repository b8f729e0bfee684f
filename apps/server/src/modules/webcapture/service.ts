/**
 * Web capture use cases of the owner (issue 4 §2; spec p2 §7 web evidence calls): submit a capture,
 * poll its status, list, label, delete, download the WACZ, read the detail, zip several WACZ files.
 *
 * Scheduling: with a job queue (`npm start`, and tests that ask for jobs) each capture is a pg-boss job
 * on queue `web-capture` (concurrency CAPTURE_CONCURRENCY, 1 retry). Without one (tests, the CLI) the
 * capture runs in this process right after the answer, through the same runner, at most
 * CAPTURE_CONCURRENCY at a time, retried once at once; such captures do not survive a restart.
 *
 * Fairness (issue 9 §6), both ways: at most CAPTURE_PER_USER captures of one user run at once (pg-boss
 * `groupConcurrency` with the user as group; in process, platform/fairQueue.ts), a user's n-th waiting
 * capture gets priority −n so users take turns, and every capture has a hard deadline
 * (CAPTURE_JOB_TIMEOUT_SECONDS) after which it fails with 访问超时 and frees its slot. So a user whose
 * captures hang delays another user's capture by at most one capture's deadline.
 */
import type { FastifyBaseLogger } from 'fastify';
import { WEB_CAPTURE_STATUS, type TWebArtefact, type TWebDetailRes, type TWebItem, type TWebProvenance, type TWebStatus, type TWebStatusQuery } from '@cunzheng/contract/forensics';
import { ORDER_TYPE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import { fairQueue, withDeadline } from '../../platform/fairQueue.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { StoredArtefact } from '../../platform/capture/wacz.ts';
import * as repo from './repo.ts';
import type { CaptureRunner } from './runner.ts';

/** pg-boss queue of captures. */
export const CAPTURE_QUEUE = 'web-capture';
/** Captures one user may have queued or running at once. */
export const MAX_ACTIVE_PER_USER = 300;
/** Submissions per user per hour (a batch counts each URL). */
export const SUBMIT_LIMIT = { max: 500, windowSeconds: 3600 } as const;

export interface ForensicsDeps {
  db: Db;
  runner: CaptureRunner;
  /** The job queue of this process, or null (read at call time). */
  jobs: () => Jobs | null;
  evidence: Pick<EvidenceService, 'saveLabel' | 'remove' | 'downUrl' | 'zipUrl' | 'listWithSide' | 'findWithSide'>;
  downloads: Pick<DownloadSigner, 'url' | 'zipUrl'>;
  limiter: RateLimiter;
  concurrency: number;
  /** Captures of one user running at once (CAPTURE_PER_USER). */
  perUser: number;
  /** Hard deadline of one capture job, ms (CAPTURE_JOB_TIMEOUT_SECONDS). */
  hardTimeoutMs: number;
  /** Issue 13: 400 可用积分不足，请先充值 unless the balance pays `count` captures (the deposit charges). */
  canPay?: (userId: number, orderType: number, count: number) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The API artefact (without the storage offset). */
export const publicArtefact = (a: StoredArtefact): TWebArtefact => ({ name: a.name, path: a.path, size: a.size, sha256: a.sha256, mime: a.mime });

/** The list row of a capture (contract ZWebItem). */
export function toItem({ c, e }: repo.CaptureWithEvidence): TWebItem {
  return {
    id: c.id,
    baoquan: e?.baoquan ?? '',
    title: e?.title ?? (c.title || c.url.slice(0, 255)),
    url: c.url,
    finalUrl: c.finalUrl,
    status: c.status as TWebItem['status'],
    reason: c.reason,
    label: e?.label ?? '',
    saveTime: e?.saveTime ?? Math.floor(c.createdAt.getTime() / 1000),
    chainhash: e?.chainhash ?? '',
    size: e?.size ?? 0,
    sha256: e?.sha256 ?? '',
  };
}

/** Builds the service. `stop()` ends in-process captures (call on app close). */
export function forensicsService(deps: ForensicsDeps) {
  const { db } = deps;
  const queue = fairQueue<number>({ concurrency: deps.concurrency, perKey: deps.perUser, hardTimeoutMs: deps.hardTimeoutMs });
  let stopping = false;
  /** A capture past its hard deadline fails with 访问超时 (only if it is still running: a late result is discarded). */
  const timedOut = async (id: number) => {
    deps.log.warn({ captureId: id, ms: deps.hardTimeoutMs }, 'web capture passed its hard deadline');
    await repo.failIfRunning(db, id, MSG.WEB_TIMEOUT);
  };

  const runInline = async (id: number) => {
    try {
      await deps.runner.run(id);
    } catch (e) {
      if (stopping) return;
      try {
        await deps.runner.run(id);
      } catch (e2) {
        deps.log.error({ err: e2, first: e, captureId: id }, 'web capture failed twice');
      }
    }
  };

  const owned = async (userId: number, id: number) => {
    const r = await deps.evidence.findWithSide(repo.CAPTURE_SIDE, userId, id);
    if (!r) throw badRequest(MSG.CAPTURE_NOT_FOUND);
    return { c: r.s, e: r.e };
  };
  const doneEvidenceId = (r: repo.CaptureWithEvidence): number => {
    if (r.c.status !== WEB_CAPTURE_STATUS.done || !r.c.evidenceId || !r.e) throw badRequest(MSG.CAPTURE_NOT_DONE);
    return r.c.evidenceId;
  };

  return {
    /**
     * POST /api/webforensics/screenshot (and each URL of a batch): queues a capture of `url` (already
     * validated) → `{id}`. 400 取证任务过多，请稍后再试 when the user has too many queued or too many per hour.
     */
    async submit(userId: number, p: { url: string; title?: string; batchId?: string | null; memberId?: number | null }, ip: string | null): Promise<{ id: number }> {
      if (!p.batchId) await deps.canPay?.(userId, ORDER_TYPE.webPage, 1);
      const ahead = await repo.countActive(db, userId);
      if (ahead >= MAX_ACTIVE_PER_USER) throw badRequest(MSG.WEB_BUSY);
      await deps.limiter.hit([{ key: `webcap:user:${userId}`, ...SUBMIT_LIMIT }], MSG.WEB_BUSY);
      const row = await db.transaction(async (tx) => {
        const r = await repo.insertCapture(tx, { userId, memberId: p.memberId ?? null, url: p.url, title: p.title?.trim() ?? '', batchId: p.batchId ?? null });
        await writeAudit(tx, { actorId: p.memberId ?? userId, action: 'web.submit', target: `web_capture:${r.id}`, after: { url: p.url, batchId: p.batchId ?? null }, ip });
        return r;
      });
      const jobs = deps.jobs();
      // The user's n-th waiting capture is fetched after every other user's first (pg-boss: priority desc).
      if (jobs) await jobs.send(CAPTURE_QUEUE, { id: row.id }, { group: `user:${userId}`, priority: -Math.min(ahead, 10_000) });
      else queue.push(userId, () => runInline(row.id), () => timedOut(row.id));
      return { id: row.id };
    },

    /** GET /api/Webforensics/webstatus: the owner's capture status. 400 取证记录不存在. */
    async status(userId: number, q: TWebStatusQuery): Promise<TWebStatus> {
      const r = await owned(userId, q.id);
      const it = toItem(r);
      return { id: it.id, status: it.status, reason: it.reason, baoquan: it.baoquan, chainhash: it.chainhash, url: it.url, title: it.title };
    },

    /** POST /api/webforlist/webList → `{list, count}`. */
    async list(f: repo.ListFilter): Promise<{ list: TWebItem[]; count: number }> {
      const r = await deps.evidence.listWithSide(repo.CAPTURE_SIDE, f, repo.statusWhere(f.status));
      return { list: r.list.map(({ s, e }) => toItem({ c: s, e })), count: r.count };
    },

    /** POST /api/webforlist/saveLabel: label of a done capture's evidence. 400 取证记录不存在 / 取证尚未完成. */
    async saveLabel(userId: number, id: number, label: string): Promise<void> {
      await deps.evidence.saveLabel(userId, doneEvidenceId(await owned(userId, id)), label);
    },

    /**
     * POST /api/webforlist/webDel: removes the capture from the owner's list; a done capture's evidence is
     * deleted like any evidence (the ledger entry and the certificate stay). A queued capture is not run.
     */
    async remove(userId: number, id: number): Promise<void> {
      const r = await owned(userId, id);
      if (r.c.evidenceId && r.e && !r.e.deletedAt) await deps.evidence.remove(userId, r.c.evidenceId);
      await db.transaction(async (tx) => {
        if (!(await repo.softDelete(tx, userId, id))) throw badRequest(MSG.CAPTURE_NOT_FOUND);
        await writeAudit(tx, { actorId: userId, action: 'web.delete', target: `web_capture:${id}`, before: { status: r.c.status, evidenceId: r.c.evidenceId } });
      });
    },

    /** POST /api/webforlist/webDownload → `{downUrl}` of the WACZ. 400 取证尚未完成 before it is done. */
    async download(userId: number, id: number): Promise<{ downUrl: string }> {
      return deps.evidence.downUrl(userId, doneEvidenceId(await owned(userId, id)));
    },

    /** POST /api/webforlist/clickWebFor → the row + provenance, artefacts and a signed screenshot URL. */
    async detail(userId: number, id: number): Promise<TWebDetailRes> {
      const r = await owned(userId, id);
      const done = r.c.status === WEB_CAPTURE_STATUS.done;
      return {
        capture: { ...toItem(r), provenance: done ? (r.c.provenance as TWebProvenance) : null },
        artefacts: done ? (r.c.artefacts as StoredArtefact[]).map(publicArtefact) : [],
        screenshotUrl: done && r.c.screenshotSha ? deps.downloads.url({ sha256: r.c.screenshotSha, name: `截图-${r.e?.baoquan ?? r.c.id}.png`, mime: 'image/png', ...(r.c.evidenceId ? { evidenceId: r.c.evidenceId } : {}) }) : '',
      };
    },

    /** GET /down/downloadBatch: `{downUrl}` of one zip of the owner's done captures among `ids`. 400 无下载文件. */
    async zipUrl(userId: number, ids: number[]): Promise<{ downUrl: string }> {
      const evidenceIds = await repo.evidenceIdsOf(db, userId, ids);
      if (evidenceIds.length === 0) throw badRequest(MSG.NO_DOWNLOAD_FILE);
      return deps.evidence.zipUrl(userId, evidenceIds, 'web');
    },

    /** Job handler of queue `web-capture`: the capture, bounded by the hard deadline (then failed, slot freed). */
    async runJob(data: { id: number }): Promise<void> {
      const id = Number(data.id);
      if ((await withDeadline(deps.runner.run(id), deps.hardTimeoutMs)) === 'timeout') await timedOut(id);
    },

    /** Stops in-process captures: queued ones stay queued in the database, running ones are awaited. */
    async stop(): Promise<void> {
      stopping = true;
      await queue.stop();
    },
  };
}

export type ForensicsService = ReturnType<typeof forensicsService>;
